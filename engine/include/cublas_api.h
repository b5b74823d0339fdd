// CUDA's cublas_api.h: the types and functions of cuBLAS's handle API, as warpsafe provides them
// (engine/src/cublas/, on OpenBLAS). Device pointers on the engine are host addresses, so the
// routines read and write the operands in place; a call completes before it returns, which is one
// legal order of work issued to an in-order stream.
//
// Routines warpsafe does not provide are declared below as templates that fail to compile with a
// message naming them, so a program that uses one stops at build time (docs/semantics/libraries.md).
#pragma once

// The toolkit header's include guard: error-checking helpers test it to declare their overloads
// for this library's status codes.
#define CUBLAS_API_H_

#ifdef __cplusplus
#include <cstdint>

#include "cuComplex.h"
#include "cuda_bf16.h"
#include "cuda_fp16.h"
#else
// C (a host .c file, docs/semantics/c_sources.md): the C-linkage functions below with their C
// types; __half is only named through pointers (cublasHgemm), so C sees it as an incomplete type.
#include <stddef.h>
#include <stdint.h>

#include "cuComplex.h"
typedef struct __half __half;
#endif
#include "driver_types.h"
#include "library_types.h"

#define CUBLAS_VER_MAJOR 13
#define CUBLAS_VER_MINOR 0
#define CUBLAS_VER_PATCH 0
#define CUBLAS_VERSION (CUBLAS_VER_MAJOR * 10000 + CUBLAS_VER_MINOR * 100 + CUBLAS_VER_PATCH)

typedef enum {
  CUBLAS_STATUS_SUCCESS = 0,
  CUBLAS_STATUS_NOT_INITIALIZED = 1,
  CUBLAS_STATUS_ALLOC_FAILED = 3,
  CUBLAS_STATUS_INVALID_VALUE = 7,
  CUBLAS_STATUS_ARCH_MISMATCH = 8,
  CUBLAS_STATUS_MAPPING_ERROR = 11,
  CUBLAS_STATUS_EXECUTION_FAILED = 13,
  CUBLAS_STATUS_INTERNAL_ERROR = 14,
  CUBLAS_STATUS_NOT_SUPPORTED = 15,
  CUBLAS_STATUS_LICENSE_ERROR = 16
} cublasStatus_t;

typedef enum { CUBLAS_FILL_MODE_LOWER = 0, CUBLAS_FILL_MODE_UPPER = 1, CUBLAS_FILL_MODE_FULL = 2 } cublasFillMode_t;
typedef enum { CUBLAS_DIAG_NON_UNIT = 0, CUBLAS_DIAG_UNIT = 1 } cublasDiagType_t;
typedef enum { CUBLAS_SIDE_LEFT = 0, CUBLAS_SIDE_RIGHT = 1 } cublasSideMode_t;
typedef enum {
  CUBLAS_OP_N = 0,
  CUBLAS_OP_T = 1,
  CUBLAS_OP_C = 2,
  CUBLAS_OP_HERMITAN = 2,
  CUBLAS_OP_CONJG = 3
} cublasOperation_t;
typedef enum { CUBLAS_POINTER_MODE_HOST = 0, CUBLAS_POINTER_MODE_DEVICE = 1 } cublasPointerMode_t;
typedef enum { CUBLAS_ATOMICS_NOT_ALLOWED = 0, CUBLAS_ATOMICS_ALLOWED = 1 } cublasAtomicsMode_t;
typedef enum {
  CUBLAS_GEMM_DEFAULT = -1,
  CUBLAS_GEMM_DFALT = -1,
  CUBLAS_GEMM_ALGO0 = 0,
  CUBLAS_GEMM_ALGO23 = 23,
  CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99,
  CUBLAS_GEMM_DFALT_TENSOR_OP = 99,
  CUBLAS_GEMM_ALGO0_TENSOR_OP = 100,
  CUBLAS_GEMM_ALGO15_TENSOR_OP = 115,
  CUBLAS_GEMM_AUTOTUNE = 999
} cublasGemmAlgo_t;
typedef enum {
  CUBLAS_DEFAULT_MATH = 0,
  CUBLAS_TENSOR_OP_MATH = 1,
  CUBLAS_PEDANTIC_MATH = 2,
  CUBLAS_TF32_TENSOR_OP_MATH = 3,
  CUBLAS_FP32_EMULATED_BF16X9_MATH = 4,
  CUBLAS_FP64_EMULATED_FIXEDPOINT_MATH = 8,
  CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION = 16
} cublasMath_t;
typedef enum {
  CUBLAS_COMPUTE_16F = 64,
  CUBLAS_COMPUTE_16F_PEDANTIC = 65,
  CUBLAS_COMPUTE_32F = 68,
  CUBLAS_COMPUTE_32F_PEDANTIC = 69,
  CUBLAS_COMPUTE_32F_FAST_16F = 74,
  CUBLAS_COMPUTE_32F_FAST_16BF = 75,
  CUBLAS_COMPUTE_32F_FAST_TF32 = 77,
  CUBLAS_COMPUTE_32F_EMULATED_16BFX9 = 78,
  CUBLAS_COMPUTE_64F = 70,
  CUBLAS_COMPUTE_64F_PEDANTIC = 71,
  CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT = 79,
  CUBLAS_COMPUTE_32I = 72,
  CUBLAS_COMPUTE_32I_PEDANTIC = 73
} cublasComputeType_t;
typedef cudaDataType cublasDataType_t;

