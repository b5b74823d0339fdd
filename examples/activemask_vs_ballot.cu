// __activemask() versus __ballot_sync(FULL, 1) (the seeds' Stack Overflow answer): after a
// forced divergence (`if (threadIdx.x < 1) statement_A();`), statement_B may run with the warp
// still incidentally diverged. __activemask() only reports the lanes converged right now;
// __ballot_sync(FULL, 1) first reconverges the whole mask.
// Expected: under --schedule lockstep the two always agree ("same"); under --schedule random
// some seeds print "differ" with a subset for __activemask(). Exit 0 either way.
#include <stdio.h>

__device__ unsigned g_active[32], g_ballot[32];

__device__ void statement_A() { __nanosleep(100); }

__global__ void probe() {
  if (threadIdx.x < 1) {
    statement_A();
  }
  unsigned active = __activemask();
  unsigned ballot = __ballot_sync(0xFFFFFFFF, 1);
  g_active[threadIdx.x] = active;
  g_ballot[threadIdx.x] = ballot;
}

int main() {
  probe<<<1, 32>>>();
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  unsigned active[32], ballot[32];
  cudaMemcpyFromSymbol(active, g_active, sizeof active);
  cudaMemcpyFromSymbol(ballot, g_ballot, sizeof ballot);
  int differ = 0;
  for (int l = 0; l < 32; ++l) differ += active[l] != ballot[l];
  printf("%s: __activemask() in lane 0 = 0x%08x, __ballot_sync(FULL, 1) = 0x%08x\n", differ ? "differ" : "same",
         active[0], ballot[0]);
  return 0;
}
