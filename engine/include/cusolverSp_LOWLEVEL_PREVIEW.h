// CUDA's cusolverSp_LOWLEVEL_PREVIEW.h: cuSOLVER's staged sparse factorizations as warpsafe
// provides them (engine/src/cusolver/sparse_factor.cpp): Cholesky (csrchol: analysis, buffer
// sizes, factor, zero pivot, solve) and QR (csrqr: analysis, setup of A - mu I, buffer sizes,
// factor, zero pivot, solve), on the host (...Host) and the device, in every precision. The
// factors are LAPACK's, held in the info object: Cholesky on the band of the lower triangle, QR on
// the dense matrix, under the storage limit of cusolverSp.h.
#pragma once

#include "cusolverSp.h"

struct csrqrInfoHost;
typedef struct csrqrInfoHost* csrqrInfoHost_t;
struct csrcholInfoHost;
typedef struct csrcholInfoHost* csrcholInfoHost_t;
struct csrcholInfo;
typedef struct csrcholInfo* csrcholInfo_t;

extern "C" {

cusolverStatus_t cusolverSpCreateCsrcholInfoHost(csrcholInfoHost_t* info);
cusolverStatus_t cusolverSpDestroyCsrcholInfoHost(csrcholInfoHost_t info);
cusolverStatus_t cusolverSpCreateCsrcholInfo(csrcholInfo_t* info);
cusolverStatus_t cusolverSpDestroyCsrcholInfo(csrcholInfo_t info);
cusolverStatus_t cusolverSpCreateCsrqrInfoHost(csrqrInfoHost_t* info);
cusolverStatus_t cusolverSpDestroyCsrqrInfoHost(csrqrInfoHost_t info);

#define WARPSAFE_CUSOLVERSP_STAGES_(SUFFIX, CHOL, QR)                                                            \
  cusolverStatus_t cusolverSpXcsrcholAnalysis##SUFFIX(cusolverSpHandle_t handle, int n, int nnzA,               \
                                                      const cusparseMatDescr_t descrA, const int* csrRowPtrA,   \
                                                      const int* csrColIndA, CHOL info);                        \
  cusolverStatus_t cusolverSpXcsrqrAnalysis##SUFFIX(cusolverSpHandle_t handle, int m, int n, int nnzA,          \
                                                    const cusparseMatDescr_t descrA, const int* csrRowPtrA,     \
                                                    const int* csrColIndA, QR info);
#define WARPSAFE_CUSOLVERSP_FACTOR_(P, T, R, SUFFIX, CHOL, QR)                                                    \
  cusolverStatus_t cusolverSp##P##csrcholBufferInfo##SUFFIX(                                                     \
      cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA, const T* csrValA,            \
      const int* csrRowPtrA, const int* csrColIndA, CHOL info, size_t* internalDataInBytes,                     \
      size_t* workspaceInBytes);                                                                                 \
  cusolverStatus_t cusolverSp##P##csrcholFactor##SUFFIX(cusolverSpHandle_t handle, int n, int nnzA,            \
                                                        const cusparseMatDescr_t descrA, const T* csrValA,      \
                                                        const int* csrRowPtrA, const int* csrColIndA, CHOL info, \
                                                        void* pBuffer);                                          \
  cusolverStatus_t cusolverSp##P##csrcholZeroPivot##SUFFIX(cusolverSpHandle_t handle, CHOL info, R tol,         \
                                                           int* position);                                       \
  cusolverStatus_t cusolverSp##P##csrcholSolve##SUFFIX(cusolverSpHandle_t handle, int n, const T* b, T* x,      \
                                                       CHOL info, void* pBuffer);                                \
  cusolverStatus_t cusolverSp##P##csrqrSetup##SUFFIX(cusolverSpHandle_t handle, int m, int n, int nnzA,         \
                                                     const cusparseMatDescr_t descrA, const T* csrValA,         \
                                                     const int* csrRowPtrA, const int* csrColIndA, T mu, QR info); \
  cusolverStatus_t cusolverSp##P##csrqrBufferInfo##SUFFIX(                                                       \
      cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA, const T* csrValA,     \
      const int* csrRowPtrA, const int* csrColIndA, QR info, size_t* internalDataInBytes,                       \
      size_t* workspaceInBytes);                                                                                 \
  cusolverStatus_t cusolverSp##P##csrqrFactor##SUFFIX(cusolverSpHandle_t handle, int m, int n, int nnzA, T* b,  \
                                                      T* x, QR info, void* pBuffer);                             \
  cusolverStatus_t cusolverSp##P##csrqrZeroPivot##SUFFIX(cusolverSpHandle_t handle, QR info, R tol,             \
                                                         int* position);                                         \
  cusolverStatus_t cusolverSp##P##csrqrSolve##SUFFIX(cusolverSpHandle_t handle, int m, int n, T* b, T* x,       \
                                                     QR info, void* pBuffer);
#define WARPSAFE_CUSOLVERSP_BOTH_(P, T, R)                                     \
  WARPSAFE_CUSOLVERSP_FACTOR_(P, T, R, Host, csrcholInfoHost_t, csrqrInfoHost_t) \
  WARPSAFE_CUSOLVERSP_FACTOR_(P, T, R, , csrcholInfo_t, csrqrInfo_t)
WARPSAFE_CUSOLVERSP_STAGES_(Host, csrcholInfoHost_t, csrqrInfoHost_t)
WARPSAFE_CUSOLVERSP_STAGES_(, csrcholInfo_t, csrqrInfo_t)
WARPSAFE_CUSOLVERSP_BOTH_(S, float, float)
WARPSAFE_CUSOLVERSP_BOTH_(D, double, double)
WARPSAFE_CUSOLVERSP_BOTH_(C, cuComplex, float)
WARPSAFE_CUSOLVERSP_BOTH_(Z, cuDoubleComplex, double)
#undef WARPSAFE_CUSOLVERSP_BOTH_
#undef WARPSAFE_CUSOLVERSP_FACTOR_
#undef WARPSAFE_CUSOLVERSP_STAGES_

}  // extern "C"