struct cublasContext;
typedef struct cublasContext* cublasHandle_t;

#ifdef __cplusplus
extern "C" {
#endif

cublasStatus_t cublasCreate_v2(cublasHandle_t* handle);
cublasStatus_t cublasDestroy_v2(cublasHandle_t handle);
cublasStatus_t cublasGetVersion_v2(cublasHandle_t handle, int* version);
cublasStatus_t cublasGetProperty(libraryPropertyType type, int* value);
size_t cublasGetCudartVersion(void);
cublasStatus_t cublasSetStream_v2(cublasHandle_t handle, cudaStream_t stream);
cublasStatus_t cublasGetStream_v2(cublasHandle_t handle, cudaStream_t* stream);
cublasStatus_t cublasGetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t* mode);
cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t mode);
cublasStatus_t cublasGetMathMode(cublasHandle_t handle, cublasMath_t* mode);
cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode);
cublasStatus_t cublasGetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t* mode);
cublasStatus_t cublasSetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t mode);
cublasStatus_t cublasSetWorkspace_v2(cublasHandle_t handle, void* workspace, size_t workspaceSizeInBytes);
const char* cublasGetStatusName(cublasStatus_t status);
const char* cublasGetStatusString(cublasStatus_t status);

// Copies between host and device memory, strided as BLAS vectors and column-major matrices.
cublasStatus_t cublasSetVector(int n, int elemSize, const void* x, int incx, void* devicePtr, int incy);
cublasStatus_t cublasGetVector(int n, int elemSize, const void* x, int incx, void* y, int incy);
cublasStatus_t cublasSetMatrix(int rows, int cols, int elemSize, const void* A, int lda, void* B, int ldb);
cublasStatus_t cublasGetMatrix(int rows, int cols, int elemSize, const void* A, int lda, void* B, int ldb);
cublasStatus_t cublasSetVectorAsync(int n, int elemSize, const void* hostPtr, int incx, void* devicePtr, int incy,
                                    cudaStream_t stream);
cublasStatus_t cublasGetVectorAsync(int n, int elemSize, const void* devicePtr, int incx, void* hostPtr, int incy,
                                    cudaStream_t stream);
cublasStatus_t cublasSetMatrixAsync(int rows, int cols, int elemSize, const void* A, int lda, void* B, int ldb,
                                    cudaStream_t stream);
cublasStatus_t cublasGetMatrixAsync(int rows, int cols, int elemSize, const void* A, int lda, void* B, int ldb,
                                    cudaStream_t stream);

// Level 1, 2 and 3 in each precision: P is the letter, T the element type, R its real type.
#define WARPSAFE_CUBLAS_LEVEL1_(P, T)                                                                     \
  cublasStatus_t cublas##P##axpy_v2(cublasHandle_t h, int n, const T* alpha, const T* x, int incx, T* y,  \
                                    int incy);                                                            \
  cublasStatus_t cublas##P##copy_v2(cublasHandle_t h, int n, const T* x, int incx, T* y, int incy);      \
  cublasStatus_t cublas##P##swap_v2(cublasHandle_t h, int n, T* x, int incx, T* y, int incy);
