// getrf and getrs: LU factorization of an m x n column-major matrix, P A = L U with partial
// pivoting (LAPACK's getrf), or A = L U without pivoting when the pivot array is null (as cuSOLVER
// allows); and the solve of op(A) X = B with those factors. devInfo is 0, or i when U(i, i) is
// exactly zero (the factorization still completes, as LAPACK's does). Pivots are 1-based row
// numbers, as in LAPACK and cuSOLVER.
#include <vector>

#include "cusolver/context.h"
#include "cusolver/lapack.h"

namespace warpsafe::engine::cusolver {
namespace {

using runtime::LibraryOperand;
using runtime::OperandUse;

// LU without row exchanges, right-looking: the first exactly zero pivot is recorded and its column
// is left unscaled (a division by it would be the only alternative).
template <class T>
int FactorUnpivoted(int m, int n, T* a, int lda) {
  int info = 0;
  const int steps = m < n ? m : n;
  for (int k = 0; k < steps; ++k) {
    const T pivot = a[k + k * lda];
    if (pivot == T(0)) {
      if (info == 0) info = k + 1;
      continue;
    }
    for (int i = k + 1; i < m; ++i) a[i + k * lda] /= pivot;
    for (int j = k + 1; j < n; ++j) {
      const T u = a[k + j * lda];
      for (int i = k + 1; i < m; ++i) a[i + j * lda] -= a[i + k * lda] * u;
    }
  }
  return info;
}

template <class T>
cusolverStatus_t Getrf(const char* call, cusolverDnHandle_t h, int m, int n, T* a, int lda, int* ipiv, int* info) {
  if (cusolverStatus_t s = Begin(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (m < 0 || n < 0 || lda < (m > 1 ? m : 1)) return CUSOLVER_STATUS_INVALID_VALUE;
  const int steps = m < n ? m : n;
  LibraryOperand(call, "A", a, MatrixBytes(m, n, lda, sizeof(T)), OperandUse::kReadWrite, h->stream);
  if (ipiv != nullptr)
    LibraryOperand(call, "devIpiv", ipiv, static_cast<std::size_t>(steps) * sizeof(int), OperandUse::kWrite, h->stream);
  int result = 0;
  if (steps > 0) {
    if (ipiv != nullptr) {
      LapackGetrf(m, n, a, lda, ipiv, &result);
    } else {
      result = FactorUnpivoted(m, n, a, lda);
    }
  }
  WriteInfo(call, info, result, h->stream);
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T>
cusolverStatus_t Getrs(const char* call, cusolverDnHandle_t h, cublasOperation_t trans, int n, int nrhs, const T* a,
                       int lda, const int* ipiv, T* b, int ldb, int* info) {
  if (cusolverStatus_t s = Begin(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (trans != CUBLAS_OP_N && trans != CUBLAS_OP_T && trans != CUBLAS_OP_C) return CUSOLVER_STATUS_INVALID_VALUE;
  if (n < 0 || nrhs < 0 || lda < (n > 1 ? n : 1) || ldb < (n > 1 ? n : 1)) return CUSOLVER_STATUS_INVALID_VALUE;
  LibraryOperand(call, "A", a, MatrixBytes(n, n, lda, sizeof(T)), OperandUse::kRead, h->stream);
  if (ipiv != nullptr)
    LibraryOperand(call, "devIpiv", ipiv, static_cast<std::size_t>(n) * sizeof(int), OperandUse::kRead, h->stream);
  LibraryOperand(call, "B", b, MatrixBytes(n, nrhs, ldb, sizeof(T)), OperandUse::kReadWrite, h->stream);
  int result = 0;
  if (n > 0 && nrhs > 0) {
    // Factors made without pivoting solve with the identity permutation.
    std::vector<int> identity;
    if (ipiv == nullptr) {
      for (int i = 1; i <= n; ++i) identity.push_back(i);
      ipiv = identity.data();
    }
    LapackGetrs(trans == CUBLAS_OP_N ? 'N' : 'T', n, nrhs, a, lda, ipiv, b, ldb, &result);
  }
  WriteInfo(call, info, result, h->stream);
  return CUSOLVER_STATUS_SUCCESS;
}

// The engine needs no workspace; one element is asked for, so a program's allocation of it is
// never of zero bytes. Like cuSOLVER, the query checks only the handle and the output.
cusolverStatus_t WorkspaceSize(cusolverDnHandle_t h, int* lwork) {
  if (!IsLive(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (lwork == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  *lwork = 1;
  return CUSOLVER_STATUS_SUCCESS;
}

}  // namespace
}  // namespace warpsafe::engine::cusolver

namespace sv = warpsafe::engine::cusolver;

extern "C" {

cusolverStatus_t cusolverDnSgetrf_bufferSize(cusolverDnHandle_t handle, int, int, float*, int, int* Lwork) {
  return sv::WorkspaceSize(handle, Lwork);
}
cusolverStatus_t cusolverDnDgetrf_bufferSize(cusolverDnHandle_t handle, int, int, double*, int, int* Lwork) {
  return sv::WorkspaceSize(handle, Lwork);
}
cusolverStatus_t cusolverDnSgetrf(cusolverDnHandle_t handle, int m, int n, float* A, int lda, float*, int* devIpiv,
                                  int* devInfo) {
  return sv::Getrf("cuSOLVER call cusolverDnSgetrf", handle, m, n, A, lda, devIpiv, devInfo);
}
cusolverStatus_t cusolverDnDgetrf(cusolverDnHandle_t handle, int m, int n, double* A, int lda, double*, int* devIpiv,
                                  int* devInfo) {
  return sv::Getrf("cuSOLVER call cusolverDnDgetrf", handle, m, n, A, lda, devIpiv, devInfo);
}
cusolverStatus_t cusolverDnSgetrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n, int nrhs, const float* A,
                                  int lda, const int* devIpiv, float* B, int ldb, int* devInfo) {
  return sv::Getrs("cuSOLVER call cusolverDnSgetrs", handle, trans, n, nrhs, A, lda, devIpiv, B, ldb, devInfo);
}
cusolverStatus_t cusolverDnDgetrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n, int nrhs,
                                  const double* A, int lda, const int* devIpiv, double* B, int ldb, int* devInfo) {
  return sv::Getrs("cuSOLVER call cusolverDnDgetrs", handle, trans, n, nrhs, A, lda, devIpiv, B, ldb, devInfo);
}

}  // extern "C"
