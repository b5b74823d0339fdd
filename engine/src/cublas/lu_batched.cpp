// cuBLAS's batched LU routines in S, D, C and Z: getrfBatched (P A = L U of each n x n matrix),
// getrsBatched (op(A) X = B with those factors), getriBatched (the inverse from the factors, out
// of place) and matinvBatched (the inverse of a matrix of order 32 at most, in one call)
// ([cublas<t>getrfBatched()](https://docs.nvidia.com/cuda/cublas/index.html#cublas-t-getrfbatched)
// and the sections after it).
//
// The arrays of matrix pointers, the pivots and the info arrays live in device memory (the info of
// getrsBatched excepted: it is one host int that reports a bad argument as -(its position)). Pivots
// are 1-based row numbers, n per matrix one after another; a null pivot array means factors made
// without row exchanges. info[i] is 0, or j when U(j, j) of matrix i is exactly zero: the
// factorization stops there, as the GPU's does (Factor below), and the inverse of such a matrix is
// not computed. The factorization is the engine's own loop, which follows the GPU's pivoting;
// the solves and inverses from the factors are LAPACK's.
#include <algorithm>
#include <cmath>
#include <complex>
#include <type_traits>
#include <utility>
#include <vector>

#include "cublas/blas_types.h"
#include "cublas/context.h"
#include "cusolver/lapack.h"

