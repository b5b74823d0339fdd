// CUDA's cusolverDn.h: cuSOLVER's dense API as warpsafe provides it (engine/src/cusolver, on
// LAPACK): handles and streams, LU factorization with partial pivoting (getrf, or without pivoting
// when no pivot array is given) and its solve (getrs), Cholesky factorization (potrf) and its solve
// (potrs), QR factorization (geqrf) and the product with its Q (ormqr, unmqr), the symmetric and
// Hermitian eigensolvers (syevd, heevd), in every precision.
// Device pointers on the engine are host addresses: a call computes in place and completes before
// it returns, one legal order of work issued to an in-order stream.
//
// What warpsafe does not provide is declared below as templates that fail to compile with a message
// naming the function, so a program that calls one stops at build time
// (docs/semantics/libraries.md).
#pragma once

// C (a host .c file): this header is C++ only on the engine, so a C file that includes it stops
// here, naming it at the user's #include line (docs/semantics/c_sources.md, C-3).
#ifndef __cplusplus
#error "warpsafe: <cusolverDn.h> (cuSOLVER in a C file) is not supported by the engine"
#include "warpsafe: compilation stopped at the unsupported header above"
#endif

#include "cuComplex.h"
#include "cublas_v2.h"  // as CUDA's header does: programs call cublasCreate with only this one
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

// LU (getrf, getrs), Cholesky (potrf, potrs) and QR (geqrf) in each precision: P is the letter, T
// the element type.
#define WARPSAFE_CUSOLVER_DENSE_(P, T)                                                                          \
  cusolverStatus_t cusolverDn##P##getrf_bufferSize(cusolverDnHandle_t handle, int m, int n, T* A, int lda,      \
                                                   int* Lwork);                                                \
  cusolverStatus_t cusolverDn##P##getrf(cusolverDnHandle_t handle, int m, int n, T* A, int lda, T* Workspace,   \
                                        int* devIpiv, int* devInfo);                                           \
  cusolverStatus_t cusolverDn##P##getrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n, int nrhs,    \
                                        const T* A, int lda, const int* devIpiv, T* B, int ldb, int* devInfo);  \
  cusolverStatus_t cusolverDn##P##potrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,     \
                                                   T* A, int lda, int* Lwork);                                 \
  cusolverStatus_t cusolverDn##P##potrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, T* A, int lda, \
                                        T* Workspace, int Lwork, int* devInfo);                                \
  cusolverStatus_t cusolverDn##P##potrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, int nrhs,      \
                                        const T* A, int lda, T* B, int ldb, int* devInfo);                     \
  cusolverStatus_t cusolverDn##P##geqrf_bufferSize(cusolverDnHandle_t handle, int m, int n, T* A, int lda,      \
                                                   int* lwork);                                                \
  cusolverStatus_t cusolverDn##P##geqrf(cusolverDnHandle_t handle, int m, int n, T* A, int lda, T* TAU,         \
                                        T* Workspace, int Lwork, int* devInfo);
// Q of geqrf applied to a matrix: ormqr for real elements, unmqr for complex ones.
#define WARPSAFE_CUSOLVER_UNMQR_(NAME, T)                                                                        \
  cusolverStatus_t cusolverDn##NAME##_bufferSize(cusolverDnHandle_t handle, cublasSideMode_t side,              \
                                                 cublasOperation_t trans, int m, int n, int k, const T* A,      \
                                                 int lda, const T* tau, const T* C, int ldc, int* lwork);       \
  cusolverStatus_t cusolverDn##NAME(cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans,  \
                                    int m, int n, int k, const T* A, int lda, const T* tau, T* C, int ldc,      \
                                    T* work, int lwork, int* devInfo);
WARPSAFE_CUSOLVER_DENSE_(S, float)
WARPSAFE_CUSOLVER_DENSE_(D, double)
WARPSAFE_CUSOLVER_DENSE_(C, cuComplex)
WARPSAFE_CUSOLVER_DENSE_(Z, cuDoubleComplex)
WARPSAFE_CUSOLVER_UNMQR_(Sormqr, float)
WARPSAFE_CUSOLVER_UNMQR_(Dormqr, double)
WARPSAFE_CUSOLVER_UNMQR_(Cunmqr, cuComplex)
WARPSAFE_CUSOLVER_UNMQR_(Zunmqr, cuDoubleComplex)
// Eigenvalues (ascending, real: R) and optionally eigenvectors of a symmetric (syevd) or Hermitian
// (heevd) matrix of element type T.
#define WARPSAFE_CUSOLVER_EIGEN_(NAME, T, R)                                                                    \
  cusolverStatus_t cusolverDn##NAME##_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz,            \
                                                 cublasFillMode_t uplo, int n, const T* A, int lda, const R* W, \
                                                 int* lwork);                                                  \
  cusolverStatus_t cusolverDn##NAME(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo,  \
                                    int n, T* A, int lda, R* W, T* work, int lwork, int* devInfo);