#define WARPSAFE_CUBLAS_LEVEL23_(P, T)                                                                       \
  cublasStatus_t cublas##P##gemv_v2(cublasHandle_t h, cublasOperation_t trans, int m, int n, const T* alpha, \
                                    const T* A, int lda, const T* x, int incx, const T* beta, T* y, int incy); \
  cublasStatus_t cublas##P##gemm_v2(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,    \
                                    int m, int n, int k, const T* alpha, const T* A, int lda, const T* B,    \
                                    int ldb, const T* beta, T* C, int ldc);                                  \
  cublasStatus_t cublas##P##gemmBatched(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, \
                                        int m, int n, int k, const T* alpha, const T* const Aarray[], int lda, \
                                        const T* const Barray[], int ldb, const T* beta, T* const Carray[],  \
                                        int ldc, int batchCount);                                            \
  cublasStatus_t cublas##P##gemmStridedBatched(                                                              \
      cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k,             \
      const T* alpha, const T* A, int lda, long long int strideA, const T* B, int ldb, long long int strideB, \
      const T* beta, T* C, int ldc, long long int strideC, int batchCount);                                  \
  cublasStatus_t cublas##P##geam(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, \
                                 int n, const T* alpha, const T* A, int lda, const T* beta, const T* B,      \
                                 int ldb, T* C, int ldc);                                                   \
  cublasStatus_t cublas##P##trsm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,          \
                                    cublasOperation_t trans, cublasDiagType_t diag, int m, int n,            \
                                    const T* alpha, const T* A, int lda, T* B, int ldb);                    \
  cublasStatus_t cublas##P##trsmBatched(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,      \
                                        cublasOperation_t trans, cublasDiagType_t diag, int m, int n,        \
                                        const T* alpha, const T* const A[], int lda, T* const B[], int ldb,  \
                                        int batchCount);
// Batched LU: factorization, solve, inverse from the factors, and inverse of small matrices.
#define WARPSAFE_CUBLAS_LU_BATCHED_(P, T)                                                                      \
  cublasStatus_t cublas##P##getrfBatched(cublasHandle_t handle, int n, T* const A[], int lda, int* P_,        \
                                         int* info, int batchSize);                                           \
  cublasStatus_t cublas##P##getrsBatched(cublasHandle_t handle, cublasOperation_t trans, int n, int nrhs,     \
                                         const T* const Aarray[], int lda, const int* devIpiv,                \
                                         T* const Barray[], int ldb, int* info, int batchSize);               \
  cublasStatus_t cublas##P##getriBatched(cublasHandle_t handle, int n, const T* const A[], int lda,            \
                                         const int* P_, T* const C[], int ldc, int* info, int batchSize);      \
  cublasStatus_t cublas##P##matinvBatched(cublasHandle_t handle, int n, const T* const A[], int lda,           \
                                          T* const Ainv[], int lda_inv, int* info, int batchSize);

WARPSAFE_CUBLAS_LEVEL1_(S, float)
WARPSAFE_CUBLAS_LEVEL1_(D, double)
WARPSAFE_CUBLAS_LEVEL1_(C, cuComplex)
WARPSAFE_CUBLAS_LEVEL1_(Z, cuDoubleComplex)
WARPSAFE_CUBLAS_LEVEL23_(S, float)
WARPSAFE_CUBLAS_LEVEL23_(D, double)
WARPSAFE_CUBLAS_LEVEL23_(C, cuComplex)
WARPSAFE_CUBLAS_LEVEL23_(Z, cuDoubleComplex)
WARPSAFE_CUBLAS_LU_BATCHED_(S, float)
WARPSAFE_CUBLAS_LU_BATCHED_(D, double)
WARPSAFE_CUBLAS_LU_BATCHED_(C, cuComplex)
WARPSAFE_CUBLAS_LU_BATCHED_(Z, cuDoubleComplex)
#undef WARPSAFE_CUBLAS_LEVEL1_
#undef WARPSAFE_CUBLAS_LEVEL23_
#undef WARPSAFE_CUBLAS_LU_BATCHED_

cublasStatus_t cublasSdot_v2(cublasHandle_t h, int n, const float* x, int incx, const float* y, int incy,
                             float* result);
cublasStatus_t cublasDdot_v2(cublasHandle_t h, int n, const double* x, int incx, const double* y, int incy,
                             double* result);
cublasStatus_t cublasCdotu_v2(cublasHandle_t h, int n, const cuComplex* x, int incx, const cuComplex* y, int incy,
                              cuComplex* result);
cublasStatus_t cublasCdotc_v2(cublasHandle_t h, int n, const cuComplex* x, int incx, const cuComplex* y, int incy,
                              cuComplex* result);
