// syevd in S and D, heevd in C and Z: every eigenvalue of a symmetric (Hermitian) n x n matrix, in
// ascending order, and with CUSOLVER_EIG_MODE_VECTOR its orthonormal eigenvectors, written over A
// column by column (A V = V diag(W)), on LAPACK's divide-and-conquer syevd/heevd.
//
// Only the triangle `uplo` names is read. The eigenvalues are real in every precision, so W is float
// for S and C and double for D and Z. An eigenvector is defined up to a factor of modulus one (its
// sign, for real matrices; a phase, for complex ones), and the vectors of a repeated eigenvalue up
// to a rotation of their space: the GPU's and LAPACK's may differ there, each being a valid answer.
// With CUSOLVER_EIG_MODE_NOVECTOR cuSOLVER documents A as destroyed; the engine fills its n x n
// elements with NaN so that a program reading them fails here too (docs/semantics/libraries.md,
// SOLVER-12). devInfo i > 0 means i off-diagonal elements of the tridiagonal form did not converge.
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "cusolver/context.h"
#include "cusolver/lapack.h"

namespace warpsafe::engine::cusolver {
namespace {

using runtime::LibraryOperand;
using runtime::OperandUse;

// One LAPACK call for every precision: the real forms have no real workspace (rwork, lrwork unused).
void LapackEigen(char jobz, char uplo, int n, float* a, int lda, float* w, float* work, int lwork, float*, int,
                 int* iwork, int liwork, int* info) {
  ssyevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, iwork, &liwork, info, 1, 1);
}
void LapackEigen(char jobz, char uplo, int n, double* a, int lda, double* w, double* work, int lwork, double*, int,
                 int* iwork, int liwork, int* info) {
  dsyevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, iwork, &liwork, info, 1, 1);
}
void LapackEigen(char jobz, char uplo, int n, Complex* a, int lda, float* w, Complex* work, int lwork, float* rwork,
                 int lrwork, int* iwork, int liwork, int* info) {
  cheevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, rwork, &lrwork, iwork, &liwork, info, 1, 1);
}
void LapackEigen(char jobz, char uplo, int n, DoubleComplex* a, int lda, double* w, DoubleComplex* work, int lwork,
                 double* rwork, int lrwork, int* iwork, int liwork, int* info) {
  zheevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, rwork, &lrwork, iwork, &liwork, info, 1, 1);
}

// T is the matrix's element type, R the eigenvalues' (its real part).
template <class T, class R>
cusolverStatus_t Eigen(const char* call, cusolverDnHandle_t h, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,
                       T* a, int lda, R* w, int* info) {
  using L = typename LapackElement<T>::type;
  if (cusolverStatus_t s = Begin(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (jobz != CUSOLVER_EIG_MODE_NOVECTOR && jobz != CUSOLVER_EIG_MODE_VECTOR) return CUSOLVER_STATUS_INVALID_VALUE;
  if (uplo != CUBLAS_FILL_MODE_LOWER && uplo != CUBLAS_FILL_MODE_UPPER) return CUSOLVER_STATUS_INVALID_VALUE;
  if (n < 0 || lda < (n > 1 ? n : 1)) return CUSOLVER_STATUS_INVALID_VALUE;
  return Run(call, h, [=] {
    LibraryOperand(call, "A", a, MatrixBytes(n, n, lda, sizeof(T)), OperandUse::kReadWrite, h->stream);
    if (n > 0) LibraryOperand(call, "W", w, static_cast<std::size_t>(n) * sizeof(R), OperandUse::kWrite, h->stream);
    int result = 0;
    if (n > 0) {
      const char job = jobz == CUSOLVER_EIG_MODE_VECTOR ? 'V' : 'N';
      const char tri = uplo == CUBLAS_FILL_MODE_LOWER ? 'L' : 'U';
      L work_query{};
      R rwork_query{};
      int iwork_query = 0;
      LapackEigen(job, tri, n, Lapack(a), lda, w, &work_query, -1, &rwork_query, -1, &iwork_query, -1, &result);
      std::vector<L> work(static_cast<std::size_t>(WorkspaceElements(work_query)));
      std::vector<R> rwork(static_cast<std::size_t>(WorkspaceElements(rwork_query)));
      std::vector<int> iwork(static_cast<std::size_t>(iwork_query > 1 ? iwork_query : 1));
      LapackEigen(job, tri, n, Lapack(a), lda, w, work.data(), static_cast<int>(work.size()), rwork.data(),
                  static_cast<int>(rwork.size()), iwork.data(), static_cast<int>(iwork.size()), &result);
      if (jobz == CUSOLVER_EIG_MODE_NOVECTOR) {
        const R nan = std::numeric_limits<R>::quiet_NaN();
        L poison{};
        if constexpr (std::is_same_v<L, R>) poison = nan;
        else poison = L(nan, nan);
        for (int j = 0; j < n; ++j)
          for (int i = 0; i < n; ++i) Lapack(a)[i + static_cast<std::size_t>(j) * lda] = poison;
      }
    }
    WriteInfo(call, info, result, h->stream);
    return CUSOLVER_STATUS_SUCCESS;
  });
}

}  // namespace
}  // namespace warpsafe::engine::cusolver

namespace sv = warpsafe::engine::cusolver;

// NAME is syevd or heevd with its precision letter, T the element type and R the eigenvalues'.
#define WARPSAFE_CUSOLVER_EIGEN_(NAME, T, R)                                                                      \
  cusolverStatus_t cusolverDn##NAME##_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t, cublasFillMode_t, \
                                                 int, const T*, int, const R*, int* lwork) {                    \
    return sv::WorkspaceSize(handle, lwork);                                                                     \
  }                                                                                                              \
  cusolverStatus_t cusolverDn##NAME(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo,    \
                                    int n, T* A, int lda, R* W, T*, int, int* devInfo) {                         \
    return sv::Eigen("cuSOLVER call cusolverDn" #NAME, handle, jobz, uplo, n, A, lda, W, devInfo);             \
  }

extern "C" {
WARPSAFE_CUSOLVER_EIGEN_(Ssyevd, float, float)
WARPSAFE_CUSOLVER_EIGEN_(Dsyevd, double, double)
WARPSAFE_CUSOLVER_EIGEN_(Cheevd, cuComplex, float)
WARPSAFE_CUSOLVER_EIGEN_(Zheevd, cuDoubleComplex, double)
}  // extern "C"
