// A host array passed to cuBLAS as a device operand: on a GPU the library's kernel faults (or reads
// whatever lies at that address); the engine reports the routine and the operand.
#include <cublas_v2.h>

#include <cstdio>

int main() {
  cublasHandle_t handle;
  if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) return 1;
  float* x = nullptr;
  if (cudaMalloc(&x, 8 * sizeof(float)) != cudaSuccess) return 1;
  cudaMemset(x, 0, 8 * sizeof(float));
  float host_y[8] = {};
  const float alpha = 2.0f;
  cublasSaxpy(handle, 8, &alpha, x, 1, host_y, 1);
  std::printf("not reached\n");
  return 0;
}
