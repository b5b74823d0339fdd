// csrilu02: the incomplete LU factorization with no fill, ILU(0), of a square CSR matrix with 32-bit
// indices and sorted columns, in place: afterwards the strictly lower entries hold L (unit
// diagonal, not stored) and the others U, on A's own sparsity pattern.
//
// Row i is factored after rows 0 to i - 1, its entries left to right: an entry (i, c) below the
// diagonal becomes l = A(i, c) / U(c, c), and every later entry (i, j) of row i for which row c
// holds (c, j) becomes A(i, j) - l U(c, j), one fused multiply-add as the GPU's compiler contracts
// it. This is the sequential recurrence the factorization is, so the GPU's factors agree to within
// rounding (tests/programs/cusparse/ilu0.cu).
//
// A pivot U(c, c) that is missing from the pattern (a structural zero, found by the analysis) or
// exactly zero (a numerical zero) is remembered, the first one by row, and answered by
// cusparseXcsrilu02_zeroPivot as the row counted from the matrix's base with
// CUSPARSE_STATUS_ZERO_PIVOT; the factorization itself goes on, dividing by zero where a later row
// needs that pivot (values the GPU computes there were not recorded).
#include <cmath>
#include <string>
#include <vector>

#include "cusparse/csr.h"

namespace warpsafe::engine::cusparse {
namespace {

// The generic descriptor of the legacy call's arrays, for the structure checks the products make.
cusparseSpMatDescr Describe(int m, int nnz, const cusparseMatDescr& descr, const void* values, const int* offsets,
                            const int* columns, cudaDataType type) {
  cusparseSpMatDescr a;
  a.rows = a.cols = m;
  a.nnz = nnz;
  a.offsets = const_cast<int*>(offsets);
  a.columns = const_cast<int*>(columns);
  a.values = const_cast<void*>(values);
  a.base = descr.base;
  a.type = type;
  return a;
}

cusparseStatus_t Validate(cusparseHandle_t h, int m, int nnz, const cusparseMatDescr_t descr, const void* offsets,
                          csrilu02Info_t info) {
  if (cusparseStatus_t s = Begin(h); s != CUSPARSE_STATUS_SUCCESS) return s;
  if (descr == nullptr || info == nullptr || m < 0 || nnz < 0 || (m > 0 && offsets == nullptr))
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (descr->type != CUSPARSE_MATRIX_TYPE_GENERAL) return CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

// The position of each row's diagonal entry in the columns, -1 where the row has none.
std::vector<int64_t> Diagonals(const CsrIndices& csr) {
  const int64_t rows = static_cast<int64_t>(csr.offsets.size()) - 1;
  std::vector<int64_t> at(static_cast<std::size_t>(rows), -1);
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t k = csr.offsets[i]; k < csr.offsets[i + 1]; ++k)
      if (csr.columns[k] == i) at[i] = k;
  return at;
}

int FirstMissing(const std::vector<int64_t>& diagonal) {
  for (std::size_t i = 0; i < diagonal.size(); ++i)
    if (diagonal[i] < 0) return static_cast<int>(i);
  return -1;
}

void Analyse(const char* call, cusparseHandle_t h, int m, int nnz, const cusparseMatDescr& descr, const int* offsets,
             const int* columns, cudaDataType type, csrilu02Info_t info) {
  const cusparseSpMatDescr a = Describe(m, nnz, descr, nullptr, offsets, columns, type);
  const int missing = FirstMissing(Diagonals(ReadCsr(call, a, h->stream, /*values=*/false)));
  info->zero_pivot = missing < 0 ? -1 : missing + (descr.base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0);
  info->analysed = true;
}

template <class T>
void Factor(const char* call, cusparseHandle_t h, int m, int nnz, const cusparseMatDescr& descr, T* values,
            const int* offsets, const int* columns, csrilu02Info_t info) {
  const cusparseSpMatDescr a =
      Describe(m, nnz, descr, values, offsets, columns, sizeof(T) == 8 ? CUDA_R_64F : CUDA_R_32F);
  const CsrIndices csr = ReadCsr(call, a, h->stream);
  runtime::LibraryOperand(call, "csrSortedValA_valM", values, static_cast<std::size_t>(nnz) * sizeof(T),
                          runtime::OperandUse::kReadWrite, h->stream);
  const std::vector<int64_t> diagonal = Diagonals(csr);
  int zero = FirstMissing(diagonal);
  // where[j]: the position of (i, j) in the row being factored, -1 when the row lacks it.
  std::vector<int64_t> where(static_cast<std::size_t>(m), -1);
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t k = csr.offsets[i]; k < csr.offsets[i + 1]; ++k) where[csr.columns[k]] = k;
    for (int64_t k = csr.offsets[i]; k < csr.offsets[i + 1] && csr.columns[k] < i; ++k) {
      const int64_t c = csr.columns[k];
      const T pivot = diagonal[c] < 0 ? T(0) : values[diagonal[c]];
      values[k] = values[k] / pivot;
      for (int64_t q = csr.offsets[c]; q < csr.offsets[c + 1]; ++q)
        if (csr.columns[q] > c && where[csr.columns[q]] >= 0)
          values[where[csr.columns[q]]] = std::fma(-values[k], values[q], values[where[csr.columns[q]]]);
    }
    if (diagonal[i] >= 0 && values[diagonal[i]] == T(0) && (zero < 0 || i < zero)) zero = static_cast<int>(i);
    for (int64_t k = csr.offsets[i]; k < csr.offsets[i + 1]; ++k) where[csr.columns[k]] = -1;
  }
  info->zero_pivot = zero < 0 ? -1 : zero + (descr.base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0);
  info->analysed = true;
}

