// cusparseSpMM: C = alpha op(A) op(B) + beta C for a CSR matrix A and dense B and C (column or row
// order), in single or double precision. Sums run in the value type in the order of A's entries;
// the GPU may sum in another order (tests/engine/cusparse). With beta zero, C is written and not
// read.
#include <vector>

#include "cusparse/csr.h"

namespace warpsafe::engine::cusparse {
namespace {

constexpr const char* kCall = "cuSPARSE call cusparseSpMM";

bool IsOp(cusparseOperation_t op) {
  return op == CUSPARSE_OPERATION_NON_TRANSPOSE || op == CUSPARSE_OPERATION_TRANSPOSE ||
         op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
}

// The argument checks all SpMM entry points make: op(A) is m x k, op(B) k x n and C m x n.
cusparseStatus_t Validate(cusparseHandle_t h, cusparseOperation_t op_a, cusparseOperation_t op_b, const void* alpha,
                          cusparseConstSpMatDescr_t a, cusparseConstDnMatDescr_t b, const void* beta,
                          cusparseDnMatDescr_t c, cudaDataType compute) {
  if (cusparseStatus_t s = Begin(h); s != CUSPARSE_STATUS_SUCCESS) return s;
  if (a == nullptr || b == nullptr || c == nullptr || alpha == nullptr || beta == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (!IsOp(op_a) || !IsOp(op_b)) return CUSPARSE_STATUS_INVALID_VALUE;
  if (ValueBytes(a->type) == 0 || a->type != b->type || a->type != c->type || a->type != compute)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (b->order != c->order) return CUSPARSE_STATUS_NOT_SUPPORTED;
  const bool na = op_a == CUSPARSE_OPERATION_NON_TRANSPOSE, nb = op_b == CUSPARSE_OPERATION_NON_TRANSPOSE;
  const int64_t m = na ? a->rows : a->cols, k = na ? a->cols : a->rows;
  const int64_t b_rows = nb ? b->rows : b->cols, n = nb ? b->cols : b->rows;
  if (b_rows != k || c->rows != m || c->cols != n) return CUSPARSE_STATUS_INVALID_VALUE;
  return CUSPARSE_STATUS_SUCCESS;
}

template <class T>
void Product(cusparseHandle_t h, cusparseOperation_t op_a, cusparseOperation_t op_b, const void* alpha_p,
             const cusparseSpMatDescr& a, const cusparseDnMatDescr& b, const void* beta_p,
             const cusparseDnMatDescr& c) {
  using runtime::LibraryOperand;
  using runtime::OperandUse;
  const T alpha = ReadScalar<T>(kCall, "alpha", alpha_p, h);
  const T beta = ReadScalar<T>(kCall, "beta", beta_p, h);
  const CsrIndices csr = ReadCsr(kCall, a, h->stream);
  LibraryOperand(kCall, "matB", b.values, DenseBytes(b), OperandUse::kRead, h->stream);
  LibraryOperand(kCall, "matC", c.values, DenseBytes(c), beta == T(0) ? OperandUse::kWrite : OperandUse::kReadWrite,
                 h->stream);
  const T* values = static_cast<const T*>(a.values);
  const T* bv = static_cast<const T*>(b.values);
  T* cv = static_cast<T*>(c.values);
  const bool transpose_b = op_b != CUSPARSE_OPERATION_NON_TRANSPOSE;
  auto op_b_at = [&](int64_t i, int64_t j) { return bv[transpose_b ? DenseAt(b, j, i) : DenseAt(b, i, j)]; };
  const int64_t n = c.cols;
  std::vector<T> sum(static_cast<std::size_t>(c.rows * n), T(0));  // row-major m x n
  for (int64_t i = 0; i < a.rows; ++i)
    for (int64_t k = csr.offsets[i]; k < csr.offsets[i + 1]; ++k)
      for (int64_t j = 0; j < n; ++j) {
        if (op_a == CUSPARSE_OPERATION_NON_TRANSPOSE) {
          sum[i * n + j] += values[k] * op_b_at(csr.columns[k], j);
        } else {
          sum[csr.columns[k] * n + j] += values[k] * op_b_at(i, j);
        }
      }
  for (int64_t i = 0; i < c.rows; ++i)
    for (int64_t j = 0; j < n; ++j) {
      T& out = cv[DenseAt(c, i, j)];
      out = beta == T(0) ? alpha * sum[i * n + j] : alpha * sum[i * n + j] + beta * out;
    }
}

}  // namespace
}  // namespace warpsafe::engine::cusparse

namespace cs = warpsafe::engine::cusparse;

extern "C" {

// The engine's product needs no workspace.
cusparseStatus_t cusparseSpMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                                         const void* alpha, cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnMatDescr_t matB, const void* beta,
                                         cusparseDnMatDescr_t matC, cudaDataType computeType, cusparseSpMMAlg_t,
                                         size_t* bufferSize) {
  if (bufferSize == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  if (cusparseStatus_t s = cs::Validate(handle, opA, opB, alpha, matA, matB, beta, matC, computeType);
      s != CUSPARSE_STATUS_SUCCESS)
    return s;
  *bufferSize = 0;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMM_preprocess(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                                         const void* alpha, cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnMatDescr_t matB, const void* beta,
                                         cusparseDnMatDescr_t matC, cudaDataType computeType, cusparseSpMMAlg_t,
                                         void*) {
  return cs::Validate(handle, opA, opB, alpha, matA, matB, beta, matC, computeType);
}

cusparseStatus_t cusparseSpMM(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                              const void* alpha, cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                              const void* beta, cusparseDnMatDescr_t matC, cudaDataType computeType,
                              cusparseSpMMAlg_t, void*) {
  if (cusparseStatus_t s = cs::Validate(handle, opA, opB, alpha, matA, matB, beta, matC, computeType);
      s != CUSPARSE_STATUS_SUCCESS)
    return s;
  const cusparseSpMatDescr a = *matA;
  const cusparseDnMatDescr b = *matB, c = *matC;
  if (a.type == CUDA_R_64F) {
    return cs::Run(cs::kCall, handle, [=](const double* al, const double* be) {
      cs::Product<double>(handle, opA, opB, al, a, b, be, c);
      return CUSPARSE_STATUS_SUCCESS;
    }, static_cast<const double*>(alpha), static_cast<const double*>(beta));
  }
  return cs::Run(cs::kCall, handle, [=](const float* al, const float* be) {
    cs::Product<float>(handle, opA, opB, al, a, b, be, c);
    return CUSPARSE_STATUS_SUCCESS;
  }, static_cast<const float*>(alpha), static_cast<const float*>(beta));
}

}  // extern "C"
