// Error-checking helpers of CUDA projects declare one "status name" overload per library, each
// guarded by that library header's include-guard macro, and one template that checks any call's
// result through them. A guard the engine's headers do not define leaves its overload out, and the
// library's calls do not compile (no conversion from the status type to cudaError_t).
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      cublas 0 CUBLAS_STATUS_SUCCESS, cufft 0 CUFFT_SUCCESS, cusparse 0 CUSPARSE_STATUS_SUCCESS, cusolver 0 CUSOLVER_STATUS_SUCCESS, curand 0 CURAND_STATUS_SUCCESS, cufft 20 CUFFT_NVSHMEM_FAILURE
// CHECK-NOT:  {{.}}

#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>
#include <cusolverDn.h>
#include <cusparse.h>

#include <cstdio>

static const char* StatusName(cudaError_t e) { return cudaGetErrorName(e); }
#ifdef CUBLAS_API_H_
static const char* StatusName(cublasStatus_t s) { return s == CUBLAS_STATUS_SUCCESS ? "CUBLAS_STATUS_SUCCESS" : "?"; }
#endif
#ifdef _CUFFT_H_
static const char* StatusName(cufftResult s) {
  switch (s) {
    case CUFFT_SUCCESS: return "CUFFT_SUCCESS";
    case CUFFT_MISSING_DEPENDENCY: return "CUFFT_MISSING_DEPENDENCY";
    case CUFFT_NVRTC_FAILURE: return "CUFFT_NVRTC_FAILURE";
    case CUFFT_NVJITLINK_FAILURE: return "CUFFT_NVJITLINK_FAILURE";
    case CUFFT_NVSHMEM_FAILURE: return "CUFFT_NVSHMEM_FAILURE";
    default: return "?";
  }
}
#endif
#ifdef CUSPARSE_H_
static const char* StatusName(cusparseStatus_t s) { return s == CUSPARSE_STATUS_SUCCESS ? "CUSPARSE_STATUS_SUCCESS" : "?"; }
#endif
#ifdef CUSOLVER_COMMON_H_
static const char* StatusName(cusolverStatus_t s) { return s == CUSOLVER_STATUS_SUCCESS ? "CUSOLVER_STATUS_SUCCESS" : "?"; }
#endif
#ifdef CURAND_H_
static const char* StatusName(curandStatus_t s) { return s == CURAND_STATUS_SUCCESS ? "CURAND_STATUS_SUCCESS" : "?"; }
#endif

template <typename T>
static void Show(const char* library, T status, const char* end) {
  std::printf("%s %d %s%s", library, static_cast<int>(status), StatusName(status), end);
}

int main() {
  cublasHandle_t blas;
  Show("cublas", cublasCreate(&blas), ", ");
  cufftHandle plan;
  Show("cufft", cufftPlan1d(&plan, 8, CUFFT_C2C, 1), ", ");
  cusparseHandle_t sparse;
  Show("cusparse", cusparseCreate(&sparse), ", ");
  cusolverDnHandle_t solver;
  Show("cusolver", cusolverDnCreate(&solver), ", ");
  curandGenerator_t gen;
  Show("curand", curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT), ", ");
  Show("cufft", CUFFT_NVSHMEM_FAILURE, "\n");
  curandDestroyGenerator(gen);
  cusolverDnDestroy(solver);
  cusparseDestroy(sparse);
  cufftDestroy(plan);
  cublasDestroy(blas);
  return 0;
}
