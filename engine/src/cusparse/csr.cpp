// Reading a CSR matrix's structure (csr.h).
#include "cusparse/csr.h"

#include <string>

#include "report/report.h"

namespace warpsafe::engine::cusparse {
namespace {

int64_t IndexAt(const void* array, cusparseIndexType_t type, int64_t k) {
  if (type == CUSPARSE_INDEX_64I) return static_cast<const int64_t*>(array)[k];
  return static_cast<const int32_t*>(array)[k];
}

[[noreturn]] void Malformed(const char* call, const std::string& what) {
  Report(DefectKind::kIllegalAddress)
      .Where(call)
      .AtCaller(what + ": the library's kernel would read outside its operands")
      .Emit();
}

}  // namespace

CsrIndices ReadCsr(const char* call, const cusparseSpMatDescr& a, cudaStream_t stream, bool values) {
  using runtime::LibraryOperand;
  using runtime::OperandUse;
  LibraryOperand(call, "csrRowOffsets", a.offsets, static_cast<std::size_t>(a.rows + 1) * IndexBytes(a.offset_type),
                 OperandUse::kRead, stream);
  LibraryOperand(call, "csrColInd", a.columns, static_cast<std::size_t>(a.nnz) * IndexBytes(a.column_type),
                 OperandUse::kRead, stream);
  if (values)
    LibraryOperand(call, "csrValues", a.values, static_cast<std::size_t>(a.nnz) * ValueBytes(a.type),
                   OperandUse::kRead, stream);
  const int64_t base = a.base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  CsrIndices csr;
  csr.offsets.resize(static_cast<std::size_t>(a.rows + 1));
  for (int64_t i = 0; i <= a.rows; ++i) {
    const int64_t o = IndexAt(a.offsets, a.offset_type, i) - base;
    const int64_t low = i == 0 ? 0 : csr.offsets[i - 1];
    if (o < low || o > a.nnz || (i == 0 && o != 0) || (i == a.rows && o != a.nnz))
      Malformed(call, "operand csrRowOffsets: entry " + std::to_string(i) + " is " + std::to_string(o + base) +
                          ", outside the ascending range from " + std::to_string(base) + " to nnz + base = " +
                          std::to_string(a.nnz + base));
    csr.offsets[i] = o;
  }
  csr.columns.resize(static_cast<std::size_t>(a.nnz));
  for (int64_t k = 0; k < a.nnz; ++k) {
    const int64_t c = IndexAt(a.columns, a.column_type, k) - base;
    if (c < 0 || c >= a.cols)
      Malformed(call, "operand csrColInd: entry " + std::to_string(k) + " is " + std::to_string(c + base) +
                          ", outside the matrix's columns " + std::to_string(base) + " to " +
                          std::to_string(a.cols - 1 + base));
    csr.columns[k] = c;
  }
  return csr;
}

}  // namespace warpsafe::engine::cusparse