namespace warpsafe::engine::cublas {
namespace {

using runtime::OperandUse;

int AtLeastOne(int v) { return v > 1 ? v : 1; }

template <class T>
typename Scalar<T>::type* Elements(T* p) {
  return reinterpret_cast<typename Scalar<T>::type*>(p);
}
template <class T>
const typename Scalar<T>::type* Elements(const T* p) {
  return reinterpret_cast<const typename Scalar<T>::type*>(p);
}

std::size_t Count(int n, int batch) { return static_cast<std::size_t>(n) * static_cast<std::size_t>(batch); }

// Factors the n x n matrix `a` in place as cuBLAS's batched LU does, as measured on an H200 (CUDA
// 13.0, tests/programs/cublas/lu_batched_calls.cu): right-looking, one column at a time; the pivot
// of a column is its element of largest modulus (|z| for complex elements, where LAPACK's getrf
// takes |re| + |im|), the first of equal ones, and none is sought when `pivots` is null. At the
// first exactly zero pivot the factorization stops: the rest of the matrix stays as the steps
// before made it, the remaining pivots name their own rows, and that column (1-based) is returned;
// 0 when there is none.
template <class S>
int Factor(int n, S* a, int lda, int* pivots) {
  const auto at = [&](int i, int j) -> S& { return a[i + static_cast<std::size_t>(j) * lda]; };
  for (int k = 0; k < n; ++k) {
    if (pivots != nullptr) {
      int p = k;
      double largest = -1;
      for (int i = k; i < n; ++i) {
        const double size = std::abs(at(i, k));
        if (size > largest) largest = size, p = i;
      }
      pivots[k] = p + 1;
      if (p != k)
        for (int j = 0; j < n; ++j) std::swap(at(k, j), at(p, j));
    }
    const S pivot = at(k, k);
    if (pivot == S(0)) {
      for (int i = k + 1; pivots != nullptr && i < n; ++i) pivots[i] = i + 1;
      return k + 1;
    }
    for (int i = k + 1; i < n; ++i) at(i, k) /= pivot;
    for (int j = k + 1; j < n; ++j) {
      const S u = at(k, j);
      for (int i = k + 1; i < n; ++i) at(i, j) -= at(i, k) * u;
    }
  }
  return 0;
}

// The inverse of the factored n x n matrix `lu` written over it; returns getri's info (j > 0 when
// U(j, j) is zero, in which case `lu` is left as it was).
template <class S>
int InvertFactored(int n, S* lu, int ld, const int* pivots) {
  if (n == 0) return 0;
  std::vector<int> identity;
  if (pivots == nullptr) {
    for (int i = 1; i <= n; ++i) identity.push_back(i);
    pivots = identity.data();
  }
  int info = 0;
  S query{};
  cusolver::LapackGetri(n, lu, ld, pivots, &query, -1, &info);
  std::vector<S> work(static_cast<std::size_t>(cusolver::WorkspaceElements(query)));
  cusolver::LapackGetri(n, lu, ld, pivots, work.data(), static_cast<int>(work.size()), &info);
  return info;
}

template <class T>
cublasStatus_t GetrfBatched(const char* routine, cublasHandle_t h, int n, T* const A[], int lda, int* P, int* info,
                            int batch) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (n < 0 || lda < AtLeastOne(n) || batch < 0) return CUBLAS_STATUS_INVALID_VALUE;
  if (batch == 0) return CUBLAS_STATUS_SUCCESS;
  return Run(routine, h, [=] {
    CheckOperand(routine, "Aarray", A, sizeof(T*) * static_cast<std::size_t>(batch), OperandUse::kRead);
    if (P != nullptr && n > 0) CheckOperand(routine, "P", P, Count(n, batch) * sizeof(int), OperandUse::kWrite);
    CheckOperand(routine, "info", info, Count(1, batch) * sizeof(int), OperandUse::kWrite);
    for (int i = 0; i < batch; ++i) {
      if (n > 0) CheckOperand(routine, "Aarray[i]", A[i], MatrixBytes(n, n, lda, sizeof(T)), OperandUse::kReadWrite);
      info[i] = Factor(n, Elements(A[i]), lda, P == nullptr ? nullptr : P + Count(n, i));
    }
    return CUBLAS_STATUS_SUCCESS;
  });
}

template <class T>
cublasStatus_t GetrsBatched(const char* routine, cublasHandle_t h, cublasOperation_t trans, int n, int nrhs,
                            const T* const A[], int lda, const int* pivots, T* const B[], int ldb, int* info,
                            int batch) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  // The host info names the first bad argument by its position after the handle, as LAPACK does.
  int bad = 0;
  if (!IsValidOp(trans)) bad = 1;
  else if (n < 0) bad = 2;
  else if (nrhs < 0) bad = 3;
  else if (lda < AtLeastOne(n)) bad = 5;
  else if (ldb < AtLeastOne(n)) bad = 8;
  else if (batch < 0) bad = 10;
  if (info == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *info = -bad;
  if (bad != 0) return CUBLAS_STATUS_INVALID_VALUE;
  if (batch == 0 || n == 0 || nrhs == 0) return CUBLAS_STATUS_SUCCESS;
  return Run(routine, h, [=] {
    CheckOperand(routine, "Aarray", A, sizeof(T*) * static_cast<std::size_t>(batch), OperandUse::kRead);
    CheckOperand(routine, "Barray", B, sizeof(T*) * static_cast<std::size_t>(batch), OperandUse::kRead);
    if (pivots != nullptr) CheckOperand(routine, "devIpiv", pivots, Count(n, batch) * sizeof(int), OperandUse::kRead);
    std::vector<int> identity;
    if (pivots == nullptr)
      for (int i = 1; i <= n; ++i) identity.push_back(i);
    using S = typename Scalar<T>::type;
    const char t = trans == CUBLAS_OP_N ? 'N' : trans == CUBLAS_OP_T || std::is_same_v<S, T> ? 'T' : 'C';
    for (int i = 0; i < batch; ++i) {
      CheckOperand(routine, "Aarray[i]", A[i], MatrixBytes(n, n, lda, sizeof(T)), OperandUse::kRead);
      CheckOperand(routine, "Barray[i]", B[i], MatrixBytes(n, nrhs, ldb, sizeof(T)), OperandUse::kReadWrite);
      int result = 0;
      cusolver::LapackGetrs(t, n, nrhs, Elements(A[i]), lda, pivots == nullptr ? identity.data() : pivots + Count(n, i),
                            Elements(B[i]), ldb, &result);
    }
    return CUBLAS_STATUS_SUCCESS;
  });
}

// Copies the n x n matrix `from` (leading dimension lf) into `to` (lt).
template <class S>
void CopySquare(int n, const S* from, int lf, S* to, int lt) {
  for (int j = 0; j < n; ++j)
    std::copy(from + static_cast<std::size_t>(j) * lf, from + static_cast<std::size_t>(j) * lf + n,
              to + static_cast<std::size_t>(j) * lt);
}

template <class T>
cublasStatus_t GetriBatched(const char* routine, cublasHandle_t h, int n, const T* const A[], int lda, const int* P,
                            T* const C[], int ldc, int* info, int batch) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (n < 0 || lda < AtLeastOne(n) || ldc < AtLeastOne(n) || batch < 0) return CUBLAS_STATUS_INVALID_VALUE;
  if (batch == 0) return CUBLAS_STATUS_SUCCESS;
  return Run(routine, h, [=] {
    CheckOperand(routine, "Aarray", A, sizeof(T*) * static_cast<std::size_t>(batch), OperandUse::kRead);
    CheckOperand(routine, "Carray", C, sizeof(T*) * static_cast<std::size_t>(batch), OperandUse::kRead);
    if (P != nullptr && n > 0) CheckOperand(routine, "P", P, Count(n, batch) * sizeof(int), OperandUse::kRead);
    CheckOperand(routine, "info", info, Count(1, batch) * sizeof(int), OperandUse::kWrite);
    for (int i = 0; i < batch; ++i) {
      if (n > 0) {
        CheckOperand(routine, "Aarray[i]", A[i], MatrixBytes(n, n, lda, sizeof(T)), OperandUse::kRead);
        CheckOperand(routine, "Carray[i]", C[i], MatrixBytes(n, n, ldc, sizeof(T)), OperandUse::kWrite);
        CopySquare(n, Elements(A[i]), lda, Elements(C[i]), ldc);
      }
      info[i] = InvertFactored(n, Elements(C[i]), ldc, P == nullptr ? nullptr : P + Count(n, i));
    }
    return CUBLAS_STATUS_SUCCESS;
  });
}

