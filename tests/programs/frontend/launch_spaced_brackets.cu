// The launch brackets with space inside them, as nvcc reads them: `<<<` as `<<` then `<`, `>>>` as
// `>>` then `>` (an older particle filter writes `kernel << < blocks, threads >> > (args)`).
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      sums 32 64 96 128 shift 4
// CHECK-NOT:  {{.}}
#include <cstdio>

__global__ void Add(int* sum, int by) { atomicAdd(sum, by); }

template <class T>
__global__ void Shift(T* out, T value) { *out = value >> 1; }

int main() {
  int* d;
  cudaMalloc(&d, 2 * sizeof(int));
  cudaMemset(d, 0, 2 * sizeof(int));
  int h[4];
  Add << < 1, 32 >> > (d, 1);
  cudaMemcpy(&h[0], d, sizeof(int), cudaMemcpyDeviceToHost);
  Add<< <1, 32>>>(d, 1);
  cudaMemcpy(&h[1], d, sizeof(int), cudaMemcpyDeviceToHost);
  Add<<<1, 32>> >(d, 1);
  cudaMemcpy(&h[2], d, sizeof(int), cudaMemcpyDeviceToHost);
  // A `>>` inside the configuration still shifts.
  Add << <1, 64 >> 1 >> > (d, 1);
  cudaMemcpy(&h[3], d, sizeof(int), cudaMemcpyDeviceToHost);
  Shift<int> << < 1, 1 >> > (d + 1, 8);
  int s = 0;
  cudaMemcpy(&s, d + 1, sizeof(int), cudaMemcpyDeviceToHost);
  std::printf("sums %d %d %d %d shift %d\n", h[0], h[1], h[2], h[3], s);
  return 0;
}