cusparseStatus_t Policy(cusparseSolvePolicy_t policy) {
  return policy == CUSPARSE_SOLVE_POLICY_NO_LEVEL || policy == CUSPARSE_SOLVE_POLICY_USE_LEVEL
             ? CUSPARSE_STATUS_SUCCESS
             : CUSPARSE_STATUS_INVALID_VALUE;
}

}  // namespace
}  // namespace warpsafe::engine::cusparse

namespace cs = warpsafe::engine::cusparse;

extern "C" {

cusparseStatus_t cusparseCreateCsrilu02Info(csrilu02Info_t* info) {
  if (info == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  *info = new csrilu02Info();
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDestroyCsrilu02Info(csrilu02Info_t info) {
  delete info;  // a null info is accepted
  return CUSPARSE_STATUS_SUCCESS;
}

// The position is written through the handle's pointer mode: host memory, or device memory the call
// writes on the handle's stream. Asked before any analysis, the GPU answers
// CUSPARSE_STATUS_INVALID_VALUE and writes nothing.
cusparseStatus_t cusparseXcsrilu02_zeroPivot(cusparseHandle_t handle, csrilu02Info_t info, int* position) {
  if (cusparseStatus_t s = cs::Begin(handle); s != CUSPARSE_STATUS_SUCCESS) return s;
  if (info == nullptr || position == nullptr || !info->analysed) return CUSPARSE_STATUS_INVALID_VALUE;
  if (handle->pointer_mode == CUSPARSE_POINTER_MODE_DEVICE)
    warpsafe::engine::runtime::LibraryOperand("cuSPARSE call cusparseXcsrilu02_zeroPivot", "position", position,
                                              sizeof(int), warpsafe::engine::runtime::OperandUse::kWrite,
                                              handle->stream);
  *position = info->zero_pivot;
  return info->zero_pivot < 0 ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ZERO_PIVOT;
}

// The engine's factorization needs no workspace: the size is 0.
#define WARPSAFE_CSRILU02_(P, T, R)                                                                                 \
  cusparseStatus_t cusparse##P##csrilu02_bufferSize(cusparseHandle_t handle, int m, int nnz,                       \
                                                    const cusparseMatDescr_t descrA, T*, const int* rowPtr,       \
                                                    const int*, csrilu02Info_t info, int* size) {                 \
    if (size == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;                                                     \
    if (cusparseStatus_t s = cs::Validate(handle, m, nnz, descrA, rowPtr, info); s != CUSPARSE_STATUS_SUCCESS)     \
      return s;                                                                                                    \
    *size = 0;                                                                                                     \
    return CUSPARSE_STATUS_SUCCESS;                                                                                \
  }                                                                                                                \
  cusparseStatus_t cusparse##P##csrilu02_analysis(cusparseHandle_t handle, int m, int nnz,                         \
                                                  const cusparseMatDescr_t descrA, const T*, const int* rowPtr,   \
                                                  const int* colInd, csrilu02Info_t info,                         \
                                                  cusparseSolvePolicy_t policy, void*) {                          \
    if (cusparseStatus_t s = cs::Validate(handle, m, nnz, descrA, rowPtr, info); s != CUSPARSE_STATUS_SUCCESS)     \
      return s;                                                                                                    \
    if (cusparseStatus_t s = cs::Policy(policy); s != CUSPARSE_STATUS_SUCCESS) return s;                           \
    const cusparseMatDescr d = *descrA;                                                                            \
    info->analysed = true; /* the pivot it finds is known once the work has run */                                \
    return cs::Run("cuSPARSE call cusparse" #P "csrilu02_analysis", handle, [=] {                                  \
      cs::Analyse("cuSPARSE call cusparse" #P "csrilu02_analysis", handle, m, nnz, d, rowPtr, colInd, R, info);     \
      return CUSPARSE_STATUS_SUCCESS;                                                                              \
    });                                                                                                            \
  }                                                                                                                \
  cusparseStatus_t cusparse##P##csrilu02(cusparseHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA, \
                                         T* values, const int* rowPtr, const int* colInd, csrilu02Info_t info,    \
                                         cusparseSolvePolicy_t policy, void*) {                                   \
    if (cusparseStatus_t s = cs::Validate(handle, m, nnz, descrA, rowPtr, info); s != CUSPARSE_STATUS_SUCCESS)     \
      return s;                                                                                                    \
    if (cusparseStatus_t s = cs::Policy(policy); s != CUSPARSE_STATUS_SUCCESS) return s;                           \
    const cusparseMatDescr d = *descrA;                                                                            \
    return cs::Run("cuSPARSE call cusparse" #P "csrilu02", handle, [=] {                                           \
      cs::Factor<T>("cuSPARSE call cusparse" #P "csrilu02", handle, m, nnz, d, values, rowPtr, colInd, info);      \
      return CUSPARSE_STATUS_SUCCESS;                                                                              \
    });                                                                                                            \
  }

WARPSAFE_CSRILU02_(S, float, CUDA_R_32F)
WARPSAFE_CSRILU02_(D, double, CUDA_R_64F)
#undef WARPSAFE_CSRILU02_

}  // extern "C"
