// CUDA's cusparse.h: the generic API of cuSPARSE as warpsafe provides it (engine/src/cusparse):
// handles and streams, CSR matrices and dense vectors and matrices as descriptors, and the products
// SpMV (y = alpha op(A) x + beta y) and SpMM (C = alpha op(A) op(B) + beta C) in single and double
// precision, with 32- or 64-bit indices, base 0 or 1, and A transposed or not; the triangular solve
// SpSV and, from the legacy API, its matrix descriptor and the ILU(0) factorization csrilu02 in
// single and double precision. Device pointers on the engine are host addresses: a call computes
// in place and completes before it returns, one legal order of work issued to an in-order stream.
//
// What warpsafe does not provide is declared below as templates that fail to compile with a message
// naming the function, so a program that calls one stops at build time
// (docs/semantics/libraries.md).
#pragma once

// The toolkit header's include guard: error-checking helpers test it to declare their overloads
// for this library's status codes.
#define CUSPARSE_H_

#ifdef __cplusplus
#include <cstddef>
#include <cstdint>

#include "cuComplex.h"
#include "cuda_bf16.h"
#include "cuda_fp16.h"
#else
// C (a host .c file, docs/semantics/c_sources.md): the C-linkage functions and their C types.
#include <stddef.h>
#include <stdint.h>

#include "cuComplex.h"
#endif
#include "driver_types.h"
#include "library_types.h"

#define CUSPARSE_VER_MAJOR 12
#define CUSPARSE_VER_MINOR 6
#define CUSPARSE_VER_PATCH 3
#define CUSPARSE_VER_BUILD 3
#define CUSPARSE_VERSION (CUSPARSE_VER_MAJOR * 1000 + CUSPARSE_VER_MINOR * 100 + CUSPARSE_VER_PATCH)
#define CUSPARSEAPI

typedef enum {
  CUSPARSE_STATUS_SUCCESS = 0,
  CUSPARSE_STATUS_NOT_INITIALIZED = 1,
  CUSPARSE_STATUS_ALLOC_FAILED = 2,
  CUSPARSE_STATUS_INVALID_VALUE = 3,
  CUSPARSE_STATUS_ARCH_MISMATCH = 4,
  CUSPARSE_STATUS_MAPPING_ERROR = 5,
  CUSPARSE_STATUS_EXECUTION_FAILED = 6,
  CUSPARSE_STATUS_INTERNAL_ERROR = 7,
  CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
  CUSPARSE_STATUS_ZERO_PIVOT = 9,
  CUSPARSE_STATUS_NOT_SUPPORTED = 10,
  CUSPARSE_STATUS_INSUFFICIENT_RESOURCES = 11
} cusparseStatus_t;

