// potrf and potrs in S, D, C and Z: Cholesky factorization of a symmetric (for complex elements,
// Hermitian) positive definite n x n column-major matrix, A = L L^H (lower) or U^H U (upper),
// reading and writing only the triangle `uplo` names (LAPACK's potrf); and the solve of A X = B
// with that factor. devInfo is 0, or i when the leading
// minor of order i is not positive definite.
#include "cusolver/context.h"
#include "cusolver/lapack.h"

namespace warpsafe::engine::cusolver {
namespace {

using runtime::LibraryOperand;
using runtime::OperandUse;

bool IsFill(cublasFillMode_t uplo) { return uplo == CUBLAS_FILL_MODE_LOWER || uplo == CUBLAS_FILL_MODE_UPPER; }

template <class T>
cusolverStatus_t Potrf(const char* call, cusolverDnHandle_t h, cublasFillMode_t uplo, int n, T* a, int lda,
                       int* info) {
  if (cusolverStatus_t s = Begin(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (!IsFill(uplo) || n < 0 || lda < (n > 1 ? n : 1)) return CUSOLVER_STATUS_INVALID_VALUE;
  return Run(call, h, [=] {
    LibraryOperand(call, "A", a, MatrixBytes(n, n, lda, sizeof(T)), OperandUse::kReadWrite, h->stream);
    int result = 0;
    if (n > 0) LapackPotrf(uplo == CUBLAS_FILL_MODE_LOWER ? 'L' : 'U', n, Lapack(a), lda, &result);
    WriteInfo(call, info, result, h->stream);
    return CUSOLVER_STATUS_SUCCESS;
  });
}

template <class T>
cusolverStatus_t Potrs(const char* call, cusolverDnHandle_t h, cublasFillMode_t uplo, int n, int nrhs, const T* a,
                       int lda, T* b, int ldb, int* info) {
  if (cusolverStatus_t s = Begin(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (!IsFill(uplo) || n < 0 || nrhs < 0 || lda < (n > 1 ? n : 1) || ldb < (n > 1 ? n : 1))
    return CUSOLVER_STATUS_INVALID_VALUE;
  return Run(call, h, [=] {
    LibraryOperand(call, "A", a, MatrixBytes(n, n, lda, sizeof(T)), OperandUse::kRead, h->stream);
    LibraryOperand(call, "B", b, MatrixBytes(n, nrhs, ldb, sizeof(T)), OperandUse::kReadWrite, h->stream);
    int result = 0;
    if (n > 0 && nrhs > 0) {
      LapackPotrs(uplo == CUBLAS_FILL_MODE_LOWER ? 'L' : 'U', n, nrhs, Lapack(a), lda, Lapack(b), ldb, &result);
    }
    WriteInfo(call, info, result, h->stream);
    return CUSOLVER_STATUS_SUCCESS;
  });
}

}  // namespace
}  // namespace warpsafe::engine::cusolver

namespace sv = warpsafe::engine::cusolver;

#define WARPSAFE_CUSOLVER_CHOLESKY_(P, T)                                                                       \
  cusolverStatus_t cusolverDn##P##potrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t, int, T*, int,    \
                                                   int* Lwork) {                                                 \
    return sv::WorkspaceSize(handle, Lwork);                                                                     \
  }                                                                                                              \
  cusolverStatus_t cusolverDn##P##potrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, T* A, int lda,  \
                                        T*, int, int* devInfo) {                                                 \
    return sv::Potrf("cuSOLVER call cusolverDn" #P "potrf", handle, uplo, n, A, lda, devInfo);                  \
  }                                                                                                              \
  cusolverStatus_t cusolverDn##P##potrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, int nrhs,       \
                                        const T* A, int lda, T* B, int ldb, int* devInfo) {                     \
    return sv::Potrs("cuSOLVER call cusolverDn" #P "potrs", handle, uplo, n, nrhs, A, lda, B, ldb, devInfo);    \
  }

extern "C" {
WARPSAFE_CUSOLVER_CHOLESKY_(S, float)
WARPSAFE_CUSOLVER_CHOLESKY_(D, double)
WARPSAFE_CUSOLVER_CHOLESKY_(C, cuComplex)
WARPSAFE_CUSOLVER_CHOLESKY_(Z, cuDoubleComplex)
}  // extern "C"