// The inverse of each matrix, factored with partial pivoting in a scratch copy: A is only read.
template <class T>
cublasStatus_t MatinvBatched(const char* routine, cublasHandle_t h, int n, const T* const A[], int lda,
                             T* const Ainv[], int lda_inv, int* info, int batch) {
  using S = typename Scalar<T>::type;
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (n < 0 || n > 32 || lda < AtLeastOne(n) || lda_inv < AtLeastOne(n) || batch < 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (batch == 0) return CUBLAS_STATUS_SUCCESS;
  return Run(routine, h, [=] {
    CheckOperand(routine, "A", A, sizeof(T*) * static_cast<std::size_t>(batch), OperandUse::kRead);
    CheckOperand(routine, "Ainv", Ainv, sizeof(T*) * static_cast<std::size_t>(batch), OperandUse::kRead);
    CheckOperand(routine, "info", info, Count(1, batch) * sizeof(int), OperandUse::kWrite);
    std::vector<S> lu(Count(n, n));
    std::vector<int> pivots(static_cast<std::size_t>(n));
    for (int i = 0; i < batch; ++i) {
      int result = 0;
      if (n > 0) {
        CheckOperand(routine, "A[i]", A[i], MatrixBytes(n, n, lda, sizeof(T)), OperandUse::kRead);
        CheckOperand(routine, "Ainv[i]", Ainv[i], MatrixBytes(n, n, lda_inv, sizeof(T)), OperandUse::kWrite);
        CopySquare(n, Elements(A[i]), lda, lu.data(), n);
        result = Factor(n, lu.data(), n, pivots.data());
        if (result == 0) result = InvertFactored(n, lu.data(), n, pivots.data());
        CopySquare(n, static_cast<const S*>(lu.data()), n, Elements(Ainv[i]), lda_inv);
      }
      info[i] = result;
    }
    return CUBLAS_STATUS_SUCCESS;
  });
}

}  // namespace
}  // namespace warpsafe::engine::cublas

namespace cb = warpsafe::engine::cublas;

#define WARPSAFE_CUBLAS_LU_BATCHED_(P, T)                                                                         \
  cublasStatus_t cublas##P##getrfBatched(cublasHandle_t h, int n, T* const A[], int lda, int* P_, int* info,      \
                                         int batchSize) {                                                         \
    return cb::GetrfBatched("cublas" #P "getrfBatched", h, n, A, lda, P_, info, batchSize);                      \
  }                                                                                                               \
  cublasStatus_t cublas##P##getrsBatched(cublasHandle_t h, cublasOperation_t trans, int n, int nrhs,              \
                                         const T* const Aarray[], int lda, const int* devIpiv,                    \
                                         T* const Barray[], int ldb, int* info, int batchSize) {                  \
    return cb::GetrsBatched("cublas" #P "getrsBatched", h, trans, n, nrhs, Aarray, lda, devIpiv, Barray, ldb,    \
                            info, batchSize);                                                                     \
  }                                                                                                               \
  cublasStatus_t cublas##P##getriBatched(cublasHandle_t h, int n, const T* const A[], int lda, const int* P_,     \
                                         T* const C[], int ldc, int* info, int batchSize) {                       \
    return cb::GetriBatched("cublas" #P "getriBatched", h, n, A, lda, P_, C, ldc, info, batchSize);              \
  }                                                                                                               \
  cublasStatus_t cublas##P##matinvBatched(cublasHandle_t h, int n, const T* const A[], int lda, T* const Ainv[],  \
                                          int lda_inv, int* info, int batchSize) {                                \
    return cb::MatinvBatched("cublas" #P "matinvBatched", h, n, A, lda, Ainv, lda_inv, info, batchSize);         \
  }

extern "C" {
WARPSAFE_CUBLAS_LU_BATCHED_(S, float)
WARPSAFE_CUBLAS_LU_BATCHED_(D, double)
WARPSAFE_CUBLAS_LU_BATCHED_(C, cuComplex)
WARPSAFE_CUBLAS_LU_BATCHED_(Z, cuDoubleComplex)
}  // extern "C"
