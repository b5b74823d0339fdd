// What the products read of their operands: a CSR matrix's indices (checked, zero-based), a
// scalar in host or device memory, and the dense operands' element positions. Internal to the
// engine's cuSPARSE.
#pragma once

#include <cstdint>
#include <vector>

#include "cusparse/context.h"
#include "runtime/library_operand.h"

namespace warpsafe::engine::cusparse {

// A CSR matrix's structure, counted from zero: row i holds entries offsets[i] to offsets[i + 1] - 1.
struct CsrIndices {
  std::vector<int64_t> offsets;
  std::vector<int64_t> columns;
};

// Checks the matrix's three arrays as operands read by `call` on `stream` and reads its indices.
// Offsets that do not ascend from the base to base + nnz, or a column index outside the matrix,
// are reported as an illegal address naming the call: the GPU's kernel would read past its
// operands there. `values` says whether the call reads the values too (a structural analysis does
// not).
CsrIndices ReadCsr(const char* call, const cusparseSpMatDescr& a, cudaStream_t stream, bool values = true);

// The scalar at `p`: a host pointer, or under CUSPARSE_POINTER_MODE_DEVICE device memory the call
// reads (checked as an operand).
template <class T>
T ReadScalar(const char* call, const char* name, const void* p, cusparseHandle_t h) {
  if (h->pointer_mode == CUSPARSE_POINTER_MODE_DEVICE)
    runtime::LibraryOperand(call, name, p, sizeof(T), runtime::OperandUse::kRead, h->stream);
  return *static_cast<const T*>(p);
}

// The bytes a dense matrix's elements span: ld per column (column order) or row (row order), the
// last one cut to its used part.
inline std::size_t DenseBytes(const cusparseDnMatDescr& m) {
  const bool col = m.order == CUSPARSE_ORDER_COL;
  const int64_t lines = col ? m.cols : m.rows, used = col ? m.rows : m.cols;
  if (lines == 0 || used == 0) return 0;
  return static_cast<std::size_t>((lines - 1) * m.ld + used) * static_cast<std::size_t>(ValueBytes(m.type));
}
// The position of element (i, j) in a dense matrix's values.
inline int64_t DenseAt(const cusparseDnMatDescr& m, int64_t i, int64_t j) {
  return m.order == CUSPARSE_ORDER_COL ? i + j * m.ld : i * m.ld + j;
}

}  // namespace warpsafe::engine::cusparse