cublasStatus_t cublasZdotu_v2(cublasHandle_t h, int n, const cuDoubleComplex* x, int incx, const cuDoubleComplex* y,
                              int incy, cuDoubleComplex* result);
cublasStatus_t cublasZdotc_v2(cublasHandle_t h, int n, const cuDoubleComplex* x, int incx, const cuDoubleComplex* y,
                              int incy, cuDoubleComplex* result);
cublasStatus_t cublasSnrm2_v2(cublasHandle_t h, int n, const float* x, int incx, float* result);
cublasStatus_t cublasDnrm2_v2(cublasHandle_t h, int n, const double* x, int incx, double* result);
cublasStatus_t cublasScnrm2_v2(cublasHandle_t h, int n, const cuComplex* x, int incx, float* result);
cublasStatus_t cublasDznrm2_v2(cublasHandle_t h, int n, const cuDoubleComplex* x, int incx, double* result);
cublasStatus_t cublasSasum_v2(cublasHandle_t h, int n, const float* x, int incx, float* result);
cublasStatus_t cublasDasum_v2(cublasHandle_t h, int n, const double* x, int incx, double* result);
cublasStatus_t cublasScasum_v2(cublasHandle_t h, int n, const cuComplex* x, int incx, float* result);
cublasStatus_t cublasDzasum_v2(cublasHandle_t h, int n, const cuDoubleComplex* x, int incx, double* result);
cublasStatus_t cublasIsamax_v2(cublasHandle_t h, int n, const float* x, int incx, int* result);
cublasStatus_t cublasIdamax_v2(cublasHandle_t h, int n, const double* x, int incx, int* result);
cublasStatus_t cublasIcamax_v2(cublasHandle_t h, int n, const cuComplex* x, int incx, int* result);
cublasStatus_t cublasIzamax_v2(cublasHandle_t h, int n, const cuDoubleComplex* x, int incx, int* result);
cublasStatus_t cublasIsamin_v2(cublasHandle_t h, int n, const float* x, int incx, int* result);
cublasStatus_t cublasIdamin_v2(cublasHandle_t h, int n, const double* x, int incx, int* result);
cublasStatus_t cublasIcamin_v2(cublasHandle_t h, int n, const cuComplex* x, int incx, int* result);
cublasStatus_t cublasIzamin_v2(cublasHandle_t h, int n, const cuDoubleComplex* x, int incx, int* result);
cublasStatus_t cublasSscal_v2(cublasHandle_t h, int n, const float* alpha, float* x, int incx);
cublasStatus_t cublasDscal_v2(cublasHandle_t h, int n, const double* alpha, double* x, int incx);
cublasStatus_t cublasCscal_v2(cublasHandle_t h, int n, const cuComplex* alpha, cuComplex* x, int incx);
cublasStatus_t cublasZscal_v2(cublasHandle_t h, int n, const cuDoubleComplex* alpha, cuDoubleComplex* x, int incx);
cublasStatus_t cublasCsscal_v2(cublasHandle_t h, int n, const float* alpha, cuComplex* x, int incx);
cublasStatus_t cublasZdscal_v2(cublasHandle_t h, int n, const double* alpha, cuDoubleComplex* x, int incx);
cublasStatus_t cublasSger_v2(cublasHandle_t h, int m, int n, const float* alpha, const float* x, int incx,
                             const float* y, int incy, float* A, int lda);
cublasStatus_t cublasDger_v2(cublasHandle_t h, int m, int n, const double* alpha, const double* x, int incx,
                             const double* y, int incy, double* A, int lda);

