// Independent Thread Scheduling: "The following code pattern is valid on Volta, but not on Pascal
// or earlier architectures": the two halves of a warp reach the same __shfl_xor_sync(FULL) from
// different call sites. On sm_70 and later the rendezvous is by mask, not by call site.
// Expected: "if/else shuffle: ok"; exit 0.
#include <stdio.h>

__global__ void swapHalves(float* out) {
  int tid = threadIdx.x;
  float val = (float)tid;
  float swapped;
  if (tid % warpSize < 16) {
    swapped = __shfl_xor_sync(0xffffffff, val, 16);
  } else {
    swapped = __shfl_xor_sync(0xffffffff, val, 16);
  }
  out[tid] = swapped;
}

int main() {
  float* out;
  cudaMallocManaged(&out, 64 * sizeof(float));
  swapHalves<<<1, 64>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  for (int t = 0; t < 64; ++t) {
    if (out[t] != (float)(t ^ 16)) {
      printf("if/else shuffle: thread %d got %.0f\n", t, out[t]);
      return 1;
    }
  }
  printf("if/else shuffle: ok\n");
  return 0;
}
