// The runtime's allocation templates take a pointer to any pointer, const-qualified ones included,
// as CUDA's do: a program allocates `const float*` inputs and fills them with cudaMemcpy.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      sum 6.5 managed 3
// CHECK-NOT:  {{.}}

#include <cstdio>

__global__ void add(const float* a, const float* b, float* out) { *out = a[0] + b[0] + a[1] + b[1]; }

int main() {
  const float* a = nullptr;
  const float* b = nullptr;
  float* out = nullptr;
  const int* managed = nullptr;
  if (cudaMalloc(&a, 2 * sizeof(float)) != cudaSuccess || cudaMalloc(&b, 2 * sizeof(float)) != cudaSuccess ||
      cudaMallocManaged(&managed, sizeof(int)) != cudaSuccess || cudaMalloc(&out, sizeof(float)) != cudaSuccess) {
    return 1;
  }
  const float ha[2] = {1.0f, 2.0f}, hb[2] = {0.5f, 3.0f};
  cudaMemcpy(const_cast<float*>(a), ha, sizeof ha, cudaMemcpyHostToDevice);
  cudaMemcpy(const_cast<float*>(b), hb, sizeof hb, cudaMemcpyHostToDevice);
  *const_cast<int*>(managed) = 3;
  add<<<1, 1>>>(a, b, out);
  float h = 0;
  if (cudaMemcpy(&h, out, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) return 1;
  std::printf("sum %.1f managed %d\n", h, *managed);
  cudaFree(const_cast<float*>(a));
  cudaFree(const_cast<float*>(b));
  cudaFree(const_cast<int*>(managed));
  cudaFree(out);
  return 0;
}