// Level 2 and 3 routines of structured matrices (symmetric, Hermitian, triangular, banded,
// packed), the rotations and dgmm (engine/src/cublas/structured_level2.cpp, structured_level3.cpp,
// rotations.cpp). P is the letter, T the element type, R its real type.
#define WARPSAFE_CUBLAS_STRUCTURED_ALL_(P, T)                                                              \
  cublasStatus_t cublas##P##gbmv_v2(cublasHandle_t h, cublasOperation_t trans, int m, int n, int kl, int ku, \
                                    const T* alpha, const T* A, int lda, const T* x, int incx, const T* beta, \
                                    T* y, int incy);                                                         \
  cublasStatus_t cublas##P##trmv_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,        \
                                    cublasDiagType_t diag, int n, const T* A, int lda, T* x, int incx);      \
  cublasStatus_t cublas##P##tbmv_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,        \
                                    cublasDiagType_t diag, int n, int k, const T* A, int lda, T* x, int incx); \
  cublasStatus_t cublas##P##tpmv_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,        \
                                    cublasDiagType_t diag, int n, const T* AP, T* x, int incx);              \
  cublasStatus_t cublas##P##trsv_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,        \
                                    cublasDiagType_t diag, int n, const T* A, int lda, T* x, int incx);      \
  cublasStatus_t cublas##P##tbsv_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,        \
                                    cublasDiagType_t diag, int n, int k, const T* A, int lda, T* x, int incx); \
  cublasStatus_t cublas##P##tpsv_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,        \
                                    cublasDiagType_t diag, int n, const T* AP, T* x, int incx);              \
  cublasStatus_t cublas##P##symm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m,   \
                                    int n, const T* alpha, const T* A, int lda, const T* B, int ldb,         \
                                    const T* beta, T* C, int ldc);                                           \
  cublasStatus_t cublas##P##syrk_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, \
                                    int k, const T* alpha, const T* A, int lda, const T* beta, T* C, int ldc); \
  cublasStatus_t cublas##P##syr2k_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, \
                                     int k, const T* alpha, const T* A, int lda, const T* B, int ldb,        \
                                     const T* beta, T* C, int ldc);                                          \
  cublasStatus_t cublas##P##syrkx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n,   \
                                  int k, const T* alpha, const T* A, int lda, const T* B, int ldb,           \
                                  const T* beta, T* C, int ldc);                                             \
  cublasStatus_t cublas##P##trmm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,          \
                                    cublasOperation_t trans, cublasDiagType_t diag, int m, int n,            \
                                    const T* alpha, const T* A, int lda, const T* B, int ldb, T* C, int ldc); \
  cublasStatus_t cublas##P##dgmm(cublasHandle_t h, cublasSideMode_t mode, int m, int n, const T* A, int lda, \
                                 const T* x, int incx, T* C, int ldc);
#define WARPSAFE_CUBLAS_STRUCTURED_REAL_(P, T)                                                             \
  cublasStatus_t cublas##P##symv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha,          \
                                    const T* A, int lda, const T* x, int incx, const T* beta, T* y, int incy); \
  cublasStatus_t cublas##P##sbmv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, int k, const T* alpha,   \
                                    const T* A, int lda, const T* x, int incx, const T* beta, T* y, int incy); \
  cublasStatus_t cublas##P##spmv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha,          \
                                    const T* AP, const T* x, int incx, const T* beta, T* y, int incy);       \
  cublasStatus_t cublas##P##syr_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha, const T* x, \
                                   int incx, T* A, int lda);                                                 \
  cublasStatus_t cublas##P##syr2_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha,          \
                                    const T* x, int incx, const T* y, int incy, T* A, int lda);              \
  cublasStatus_t cublas##P##spr_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha, const T* x, \
                                   int incx, T* AP);                                                         \
  cublasStatus_t cublas##P##spr2_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha,          \
                                    const T* x, int incx, const T* y, int incy, T* AP);                      \
  cublasStatus_t cublas##P##rot_v2(cublasHandle_t h, int n, T* x, int incx, T* y, int incy, const T* c,      \
                                   const T* s);                                                              \
  cublasStatus_t cublas##P##rotg_v2(cublasHandle_t h, T* a, T* b, T* c, T* s);                               \
  cublasStatus_t cublas##P##rotm_v2(cublasHandle_t h, int n, T* x, int incx, T* y, int incy, const T* param); \
  cublasStatus_t cublas##P##rotmg_v2(cublasHandle_t h, T* d1, T* d2, T* x1, const T* y1, T* param);
