// Sparse vectors of the generic API and the two moves between them and dense vectors: Scatter
// (y[indices[i]] = values[i]) and Gather (values[i] = y[indices[i]]). Only the named entries of y
// are touched; the indices are read with the descriptor's base. Values move unchanged, so every
// value type of the engine's cuSPARSE moves by its size.
#include <cstring>

#include "cusparse/context.h"
#include "runtime/library_operand.h"

struct cusparseSpVecDescr {
  int64_t size = 0, nnz = 0;
  void* indices = nullptr;
  void* values = nullptr;
  cusparseIndexType_t index_type = CUSPARSE_INDEX_32I;
  cusparseIndexBase_t base = CUSPARSE_INDEX_BASE_ZERO;
  cudaDataType type = CUDA_R_32F;
};

namespace warpsafe::engine::cusparse {
namespace {

int64_t IndexAt(const cusparseSpVecDescr& x, int64_t i) {
  const int64_t raw = x.index_type == CUSPARSE_INDEX_32I ? static_cast<const int32_t*>(x.indices)[i]
                                                         : static_cast<const int64_t*>(x.indices)[i];
  return raw - (x.base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0);
}

// Scatter (to_dense) or gather between x and y; checks first, as the GPU does before any work.
cusparseStatus_t Move(const char* call, cusparseHandle_t h, const cusparseSpVecDescr* x, const cusparseDnVecDescr* y,
                      bool to_dense) {
  if (cusparseStatus_t s = Begin(h); s != CUSPARSE_STATUS_SUCCESS) return s;
  if (x == nullptr || y == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  if (x->type != y->type || x->size != y->size) return CUSPARSE_STATUS_INVALID_VALUE;
  const int element = ValueBytes(x->type);
  if (element == 0) return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (x->nnz == 0) return CUSPARSE_STATUS_SUCCESS;
  const cudaStream_t stream = h->stream;
  const std::size_t count = static_cast<std::size_t>(x->nnz);
  runtime::LibraryOperand(call, "vecX indices", x->indices, count * static_cast<std::size_t>(IndexBytes(x->index_type)),
                          runtime::OperandUse::kRead, stream);
  runtime::LibraryOperand(call, "vecX values", x->values, count * static_cast<std::size_t>(element),
                          to_dense ? runtime::OperandUse::kRead : runtime::OperandUse::kWrite, stream);
  for (int64_t i = 0; i < x->nnz; ++i) {
    const int64_t at = IndexAt(*x, i);
    if (at < 0 || at >= y->size) return CUSPARSE_STATUS_INVALID_VALUE;
  }
  for (int64_t i = 0; i < x->nnz; ++i) {
    char* dense = static_cast<char*>(y->values) + IndexAt(*x, i) * element;
    char* sparse = static_cast<char*>(x->values) + i * element;
    runtime::LibraryOperand(call, "vecY", dense, static_cast<std::size_t>(element),
                            to_dense ? runtime::OperandUse::kWrite : runtime::OperandUse::kRead, stream);
    if (to_dense) {
      std::memcpy(dense, sparse, static_cast<std::size_t>(element));
    } else {
      std::memcpy(sparse, dense, static_cast<std::size_t>(element));
    }
  }
  return CUSPARSE_STATUS_SUCCESS;
}

}  // namespace
}  // namespace warpsafe::engine::cusparse

namespace cs = warpsafe::engine::cusparse;

extern "C" {

cusparseStatus_t cusparseCreateSpVec(cusparseSpVecDescr_t* spVecDescr, int64_t size, int64_t nnz, void* indices,
                                     void* values, cusparseIndexType_t idxType, cusparseIndexBase_t idxBase,
                                     cudaDataType valueType) {
  if (spVecDescr == nullptr || size < 0 || nnz < 0 || nnz > size) return CUSPARSE_STATUS_INVALID_VALUE;
  if (idxBase != CUSPARSE_INDEX_BASE_ZERO && idxBase != CUSPARSE_INDEX_BASE_ONE) return CUSPARSE_STATUS_INVALID_VALUE;
  if (nnz > 0 && (indices == nullptr || values == nullptr)) return CUSPARSE_STATUS_INVALID_VALUE;
  if (cs::IndexBytes(idxType) == 0) return CUSPARSE_STATUS_NOT_SUPPORTED;
  auto* d = new cusparseSpVecDescr();
  d->size = size;
  d->nnz = nnz;
  d->indices = indices;
  d->values = values;
  d->index_type = idxType;
  d->base = idxBase;
  d->type = valueType;
  *spVecDescr = d;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDestroySpVec(cusparseConstSpVecDescr_t spVecDescr) {
  delete spVecDescr;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseScatter(cusparseHandle_t handle, cusparseConstSpVecDescr_t vecX, cusparseDnVecDescr_t vecY) {
  return cs::Move("cuSPARSE call cusparseScatter", handle, vecX, vecY, true);
}

cusparseStatus_t cusparseGather(cusparseHandle_t handle, cusparseConstDnVecDescr_t vecY, cusparseSpVecDescr_t vecX) {
  return cs::Move("cuSPARSE call cusparseGather", handle, vecX, vecY, false);
}

}  // extern "C"
