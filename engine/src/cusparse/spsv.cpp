// cusparseSpSV: solves op(A) y = alpha x for y, A a square CSR matrix of which only the triangle
// named by its fill-mode attribute is read (entries of the other triangle are ignored, and with a
// unit diagonal the diagonal entries are too, each taken as 1). A row without a diagonal entry
// under a non-unit diagonal divides by zero (what the GPU answers there was not recorded).
//
// The solve is the sequential recurrence a triangular solve is: y(i) = (alpha x(i) - sum of the
// row's known terms) / A(i, i), rows in dependency order. The non-transposed solve sums each row's
// terms in the order of its entries; the transposed solve walks A's rows as op(A)'s columns,
// subtracting each solved unknown from the right-hand sides that depend on it. The engine needs no
// workspace (bufferSize gives 0) and keeps no plan: analysis checks the arguments and the matrix's
// structure.
#include <cmath>
#include <vector>

#include "cusparse/csr.h"

namespace warpsafe::engine::cusparse {
namespace {

constexpr const char* kSolve = "cuSPARSE call cusparseSpSV_solve";
constexpr const char* kAnalysis = "cuSPARSE call cusparseSpSV_analysis";

// The checks bufferSize makes: the GPU's answers only a matrix that is not square, not vectors of
// another size nor a compute type unlike the values' (tests/programs/cusparse/spsv.cu).
cusparseStatus_t ValidateShape(cusparseHandle_t h, cusparseOperation_t op, const void* alpha,
                               cusparseConstSpMatDescr_t a, cusparseConstDnVecDescr_t x, cusparseDnVecDescr_t y,
                               cusparseSpSVDescr_t plan) {
  if (cusparseStatus_t s = Begin(h); s != CUSPARSE_STATUS_SUCCESS) return s;
  if (a == nullptr || x == nullptr || y == nullptr || alpha == nullptr || plan == nullptr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (op != CUSPARSE_OPERATION_NON_TRANSPOSE && op != CUSPARSE_OPERATION_TRANSPOSE &&
      op != CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (a->rows != a->cols) return CUSPARSE_STATUS_INVALID_VALUE;
  return CUSPARSE_STATUS_SUCCESS;
}

// The checks analysis and solve make besides: what the engine computes in (as SpMV), vectors of the
// matrix's size, and attributes inside their enumerations. These answers were not recorded on the
// GPU; the engine refuses rather than reading outside the vectors.
cusparseStatus_t Validate(cusparseHandle_t h, cusparseOperation_t op, const void* alpha, cusparseConstSpMatDescr_t a,
                          cusparseConstDnVecDescr_t x, cusparseDnVecDescr_t y, cudaDataType compute,
                          cusparseSpSVDescr_t plan) {
  if (cusparseStatus_t s = ValidateShape(h, op, alpha, a, x, y, plan); s != CUSPARSE_STATUS_SUCCESS) return s;
  if (ValueBytes(a->type) == 0 || a->type != x->type || a->type != y->type || a->type != compute)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (x->size != a->rows || y->size != a->rows) return CUSPARSE_STATUS_INVALID_VALUE;
  if ((a->fill != CUSPARSE_FILL_MODE_LOWER && a->fill != CUSPARSE_FILL_MODE_UPPER) ||
      (a->diag != CUSPARSE_DIAG_TYPE_NON_UNIT && a->diag != CUSPARSE_DIAG_TYPE_UNIT))
    return CUSPARSE_STATUS_INVALID_VALUE;
  return CUSPARSE_STATUS_SUCCESS;
}

template <class T>
void Solve(cusparseHandle_t h, cusparseOperation_t op, const void* alpha_p, const cusparseSpMatDescr& a,
           const cusparseDnVecDescr& x, const cusparseDnVecDescr& y) {
  using runtime::LibraryOperand;
  using runtime::OperandUse;
  const T alpha = ReadScalar<T>(kSolve, "alpha", alpha_p, h);
  const CsrIndices csr = ReadCsr(kSolve, a, h->stream);
  const std::size_t n = static_cast<std::size_t>(a.rows);
  LibraryOperand(kSolve, "vecX", x.values, n * sizeof(T), OperandUse::kRead, h->stream);
  LibraryOperand(kSolve, "vecY", y.values, n * sizeof(T), OperandUse::kWrite, h->stream);
  const T* values = static_cast<const T*>(a.values);
  const bool lower = a.fill == CUSPARSE_FILL_MODE_LOWER, unit = a.diag == CUSPARSE_DIAG_TYPE_UNIT;
  // Whether entry (i, j) lies strictly inside the triangle read.
  auto inside = [lower](int64_t i, int64_t j) { return lower ? j < i : j > i; };
  std::vector<T> diagonal(n, unit ? T(1) : T(0));
  if (!unit)
    for (int64_t i = 0; i < a.rows; ++i)
      for (int64_t k = csr.offsets[i]; k < csr.offsets[i + 1]; ++k)
        if (csr.columns[k] == i) diagonal[i] = values[k];
  std::vector<T> rhs(n);
  const T* xv = static_cast<const T*>(x.values);
  for (std::size_t i = 0; i < n; ++i) rhs[i] = alpha * xv[i];
  std::vector<T> out(n);
  const int64_t rows = a.rows;
  if (op == CUSPARSE_OPERATION_NON_TRANSPOSE) {
    // Lower: rows top to bottom; upper: bottom to top. Each row's known unknowns are solved already.
    for (int64_t step = 0; step < rows; ++step) {
      const int64_t i = lower ? step : rows - 1 - step;
      T sum = rhs[i];
      for (int64_t k = csr.offsets[i]; k < csr.offsets[i + 1]; ++k)
        if (inside(i, csr.columns[k])) sum = std::fma(-values[k], out[csr.columns[k]], sum);
      out[i] = sum / diagonal[i];
    }
  } else {
    // op(A) = A^T: A's lower triangle is op(A)'s upper one, solved bottom to top, and the reverse.
    for (int64_t step = 0; step < rows; ++step) {
      const int64_t i = lower ? rows - 1 - step : step;
      out[i] = rhs[i] / diagonal[i];
      for (int64_t k = csr.offsets[i]; k < csr.offsets[i + 1]; ++k)
        if (inside(i, csr.columns[k])) rhs[csr.columns[k]] = std::fma(-values[k], out[i], rhs[csr.columns[k]]);
    }
  }
  T* yv = static_cast<T*>(y.values);
  for (std::size_t i = 0; i < n; ++i) yv[i] = out[i];
}

}  // namespace
}  // namespace warpsafe::engine::cusparse

namespace cs = warpsafe::engine::cusparse;

extern "C" {

cusparseStatus_t cusparseSpSV_createDescr(cusparseSpSVDescr_t* descr) {
  if (descr == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  *descr = new cusparseSpSVDescr();
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpSV_destroyDescr(cusparseSpSVDescr_t descr) {
  delete descr;  // a null descriptor is accepted
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpSV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA, const void* alpha,
                                         cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                                         cusparseDnVecDescr_t vecY, cudaDataType, cusparseSpSVAlg_t,
                                         cusparseSpSVDescr_t spsvDescr, size_t* bufferSize) {
  if (bufferSize == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  if (cusparseStatus_t s = cs::ValidateShape(handle, opA, alpha, matA, vecX, vecY, spsvDescr);
      s != CUSPARSE_STATUS_SUCCESS)
    return s;
  *bufferSize = 0;
  return CUSPARSE_STATUS_SUCCESS;
}

// Analysis reads the matrix's structure (checked as operands of the call on the handle's stream).
cusparseStatus_t cusparseSpSV_analysis(cusparseHandle_t handle, cusparseOperation_t opA, const void* alpha,
                                       cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                                       cusparseDnVecDescr_t vecY, cudaDataType computeType, cusparseSpSVAlg_t,
                                       cusparseSpSVDescr_t spsvDescr, void*) {
  if (cusparseStatus_t s = cs::Validate(handle, opA, alpha, matA, vecX, vecY, computeType, spsvDescr);
      s != CUSPARSE_STATUS_SUCCESS)
    return s;
  const cusparseSpMatDescr a = *matA;
  return cs::Run(cs::kAnalysis, handle, [=] {
    cs::ReadCsr(cs::kAnalysis, a, handle->stream, /*values=*/false);
    return CUSPARSE_STATUS_SUCCESS;
  });
}

cusparseStatus_t cusparseSpSV_solve(cusparseHandle_t handle, cusparseOperation_t opA, const void* alpha,
                                    cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                                    cusparseDnVecDescr_t vecY, cudaDataType computeType, cusparseSpSVAlg_t,
                                    cusparseSpSVDescr_t spsvDescr) {
  if (cusparseStatus_t s = cs::Validate(handle, opA, alpha, matA, vecX, vecY, computeType, spsvDescr);
      s != CUSPARSE_STATUS_SUCCESS)
    return s;
  const cusparseSpMatDescr a = *matA;
  const cusparseDnVecDescr x = *vecX, y = *vecY;
  if (a.type == CUDA_R_64F) {
    return cs::Run(cs::kSolve, handle, [=](const double* al) {
      cs::Solve<double>(handle, opA, al, a, x, y);
      return CUSPARSE_STATUS_SUCCESS;
    }, static_cast<const double*>(alpha));
  }
  return cs::Run(cs::kSolve, handle, [=](const float* al) {
    cs::Solve<float>(handle, opA, al, a, x, y);
    return CUSPARSE_STATUS_SUCCESS;
  }, static_cast<const float*>(alpha));
}

}  // extern "C"