#define WARPSAFE_CUBLAS_STRUCTURED_COMPLEX_(P, T, R, PR)                                                   \
  cublasStatus_t cublas##P##hemv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha,          \
                                    const T* A, int lda, const T* x, int incx, const T* beta, T* y, int incy); \
  cublasStatus_t cublas##P##hbmv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, int k, const T* alpha,   \
                                    const T* A, int lda, const T* x, int incx, const T* beta, T* y, int incy); \
  cublasStatus_t cublas##P##hpmv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha,          \
                                    const T* AP, const T* x, int incx, const T* beta, T* y, int incy);       \
  cublasStatus_t cublas##P##her_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const R* alpha, const T* x, \
                                   int incx, T* A, int lda);                                                 \
  cublasStatus_t cublas##P##her2_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha,          \
                                    const T* x, int incx, const T* y, int incy, T* A, int lda);              \
  cublasStatus_t cublas##P##hpr_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const R* alpha, const T* x, \
                                   int incx, T* AP);                                                         \
  cublasStatus_t cublas##P##hpr2_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha,          \
                                    const T* x, int incx, const T* y, int incy, T* AP);                      \
  cublasStatus_t cublas##P##geru_v2(cublasHandle_t h, int m, int n, const T* alpha, const T* x, int incx,    \
                                    const T* y, int incy, T* A, int lda);                                    \
  cublasStatus_t cublas##P##gerc_v2(cublasHandle_t h, int m, int n, const T* alpha, const T* x, int incx,    \
                                    const T* y, int incy, T* A, int lda);                                    \
  cublasStatus_t cublas##P##hemm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m,   \
                                    int n, const T* alpha, const T* A, int lda, const T* B, int ldb,         \
                                    const T* beta, T* C, int ldc);                                           \
  cublasStatus_t cublas##P##herk_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, \
                                    int k, const R* alpha, const T* A, int lda, const R* beta, T* C, int ldc); \
  cublasStatus_t cublas##P##her2k_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, \
                                     int k, const T* alpha, const T* A, int lda, const T* B, int ldb,        \
                                     const R* beta, T* C, int ldc);                                          \
  cublasStatus_t cublas##P##herkx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n,   \
                                  int k, const T* alpha, const T* A, int lda, const T* B, int ldb,           \
                                  const R* beta, T* C, int ldc);                                             \
  cublasStatus_t cublas##P##rot_v2(cublasHandle_t h, int n, T* x, int incx, T* y, int incy, const R* c,      \
                                   const T* s);                                                              \
  cublasStatus_t cublas##P##PR##rot_v2(cublasHandle_t h, int n, T* x, int incx, T* y, int incy, const R* c,  \
                                       const R* s);                                                          \
  cublasStatus_t cublas##P##rotg_v2(cublasHandle_t h, T* a, T* b, R* c, T* s);
WARPSAFE_CUBLAS_STRUCTURED_ALL_(S, float)
WARPSAFE_CUBLAS_STRUCTURED_ALL_(D, double)
WARPSAFE_CUBLAS_STRUCTURED_ALL_(C, cuComplex)
WARPSAFE_CUBLAS_STRUCTURED_ALL_(Z, cuDoubleComplex)
WARPSAFE_CUBLAS_STRUCTURED_REAL_(S, float)
WARPSAFE_CUBLAS_STRUCTURED_REAL_(D, double)
WARPSAFE_CUBLAS_STRUCTURED_COMPLEX_(C, cuComplex, float, s)
WARPSAFE_CUBLAS_STRUCTURED_COMPLEX_(Z, cuDoubleComplex, double, d)
#undef WARPSAFE_CUBLAS_STRUCTURED_ALL_
#undef WARPSAFE_CUBLAS_STRUCTURED_REAL_
#undef WARPSAFE_CUBLAS_STRUCTURED_COMPLEX_

// Settings of CUDA 13's floating-point emulation of gemm: kept on the handle and read back; the
// engine computes in the routine's own precision whatever they say (BLAS-11).
typedef enum {
  CUBLAS_EMULATION_STRATEGY_DEFAULT = 0,
  CUBLAS_EMULATION_STRATEGY_PERFORMANT = 1,
  CUBLAS_EMULATION_STRATEGY_EAGER = 2
} cublasEmulationStrategy_t;
cublasStatus_t cublasSetEmulationStrategy(cublasHandle_t h, cublasEmulationStrategy_t strategy);
cublasStatus_t cublasGetEmulationStrategy(cublasHandle_t h, cublasEmulationStrategy_t* strategy);
cublasStatus_t cublasSetEmulationSpecialValuesSupport(cublasHandle_t h, cudaEmulationSpecialValuesSupport mask);
cublasStatus_t cublasGetEmulationSpecialValuesSupport(cublasHandle_t h, cudaEmulationSpecialValuesSupport* mask);
cublasStatus_t cublasSetFixedPointEmulationMantissaControl(cublasHandle_t h, cudaEmulationMantissaControl control);
cublasStatus_t cublasGetFixedPointEmulationMantissaControl(cublasHandle_t h, cudaEmulationMantissaControl* control);
cublasStatus_t cublasSetFixedPointEmulationMaxMantissaBitCount(cublasHandle_t h, int count);
cublasStatus_t cublasGetFixedPointEmulationMaxMantissaBitCount(cublasHandle_t h, int* count);
cublasStatus_t cublasSetFixedPointEmulationMantissaBitOffset(cublasHandle_t h, int offset);
cublasStatus_t cublasGetFixedPointEmulationMantissaBitOffset(cublasHandle_t h, int* offset);

