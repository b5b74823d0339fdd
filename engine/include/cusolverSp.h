// CUDA's cusolverSp.h: cuSOLVER's sparse API as warpsafe provides it (engine/src/cusolver/sparse_*,
// on LAPACK): handles and streams, and the high-level solves of A x = b for a square CSR matrix A
// by LU (csrlsvlu, host form), QR (csrlsvqr) and Cholesky (csrlsvchol), in every precision.
//
// The engine factors the matrix in banded storage (Cholesky and LU: the band its nonzeros span) or
// dense storage (QR), so the result is that of a direct solve; a matrix whose factor storage would
// pass the limit named in docs/semantics/libraries.md is refused at run time with a message and
// CUSOLVER_STATUS_ALLOC_FAILED. The reordering argument is accepted and changes no result beyond
// rounding. Device pointers on the engine are host addresses: a call completes before it returns,
// one legal order of work issued to an in-order stream.
//
// What warpsafe does not provide is declared below as templates that fail to compile with a message
// naming the function, so a program that calls one stops at build time.
#pragma once

// C (a host .c file): this header is C++ only on the engine, so a C file that includes it stops
// here, naming it at the user's #include line (docs/semantics/c_sources.md, C-3).
#ifndef __cplusplus
#error "warpsafe: <cusolverSp.h> (cuSOLVER in a C file) is not supported by the engine"
#include "warpsafe: compilation stopped at the unsupported header above"
#endif

#include <cstddef>
#include <cstdint>

#include "cuComplex.h"
#include "cusolver_common.h"
#include "cusparse.h"
#include "driver_types.h"

struct cusolverSpContext;
typedef struct cusolverSpContext* cusolverSpHandle_t;
struct csrqrInfo;
typedef struct csrqrInfo* csrqrInfo_t;

extern "C" {

cusolverStatus_t cusolverSpCreate(cusolverSpHandle_t* handle);
cusolverStatus_t cusolverSpDestroy(cusolverSpHandle_t handle);
cusolverStatus_t cusolverSpSetStream(cusolverSpHandle_t handle, cudaStream_t streamId);
cusolverStatus_t cusolverSpGetStream(cusolverSpHandle_t handle, cudaStream_t* streamId);
cusolverStatus_t cusolverSpCreateCsrqrInfo(csrqrInfo_t* info);
cusolverStatus_t cusolverSpDestroyCsrqrInfo(csrqrInfo_t info);

// P is the precision letter, T the element type, R its real type (of the tolerance).
#define WARPSAFE_CUSOLVERSP_LSV_(P, T, R, SUFFIX)                                                                 \
  cusolverStatus_t cusolverSp##P##csrlsvqr##SUFFIX(cusolverSpHandle_t handle, int m, int nnz,                    \
                                                   const cusparseMatDescr_t descrA, const T* csrVal,             \
                                                   const int* csrRowPtr, const int* csrColInd, const T* b, R tol, \
                                                   int reorder, T* x, int* singularity);                         \
  cusolverStatus_t cusolverSp##P##csrlsvchol##SUFFIX(cusolverSpHandle_t handle, int m, int nnz,                  \
                                                     const cusparseMatDescr_t descrA, const T* csrVal,           \
                                                     const int* csrRowPtr, const int* csrColInd, const T* b,     \
                                                     R tol, int reorder, T* x, int* singularity);
#define WARPSAFE_CUSOLVERSP_PRECISION_(P, T, R)                                                                   \
  WARPSAFE_CUSOLVERSP_LSV_(P, T, R, )                                                                             \
  WARPSAFE_CUSOLVERSP_LSV_(P, T, R, Host)                                                                         \
  cusolverStatus_t cusolverSp##P##csrlsvluHost(cusolverSpHandle_t handle, int n, int nnzA,                       \
                                               const cusparseMatDescr_t descrA, const T* csrValA,                \
                                               const int* csrRowPtrA, const int* csrColIndA, const T* b, R tol,  \
                                               int reorder, T* x, int* singularity);
