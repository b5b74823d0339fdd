/* The headers a C host file includes with CUDA, all in one C file: the runtime and driver APIs,
 * cuBLAS's handle API (cublas_v2.h; the legacy cublas.h has its own test, the two exclude each
 * other), cuRAND's host API, cuSPARSE, cuFFT, cuComplex and NVTX. A call into each library shows that
 * its C declarations reach the engine's functions. */
#include <cuda_runtime.h>
#include <cuda.h>
#include <cublas_v2.h>
#include <curand.h>
#include <cusparse.h>
#include <cufft.h>
#include <cuComplex.h>
#include <nvToolsExt.h>
#include <stdio.h>

int main(void) {
  cublasHandle_t blas;
  cusparseHandle_t sparse;
  cufftHandle plan;
  float alpha = 3.0f, x[2] = {1.0f, -2.0f};
  float* d = 0;
  int version = 0;
  cuComplex z = cuCmulf(make_cuComplex(1.0f, 1.0f), make_cuComplex(2.0f, -1.0f));
  cudaMalloc((void**)&d, sizeof x);
  cudaMemcpy(d, x, sizeof x, cudaMemcpyHostToDevice);
  printf("cublasCreate %d, ", (int)cublasCreate(&blas));
  cublasSscal(blas, 2, &alpha, d, 1);
  cudaMemcpy(x, d, sizeof x, cudaMemcpyDeviceToHost);
  printf("sscal by 3: %g %g\n", x[0], x[1]);
  printf("cusparseCreate %d, ", (int)cusparseCreate(&sparse));
  printf("cufftPlan1d %d, ", (int)cufftPlan1d(&plan, 8, CUFFT_C2C, 1));
  printf("cuDriverGetVersion %d ", (int)cuDriverGetVersion(&version));
  printf("(%s)\n", version > 0 ? "positive" : "none");
  printf("(1+i)(2-i) = %g + %gi\n", cuCrealf(z), cuCimagf(z));
  nvtxRangePushA("cleanup");
  printf("nvtxRangePop without a tool: %d\n", nvtxRangePop());
  cufftDestroy(plan);
  cusparseDestroy(sparse);
  cublasDestroy(blas);
  cudaFree(d);
  return 0;
}
