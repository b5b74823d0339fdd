// potrf and potrs: Cholesky factorization of a symmetric positive definite n x n column-major
// matrix, A = L L^T (lower) or U^T U (upper), reading and writing only the triangle `uplo` names
// (LAPACK's potrf); and the solve of A X = B with that factor. devInfo is 0, or i when the leading
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
  LibraryOperand(call, "A", a, MatrixBytes(n, n, lda, sizeof(T)), OperandUse::kReadWrite, h->stream);
  int result = 0;
  if (n > 0) LapackPotrf(uplo == CUBLAS_FILL_MODE_LOWER ? 'L' : 'U', n, a, lda, &result);
  WriteInfo(call, info, result, h->stream);
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T>
cusolverStatus_t Potrs(const char* call, cusolverDnHandle_t h, cublasFillMode_t uplo, int n, int nrhs, const T* a,
                       int lda, T* b, int ldb, int* info) {
  if (cusolverStatus_t s = Begin(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (!IsFill(uplo) || n < 0 || nrhs < 0 || lda < (n > 1 ? n : 1) || ldb < (n > 1 ? n : 1))
    return CUSOLVER_STATUS_INVALID_VALUE;
  LibraryOperand(call, "A", a, MatrixBytes(n, n, lda, sizeof(T)), OperandUse::kRead, h->stream);
  LibraryOperand(call, "B", b, MatrixBytes(n, nrhs, ldb, sizeof(T)), OperandUse::kReadWrite, h->stream);
  int result = 0;
  if (n > 0 && nrhs > 0) LapackPotrs(uplo == CUBLAS_FILL_MODE_LOWER ? 'L' : 'U', n, nrhs, a, lda, b, ldb, &result);
  WriteInfo(call, info, result, h->stream);
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t WorkspaceSize(cusolverDnHandle_t h, int* lwork) {
  if (!IsLive(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (lwork == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  *lwork = 1;  // none needed; see lu.cpp
  return CUSOLVER_STATUS_SUCCESS;
}

}  // namespace
}  // namespace warpsafe::engine::cusolver

namespace sv = warpsafe::engine::cusolver;

extern "C" {

cusolverStatus_t cusolverDnSpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t, int, float*, int,
                                             int* Lwork) {
  return sv::WorkspaceSize(handle, Lwork);
}
cusolverStatus_t cusolverDnDpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t, int, double*, int,
                                             int* Lwork) {
  return sv::WorkspaceSize(handle, Lwork);
}
cusolverStatus_t cusolverDnSpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, float* A, int lda, float*,
                                  int, int* devInfo) {
  return sv::Potrf("cuSOLVER call cusolverDnSpotrf", handle, uplo, n, A, lda, devInfo);
}
cusolverStatus_t cusolverDnDpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, double* A, int lda,
                                  double*, int, int* devInfo) {
  return sv::Potrf("cuSOLVER call cusolverDnDpotrf", handle, uplo, n, A, lda, devInfo);
}
cusolverStatus_t cusolverDnSpotrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, int nrhs, const float* A,
                                  int lda, float* B, int ldb, int* devInfo) {
  return sv::Potrs("cuSOLVER call cusolverDnSpotrs", handle, uplo, n, nrhs, A, lda, B, ldb, devInfo);
}
cusolverStatus_t cusolverDnDpotrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, int nrhs, const double* A,
                                  int lda, double* B, int ldb, int* devInfo) {
  return sv::Potrs("cuSOLVER call cusolverDnDpotrs", handle, uplo, n, nrhs, A, lda, B, ldb, devInfo);
}

}  // extern "C"
