// The host-side helpers of cuSOLVER's sparse API: whether a CSR pattern is symmetric (csrissym),
// symmetric orderings of the rows and columns (csrsymrcm, csrsymamd, csrmetisnd), and the
// permutation of a CSR matrix's structure B = A(p, q) (csrperm). Orderings and permutations are
// 0-based whatever the descriptor's index base.
//
// csrsymrcm is the reverse Cuthill-McKee ordering of the pattern of A + A^T: each connected piece
// is numbered breadth first from a vertex of minimum degree, neighbours in increasing degree, and
// the whole order is reversed. csrsymamd and csrmetisnd return the same ordering: on the GPU they
// are approximate minimum degree and nested dissection, which reduce fill-in; any permutation is
// a correct answer to a solver (the solution of P A P^T (P x) = P b is x), and the engine's
// factorizations work on the band, which reverse Cuthill-McKee narrows.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "cusolver/sparse_matrix.h"

namespace warpsafe::engine::cusolver {
namespace {

// The neighbours of each vertex in the pattern of A + A^T, the diagonal left out.
std::vector<std::vector<int>> SymmetricGraph(const CsrView& csr) {
  std::vector<std::vector<int>> adjacent(static_cast<std::size_t>(csr.n));
  for (int i = 0; i < csr.n; ++i) {
    for (int p = csr.row_ptr[i] - csr.base; p < csr.row_ptr[i + 1] - csr.base; ++p) {
      const int j = csr.col_ind[p] - csr.base;
      if (j == i) continue;
      adjacent[static_cast<std::size_t>(i)].push_back(j);
      adjacent[static_cast<std::size_t>(j)].push_back(i);
    }
  }
  for (auto& list : adjacent) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  return adjacent;
}

std::vector<int> ReverseCuthillMcKee(const CsrView& csr) {
  const auto adjacent = SymmetricGraph(csr);
  const auto degree = [&](int v) { return adjacent[static_cast<std::size_t>(v)].size(); };
  std::vector<int> order;
  order.reserve(static_cast<std::size_t>(csr.n));
  std::vector<char> seen(static_cast<std::size_t>(csr.n), 0);
  std::vector<int> by_degree(static_cast<std::size_t>(csr.n));
  std::iota(by_degree.begin(), by_degree.end(), 0);
  std::stable_sort(by_degree.begin(), by_degree.end(), [&](int a, int b) { return degree(a) < degree(b); });
  for (int start : by_degree) {
    if (seen[static_cast<std::size_t>(start)]) continue;
    std::size_t head = order.size();
    order.push_back(start);
    seen[static_cast<std::size_t>(start)] = 1;
    while (head < order.size()) {
      const int v = order[head++];
      std::vector<int> next;
      for (int w : adjacent[static_cast<std::size_t>(v)]) {
        if (!seen[static_cast<std::size_t>(w)]) {
          seen[static_cast<std::size_t>(w)] = 1;
          next.push_back(w);
        }
      }
      std::stable_sort(next.begin(), next.end(), [&](int a, int b) { return degree(a) < degree(b); });
      order.insert(order.end(), next.begin(), next.end());
    }
  }
  std::reverse(order.begin(), order.end());
  return order;
}

cusolverStatus_t Ordering(cusolverSpHandle_t h, int n, int nnz, cusparseMatDescr_t descr, const int* row_ptr,
                          const int* col_ind, int* p) {
  if (cusolverStatus_t s = BeginSparse(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (p == nullptr && n > 0) return CUSOLVER_STATUS_INVALID_VALUE;
  CsrView csr;
  if (cusolverStatus_t s = ReadCsr(n, n, nnz, descr, row_ptr, col_ind, &csr); s != CUSOLVER_STATUS_SUCCESS) return s;
  const std::vector<int> order = ReverseCuthillMcKee(csr);
  std::copy(order.begin(), order.end(), p);
  return CUSOLVER_STATUS_SUCCESS;
}

// True if every entry of 0..n-1 appears once in `perm`.
bool IsPermutation(const int* perm, int n) {
  std::vector<char> hit(static_cast<std::size_t>(n), 0);
  for (int i = 0; i < n; ++i) {
    if (perm[i] < 0 || perm[i] >= n || hit[static_cast<std::size_t>(perm[i])]) return false;
    hit[static_cast<std::size_t>(perm[i])] = 1;
  }
  return true;
}

}  // namespace
}  // namespace warpsafe::engine::cusolver

namespace sv = warpsafe::engine::cusolver;

extern "C" {

// The pattern is symmetric when (j, i) is stored for every stored (i, j); rows run from
// csrStartPtrA[i] to csrEndPtrA[i].
cusolverStatus_t cusolverSpXcsrissymHost(cusolverSpHandle_t handle, int m, int nnzA, const cusparseMatDescr_t descrA,
                                         const int* csrStartPtrA, const int* csrEndPtrA, const int* csrColIndA,
                                         int* issym) {
  if (cusolverStatus_t s = sv::BeginSparse(handle); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (descrA == nullptr || m < 0 || nnzA < 0 || issym == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  if (cusparseGetMatType(descrA) != CUSPARSE_MATRIX_TYPE_GENERAL) return CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
  const int base = cusparseGetMatIndexBase(descrA) == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  std::vector<std::vector<int>> rows(static_cast<std::size_t>(m));
  for (int i = 0; i < m; ++i) {
    for (int p = csrStartPtrA[i] - base; p < csrEndPtrA[i] - base; ++p) {
      const int j = csrColIndA[p] - base;
      if (j < 0 || j >= m) return CUSOLVER_STATUS_INVALID_VALUE;
      rows[static_cast<std::size_t>(i)].push_back(j);
    }
    std::sort(rows[static_cast<std::size_t>(i)].begin(), rows[static_cast<std::size_t>(i)].end());
  }
  *issym = 1;
  for (int i = 0; i < m && *issym; ++i) {
    for (int j : rows[static_cast<std::size_t>(i)]) {
      const auto& mirror = rows[static_cast<std::size_t>(j)];
      if (!std::binary_search(mirror.begin(), mirror.end(), i)) {
        *issym = 0;
        break;
      }
    }
  }
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpXcsrsymrcmHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                          const int* csrRowPtrA, const int* csrColIndA, int* p) {
  return sv::Ordering(handle, n, nnzA, descrA, csrRowPtrA, csrColIndA, p);
}

cusolverStatus_t cusolverSpXcsrsymamdHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                          const int* csrRowPtrA, const int* csrColIndA, int* p) {
  return sv::Ordering(handle, n, nnzA, descrA, csrRowPtrA, csrColIndA, p);
}

cusolverStatus_t cusolverSpXcsrmetisndHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                           const int* csrRowPtrA, const int* csrColIndA, const int64_t*, int* p) {
  return sv::Ordering(handle, n, nnzA, descrA, csrRowPtrA, csrColIndA, p);
}

cusolverStatus_t cusolverSpXcsrperm_bufferSizeHost(cusolverSpHandle_t handle, int m, int n, int nnzA,
                                                   const cusparseMatDescr_t descrA, const int*, const int*, const int*,
                                                   const int*, size_t* bufferSizeInBytes) {
  if (cusolverStatus_t s = sv::BeginSparse(handle); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (descrA == nullptr || m < 0 || n < 0 || nnzA < 0 || bufferSizeInBytes == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  *bufferSizeInBytes = sizeof(int);  // the engine keeps its own scratch
  return CUSOLVER_STATUS_SUCCESS;
}

// B = A(p, q) in place: row i of B is row p[i] of A, column j of B is column q[j] of A, columns
// sorted within each row; map (nnz entries) is permuted with the entries, so that a program gathers
// B's values as valA[map[k]] when map started as 0..nnz-1.
cusolverStatus_t cusolverSpXcsrpermHost(cusolverSpHandle_t handle, int m, int n, int nnzA,
                                        const cusparseMatDescr_t descrA, int* csrRowPtrA, int* csrColIndA,
                                        const int* p, const int* q, int* map, void*) {
  if (cusolverStatus_t s = sv::BeginSparse(handle); s != CUSOLVER_STATUS_SUCCESS) return s;
  sv::CsrView csr;
  if (cusolverStatus_t s = sv::ReadCsr(m, n, nnzA, descrA, csrRowPtrA, csrColIndA, &csr); s != CUSOLVER_STATUS_SUCCESS)
    return s;
  if ((m > 0 && p == nullptr) || (n > 0 && q == nullptr) || (nnzA > 0 && map == nullptr)) return CUSOLVER_STATUS_INVALID_VALUE;
  if (!sv::IsPermutation(p, m) || !sv::IsPermutation(q, n)) return CUSOLVER_STATUS_INVALID_VALUE;
  std::vector<int> column_of(static_cast<std::size_t>(n));  // A's column -> B's column
  for (int j = 0; j < n; ++j) column_of[static_cast<std::size_t>(q[j])] = j;
  const int base = csr.base;
  std::vector<int> row_ptr(static_cast<std::size_t>(m) + 1, base), col, new_map;
  col.reserve(static_cast<std::size_t>(nnzA));
  new_map.reserve(static_cast<std::size_t>(nnzA));
  std::vector<std::pair<int, int>> row;
  for (int i = 0; i < m; ++i) {
    const int from = p[i];
    row.clear();
    for (int k = csrRowPtrA[from] - base; k < csrRowPtrA[from + 1] - base; ++k) {
      row.emplace_back(column_of[static_cast<std::size_t>(csrColIndA[k] - base)], map[k]);
    }
    std::stable_sort(row.begin(), row.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [c, source] : row) {
      col.push_back(c + base);
      new_map.push_back(source);
    }
    row_ptr[static_cast<std::size_t>(i) + 1] = static_cast<int>(col.size()) + base;
  }
  std::copy(row_ptr.begin(), row_ptr.end(), csrRowPtrA);
  std::copy(col.begin(), col.end(), csrColIndA);
  std::copy(new_map.begin(), new_map.end(), map);
  return CUSOLVER_STATUS_SUCCESS;
}

}  // extern "C"
