// __activemask() against __ballot_sync(0xffffffff, 1) right after a branch that only lane 0 takes.
// The ballot waits for all 32 lanes and so reports all of them; __activemask() waits for nobody
// and reports only the lanes that are together at that moment, which may be fewer when lane 0 is
// still on its way back from the branch.
// Expected: under --schedule lockstep the two always agree ("same"); under --schedule random
// some seeds print "differ" with a subset for __activemask(). Exit 0 either way.
#include <stdio.h>

__device__ unsigned g_snapshot[32], g_vote[32];

__device__ void Detour() { __nanosleep(100); }

__global__ void CompareMasks() {
  const int lane = threadIdx.x;
  if (lane == 0) Detour();
  const unsigned snapshot = __activemask();
  const unsigned vote = __ballot_sync(0xffffffffu, 1);
  g_snapshot[lane] = snapshot;
  g_vote[lane] = vote;
}

int main() {
  CompareMasks<<<1, 32>>>();
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  unsigned snapshot[32], vote[32];
  cudaMemcpyFromSymbol(snapshot, g_snapshot, sizeof snapshot);
  cudaMemcpyFromSymbol(vote, g_vote, sizeof vote);
  int lanes_that_differ = 0;
  for (int l = 0; l < 32; ++l) lanes_that_differ += snapshot[l] != vote[l];
  printf("%s: __activemask() in lane 0 = 0x%08x, __ballot_sync(FULL, 1) = 0x%08x\n",
         lanes_that_differ ? "differ" : "same", snapshot[0], vote[0]);
  return 0;
}