WARPSAFE_CUSOLVERSP_PRECISION_(S, float, float)
WARPSAFE_CUSOLVERSP_PRECISION_(D, double, double)
WARPSAFE_CUSOLVERSP_PRECISION_(C, cuComplex, float)
WARPSAFE_CUSOLVERSP_PRECISION_(Z, cuDoubleComplex, double)
#undef WARPSAFE_CUSOLVERSP_PRECISION_
#undef WARPSAFE_CUSOLVERSP_LSV_

// Host helpers (engine/src/cusolver/sparse_reorder.cpp): a symmetric-pattern test, symmetric
// orderings (0-based permutations; symamd and metisnd give the same reverse Cuthill-McKee order as
// symrcm), and B = A(p, q) on the CSR structure with the map that gathers B's values.
cusolverStatus_t cusolverSpXcsrissymHost(cusolverSpHandle_t handle, int m, int nnzA, const cusparseMatDescr_t descrA,
                                         const int* csrStartPtrA, const int* csrEndPtrA, const int* csrColIndA,
                                         int* issym);
cusolverStatus_t cusolverSpXcsrsymrcmHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                          const int* csrRowPtrA, const int* csrColIndA, int* p);
cusolverStatus_t cusolverSpXcsrsymamdHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                          const int* csrRowPtrA, const int* csrColIndA, int* p);
cusolverStatus_t cusolverSpXcsrmetisndHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                           const int* csrRowPtrA, const int* csrColIndA, const int64_t* options, int* p);
cusolverStatus_t cusolverSpXcsrperm_bufferSizeHost(cusolverSpHandle_t handle, int m, int n, int nnzA,
                                                   const cusparseMatDescr_t descrA, const int* csrRowPtrA,
                                                   const int* csrColIndA, const int* p, const int* q,
                                                   size_t* bufferSizeInBytes);
cusolverStatus_t cusolverSpXcsrpermHost(cusolverSpHandle_t handle, int m, int n, int nnzA,
                                        const cusparseMatDescr_t descrA, int* csrRowPtrA, int* csrColIndA,
                                        const int* p, const int* q, int* map, void* pBuffer);

}  // extern "C"

#define WARPSAFE_CUSOLVERSP_REFUSED_(name)                                                                       \
  template <class... Args>                                                                                     \
  cusolverStatus_t name(Args...) {                                                                             \
    static_assert(sizeof...(Args) == 0 && sizeof...(Args) != 0,                                               \
                  "warpsafe: " #name " is not provided by warpsafe's cuSOLVER (docs/semantics/libraries.md)"); \
    return CUSOLVER_STATUS_NOT_SUPPORTED;                                                                      \
  }
#define WARPSAFE_CUSOLVERSP_REFUSED_SDCZ_(stem)   \
  WARPSAFE_CUSOLVERSP_REFUSED_(cusolverSpS##stem) \
  WARPSAFE_CUSOLVERSP_REFUSED_(cusolverSpD##stem) \
  WARPSAFE_CUSOLVERSP_REFUSED_(cusolverSpC##stem) \
  WARPSAFE_CUSOLVERSP_REFUSED_(cusolverSpZ##stem)
WARPSAFE_CUSOLVERSP_REFUSED_(cusolverSpXcsrsymmdqHost)
WARPSAFE_CUSOLVERSP_REFUSED_(cusolverSpXcsrqrAnalysisBatched)
WARPSAFE_CUSOLVERSP_REFUSED_SDCZ_(csrlsqvqrHost)
WARPSAFE_CUSOLVERSP_REFUSED_SDCZ_(csreigvsi)
WARPSAFE_CUSOLVERSP_REFUSED_SDCZ_(csreigvsiHost)
WARPSAFE_CUSOLVERSP_REFUSED_SDCZ_(csreigsHost)
WARPSAFE_CUSOLVERSP_REFUSED_SDCZ_(csrzfdHost)
WARPSAFE_CUSOLVERSP_REFUSED_SDCZ_(csrqrBufferInfoBatched)
WARPSAFE_CUSOLVERSP_REFUSED_SDCZ_(csrqrsvBatched)
#undef WARPSAFE_CUSOLVERSP_REFUSED_SDCZ_
#undef WARPSAFE_CUSOLVERSP_REFUSED_