typedef enum { CUSPARSE_POINTER_MODE_HOST = 0, CUSPARSE_POINTER_MODE_DEVICE = 1 } cusparsePointerMode_t;
typedef enum { CUSPARSE_INDEX_BASE_ZERO = 0, CUSPARSE_INDEX_BASE_ONE = 1 } cusparseIndexBase_t;
typedef enum {
  CUSPARSE_OPERATION_NON_TRANSPOSE = 0,
  CUSPARSE_OPERATION_TRANSPOSE = 1,
  CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE = 2
} cusparseOperation_t;
typedef enum { CUSPARSE_ORDER_COL = 1, CUSPARSE_ORDER_ROW = 2 } cusparseOrder_t;
typedef enum { CUSPARSE_INDEX_16U = 1, CUSPARSE_INDEX_32I = 2, CUSPARSE_INDEX_64I = 3 } cusparseIndexType_t;
typedef enum {
  CUSPARSE_FORMAT_CSR = 1,
  CUSPARSE_FORMAT_CSC = 2,
  CUSPARSE_FORMAT_COO = 3,
  CUSPARSE_FORMAT_BLOCKED_ELL = 5,
  CUSPARSE_FORMAT_BSR = 6,
  CUSPARSE_FORMAT_SLICED_ELLPACK = 7
} cusparseFormat_t;
typedef enum {
  CUSPARSE_SPMV_ALG_DEFAULT = 0,
  CUSPARSE_SPMV_COO_ALG1 = 1,
  CUSPARSE_SPMV_CSR_ALG1 = 2,
  CUSPARSE_SPMV_CSR_ALG2 = 3,
  CUSPARSE_SPMV_COO_ALG2 = 4,
  CUSPARSE_SPMV_SELL_ALG1 = 5,
  CUSPARSE_SPMV_BSR_ALG1 = 6
} cusparseSpMVAlg_t;
typedef enum {
  CUSPARSE_SPMM_ALG_DEFAULT = 0,
  CUSPARSE_SPMM_COO_ALG1 = 1,
  CUSPARSE_SPMM_COO_ALG2 = 2,
  CUSPARSE_SPMM_COO_ALG3 = 3,
  CUSPARSE_SPMM_CSR_ALG1 = 4,
  CUSPARSE_SPMM_COO_ALG4 = 5,
  CUSPARSE_SPMM_CSR_ALG2 = 6,
  CUSPARSE_SPMM_CSR_ALG3 = 12,
  CUSPARSE_SPMM_BLOCKED_ELL_ALG1 = 13,
  CUSPARSE_SPMM_BSR_ALG1 = 14
} cusparseSpMMAlg_t;
// The legacy API's matrix descriptor (type, triangle, diagonal, base), read by the incomplete
// factorizations.
typedef enum {
  CUSPARSE_MATRIX_TYPE_GENERAL = 0,
  CUSPARSE_MATRIX_TYPE_SYMMETRIC = 1,
  CUSPARSE_MATRIX_TYPE_HERMITIAN = 2,
  CUSPARSE_MATRIX_TYPE_TRIANGULAR = 3
} cusparseMatrixType_t;
typedef enum { CUSPARSE_FILL_MODE_LOWER = 0, CUSPARSE_FILL_MODE_UPPER = 1 } cusparseFillMode_t;
typedef enum { CUSPARSE_DIAG_TYPE_NON_UNIT = 0, CUSPARSE_DIAG_TYPE_UNIT = 1 } cusparseDiagType_t;
typedef enum { CUSPARSE_SOLVE_POLICY_NO_LEVEL = 0, CUSPARSE_SOLVE_POLICY_USE_LEVEL = 1 } cusparseSolvePolicy_t;
// A generic matrix's attributes: the triangle and diagonal a triangular solve reads.
typedef enum { CUSPARSE_SPMAT_FILL_MODE = 0, CUSPARSE_SPMAT_DIAG_TYPE = 1 } cusparseSpMatAttribute_t;
typedef enum { CUSPARSE_SPSV_ALG_DEFAULT = 0 } cusparseSpSVAlg_t;
typedef enum { CUSPARSE_SPSV_UPDATE_GENERAL = 0, CUSPARSE_SPSV_UPDATE_DIAGONAL = 1 } cusparseSpSVUpdate_t;

struct cusparseContext;
typedef struct cusparseContext* cusparseHandle_t;
typedef struct cusparseMatDescr* cusparseMatDescr_t;
typedef struct cusparseSpVecDescr* cusparseSpVecDescr_t;
typedef struct cusparseDnVecDescr* cusparseDnVecDescr_t;
typedef struct cusparseSpMatDescr* cusparseSpMatDescr_t;
typedef struct cusparseDnMatDescr* cusparseDnMatDescr_t;
typedef struct cusparseSpVecDescr const* cusparseConstSpVecDescr_t;
typedef struct cusparseDnVecDescr const* cusparseConstDnVecDescr_t;
typedef struct cusparseSpMatDescr const* cusparseConstSpMatDescr_t;
typedef struct cusparseDnMatDescr const* cusparseConstDnMatDescr_t;
typedef struct cusparseSpGEMMDescr* cusparseSpGEMMDescr_t;
typedef struct cusparseSpSVDescr* cusparseSpSVDescr_t;
typedef struct cusparseSpSMDescr* cusparseSpSMDescr_t;
typedef struct csrilu02Info* csrilu02Info_t;
typedef struct csric02Info* csric02Info_t;

