// cusparseSpMV: y = alpha op(A) x + beta y for a CSR matrix A, in single or double precision. Each
// row's products are summed in the value type, in the order of the row's entries; the GPU may sum
// in another order (tests/engine/cusparse: within 1e-5 and 1e-12 of 1 + |y|). With beta zero, y is
// written and not read, as cuSPARSE documents.
#include <vector>

#include "cusparse/csr.h"

namespace warpsafe::engine::cusparse {
namespace {

constexpr const char* kCall = "cuSPARSE call cusparseSpMV";

// The argument checks both SpMV entry points make; SUCCESS when the product can run.
cusparseStatus_t Validate(cusparseHandle_t h, cusparseOperation_t op, const void* alpha, cusparseConstSpMatDescr_t a,
                          cusparseConstDnVecDescr_t x, const void* beta, cusparseDnVecDescr_t y,
                          cudaDataType compute) {
  if (cusparseStatus_t s = Begin(h); s != CUSPARSE_STATUS_SUCCESS) return s;
  if (a == nullptr || x == nullptr || y == nullptr || alpha == nullptr || beta == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (op != CUSPARSE_OPERATION_NON_TRANSPOSE && op != CUSPARSE_OPERATION_TRANSPOSE &&
      op != CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (ValueBytes(a->type) == 0 || a->type != x->type || a->type != y->type || a->type != compute)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  const bool n = op == CUSPARSE_OPERATION_NON_TRANSPOSE;
  if (x->size != (n ? a->cols : a->rows) || y->size != (n ? a->rows : a->cols)) return CUSPARSE_STATUS_INVALID_VALUE;
  return CUSPARSE_STATUS_SUCCESS;
}

template <class T>
void Product(cusparseHandle_t h, cusparseOperation_t op, const void* alpha_p, const cusparseSpMatDescr& a,
             const cusparseDnVecDescr& x, const void* beta_p, const cusparseDnVecDescr& y) {
  using runtime::LibraryOperand;
  using runtime::OperandUse;
  const T alpha = ReadScalar<T>(kCall, "alpha", alpha_p, h);
  const T beta = ReadScalar<T>(kCall, "beta", beta_p, h);
  const CsrIndices csr = ReadCsr(kCall, a, h->stream);
  LibraryOperand(kCall, "vecX", x.values, static_cast<std::size_t>(x.size) * sizeof(T), OperandUse::kRead, h->stream);
  LibraryOperand(kCall, "vecY", y.values, static_cast<std::size_t>(y.size) * sizeof(T),
                 beta == T(0) ? OperandUse::kWrite : OperandUse::kReadWrite, h->stream);
  const T* values = static_cast<const T*>(a.values);
  const T* xv = static_cast<const T*>(x.values);
  T* yv = static_cast<T*>(y.values);
  std::vector<T> sum(static_cast<std::size_t>(y.size), T(0));
  for (int64_t i = 0; i < a.rows; ++i)
    for (int64_t k = csr.offsets[i]; k < csr.offsets[i + 1]; ++k) {
      if (op == CUSPARSE_OPERATION_NON_TRANSPOSE) {
        sum[i] += values[k] * xv[csr.columns[k]];
      } else {
        sum[csr.columns[k]] += values[k] * xv[i];
      }
    }
  for (int64_t i = 0; i < y.size; ++i) yv[i] = beta == T(0) ? alpha * sum[i] : alpha * sum[i] + beta * yv[i];
}

}  // namespace
}  // namespace warpsafe::engine::cusparse

namespace cs = warpsafe::engine::cusparse;

extern "C" {

// The engine's product needs no workspace.
cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA, const void* alpha,
                                         cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                                         const void* beta, cusparseDnVecDescr_t vecY, cudaDataType computeType,
                                         cusparseSpMVAlg_t, size_t* bufferSize) {
  if (bufferSize == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  if (cusparseStatus_t s = cs::Validate(handle, opA, alpha, matA, vecX, beta, vecY, computeType);
      s != CUSPARSE_STATUS_SUCCESS)
    return s;
  *bufferSize = 0;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMV_preprocess(cusparseHandle_t handle, cusparseOperation_t opA, const void* alpha,
                                         cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                                         const void* beta, cusparseDnVecDescr_t vecY, cudaDataType computeType,
                                         cusparseSpMVAlg_t, void*) {
  return cs::Validate(handle, opA, alpha, matA, vecX, beta, vecY, computeType);
}

cusparseStatus_t cusparseSpMV(cusparseHandle_t handle, cusparseOperation_t opA, const void* alpha,
                              cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX, const void* beta,
                              cusparseDnVecDescr_t vecY, cudaDataType computeType, cusparseSpMVAlg_t, void*) {
  if (cusparseStatus_t s = cs::Validate(handle, opA, alpha, matA, vecX, beta, vecY, computeType);
      s != CUSPARSE_STATUS_SUCCESS)
    return s;
  const cusparseSpMatDescr a = *matA;
  const cusparseDnVecDescr x = *vecX, y = *vecY;
  if (a.type == CUDA_R_64F) {
    return cs::Run(cs::kCall, handle, [=](const double* al, const double* be) {
      cs::Product<double>(handle, opA, al, a, x, be, y);
      return CUSPARSE_STATUS_SUCCESS;
    }, static_cast<const double*>(alpha), static_cast<const double*>(beta));
  }
  return cs::Run(cs::kCall, handle, [=](const float* al, const float* be) {
    cs::Product<float>(handle, opA, al, a, x, be, y);
    return CUSPARSE_STATUS_SUCCESS;
  }, static_cast<const float*>(alpha), static_cast<const float*>(beta));
}

}  // extern "C"
