// Kernels that use another file's __device__ variable and function, and a host wrapper that a
// plain C++ file calls.
#include <cstdio>

extern __device__ int table[4];
extern __device__ int Scale(int x);

__global__ void Gather(int* out) { out[threadIdx.x] = Scale(table[threadIdx.x]); }

void RunGather(int* host_out) {
  int* d = nullptr;
  cudaMalloc(&d, 4 * sizeof(int));
  Gather<<<1, 4>>>(d);
  cudaMemcpy(host_out, d, 4 * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(d);
}

void SetEntry(int index, int value) {
  cudaMemcpyToSymbol(table, &value, sizeof value, index * sizeof(int));
}
