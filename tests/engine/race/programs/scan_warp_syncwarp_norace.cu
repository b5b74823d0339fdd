// The Handbook's scanWarp made Volta-safe: each step reads, __syncwarp, writes, __syncwarp
// (SYNCWARP-2). No report under any schedule.
#include <stdio.h>

__device__ int scanWarp(volatile int* sPartials) {
  const int lane = threadIdx.x & 31;
  for (int offset = 1; offset < 32; offset *= 2) {
    const int t = lane >= offset ? sPartials[-offset] : 0;
    __syncwarp();
    sPartials[0] += t;
    __syncwarp();
  }
  return sPartials[0];
}

__global__ void scan(int* out) {
  __shared__ int s[64];
  s[threadIdx.x] = 0;
  s[32 + threadIdx.x] = 1;
  __syncwarp();
  out[threadIdx.x] = scanWarp(&s[32 + threadIdx.x]);
}

int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  scan<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  int h[32];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 32; ++i) {
    if (h[i] != i + 1) return 1;
  }
  return 0;
}