#ifdef __cplusplus
extern "C" {
#endif

cusparseStatus_t cusparseCreate(cusparseHandle_t* handle);
cusparseStatus_t cusparseDestroy(cusparseHandle_t handle);
cusparseStatus_t cusparseGetVersion(cusparseHandle_t handle, int* version);
cusparseStatus_t cusparseGetProperty(libraryPropertyType type, int* value);
const char* cusparseGetErrorName(cusparseStatus_t status);
const char* cusparseGetErrorString(cusparseStatus_t status);
cusparseStatus_t cusparseSetStream(cusparseHandle_t handle, cudaStream_t streamId);
cusparseStatus_t cusparseGetStream(cusparseHandle_t handle, cudaStream_t* streamId);
cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t* mode);
cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t mode);

cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t* spMatDescr, int64_t rows, int64_t cols, int64_t nnz,
                                   void* csrRowOffsets, void* csrColInd, void* csrValues,
                                   cusparseIndexType_t csrRowOffsetsType, cusparseIndexType_t csrColIndType,
                                   cusparseIndexBase_t idxBase, cudaDataType valueType);
cusparseStatus_t cusparseCreateConstCsr(cusparseConstSpMatDescr_t* spMatDescr, int64_t rows, int64_t cols,
                                        int64_t nnz, const void* csrRowOffsets, const void* csrColInd,
                                        const void* csrValues, cusparseIndexType_t csrRowOffsetsType,
                                        cusparseIndexType_t csrColIndType, cusparseIndexBase_t idxBase,
                                        cudaDataType valueType);
cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t spMatDescr);
cusparseStatus_t cusparseSpMatGetSize(cusparseConstSpMatDescr_t spMatDescr, int64_t* rows, int64_t* cols,
                                      int64_t* nnz);
cusparseStatus_t cusparseSpMatGetFormat(cusparseConstSpMatDescr_t spMatDescr, cusparseFormat_t* format);
cusparseStatus_t cusparseSpMatGetIndexBase(cusparseConstSpMatDescr_t spMatDescr, cusparseIndexBase_t* idxBase);
cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t spMatDescr, void* csrRowOffsets, void* csrColInd,
                                        void* csrValues);

cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t* dnVecDescr, int64_t size, void* values,
                                     cudaDataType valueType);
cusparseStatus_t cusparseCreateConstDnVec(cusparseConstDnVecDescr_t* dnVecDescr, int64_t size, const void* values,
                                          cudaDataType valueType);
cusparseStatus_t cusparseDestroyDnVec(cusparseConstDnVecDescr_t dnVecDescr);
cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t dnVecDescr, void** values);
cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t dnVecDescr, void* values);

cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t* dnMatDescr, int64_t rows, int64_t cols, int64_t ld,
                                     void* values, cudaDataType valueType, cusparseOrder_t order);
cusparseStatus_t cusparseCreateConstDnMat(cusparseConstDnMatDescr_t* dnMatDescr, int64_t rows, int64_t cols,
                                          int64_t ld, const void* values, cudaDataType valueType,
                                          cusparseOrder_t order);
cusparseStatus_t cusparseDestroyDnMat(cusparseConstDnMatDescr_t dnMatDescr);
cusparseStatus_t cusparseDnMatGetValues(cusparseDnMatDescr_t dnMatDescr, void** values);
cusparseStatus_t cusparseDnMatSetValues(cusparseDnMatDescr_t dnMatDescr, void* values);

cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA, const void* alpha,
                                         cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                                         const void* beta, cusparseDnVecDescr_t vecY, cudaDataType computeType,
                                         cusparseSpMVAlg_t alg, size_t* bufferSize);
