// Sparse handles and their stream, and the reading of a CSR matrix every sparse solve shares.
#include <cstdio>
#include <mutex>
#include <set>

#include "cusolver/sparse_matrix.h"
#include "runtime/runtime_call.h"
#include "runtime/streams.h"

namespace warpsafe::engine::cusolver {
namespace {

struct SparseHandles {
  std::mutex mutex;
  std::set<cusolverSpHandle_t> live;
};
SparseHandles& AllSparseHandles() {
  static auto* handles = new SparseHandles();  // outlives static destructors
  return *handles;
}

bool IsLiveSparse(cusolverSpHandle_t h) {
  SparseHandles& all = AllSparseHandles();
  std::lock_guard<std::mutex> lock(all.mutex);
  return h != nullptr && all.live.count(h) != 0;
}

}  // namespace

cusolverStatus_t BeginSparse(cusolverSpHandle_t h) {
  if (!IsLiveSparse(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (runtime::StickyError() != cudaSuccess) return CUSOLVER_STATUS_EXECUTION_FAILED;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t ReadCsr(int n, int cols, int nnz, cusparseMatDescr_t descr, const int* row_ptr, const int* col_ind,
                         CsrView* view) {
  if (descr == nullptr || n < 0 || cols < 0 || nnz < 0) return CUSOLVER_STATUS_INVALID_VALUE;
  if (cusparseGetMatType(descr) != CUSPARSE_MATRIX_TYPE_GENERAL) return CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
  const cusparseIndexBase_t base_code = cusparseGetMatIndexBase(descr);
  if (base_code != CUSPARSE_INDEX_BASE_ZERO && base_code != CUSPARSE_INDEX_BASE_ONE) return CUSOLVER_STATUS_INVALID_VALUE;
  const int base = base_code == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  if (n > 0 && (row_ptr == nullptr || (nnz > 0 && col_ind == nullptr))) return CUSOLVER_STATUS_INVALID_VALUE;
  if (n > 0) {
    if (row_ptr[0] != base || row_ptr[n] != base + nnz) return CUSOLVER_STATUS_INVALID_VALUE;
    for (int i = 0; i < n; ++i) {
      if (row_ptr[i + 1] < row_ptr[i]) return CUSOLVER_STATUS_INVALID_VALUE;
    }
    for (int p = 0; p < nnz; ++p) {
      if (col_ind[p] < base || col_ind[p] >= base + cols) return CUSOLVER_STATUS_INVALID_VALUE;
    }
  }
  view->n = n;
  view->cols = cols;
  view->nnz = nnz;
  view->base = base;
  view->row_ptr = row_ptr;
  view->col_ind = col_ind;
  return CUSOLVER_STATUS_SUCCESS;
}

void Bandwidths(const CsrView& csr, int* lower, int* upper) {
  *lower = 0;
  *upper = 0;
  for (int i = 0; i < csr.n; ++i) {
    for (int p = csr.row_ptr[i] - csr.base; p < csr.row_ptr[i + 1] - csr.base; ++p) {
      const int j = csr.col_ind[p] - csr.base;
      if (i - j > *lower) *lower = i - j;
      if (j - i > *upper) *upper = j - i;
    }
  }
}

cusolverStatus_t CheckFactorBytes(const char* call, int rows, int cols, double bytes) {
  if (bytes <= static_cast<double>(kMaxFactorBytes)) return CUSOLVER_STATUS_SUCCESS;
  std::fprintf(stderr,
               "warpsafe: %s: the %d x %d matrix needs %.0f bytes of factor storage, above warpsafe's limit of %zu "
               "bytes for a sparse solve (docs/semantics/libraries.md); the call returns "
               "CUSOLVER_STATUS_ALLOC_FAILED\n",
               call, rows, cols, bytes, kMaxFactorBytes);
  return CUSOLVER_STATUS_ALLOC_FAILED;
}

}  // namespace warpsafe::engine::cusolver

namespace sv = warpsafe::engine::cusolver;

extern "C" {

cusolverStatus_t cusolverSpCreate(cusolverSpHandle_t* handle) {
  if (handle == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  if (warpsafe::engine::runtime::StickyError() != cudaSuccess) return CUSOLVER_STATUS_NOT_INITIALIZED;
  auto* context = new cusolverSpContext();
  sv::SparseHandles& all = sv::AllSparseHandles();
  std::lock_guard<std::mutex> lock(all.mutex);
  all.live.insert(context);
  *handle = context;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpDestroy(cusolverSpHandle_t handle) {
  sv::SparseHandles& all = sv::AllSparseHandles();
  std::lock_guard<std::mutex> lock(all.mutex);
  if (handle == nullptr || all.live.erase(handle) == 0) return CUSOLVER_STATUS_NOT_INITIALIZED;
  delete handle;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpSetStream(cusolverSpHandle_t handle, cudaStream_t streamId) {
  if (!sv::IsLiveSparse(handle)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!warpsafe::engine::runtime::IsValidStream(streamId)) return CUSOLVER_STATUS_INVALID_VALUE;
  handle->stream = streamId;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpGetStream(cusolverSpHandle_t handle, cudaStream_t* streamId) {
  if (!sv::IsLiveSparse(handle)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (streamId == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  *streamId = handle->stream;
  return CUSOLVER_STATUS_SUCCESS;
}

}  // extern "C"
