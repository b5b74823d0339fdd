// The CUDA Handbook's scanWarp (seed 003): warp-synchronous on volatile shared memory, written
// for SM 3.0. On Volta and later nothing orders the lanes' reads and writes (ITS-3).
// expect: warpsafe: data race
#include <stdio.h>

__device__ int scanWarp(volatile int* sPartials) {
  const int lane = threadIdx.x & 31;
  if (lane >= 1) sPartials[0] += sPartials[-1];
  if (lane >= 2) sPartials[0] += sPartials[-2];
  if (lane >= 4) sPartials[0] += sPartials[-4];
  if (lane >= 8) sPartials[0] += sPartials[-8];
  if (lane >= 16) sPartials[0] += sPartials[-16];
  return sPartials[0];
}

__global__ void scan(int* out) {
  __shared__ int s[64];
  s[threadIdx.x] = 0;  // zero padding
  s[32 + threadIdx.x] = 1;
  __syncwarp();
  out[threadIdx.x] = scanWarp(&s[32 + threadIdx.x]);
}

int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  scan<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