cusparseStatus_t cusparseSpMV_preprocess(cusparseHandle_t handle, cusparseOperation_t opA, const void* alpha,
                                         cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                                         const void* beta, cusparseDnVecDescr_t vecY, cudaDataType computeType,
                                         cusparseSpMVAlg_t alg, void* externalBuffer);
cusparseStatus_t cusparseSpMV(cusparseHandle_t handle, cusparseOperation_t opA, const void* alpha,
                              cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX, const void* beta,
                              cusparseDnVecDescr_t vecY, cudaDataType computeType, cusparseSpMVAlg_t alg,
                              void* externalBuffer);
cusparseStatus_t cusparseSpMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                                         const void* alpha, cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnMatDescr_t matB, const void* beta,
                                         cusparseDnMatDescr_t matC, cudaDataType computeType,
                                         cusparseSpMMAlg_t alg, size_t* bufferSize);
cusparseStatus_t cusparseSpMM_preprocess(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                                         const void* alpha, cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnMatDescr_t matB, const void* beta,
                                         cusparseDnMatDescr_t matC, cudaDataType computeType,
                                         cusparseSpMMAlg_t alg, void* externalBuffer);
cusparseStatus_t cusparseSpMM(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                              const void* alpha, cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                              const void* beta, cusparseDnMatDescr_t matC, cudaDataType computeType,
                              cusparseSpMMAlg_t alg, void* externalBuffer);

// The legacy matrix descriptor. A new one is general, lower, non-unit, base zero.
cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t* descrA);
cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t descrA, cusparseMatrixType_t type);
cusparseMatrixType_t cusparseGetMatType(const cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatFillMode(cusparseMatDescr_t descrA, cusparseFillMode_t fillMode);
cusparseFillMode_t cusparseGetMatFillMode(const cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatDiagType(cusparseMatDescr_t descrA, cusparseDiagType_t diagType);
cusparseDiagType_t cusparseGetMatDiagType(const cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t descrA, cusparseIndexBase_t base);
cusparseIndexBase_t cusparseGetMatIndexBase(const cusparseMatDescr_t descrA);

cusparseStatus_t cusparseSpMatGetAttribute(cusparseConstSpMatDescr_t spMatDescr, cusparseSpMatAttribute_t attribute,
                                           void* data, size_t dataSize);
cusparseStatus_t cusparseSpMatSetAttribute(cusparseSpMatDescr_t spMatDescr, cusparseSpMatAttribute_t attribute,
                                           void* data, size_t dataSize);

// The triangular solve op(A) y = alpha x, A's triangle named by its fill-mode attribute.
cusparseStatus_t cusparseSpSV_createDescr(cusparseSpSVDescr_t* descr);
cusparseStatus_t cusparseSpSV_destroyDescr(cusparseSpSVDescr_t descr);
cusparseStatus_t cusparseSpSV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA, const void* alpha,
                                         cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                                         cusparseDnVecDescr_t vecY, cudaDataType computeType, cusparseSpSVAlg_t alg,
                                         cusparseSpSVDescr_t spsvDescr, size_t* bufferSize);
cusparseStatus_t cusparseSpSV_analysis(cusparseHandle_t handle, cusparseOperation_t opA, const void* alpha,
                                       cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                                       cusparseDnVecDescr_t vecY, cudaDataType computeType, cusparseSpSVAlg_t alg,
                                       cusparseSpSVDescr_t spsvDescr, void* externalBuffer);
cusparseStatus_t cusparseSpSV_solve(cusparseHandle_t handle, cusparseOperation_t opA, const void* alpha,
                                    cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                                    cusparseDnVecDescr_t vecY, cudaDataType computeType, cusparseSpSVAlg_t alg,
                                    cusparseSpSVDescr_t spsvDescr);

// Incomplete LU with no fill, ILU(0), of a CSR matrix with 32-bit indices, in place.
cusparseStatus_t cusparseCreateCsrilu02Info(csrilu02Info_t* info);
cusparseStatus_t cusparseDestroyCsrilu02Info(csrilu02Info_t info);
cusparseStatus_t cusparseXcsrilu02_zeroPivot(cusparseHandle_t handle, csrilu02Info_t info, int* position);
cusparseStatus_t cusparseScsrilu02_bufferSize(cusparseHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                             float* csrSortedValA, const int* csrSortedRowPtrA,
                                             const int* csrSortedColIndA, csrilu02Info_t info,
                                             int* pBufferSizeInBytes);
cusparseStatus_t cusparseScsrilu02_analysis(cusparseHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                           const float* csrSortedValA, const int* csrSortedRowPtrA,
                                           const int* csrSortedColIndA, csrilu02Info_t info,
                                           cusparseSolvePolicy_t policy, void* pBuffer);
cusparseStatus_t cusparseScsrilu02(cusparseHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                  float* csrSortedValA_valM, const int* csrSortedRowPtrA, const int* csrSortedColIndA,
                                  csrilu02Info_t info, cusparseSolvePolicy_t policy, void* pBuffer);
cusparseStatus_t cusparseDcsrilu02_bufferSize(cusparseHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                             double* csrSortedValA, const int* csrSortedRowPtrA,
                                             const int* csrSortedColIndA, csrilu02Info_t info,
                                             int* pBufferSizeInBytes);
cusparseStatus_t cusparseDcsrilu02_analysis(cusparseHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                           const double* csrSortedValA, const int* csrSortedRowPtrA,
                                           const int* csrSortedColIndA, csrilu02Info_t info,
                                           cusparseSolvePolicy_t policy, void* pBuffer);
cusparseStatus_t cusparseDcsrilu02(cusparseHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                  double* csrSortedValA_valM, const int* csrSortedRowPtrA, const int* csrSortedColIndA,
                                  csrilu02Info_t info, cusparseSolvePolicy_t policy, void* pBuffer);

#ifdef __cplusplus
}  // extern "C"
#endif

