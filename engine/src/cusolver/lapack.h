// The LAPACK routines the engine's cuSOLVER and cuBLAS's batched LU call, as OpenBLAS exports them
// (Fortran calling convention: every argument by address, and the length of each character
// argument appended). Complex elements are std::complex, whose layout is cuComplex's (real part
// first).
#pragma once

#include <complex>
#include <cstddef>

namespace warpsafe::engine::cusolver {
using Complex = std::complex<float>;
using DoubleComplex = std::complex<double>;
}  // namespace warpsafe::engine::cusolver

// One declaration per precision letter P and element type T.
#define WARPSAFE_LAPACK_DECLARE_(P, T)                                                                            \
  void P##getrf_(const int* m, const int* n, T* a, const int* lda, int* ipiv, int* info);                         \
  void P##getrs_(const char* trans, const int* n, const int* nrhs, const T* a, const int* lda, const int* ipiv,   \
                 T* b, const int* ldb, int* info, std::size_t trans_length);                                     \
  void P##getri_(const int* n, T* a, const int* lda, const int* ipiv, T* work, const int* lwork, int* info);      \
  void P##potrf_(const char* uplo, const int* n, T* a, const int* lda, int* info, std::size_t uplo_length);       \
  void P##potrs_(const char* uplo, const int* n, const int* nrhs, const T* a, const int* lda, T* b, const int* ldb, \
                 int* info, std::size_t uplo_length);                                                            \
  void P##geqrf_(const int* m, const int* n, T* a, const int* lda, T* tau, T* work, const int* lwork, int* info);

extern "C" {
WARPSAFE_LAPACK_DECLARE_(s, float)
WARPSAFE_LAPACK_DECLARE_(d, double)
WARPSAFE_LAPACK_DECLARE_(c, warpsafe::engine::cusolver::Complex)
WARPSAFE_LAPACK_DECLARE_(z, warpsafe::engine::cusolver::DoubleComplex)
// Applying Q of a QR factorization: ormqr for real elements, unmqr (Q^H rather than Q^T) for complex.
void sormqr_(const char* side, const char* trans, const int* m, const int* n, const int* k, const float* a,
             const int* lda, const float* tau, float* c, const int* ldc, float* work, const int* lwork, int* info,
             std::size_t side_length, std::size_t trans_length);
void dormqr_(const char* side, const char* trans, const int* m, const int* n, const int* k, const double* a,
             const int* lda, const double* tau, double* c, const int* ldc, double* work, const int* lwork, int* info,
             std::size_t side_length, std::size_t trans_length);
void cunmqr_(const char* side, const char* trans, const int* m, const int* n, const int* k,
             const warpsafe::engine::cusolver::Complex* a, const int* lda, const warpsafe::engine::cusolver::Complex* tau,
             warpsafe::engine::cusolver::Complex* c, const int* ldc, warpsafe::engine::cusolver::Complex* work,
             const int* lwork, int* info, std::size_t side_length, std::size_t trans_length);
void zunmqr_(const char* side, const char* trans, const int* m, const int* n, const int* k,
             const warpsafe::engine::cusolver::DoubleComplex* a, const int* lda,
             const warpsafe::engine::cusolver::DoubleComplex* tau, warpsafe::engine::cusolver::DoubleComplex* c,
             const int* ldc, warpsafe::engine::cusolver::DoubleComplex* work, const int* lwork, int* info,
             std::size_t side_length, std::size_t trans_length);
// Eigenvalues (ascending) and, with jobz 'V', orthonormal eigenvectors of a symmetric (syevd) or
// Hermitian (heevd) matrix, by divide and conquer; the complex forms take a real workspace too.
void ssyevd_(const char* jobz, const char* uplo, const int* n, float* a, const int* lda, float* w, float* work,
             const int* lwork, int* iwork, const int* liwork, int* info, std::size_t jobz_length,
             std::size_t uplo_length);
void dsyevd_(const char* jobz, const char* uplo, const int* n, double* a, const int* lda, double* w, double* work,
             const int* lwork, int* iwork, const int* liwork, int* info, std::size_t jobz_length,
             std::size_t uplo_length);
void cheevd_(const char* jobz, const char* uplo, const int* n, warpsafe::engine::cusolver::Complex* a,
             const int* lda, float* w, warpsafe::engine::cusolver::Complex* work, const int* lwork, float* rwork,
             const int* lrwork, int* iwork, const int* liwork, int* info, std::size_t jobz_length,
             std::size_t uplo_length);
void zheevd_(const char* jobz, const char* uplo, const int* n, warpsafe::engine::cusolver::DoubleComplex* a,
             const int* lda, double* w, warpsafe::engine::cusolver::DoubleComplex* work, const int* lwork,
             double* rwork, const int* lrwork, int* iwork, const int* liwork, int* info, std::size_t jobz_length,
             std::size_t uplo_length);
}
#undef WARPSAFE_LAPACK_DECLARE_

