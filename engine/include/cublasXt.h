// CUDA's cublasXt.h: cuBLASXt, the multi-GPU host interface of cuBLAS, as warpsafe provides it
// (engine/src/cublas/xt.cpp, on OpenBLAS). cuBLASXt takes matrices in host or device memory and
// splits a product into tiles spread over the selected GPUs; the engine has one device whose
// memory is the host's, so a call computes the whole product in place and returns when it is
// done, as cuBLASXt's calls do. Tile size and device list are recorded and change no result.
//
// What warpsafe does not provide is declared below as templates that fail to compile with a
// message naming the function (docs/semantics/libraries.md).
#pragma once

// C (a host .c file): this header is C++ only on the engine, so a C file that includes it stops
// here, naming it at the user's #include line (docs/semantics/c_sources.md, C-3).
#ifndef __cplusplus
#error "warpsafe: <cublasXt.h> (cuBLASXt in a C file) is not supported by the engine"
#include "warpsafe: compilation stopped at the unsupported header above"
#endif

#include <cstddef>

#include "cublas_api.h"

struct cublasXtContext;
typedef struct cublasXtContext* cublasXtHandle_t;

typedef enum { CUBLASXT_PINNING_DISABLED = 0, CUBLASXT_PINNING_ENABLED = 1 } cublasXtPinnedMemMode_t;
typedef enum { CUBLASXT_FLOAT = 0, CUBLASXT_DOUBLE = 1, CUBLASXT_COMPLEX = 2, CUBLASXT_DOUBLECOMPLEX = 3 } cublasXtOpType_t;
typedef enum {
  CUBLASXT_GEMM = 0,
  CUBLASXT_SYRK = 1,
  CUBLASXT_HERK = 2,
  CUBLASXT_SYMM = 3,
  CUBLASXT_HEMM = 4,
  CUBLASXT_TRSM = 5,
  CUBLASXT_SYR2K = 6,
  CUBLASXT_HER2K = 7,
  CUBLASXT_SPMM = 8,
  CUBLASXT_SYRKX = 9,
  CUBLASXT_HERKX = 10,
  CUBLASXT_TRMM = 11,
  CUBLASXT_ROUTINE_MAX = 12
} cublasXtBlasOp_t;

extern "C" {

cublasStatus_t cublasXtCreate(cublasXtHandle_t* handle);
cublasStatus_t cublasXtDestroy(cublasXtHandle_t handle);
cublasStatus_t cublasXtGetNumBoards(int nbDevices, int deviceId[], int* nbBoards);
cublasStatus_t cublasXtMaxBoards(int* nbGpuBoards);
cublasStatus_t cublasXtDeviceSelect(cublasXtHandle_t handle, int nbDevices, int deviceId[]);
cublasStatus_t cublasXtSetBlockDim(cublasXtHandle_t handle, int blockDim);
cublasStatus_t cublasXtGetBlockDim(cublasXtHandle_t handle, int* blockDim);
cublasStatus_t cublasXtGetPinningMemMode(cublasXtHandle_t handle, cublasXtPinnedMemMode_t* mode);
cublasStatus_t cublasXtSetPinningMemMode(cublasXtHandle_t handle, cublasXtPinnedMemMode_t mode);

// C = alpha op(A) op(B) + beta C, column-major, with P the precision letter and T the element.
#define WARPSAFE_CUBLASXT_GEMM_(P, T)                                                                       \
  cublasStatus_t cublasXt##P##gemm(cublasXtHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, \
                                   size_t m, size_t n, size_t k, const T* alpha, const T* A, size_t lda,       \
                                   const T* B, size_t ldb, const T* beta, T* C, size_t ldc);
WARPSAFE_CUBLASXT_GEMM_(S, float)
WARPSAFE_CUBLASXT_GEMM_(D, double)
WARPSAFE_CUBLASXT_GEMM_(C, cuComplex)
WARPSAFE_CUBLASXT_GEMM_(Z, cuDoubleComplex)
#undef WARPSAFE_CUBLASXT_GEMM_

}  // extern "C"

#define WARPSAFE_CUBLASXT_REFUSED_(name)                                                                     \
  template <class... Args>                                                                                 \
  cublasStatus_t name(Args...) {                                                                           \
    static_assert(sizeof...(Args) == 0 && sizeof...(Args) != 0,                                           \
                  "warpsafe: " #name " is not provided by warpsafe's cuBLASXt (docs/semantics/libraries.md)"); \
    return CUBLAS_STATUS_NOT_SUPPORTED;                                                                    \
  }
#define WARPSAFE_CUBLASXT_REFUSED_SDCZ_(stem) \
  WARPSAFE_CUBLASXT_REFUSED_(cublasXtS##stem) \
  WARPSAFE_CUBLASXT_REFUSED_(cublasXtD##stem) \
  WARPSAFE_CUBLASXT_REFUSED_(cublasXtC##stem) \
  WARPSAFE_CUBLASXT_REFUSED_(cublasXtZ##stem)
WARPSAFE_CUBLASXT_REFUSED_(cublasXtSetCpuRoutine)
WARPSAFE_CUBLASXT_REFUSED_(cublasXtSetCpuRatio)
WARPSAFE_CUBLASXT_REFUSED_SDCZ_(syrk)
WARPSAFE_CUBLASXT_REFUSED_SDCZ_(symm)
WARPSAFE_CUBLASXT_REFUSED_SDCZ_(trsm)
WARPSAFE_CUBLASXT_REFUSED_SDCZ_(trmm)
WARPSAFE_CUBLASXT_REFUSED_SDCZ_(syr2k)
WARPSAFE_CUBLASXT_REFUSED_SDCZ_(syrkx)
WARPSAFE_CUBLASXT_REFUSED_SDCZ_(spmm)
WARPSAFE_CUBLASXT_REFUSED_(cublasXtCherk)
WARPSAFE_CUBLASXT_REFUSED_(cublasXtZherk)
WARPSAFE_CUBLASXT_REFUSED_(cublasXtChemm)
WARPSAFE_CUBLASXT_REFUSED_(cublasXtZhemm)
WARPSAFE_CUBLASXT_REFUSED_(cublasXtCher2k)
WARPSAFE_CUBLASXT_REFUSED_(cublasXtZher2k)
WARPSAFE_CUBLASXT_REFUSED_(cublasXtCherkx)
WARPSAFE_CUBLASXT_REFUSED_(cublasXtZherkx)
#undef WARPSAFE_CUBLASXT_REFUSED_SDCZ_
#undef WARPSAFE_CUBLASXT_REFUSED_