#ifdef __cplusplus
extern "C" {
#endif
// Sparse vectors, and the moves between them and dense vectors (engine/src/cusparse/sparse_vector.cpp).
cusparseStatus_t cusparseCreateSpVec(cusparseSpVecDescr_t* spVecDescr, int64_t size, int64_t nnz, void* indices,
                                     void* values, cusparseIndexType_t idxType, cusparseIndexBase_t idxBase,
                                     cudaDataType valueType);
cusparseStatus_t cusparseDestroySpVec(cusparseConstSpVecDescr_t spVecDescr);
cusparseStatus_t cusparseScatter(cusparseHandle_t handle, cusparseConstSpVecDescr_t vecX, cusparseDnVecDescr_t vecY);
cusparseStatus_t cusparseGather(cusparseHandle_t handle, cusparseConstDnVecDescr_t vecY, cusparseSpVecDescr_t vecX);
#ifdef __cplusplus
}  // extern "C"
#endif

#ifdef __cplusplus
// What cuSPARSE declares and the engine does not provide: naming one in a program stops the build
// with this message (the template is only instantiated by a call).
#define WARPSAFE_CUSPARSE_REFUSED_(name)                                                                    \
  template <class... Args>                                                                                \
  cusparseStatus_t name(Args...) {                                                                        \
    static_assert(sizeof...(Args) == 0 && sizeof...(Args) != 0,                                          \
                  "warpsafe: " #name " is not provided by warpsafe's cuSPARSE (docs/semantics/libraries.md)"); \
    return CUSPARSE_STATUS_NOT_SUPPORTED;                                                                 \
  }
WARPSAFE_CUSPARSE_REFUSED_(cusparseCreateCoo)
WARPSAFE_CUSPARSE_REFUSED_(cusparseCreateCsc)
WARPSAFE_CUSPARSE_REFUSED_(cusparseCreateBsr)
WARPSAFE_CUSPARSE_REFUSED_(cusparseCreateBlockedEll)
WARPSAFE_CUSPARSE_REFUSED_(cusparseCreateSlicedEll)
WARPSAFE_CUSPARSE_REFUSED_(cusparseSpVV)
WARPSAFE_CUSPARSE_REFUSED_(cusparseAxpby)
WARPSAFE_CUSPARSE_REFUSED_(cusparseSpGEMM_createDescr)
WARPSAFE_CUSPARSE_REFUSED_(cusparseSpGEMM_workEstimation)
WARPSAFE_CUSPARSE_REFUSED_(cusparseSpGEMM_compute)
WARPSAFE_CUSPARSE_REFUSED_(cusparseSpGEMM_copy)
WARPSAFE_CUSPARSE_REFUSED_(cusparseSpGEMMreuse_workEstimation)
WARPSAFE_CUSPARSE_REFUSED_(cusparseSpSM_createDescr)
WARPSAFE_CUSPARSE_REFUSED_(cusparseSpSM_bufferSize)
WARPSAFE_CUSPARSE_REFUSED_(cusparseSpSM_analysis)
WARPSAFE_CUSPARSE_REFUSED_(cusparseSpSM_solve)
WARPSAFE_CUSPARSE_REFUSED_(cusparseSDDMM_bufferSize)
WARPSAFE_CUSPARSE_REFUSED_(cusparseSDDMM)
WARPSAFE_CUSPARSE_REFUSED_(cusparseSparseToDense_bufferSize)
WARPSAFE_CUSPARSE_REFUSED_(cusparseSparseToDense)
WARPSAFE_CUSPARSE_REFUSED_(cusparseDenseToSparse_bufferSize)
WARPSAFE_CUSPARSE_REFUSED_(cusparseDenseToSparse_analysis)
WARPSAFE_CUSPARSE_REFUSED_(cusparseDenseToSparse_convert)
WARPSAFE_CUSPARSE_REFUSED_(cusparseCsr2cscEx2_bufferSize)
WARPSAFE_CUSPARSE_REFUSED_(cusparseCsr2cscEx2)
WARPSAFE_CUSPARSE_REFUSED_(cusparseXcoo2csr)
WARPSAFE_CUSPARSE_REFUSED_(cusparseXcsr2coo)
WARPSAFE_CUSPARSE_REFUSED_(cusparseScsrmv)
WARPSAFE_CUSPARSE_REFUSED_(cusparseDcsrmv)
WARPSAFE_CUSPARSE_REFUSED_(cusparseScsrmm)
WARPSAFE_CUSPARSE_REFUSED_(cusparseDcsrmm)
WARPSAFE_CUSPARSE_REFUSED_(cusparseSnnz)
WARPSAFE_CUSPARSE_REFUSED_(cusparseDnnz)
WARPSAFE_CUSPARSE_REFUSED_(cusparseSdense2csr)
WARPSAFE_CUSPARSE_REFUSED_(cusparseDdense2csr)
WARPSAFE_CUSPARSE_REFUSED_(cusparseSpSV_updateMatrix)
WARPSAFE_CUSPARSE_REFUSED_(cusparseCcsrilu02)
WARPSAFE_CUSPARSE_REFUSED_(cusparseZcsrilu02)
WARPSAFE_CUSPARSE_REFUSED_(cusparseScsrilu02_numericBoost)
WARPSAFE_CUSPARSE_REFUSED_(cusparseDcsrilu02_numericBoost)
WARPSAFE_CUSPARSE_REFUSED_(cusparseCreateCsric02Info)
WARPSAFE_CUSPARSE_REFUSED_(cusparseScsric02)
WARPSAFE_CUSPARSE_REFUSED_(cusparseDcsric02)
WARPSAFE_CUSPARSE_REFUSED_(cusparseScsrsv2_solve)
WARPSAFE_CUSPARSE_REFUSED_(cusparseDcsrsv2_solve)
#undef WARPSAFE_CUSPARSE_REFUSED_
#endif  // __cplusplus
