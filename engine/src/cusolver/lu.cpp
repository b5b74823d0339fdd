// getrf and getrs in S, D, C and Z: LU factorization of an m x n column-major matrix, P A = L U with partial
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

template <class T>
cusolverStatus_t Getrf(const char* call, cusolverDnHandle_t h, int m, int n, T* a, int lda, int* ipiv, int* info) {
  if (cusolverStatus_t s = Begin(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (m < 0 || n < 0 || lda < (m > 1 ? m : 1)) return CUSOLVER_STATUS_INVALID_VALUE;
  const int steps = m < n ? m : n;
  return Run(call, h, [=] {
    LibraryOperand(call, "A", a, MatrixBytes(m, n, lda, sizeof(T)), OperandUse::kReadWrite, h->stream);
    if (ipiv != nullptr)
      LibraryOperand(call, "devIpiv", ipiv, static_cast<std::size_t>(steps) * sizeof(int), OperandUse::kWrite,
                     h->stream);
    int result = 0;
    if (steps > 0) {
      if (ipiv != nullptr) {
        LapackGetrf(m, n, Lapack(a), lda, ipiv, &result);
      } else {
        result = FactorUnpivoted(m, n, Lapack(a), lda);
      }
    }
    WriteInfo(call, info, result, h->stream);
    return CUSOLVER_STATUS_SUCCESS;
  });
}

template <class T>
cusolverStatus_t Getrs(const char* call, cusolverDnHandle_t h, cublasOperation_t trans, int n, int nrhs, const T* a,
                       int lda, const int* ipiv, T* b, int ldb, int* info) {
  if (cusolverStatus_t s = Begin(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (trans != CUBLAS_OP_N && trans != CUBLAS_OP_T && trans != CUBLAS_OP_C) return CUSOLVER_STATUS_INVALID_VALUE;
  if (n < 0 || nrhs < 0 || lda < (n > 1 ? n : 1) || ldb < (n > 1 ? n : 1)) return CUSOLVER_STATUS_INVALID_VALUE;
  return Run(call, h, [=] {
    LibraryOperand(call, "A", a, MatrixBytes(n, n, lda, sizeof(T)), OperandUse::kRead, h->stream);
    if (ipiv != nullptr)
      LibraryOperand(call, "devIpiv", ipiv, static_cast<std::size_t>(n) * sizeof(int), OperandUse::kRead, h->stream);
    LibraryOperand(call, "B", b, MatrixBytes(n, nrhs, ldb, sizeof(T)), OperandUse::kReadWrite, h->stream);
    int result = 0;
    if (n > 0 && nrhs > 0) {
      // Factors made without pivoting solve with the identity permutation.
      std::vector<int> identity;
      const int* pivots = ipiv;
      if (pivots == nullptr) {
        for (int i = 1; i <= n; ++i) identity.push_back(i);
        pivots = identity.data();
      }
      LapackGetrs(TransposeChar<T>(trans), n, nrhs, Lapack(a), lda, pivots, Lapack(b), ldb, &result);
    }
    WriteInfo(call, info, result, h->stream);
    return CUSOLVER_STATUS_SUCCESS;
  });
}

}  // namespace
}  // namespace warpsafe::engine::cusolver

namespace sv = warpsafe::engine::cusolver;

#define WARPSAFE_CUSOLVER_LU_(P, T)                                                                            \
  cusolverStatus_t cusolverDn##P##getrf_bufferSize(cusolverDnHandle_t handle, int, int, T*, int, int* Lwork) {  \
    return sv::WorkspaceSize(handle, Lwork);                                                                    \
  }                                                                                                             \
  cusolverStatus_t cusolverDn##P##getrf(cusolverDnHandle_t handle, int m, int n, T* A, int lda, T*, int* devIpiv, \
                                        int* devInfo) {                                                         \
    return sv::Getrf("cuSOLVER call cusolverDn" #P "getrf", handle, m, n, A, lda, devIpiv, devInfo);           \
  }                                                                                                             \
  cusolverStatus_t cusolverDn##P##getrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n, int nrhs,    \
                                        const T* A, int lda, const int* devIpiv, T* B, int ldb, int* devInfo) { \
    return sv::Getrs("cuSOLVER call cusolverDn" #P "getrs", handle, trans, n, nrhs, A, lda, devIpiv, B, ldb,   \
                     devInfo);                                                                                  \
  }

extern "C" {
WARPSAFE_CUSOLVER_LU_(S, float)
WARPSAFE_CUSOLVER_LU_(D, double)
WARPSAFE_CUSOLVER_LU_(C, cuComplex)
WARPSAFE_CUSOLVER_LU_(Z, cuDoubleComplex)
}  // extern "C"