// Typed-pointer extensions of one precision, gemm3m, and packed/full triangular conversions
// (engine/src/cublas/extensions.cpp, BLAS-15).
cublasStatus_t cublasAxpyEx(cublasHandle_t h, int n, const void* alpha, cudaDataType alphaType, const void* x,
                            cudaDataType xType, int incx, void* y, cudaDataType yType, int incy,
                            cudaDataType executiontype);
cublasStatus_t cublasDotEx(cublasHandle_t h, int n, const void* x, cudaDataType xType, int incx, const void* y,
                           cudaDataType yType, int incy, void* result, cudaDataType resultType,
                           cudaDataType executionType);
cublasStatus_t cublasDotcEx(cublasHandle_t h, int n, const void* x, cudaDataType xType, int incx, const void* y,
                            cudaDataType yType, int incy, void* result, cudaDataType resultType,
                            cudaDataType executionType);
cublasStatus_t cublasNrm2Ex(cublasHandle_t h, int n, const void* x, cudaDataType xType, int incx, void* result,
                            cudaDataType resultType, cudaDataType executionType);
cublasStatus_t cublasScalEx(cublasHandle_t h, int n, const void* alpha, cudaDataType alphaType, void* x,
                            cudaDataType xType, int incx, cudaDataType executionType);
cublasStatus_t cublasRotEx(cublasHandle_t h, int n, void* x, cudaDataType xType, int incx, void* y, cudaDataType yType,
                           int incy, const void* c, const void* s, cudaDataType csType, cudaDataType executiontype);
cublasStatus_t cublasCherkEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, int k,
                             const float* alpha, const void* A, cudaDataType Atype, int lda, const float* beta, void* C,
                             cudaDataType Ctype, int ldc);
cublasStatus_t cublasCherk3mEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, int k,
                               const float* alpha, const void* A, cudaDataType Atype, int lda, const float* beta,
                               void* C, cudaDataType Ctype, int ldc);
cublasStatus_t cublasCsyrkEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, int k,
                             const cuComplex* alpha, const void* A, cudaDataType Atype, int lda, const cuComplex* beta,
                             void* C, cudaDataType Ctype, int ldc);
cublasStatus_t cublasCsyrk3mEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, int k,
                               const cuComplex* alpha, const void* A, cudaDataType Atype, int lda,
                               const cuComplex* beta, void* C, cudaDataType Ctype, int ldc);
cublasStatus_t cublasCgemm3m(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k,
                             const cuComplex* alpha, const cuComplex* A, int lda, const cuComplex* B, int ldb,
                             const cuComplex* beta, cuComplex* C, int ldc);
cublasStatus_t cublasZgemm3m(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k,
                             const cuDoubleComplex* alpha, const cuDoubleComplex* A, int lda, const cuDoubleComplex* B,
                             int ldb, const cuDoubleComplex* beta, cuDoubleComplex* C, int ldc);
#define WARPSAFE_CUBLAS_REPACK_(P, T)                                                                    \
  cublasStatus_t cublas##P##tpttr(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* AP, T* A, int lda); \
  cublasStatus_t cublas##P##trttp(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* A, int lda, T* AP);
WARPSAFE_CUBLAS_REPACK_(S, float)
WARPSAFE_CUBLAS_REPACK_(D, double)
WARPSAFE_CUBLAS_REPACK_(C, cuComplex)
WARPSAFE_CUBLAS_REPACK_(Z, cuDoubleComplex)
#undef WARPSAFE_CUBLAS_REPACK_

cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                            int k, const void* alpha, const void* A, cudaDataType Atype, int lda, const void* B,
                            cudaDataType Btype, int ldb, const void* beta, void* C, cudaDataType Ctype, int ldc,
                            cublasComputeType_t computeType, cublasGemmAlgo_t algo);
cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,
                                          int m, int n, int k, const void* alpha, const void* A, cudaDataType Atype,
                                          int lda, long long int strideA, const void* B, cudaDataType Btype,
                                          int ldb, long long int strideB, const void* beta, void* C,
                                          cudaDataType Ctype, int ldc, long long int strideC, int batchCount,
                                          cublasComputeType_t computeType, cublasGemmAlgo_t algo);
