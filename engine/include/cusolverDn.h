// CUDA's cusolverDn.h: cuSOLVER's dense API as warpsafe provides it (engine/src/cusolver, on
// LAPACK): handles and streams, LU factorization with partial pivoting (getrf, or without pivoting
// when no pivot array is given) and its solve (getrs), and Cholesky factorization (potrf) and its
// solve (potrs), in single and double precision. Device pointers on the engine are host addresses:
// a call computes in place and completes before it returns, one legal order of work issued to an
// in-order stream.
//
// What warpsafe does not provide is declared below as templates that fail to compile with a message
// naming the function, so a program that calls one stops at build time
// (docs/semantics/libraries.md).
#pragma once

#include "cuComplex.h"
#include "cublas_api.h"
#include "cusolver_common.h"
#include "driver_types.h"

struct cusolverDnContext;
typedef struct cusolverDnContext* cusolverDnHandle_t;
typedef struct syevjInfo* syevjInfo_t;
typedef struct gesvdjInfo* gesvdjInfo_t;
typedef struct cusolverDnParams* cusolverDnParams_t;

extern "C" {

cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t* handle);
cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle);
cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle, cudaStream_t streamId);
cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t handle, cudaStream_t* streamId);
cusolverStatus_t cusolverGetProperty(libraryPropertyType type, int* value);
cusolverStatus_t cusolverGetVersion(int* version);

cusolverStatus_t cusolverDnSgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n, float* A, int lda, int* Lwork);
cusolverStatus_t cusolverDnDgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n, double* A, int lda, int* Lwork);
cusolverStatus_t cusolverDnSgetrf(cusolverDnHandle_t handle, int m, int n, float* A, int lda, float* Workspace,
                                  int* devIpiv, int* devInfo);
cusolverStatus_t cusolverDnDgetrf(cusolverDnHandle_t handle, int m, int n, double* A, int lda, double* Workspace,
                                  int* devIpiv, int* devInfo);
cusolverStatus_t cusolverDnSgetrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n, int nrhs,
                                  const float* A, int lda, const int* devIpiv, float* B, int ldb, int* devInfo);
cusolverStatus_t cusolverDnDgetrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n, int nrhs,
                                  const double* A, int lda, const int* devIpiv, double* B, int ldb, int* devInfo);

cusolverStatus_t cusolverDnSpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, float* A,
                                             int lda, int* Lwork);
cusolverStatus_t cusolverDnDpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, double* A,
                                             int lda, int* Lwork);
cusolverStatus_t cusolverDnSpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, float* A, int lda,
                                  float* Workspace, int Lwork, int* devInfo);
cusolverStatus_t cusolverDnDpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, double* A, int lda,
                                  double* Workspace, int Lwork, int* devInfo);
cusolverStatus_t cusolverDnSpotrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, int nrhs, const float* A,
                                  int lda, float* B, int ldb, int* devInfo);
cusolverStatus_t cusolverDnDpotrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, int nrhs, const double* A,
                                  int lda, double* B, int ldb, int* devInfo);

}  // extern "C"

// What cuSOLVER declares and the engine does not provide: naming one in a program stops the build
// with this message (the template is only instantiated by a call).
#define WARPSAFE_CUSOLVER_REFUSED_(name)                                                                    \
  template <class... Args>                                                                                \
  cusolverStatus_t name(Args...) {                                                                        \
    static_assert(sizeof...(Args) == 0 && sizeof...(Args) != 0,                                          \
                  "warpsafe: " #name " is not provided by warpsafe's cuSOLVER (docs/semantics/libraries.md)"); \
    return CUSOLVER_STATUS_NOT_SUPPORTED;                                                                 \
  }
#define WARPSAFE_CUSOLVER_REFUSED_SDCZ_(stem)        \
  WARPSAFE_CUSOLVER_REFUSED_(cusolverDnS##stem)      \
  WARPSAFE_CUSOLVER_REFUSED_(cusolverDnD##stem)      \
  WARPSAFE_CUSOLVER_REFUSED_(cusolverDnC##stem)      \
  WARPSAFE_CUSOLVER_REFUSED_(cusolverDnZ##stem)
#define WARPSAFE_CUSOLVER_REFUSED_CZ_(stem)          \
  WARPSAFE_CUSOLVER_REFUSED_(cusolverDnC##stem)      \
  WARPSAFE_CUSOLVER_REFUSED_(cusolverDnZ##stem)
WARPSAFE_CUSOLVER_REFUSED_CZ_(getrf_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_CZ_(getrf)
WARPSAFE_CUSOLVER_REFUSED_CZ_(getrs)
WARPSAFE_CUSOLVER_REFUSED_CZ_(potrf_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_CZ_(potrf)
WARPSAFE_CUSOLVER_REFUSED_CZ_(potrs)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(potri_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(potri)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(potrfBatched)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(potrsBatched)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(geqrf_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(geqrf)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnSormqr_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnDormqr_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnSormqr)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnDormqr)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnSorgqr_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnDorgqr_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnSorgqr)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnDorgqr)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(gesvd_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(gesvd)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(gesvdj_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(gesvdj)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnSsyevd_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnDsyevd_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnSsyevd)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnDsyevd)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnSsyevj_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnDsyevj_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnSsyevj)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnDsyevj)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(sytrf_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(sytrf)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(gebrd)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnCreateSyevjInfo)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnCreateGesvdjInfo)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnCreateParams)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnXgetrf_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnXgetrf)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnXgetrs)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnXpotrf_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnXpotrf)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnXpotrs)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnXgeqrf_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnXgeqrf)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnXgesvd_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnXgesvd)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnXsyevd_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnXsyevd)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnSSgesv)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnDDgesv)
#undef WARPSAFE_CUSOLVER_REFUSED_SDCZ_
#undef WARPSAFE_CUSOLVER_REFUSED_CZ_
#undef WARPSAFE_CUSOLVER_REFUSED_
