// A program that calls a cuBLAS routine the engine does not provide (cublasSgemmEx) stops at build
// time with a message naming it.
// REQUIRES: math-libraries
// RUN: %expect-exit 65 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      [[FILE]]:[[@LINE+12]]:
// CHECK:      {{.*}}/engine/include/cublas_api.h:{{[0-9]+:[0-9]+}}: error: static assertion failed: warpsafe: cublasSgemmEx is not provided by warpsafe's cuBLAS (docs/semantics/libraries.md)
// CHECK:      warpsafe: [[FILE]] does not compile (compiler exit 1)
// CHECK-NOT:  {{.}}
#include <cublas_v2.h>

int main() {
  cublasHandle_t handle;
  cublasCreate(&handle);
  float* a = nullptr;
  cudaMalloc(&a, 16 * sizeof(float));
  const float one = 1.0f;
  cublasSgemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &one, a, CUDA_R_16F, 4, a, CUDA_R_16F, 4, &one, a,
                CUDA_R_32F, 4);
  cublasDestroy(handle);
  return 0;
}