cublasStatus_t cublasGemmBatchedEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m,
                                   int n, int k, const void* alpha, const void* const Aarray[], cudaDataType Atype,
                                   int lda, const void* const Barray[], cudaDataType Btype, int ldb,
                                   const void* beta, void* const Carray[], cudaDataType Ctype, int ldc,
                                   int batchCount, cublasComputeType_t computeType, cublasGemmAlgo_t algo);
cublasStatus_t cublasHgemm(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                           int k, const __half* alpha, const __half* A, int lda, const __half* B, int ldb,
                           const __half* beta, __half* C, int ldc);

#ifdef __cplusplus
}  // extern "C"

// As in CUDA, C++ programs may pass CUDA's library-wide emulation strategy, whose values are the
// same as cuBLAS's own.
inline cublasStatus_t cublasSetEmulationStrategy(cublasHandle_t h, cudaEmulationStrategy strategy) {
  return cublasSetEmulationStrategy(h, static_cast<cublasEmulationStrategy_t>(strategy));
}
inline cublasStatus_t cublasGetEmulationStrategy(cublasHandle_t h, cudaEmulationStrategy* strategy) {
  return cublasGetEmulationStrategy(h, reinterpret_cast<cublasEmulationStrategy_t*>(strategy));
}

// Programs written for CUDA 10 pass the compute type of gemmEx as a cudaDataType; CUDA keeps an
// overload that maps it to the compute type of that precision, and so does this header.
inline cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                                   int k, const void* alpha, const void* A, cudaDataType Atype, int lda, const void* B,
                                   cudaDataType Btype, int ldb, const void* beta, void* C, cudaDataType Ctype, int ldc,
                                   cudaDataType computeType, cublasGemmAlgo_t algo) {
  cublasComputeType_t compute;
  switch (computeType) {
    case CUDA_R_32F: case CUDA_C_32F: compute = CUBLAS_COMPUTE_32F; break;
    case CUDA_R_64F: case CUDA_C_64F: compute = CUBLAS_COMPUTE_64F; break;
    case CUDA_R_16F: compute = CUBLAS_COMPUTE_16F; break;
    case CUDA_R_32I: compute = CUBLAS_COMPUTE_32I; break;
    default: return CUBLAS_STATUS_NOT_SUPPORTED;
  }
  return cublasGemmEx(h, transa, transb, m, n, k, alpha, A, Atype, lda, B, Btype, ldb, beta, C, Ctype, ldc, compute,
                      algo);
}

// The routines cuBLAS declares that the engine does not provide: naming one in a program stops the
// build with this message (the template is only instantiated by a call).
#define WARPSAFE_CUBLAS_REFUSED_(name)                                                                  \
  template <class... Args>                                                                            \
  cublasStatus_t name(Args...) {                                                                      \
    static_assert(sizeof...(Args) == 0 && sizeof...(Args) != 0,                                      \
                  "warpsafe: " #name " is not provided by warpsafe's cuBLAS (docs/semantics/libraries.md)"); \
    return CUBLAS_STATUS_NOT_SUPPORTED;                                                               \
  }
#define WARPSAFE_CUBLAS_REFUSED_SDCZ_(stem) \
  WARPSAFE_CUBLAS_REFUSED_(cublasS##stem)    \
  WARPSAFE_CUBLAS_REFUSED_(cublasD##stem)    \
  WARPSAFE_CUBLAS_REFUSED_(cublasC##stem)    \
  WARPSAFE_CUBLAS_REFUSED_(cublasZ##stem)
WARPSAFE_CUBLAS_REFUSED_(cublasCsymv_v2)
WARPSAFE_CUBLAS_REFUSED_(cublasZsymv_v2)
WARPSAFE_CUBLAS_REFUSED_(cublasCsyr_v2)
WARPSAFE_CUBLAS_REFUSED_(cublasZsyr_v2)
WARPSAFE_CUBLAS_REFUSED_(cublasCsyr2_v2)
WARPSAFE_CUBLAS_REFUSED_(cublasZsyr2_v2)
WARPSAFE_CUBLAS_REFUSED_(cublasSgemmEx)
WARPSAFE_CUBLAS_REFUSED_(cublasHgemmBatched)
WARPSAFE_CUBLAS_REFUSED_(cublasHgemmStridedBatched)
WARPSAFE_CUBLAS_REFUSED_(cublasSetLoggerCallback)
#undef WARPSAFE_CUBLAS_REFUSED_SDCZ_
#endif  // __cplusplus