WARPSAFE_CUSOLVER_EIGEN_(Ssyevd, float, float)
WARPSAFE_CUSOLVER_EIGEN_(Dsyevd, double, double)
WARPSAFE_CUSOLVER_EIGEN_(Cheevd, cuComplex, float)
WARPSAFE_CUSOLVER_EIGEN_(Zheevd, cuDoubleComplex, double)
#undef WARPSAFE_CUSOLVER_EIGEN_
#undef WARPSAFE_CUSOLVER_DENSE_
#undef WARPSAFE_CUSOLVER_UNMQR_

}  // extern "C"

// The 64-bit generic API for getrf/getrs, potrf/potrs and geqrf (engine/src/cusolver/generic_api.cpp).
typedef enum { CUSOLVERDN_GETRF = 0, CUSOLVERDN_POTRF = 1, CUSOLVERDN_SYEVBATCHED = 2 } cusolverDnFunction_t;
extern "C" {
cusolverStatus_t cusolverDnCreateParams(cusolverDnParams_t* params);
cusolverStatus_t cusolverDnDestroyParams(cusolverDnParams_t params);
cusolverStatus_t cusolverDnSetAdvOptions(cusolverDnParams_t params, cusolverDnFunction_t function,
                                         cusolverAlgMode_t algo);
cusolverStatus_t cusolverDnXgetrf_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m,
                                             int64_t n, cudaDataType dataTypeA, const void* A, int64_t lda,
                                             cudaDataType computeType, size_t* workspaceInBytesOnDevice,
                                             size_t* workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXgetrf(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m, int64_t n,
                                  cudaDataType dataTypeA, void* A, int64_t lda, int64_t* ipiv,
                                  cudaDataType computeType, void* bufferOnDevice, size_t workspaceInBytesOnDevice,
                                  void* bufferOnHost, size_t workspaceInBytesOnHost, int* info);
cusolverStatus_t cusolverDnXgetrs(cusolverDnHandle_t handle, cusolverDnParams_t params, cublasOperation_t trans,
                                  int64_t n, int64_t nrhs, cudaDataType dataTypeA, const void* A, int64_t lda,
                                  const int64_t* ipiv, cudaDataType dataTypeB, void* B, int64_t ldb, int* info);
cusolverStatus_t cusolverDnXpotrf_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
                                             cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA, const void* A,
                                             int64_t lda, cudaDataType computeType, size_t* workspaceInBytesOnDevice,
                                             size_t* workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXpotrf(cusolverDnHandle_t handle, cusolverDnParams_t params, cublasFillMode_t uplo,
                                  int64_t n, cudaDataType dataTypeA, void* A, int64_t lda, cudaDataType computeType,
                                  void* bufferOnDevice, size_t workspaceInBytesOnDevice, void* bufferOnHost,
                                  size_t workspaceInBytesOnHost, int* info);
cusolverStatus_t cusolverDnXpotrs(cusolverDnHandle_t handle, cusolverDnParams_t params, cublasFillMode_t uplo,
                                  int64_t n, int64_t nrhs, cudaDataType dataTypeA, const void* A, int64_t lda,
                                  cudaDataType dataTypeB, void* B, int64_t ldb, int* info);
cusolverStatus_t cusolverDnXgeqrf_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m,
                                             int64_t n, cudaDataType dataTypeA, const void* A, int64_t lda,
                                             cudaDataType dataTypeTau, const void* tau, cudaDataType computeType,
                                             size_t* workspaceInBytesOnDevice, size_t* workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXgeqrf(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m, int64_t n,
                                  cudaDataType dataTypeA, void* A, int64_t lda, cudaDataType dataTypeTau, void* tau,
                                  cudaDataType computeType, void* bufferOnDevice, size_t workspaceInBytesOnDevice,
                                  void* bufferOnHost, size_t workspaceInBytesOnHost, int* info);
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
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(potri_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(potri)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(potrfBatched)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(potrsBatched)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnSorgqr_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnDorgqr_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnSorgqr)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnDorgqr)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(gesvd_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(gesvd)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(gesvdj_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(gesvdj)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnSsyevj_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnDsyevj_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnSsyevj)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnDsyevj)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(sytrf_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(sytrf)
WARPSAFE_CUSOLVER_REFUSED_SDCZ_(gebrd)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnCreateSyevjInfo)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnCreateGesvdjInfo)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnXgesvd_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnXgesvd)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnXsyevd_bufferSize)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnXsyevd)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnSSgesv)
WARPSAFE_CUSOLVER_REFUSED_(cusolverDnDDgesv)
#undef WARPSAFE_CUSOLVER_REFUSED_SDCZ_
#undef WARPSAFE_CUSOLVER_REFUSED_
