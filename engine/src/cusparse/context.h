// A cuSPARSE handle, the descriptors of the generic API, and what every call checks first.
// Internal to the engine's cuSPARSE (engine/src/cusparse, docs/semantics/libraries.md).
#pragma once

#include <cstdint>

#include "cusparse.h"
#include "graph/library_capture.h"

struct cusparseContext {
  cudaStream_t stream = nullptr;
  cusparsePointerMode_t pointer_mode = CUSPARSE_POINTER_MODE_HOST;
};

// A CSR matrix: rows + 1 offsets, nnz column indices and nnz values, indices counted from `base`.
struct cusparseSpMatDescr {
  int64_t rows = 0, cols = 0, nnz = 0;
  void* offsets = nullptr;
  void* columns = nullptr;
  void* values = nullptr;
  cusparseIndexType_t offset_type = CUSPARSE_INDEX_32I, column_type = CUSPARSE_INDEX_32I;
  cusparseIndexBase_t base = CUSPARSE_INDEX_BASE_ZERO;
  cudaDataType type = CUDA_R_32F;
  // The attributes a triangular solve reads (cusparseSpMatSetAttribute).
  cusparseFillMode_t fill = CUSPARSE_FILL_MODE_LOWER;
  cusparseDiagType_t diag = CUSPARSE_DIAG_TYPE_NON_UNIT;
};

// The legacy API's matrix descriptor.
struct cusparseMatDescr {
  cusparseMatrixType_t type = CUSPARSE_MATRIX_TYPE_GENERAL;
  cusparseFillMode_t fill = CUSPARSE_FILL_MODE_LOWER;
  cusparseDiagType_t diag = CUSPARSE_DIAG_TYPE_NON_UNIT;
  cusparseIndexBase_t base = CUSPARSE_INDEX_BASE_ZERO;
};

// A triangular solve's plan: the engine's solve needs none (spsv.cpp), so the descriptor is empty.
struct cusparseSpSVDescr {};

// What csrilu02's analysis and factorization found: the first zero pivot's row (counted from the
// matrix's base), -1 for none. Before an analysis there is no answer.
struct csrilu02Info {
  bool analysed = false;
  int zero_pivot = -1;
};

struct cusparseDnVecDescr {
  int64_t size = 0;
  void* values = nullptr;
  cudaDataType type = CUDA_R_32F;
};

// Element (i, j) of a dense matrix is values[i + j * ld] in column order, values[i * ld + j] in row
// order.
struct cusparseDnMatDescr {
  int64_t rows = 0, cols = 0, ld = 0;
  void* values = nullptr;
  cudaDataType type = CUDA_R_32F;
  cusparseOrder_t order = CUSPARSE_ORDER_COL;
};

namespace warpsafe::engine::cusparse {

// The status a computing call returns before doing anything: NOT_INITIALIZED for a handle that
// cusparseCreate did not return or that was destroyed, EXECUTION_FAILED while the runtime holds a
// sticky error, SUCCESS otherwise. Work issued to the handle's stream runs now: the engine's streams
// complete each operation when it is issued (engine/src/runtime/streams.cpp).
cusparseStatus_t Begin(cusparseHandle_t h);

// The work of a call whose arguments passed their checks: `work(scalars...)` runs now, or, while
// the handle's stream captures, becomes a graph node run at each launch (graph/library_capture.h,
// GRAPH-LIB-1): the scalars host pointer mode passes from host memory are kept by value, and the
// node runs under the pointer mode of the call. Descriptors the work reads are the caller's to copy
// into `work` (CUDA's call reads them when it is made).
template <class Work, class... Scalars>
cusparseStatus_t Run(const char* call, cusparseHandle_t h, Work work, Scalars... scalars) {
  const cusparsePointerMode_t mode = h->pointer_mode;
  return graph::RunLibraryWork(
      h->stream, call, mode == CUSPARSE_POINTER_MODE_HOST, CUSPARSE_STATUS_SUCCESS, CUSPARSE_STATUS_EXECUTION_FAILED,
      [h, mode, work](Scalars... kept) {
        const cusparsePointerMode_t now = h->pointer_mode;
        h->pointer_mode = mode;
        const cusparseStatus_t s = work(kept...);
        h->pointer_mode = now;
        return s;
      },
      scalars...);
}

// The size in bytes of one index of `type` (0 for a type the engine does not take: 16-bit).
inline int IndexBytes(cusparseIndexType_t type) {
  return type == CUSPARSE_INDEX_32I ? 4 : type == CUSPARSE_INDEX_64I ? 8 : 0;
}
// The size in bytes of one value of `type` (0 for a type the engine does not compute in).
inline int ValueBytes(cudaDataType type) { return type == CUDA_R_32F ? 4 : type == CUDA_R_64F ? 8 : 0; }

}  // namespace warpsafe::engine::cusparse
