// One full-warp shuffle reached from two call sites: the low half of each warp takes the `if`
// branch, the high half the `else`. Since Volta a _sync collective pairs lanes by its mask, not
// by where it is called, so the two halves still exchange values (SYNC-RENDEZVOUS). Before Volta
// the lanes of a mask had to be converged at one instruction: --arch sm_60 reports it (PASCAL-1).
// Expected: "if/else shuffle: ok"; exit 0.
#include <stdio.h>

__global__ void ExchangeHalves(float* out) {
  const int t = threadIdx.x;
  const float mine = static_cast<float>(t);
  float theirs;
  if (t % 32 < 16) {
    theirs = __shfl_xor_sync(0xffffffffu, mine, 16);  // lanes 0-15
  } else {
    theirs = __shfl_xor_sync(0xffffffffu, mine, 16);  // lanes 16-31
  }
  out[t] = theirs;
}

int main() {
  float* out = nullptr;
  cudaMallocManaged(&out, 64 * sizeof(float));
  ExchangeHalves<<<1, 64>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  int wrong = -1;
  for (int t = 0; t < 64 && wrong < 0; ++t) {
    if (out[t] != static_cast<float>(t ^ 16)) wrong = t;
  }
  if (wrong >= 0) printf("if/else shuffle: thread %d got %.0f\n", wrong, out[wrong]);
  cudaFree(out);
  if (wrong >= 0) return 1;
  printf("if/else shuffle: ok\n");
  return 0;
}
