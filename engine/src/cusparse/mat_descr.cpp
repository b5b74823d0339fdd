// The legacy API's matrix descriptor: a matrix's type, triangle, diagonal and index base, which the
// incomplete factorizations read (csrilu02.cpp). A value outside its enumeration gives
// CUSPARSE_STATUS_INVALID_VALUE and leaves the descriptor as it was.
#include "cusparse/context.h"

extern "C" {

cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t* descrA) {
  if (descrA == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  *descrA = new cusparseMatDescr();
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t descrA) {
  delete descrA;  // a null descriptor is accepted
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t descrA, cusparseMatrixType_t type) {
  if (descrA == nullptr || type < CUSPARSE_MATRIX_TYPE_GENERAL || type > CUSPARSE_MATRIX_TYPE_TRIANGULAR)
    return CUSPARSE_STATUS_INVALID_VALUE;
  descrA->type = type;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetMatFillMode(cusparseMatDescr_t descrA, cusparseFillMode_t fillMode) {
  if (descrA == nullptr || (fillMode != CUSPARSE_FILL_MODE_LOWER && fillMode != CUSPARSE_FILL_MODE_UPPER))
    return CUSPARSE_STATUS_INVALID_VALUE;
  descrA->fill = fillMode;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetMatDiagType(cusparseMatDescr_t descrA, cusparseDiagType_t diagType) {
  if (descrA == nullptr || (diagType != CUSPARSE_DIAG_TYPE_NON_UNIT && diagType != CUSPARSE_DIAG_TYPE_UNIT))
    return CUSPARSE_STATUS_INVALID_VALUE;
  descrA->diag = diagType;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t descrA, cusparseIndexBase_t base) {
  if (descrA == nullptr || (base != CUSPARSE_INDEX_BASE_ZERO && base != CUSPARSE_INDEX_BASE_ONE))
    return CUSPARSE_STATUS_INVALID_VALUE;
  descrA->base = base;
  return CUSPARSE_STATUS_SUCCESS;
}

// The getters answer a new descriptor's value for a null descriptor rather than reading through it.
cusparseMatrixType_t cusparseGetMatType(const cusparseMatDescr_t descrA) {
  return descrA == nullptr ? CUSPARSE_MATRIX_TYPE_GENERAL : descrA->type;
}
cusparseFillMode_t cusparseGetMatFillMode(const cusparseMatDescr_t descrA) {
  return descrA == nullptr ? CUSPARSE_FILL_MODE_LOWER : descrA->fill;
}
cusparseDiagType_t cusparseGetMatDiagType(const cusparseMatDescr_t descrA) {
  return descrA == nullptr ? CUSPARSE_DIAG_TYPE_NON_UNIT : descrA->diag;
}
cusparseIndexBase_t cusparseGetMatIndexBase(const cusparseMatDescr_t descrA) {
  return descrA == nullptr ? CUSPARSE_INDEX_BASE_ZERO : descrA->base;
}

}  // extern "C"