namespace warpsafe::engine::cusolver {

// One name per routine for every precision.
#define WARPSAFE_LAPACK_OVERLOADS_(P, T)                                                                          \
  inline void LapackGetrf(int m, int n, T* a, int lda, int* ipiv, int* info) { P##getrf_(&m, &n, a, &lda, ipiv, info); } \
  inline void LapackGetrs(char trans, int n, int nrhs, const T* a, int lda, const int* ipiv, T* b, int ldb,       \
                          int* info) {                                                                            \
    P##getrs_(&trans, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);                                                 \
  }                                                                                                               \
  inline void LapackGetri(int n, T* a, int lda, const int* ipiv, T* work, int lwork, int* info) {                 \
    P##getri_(&n, a, &lda, ipiv, work, &lwork, info);                                                             \
  }                                                                                                               \
  inline void LapackPotrf(char uplo, int n, T* a, int lda, int* info) { P##potrf_(&uplo, &n, a, &lda, info, 1); } \
  inline void LapackPotrs(char uplo, int n, int nrhs, const T* a, int lda, T* b, int ldb, int* info) {            \
    P##potrs_(&uplo, &n, &nrhs, a, &lda, b, &ldb, info, 1);                                                       \
  }                                                                                                               \
  inline void LapackGeqrf(int m, int n, T* a, int lda, T* tau, T* work, int lwork, int* info) {                   \
    P##geqrf_(&m, &n, a, &lda, tau, work, &lwork, info);                                                          \
  }
WARPSAFE_LAPACK_OVERLOADS_(s, float)
WARPSAFE_LAPACK_OVERLOADS_(d, double)
WARPSAFE_LAPACK_OVERLOADS_(c, Complex)
WARPSAFE_LAPACK_OVERLOADS_(z, DoubleComplex)
#undef WARPSAFE_LAPACK_OVERLOADS_

// Q or its transpose (conjugate transpose for complex elements) applied to C from `side` ('L' or
// 'R'); `trans` is 'N', or 'T' for real and 'C' for complex elements.
inline void LapackUnmqr(char side, char trans, int m, int n, int k, const float* a, int lda, const float* tau,
                        float* c, int ldc, float* work, int lwork, int* info) {
  sormqr_(&side, &trans, &m, &n, &k, a, &lda, tau, c, &ldc, work, &lwork, info, 1, 1);
}
inline void LapackUnmqr(char side, char trans, int m, int n, int k, const double* a, int lda, const double* tau,
                        double* c, int ldc, double* work, int lwork, int* info) {
  dormqr_(&side, &trans, &m, &n, &k, a, &lda, tau, c, &ldc, work, &lwork, info, 1, 1);
}
inline void LapackUnmqr(char side, char trans, int m, int n, int k, const Complex* a, int lda, const Complex* tau,
                        Complex* c, int ldc, Complex* work, int lwork, int* info) {
  cunmqr_(&side, &trans, &m, &n, &k, a, &lda, tau, c, &ldc, work, &lwork, info, 1, 1);
}
inline void LapackUnmqr(char side, char trans, int m, int n, int k, const DoubleComplex* a, int lda,
                        const DoubleComplex* tau, DoubleComplex* c, int ldc, DoubleComplex* work, int lwork,
                        int* info) {
  zunmqr_(&side, &trans, &m, &n, &k, a, &lda, tau, c, &ldc, work, &lwork, info, 1, 1);
}

// The workspace size a LAPACK routine answers to lwork = -1, as a count of elements (at least 1).
template <class T>
int WorkspaceElements(const T& answer) {
  const double v = std::real(answer);
  return v < 1 ? 1 : static_cast<int>(v);
}

// LU without row exchanges, right-looking (cuSOLVER's getrf and cuBLAS's getrfBatched with no pivot
// array): returns the 1-based column of the first exactly zero pivot, or 0. That column is left
// unscaled (a division by the zero pivot would be the only alternative) and the factorization goes
// on, as LAPACK's does past a zero pivot.
template <class T>
int FactorUnpivoted(int m, int n, T* a, int lda) {
  int info = 0;
  const int steps = m < n ? m : n;
  for (int k = 0; k < steps; ++k) {
    const T pivot = a[k + static_cast<std::size_t>(k) * lda];
    if (pivot == T(0)) {
      if (info == 0) info = k + 1;
      continue;
    }
    for (int i = k + 1; i < m; ++i) a[i + static_cast<std::size_t>(k) * lda] /= pivot;
    for (int j = k + 1; j < n; ++j) {
      const T u = a[k + static_cast<std::size_t>(j) * lda];
      for (int i = k + 1; i < m; ++i) a[i + static_cast<std::size_t>(j) * lda] -= a[i + static_cast<std::size_t>(k) * lda] * u;
    }
  }
  return info;
}

}  // namespace warpsafe::engine::cusolver
