// A program that calls a cuBLAS routine the engine does not provide (cublasStrsm) stops at build
// time with a message naming it.
#include <cublas_v2.h>

int main() {
  cublasHandle_t handle;
  cublasCreate(&handle);
  float* a = nullptr;
  cudaMalloc(&a, 16 * sizeof(float));
  const float one = 1.0f;
  cublasStrsm(handle, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, 4, 4, &one, a, 4, a,
              4);
  cublasDestroy(handle);
  return 0;
}
