// A cuSOLVER sparse handle, the checks every sparse call makes first, and a CSR matrix read into
// the storage the engine factors it in. Internal to the engine's cuSOLVER
// (engine/src/cusolver, docs/semantics/libraries.md).
//
// The engine solves sparse systems with LAPACK's direct factorizations on the matrix's band
// (Cholesky, LU) or on the whole matrix (QR): the nonzeros' pattern only bounds the storage. A
// matrix whose factor storage would pass kMaxFactorBytes is refused with a message naming that
// limit, so that a program meant for a large sparse matrix stops clearly instead of exhausting
// memory or running for hours.
#pragma once

#include <complex>
#include <cstddef>
#include <limits>
#include <type_traits>
#include <vector>

#include "cusolver/context.h"
#include "cusolverSp.h"

struct cusolverSpContext {
  cudaStream_t stream = nullptr;
};

namespace warpsafe::engine::cusolver {

// The most bytes of factor storage one sparse solve may use (256 MiB).
constexpr std::size_t kMaxFactorBytes = std::size_t{256} << 20;

// NOT_INITIALIZED for a handle not returned by cusolverSpCreate (or destroyed since),
// EXECUTION_FAILED while the runtime holds a sticky error, SUCCESS otherwise.
cusolverStatus_t BeginSparse(cusolverSpHandle_t h);

// The real type of an element (of its tolerance and magnitudes).
template <class L> struct RealOf { using type = L; };
template <class R> struct RealOf<std::complex<R>> { using type = R; };

// The engine's answer of a solve whose matrix is singular under its tolerance: x all NaN.
template <class L>
void PoisonVector(int n, L* x) {
  const auto nan = std::numeric_limits<typename RealOf<L>::type>::quiet_NaN();
  for (int i = 0; i < n; ++i) {
    if constexpr (std::is_same_v<L, typename RealOf<L>::type>) {
      x[i] = nan;
    } else {
      x[i] = L(nan, nan);
    }
  }
}

// A CSR matrix as a call receives it (n rows, `cols` columns), with its descriptor's index base.
struct CsrView {
  int n = 0;
  int cols = 0;
  int nnz = 0;
  int base = 0;
  const int* row_ptr = nullptr;
  const int* col_ind = nullptr;
};

// Checks a descriptor and the CSR structure of an n x cols matrix the call has made readable: MATRIX_TYPE_NOT_SUPPORTED
// unless the descriptor says general, INVALID_VALUE for a negative size, a row pointer array that
// does not grow from the base to base + nnz, or a column index outside the matrix. On success
// fills `view`.
cusolverStatus_t ReadCsr(int n, int cols, int nnz, cusparseMatDescr_t descr, const int* row_ptr, const int* col_ind,
                         CsrView* view);

// The half-bandwidths of the pattern: the largest i - j (lower) and j - i (upper) of a stored entry.
void Bandwidths(const CsrView& csr, int* lower, int* upper);

// Prints the refusal of a rows x cols matrix whose factor storage would pass kMaxFactorBytes and
// returns ALLOC_FAILED; returns SUCCESS when `bytes` fits.
cusolverStatus_t CheckFactorBytes(const char* call, int rows, int cols, double bytes);

// The matrix in LAPACK's general band storage for gbtrf (kl subdiagonals, ku superdiagonals,
// leading dimension 2 kl + ku + 1: A(i, j) at [kl + ku + i - j + j * ldab]).
template <class L>
std::vector<L> ToGeneralBand(const CsrView& csr, const L* val, int kl, int ku) {
  const std::size_t ldab = static_cast<std::size_t>(2 * kl + ku + 1);
  std::vector<L> ab(ldab * static_cast<std::size_t>(csr.n), L(0));
  for (int i = 0; i < csr.n; ++i) {
    for (int p = csr.row_ptr[i] - csr.base; p < csr.row_ptr[i + 1] - csr.base; ++p) {
      const int j = csr.col_ind[p] - csr.base;
      ab[static_cast<std::size_t>(kl + ku + i - j) + static_cast<std::size_t>(j) * ldab] += val[p];
    }
  }
  return ab;
}

// The lower triangle of the matrix in LAPACK's lower band storage for pbtrf (kd subdiagonals,
// leading dimension kd + 1: A(i, j) at [i - j + j * (kd + 1)]); the upper triangle is not read.
template <class L>
std::vector<L> ToLowerBand(const CsrView& csr, const L* val, int kd) {
  const std::size_t ldab = static_cast<std::size_t>(kd + 1);
  std::vector<L> ab(ldab * static_cast<std::size_t>(csr.n), L(0));
  for (int i = 0; i < csr.n; ++i) {
    for (int p = csr.row_ptr[i] - csr.base; p < csr.row_ptr[i + 1] - csr.base; ++p) {
      const int j = csr.col_ind[p] - csr.base;
      if (j <= i) ab[static_cast<std::size_t>(i - j) + static_cast<std::size_t>(j) * ldab] += val[p];
    }
  }
  return ab;
}

// The matrix in dense column-major storage (leading dimension its row count).
template <class L>
std::vector<L> ToDense(const CsrView& csr, const L* val) {
  const int rows = csr.n;
  std::vector<L> a(static_cast<std::size_t>(rows) * static_cast<std::size_t>(csr.cols), L(0));
  for (int i = 0; i < rows; ++i) {
    for (int p = csr.row_ptr[i] - csr.base; p < csr.row_ptr[i + 1] - csr.base; ++p) {
      const int j = csr.col_ind[p] - csr.base;
      a[static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * static_cast<std::size_t>(rows)] += val[p];
    }
  }
  return a;
}

}  // namespace warpsafe::engine::cusolver
