// The descriptors of the generic API: a CSR matrix, a dense vector, a dense matrix. Creating one
// checks its shape only; the memory it names is checked by the call that uses it, as on the GPU.
#include "cusparse/context.h"

namespace cs = warpsafe::engine::cusparse;

extern "C" {

cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t* spMatDescr, int64_t rows, int64_t cols, int64_t nnz,
                                   void* csrRowOffsets, void* csrColInd, void* csrValues,
                                   cusparseIndexType_t csrRowOffsetsType, cusparseIndexType_t csrColIndType,
                                   cusparseIndexBase_t idxBase, cudaDataType valueType) {
  if (spMatDescr == nullptr || rows < 0 || cols < 0 || nnz < 0 || nnz > rows * cols)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (idxBase != CUSPARSE_INDEX_BASE_ZERO && idxBase != CUSPARSE_INDEX_BASE_ONE) return CUSPARSE_STATUS_INVALID_VALUE;
  if (csrRowOffsets == nullptr && rows > 0) return CUSPARSE_STATUS_INVALID_VALUE;
  if (nnz > 0 && (csrColInd == nullptr || csrValues == nullptr)) return CUSPARSE_STATUS_INVALID_VALUE;
  if (cs::IndexBytes(csrRowOffsetsType) == 0 || cs::IndexBytes(csrColIndType) == 0)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  auto* d = new cusparseSpMatDescr();
  d->rows = rows;
  d->cols = cols;
  d->nnz = nnz;
  d->offsets = csrRowOffsets;
  d->columns = csrColInd;
  d->values = csrValues;
  d->offset_type = csrRowOffsetsType;
  d->column_type = csrColIndType;
  d->base = idxBase;
  d->type = valueType;
  *spMatDescr = d;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateConstCsr(cusparseConstSpMatDescr_t* spMatDescr, int64_t rows, int64_t cols,
                                        int64_t nnz, const void* csrRowOffsets, const void* csrColInd,
                                        const void* csrValues, cusparseIndexType_t csrRowOffsetsType,
                                        cusparseIndexType_t csrColIndType, cusparseIndexBase_t idxBase,
                                        cudaDataType valueType) {
  if (spMatDescr == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  cusparseSpMatDescr_t d = nullptr;
  const cusparseStatus_t s =
      cusparseCreateCsr(&d, rows, cols, nnz, const_cast<void*>(csrRowOffsets), const_cast<void*>(csrColInd),
                        const_cast<void*>(csrValues), csrRowOffsetsType, csrColIndType, idxBase, valueType);
  if (s == CUSPARSE_STATUS_SUCCESS) *spMatDescr = d;
  return s;
}

cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t spMatDescr) {
  delete spMatDescr;  // a null descriptor is accepted, as CUDA accepts it
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetSize(cusparseConstSpMatDescr_t d, int64_t* rows, int64_t* cols, int64_t* nnz) {
  if (d == nullptr || rows == nullptr || cols == nullptr || nnz == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  *rows = d->rows;
  *cols = d->cols;
  *nnz = d->nnz;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetFormat(cusparseConstSpMatDescr_t d, cusparseFormat_t* format) {
  if (d == nullptr || format == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  *format = CUSPARSE_FORMAT_CSR;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetIndexBase(cusparseConstSpMatDescr_t d, cusparseIndexBase_t* idxBase) {
  if (d == nullptr || idxBase == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  *idxBase = d->base;
  return CUSPARSE_STATUS_SUCCESS;
}

// The attribute is an enumeration passed by address with its size, which must be that enumeration's.
// Setting stores the value without checking it against the enumeration, as the GPU does (a solve
// then refuses it: spsv.cpp).
cusparseStatus_t cusparseSpMatGetAttribute(cusparseConstSpMatDescr_t d, cusparseSpMatAttribute_t attribute, void* data,
                                           size_t dataSize) {
  if (d == nullptr || data == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  if (attribute == CUSPARSE_SPMAT_FILL_MODE && dataSize == sizeof(cusparseFillMode_t)) {
    *static_cast<cusparseFillMode_t*>(data) = d->fill;
    return CUSPARSE_STATUS_SUCCESS;
  }
  if (attribute == CUSPARSE_SPMAT_DIAG_TYPE && dataSize == sizeof(cusparseDiagType_t)) {
    *static_cast<cusparseDiagType_t*>(data) = d->diag;
    return CUSPARSE_STATUS_SUCCESS;
  }
  return CUSPARSE_STATUS_INVALID_VALUE;
}

cusparseStatus_t cusparseSpMatSetAttribute(cusparseSpMatDescr_t d, cusparseSpMatAttribute_t attribute, void* data,
                                           size_t dataSize) {
  if (d == nullptr || data == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  if (attribute == CUSPARSE_SPMAT_FILL_MODE && dataSize == sizeof(cusparseFillMode_t)) {
    d->fill = *static_cast<const cusparseFillMode_t*>(data);
    return CUSPARSE_STATUS_SUCCESS;
  }
  if (attribute == CUSPARSE_SPMAT_DIAG_TYPE && dataSize == sizeof(cusparseDiagType_t)) {
    d->diag = *static_cast<const cusparseDiagType_t*>(data);
    return CUSPARSE_STATUS_SUCCESS;
  }
  return CUSPARSE_STATUS_INVALID_VALUE;
}

cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t d, void* csrRowOffsets, void* csrColInd,
                                        void* csrValues) {
  if (d == nullptr || csrRowOffsets == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  d->offsets = csrRowOffsets;
  d->columns = csrColInd;
  d->values = csrValues;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t* dnVecDescr, int64_t size, void* values,
                                     cudaDataType valueType) {
  if (dnVecDescr == nullptr || size < 0 || (size > 0 && values == nullptr)) return CUSPARSE_STATUS_INVALID_VALUE;
  auto* d = new cusparseDnVecDescr();
  d->size = size;
  d->values = values;
  d->type = valueType;
  *dnVecDescr = d;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateConstDnVec(cusparseConstDnVecDescr_t* dnVecDescr, int64_t size, const void* values,
                                          cudaDataType valueType) {
  if (dnVecDescr == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  cusparseDnVecDescr_t d = nullptr;
  const cusparseStatus_t s = cusparseCreateDnVec(&d, size, const_cast<void*>(values), valueType);
  if (s == CUSPARSE_STATUS_SUCCESS) *dnVecDescr = d;
  return s;
}

cusparseStatus_t cusparseDestroyDnVec(cusparseConstDnVecDescr_t dnVecDescr) {
  delete dnVecDescr;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t d, void** values) {
  if (d == nullptr || values == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  *values = d->values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t d, void* values) {
  if (d == nullptr || values == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  d->values = values;
  return CUSPARSE_STATUS_SUCCESS;
}

// The leading dimension holds a column (column order) or a row (row order): at least that many.
cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t* dnMatDescr, int64_t rows, int64_t cols, int64_t ld,
                                     void* values, cudaDataType valueType, cusparseOrder_t order) {
  if (dnMatDescr == nullptr || rows < 0 || cols < 0) return CUSPARSE_STATUS_INVALID_VALUE;
  if (order != CUSPARSE_ORDER_COL && order != CUSPARSE_ORDER_ROW) return CUSPARSE_STATUS_INVALID_VALUE;
  if (ld < (order == CUSPARSE_ORDER_COL ? rows : cols) || (rows > 0 && cols > 0 && values == nullptr))
    return CUSPARSE_STATUS_INVALID_VALUE;
  auto* d = new cusparseDnMatDescr();
  d->rows = rows;
  d->cols = cols;
  d->ld = ld;
  d->values = values;
  d->type = valueType;
  d->order = order;
  *dnMatDescr = d;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateConstDnMat(cusparseConstDnMatDescr_t* dnMatDescr, int64_t rows, int64_t cols,
                                          int64_t ld, const void* values, cudaDataType valueType,
                                          cusparseOrder_t order) {
  if (dnMatDescr == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  cusparseDnMatDescr_t d = nullptr;
  const cusparseStatus_t s = cusparseCreateDnMat(&d, rows, cols, ld, const_cast<void*>(values), valueType, order);
  if (s == CUSPARSE_STATUS_SUCCESS) *dnMatDescr = d;
  return s;
}

cusparseStatus_t cusparseDestroyDnMat(cusparseConstDnMatDescr_t dnMatDescr) {
  delete dnMatDescr;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnMatGetValues(cusparseDnMatDescr_t d, void** values) {
  if (d == nullptr || values == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  *values = d->values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnMatSetValues(cusparseDnMatDescr_t d, void* values) {
  if (d == nullptr || values == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  d->values = values;
  return CUSPARSE_STATUS_SUCCESS;
}

}  // extern "C"
