// geqrf in S, D, C and Z, and ormqr (S, D) / unmqr (C, Z): QR factorization of an m x n
// column-major matrix by Householder reflections, A = Q R, and the product of Q (or its
// transpose) with another matrix, on LAPACK's geqrf and ormqr/unmqr.
//
// The factors are stored as LAPACK stores them, which is cuSOLVER's documented form: R on and above
// the diagonal; below it, column i holds the reflector v_i whose leading 1 is implicit, and tau[i]
// its scale, so that Q = H_1 H_2 ... H_k with H_i = I - tau_i v_i v_i^H. Each reflector is chosen
// so that the diagonal of R has the sign opposite the column's leading element (LAPACK's larfg),
// which is what makes the GPU's R and the engine's agree element for element. devInfo is 0 on
// success; the bad arguments that make it -i in LAPACK return CUSOLVER_STATUS_INVALID_VALUE here
// before anything is touched, as the other calls do.
#include <vector>

#include "cusolver/context.h"
#include "cusolver/lapack.h"

namespace warpsafe::engine::cusolver {
namespace {

using runtime::LibraryOperand;
using runtime::OperandUse;

int AtLeastOne(int v) { return v > 1 ? v : 1; }

template <class T>
cusolverStatus_t Geqrf(const char* call, cusolverDnHandle_t h, int m, int n, T* a, int lda, T* tau, int* info) {
  using L = typename LapackElement<T>::type;
  if (cusolverStatus_t s = Begin(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (m < 0 || n < 0 || lda < AtLeastOne(m)) return CUSOLVER_STATUS_INVALID_VALUE;
  const int steps = m < n ? m : n;
  return Run(call, h, [=] {
    LibraryOperand(call, "A", a, MatrixBytes(m, n, lda, sizeof(T)), OperandUse::kReadWrite, h->stream);
    if (steps > 0)
      LibraryOperand(call, "TAU", tau, static_cast<std::size_t>(steps) * sizeof(T), OperandUse::kWrite, h->stream);
    int result = 0;
    if (steps > 0) {
      L query{};
      LapackGeqrf(m, n, Lapack(a), lda, Lapack(tau), &query, -1, &result);
      std::vector<L> work(static_cast<std::size_t>(WorkspaceElements(query)));
      LapackGeqrf(m, n, Lapack(a), lda, Lapack(tau), work.data(), static_cast<int>(work.size()), &result);
    }
    WriteInfo(call, info, result, h->stream);
    return CUSOLVER_STATUS_SUCCESS;
  });
}

// C = op(Q) C (side left) or C op(Q) (side right), Q of order m (left) or n (right) given by k
// reflectors from geqrf. For real elements op is N or T (C is taken as T, the same matrix); for
// complex ones N or C, a plain transpose being an invalid value as in LAPACK's unmqr.
template <class T>
cusolverStatus_t Unmqr(const char* call, cusolverDnHandle_t h, cublasSideMode_t side, cublasOperation_t trans, int m,
                       int n, int k, const T* a, int lda, const T* tau, T* c, int ldc, int* info) {
  using L = typename LapackElement<T>::type;
  constexpr bool kComplex = !std::is_same_v<T, L>;
  if (cusolverStatus_t s = Begin(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (side != CUBLAS_SIDE_LEFT && side != CUBLAS_SIDE_RIGHT) return CUSOLVER_STATUS_INVALID_VALUE;
  if (trans != CUBLAS_OP_N && trans != CUBLAS_OP_T && trans != CUBLAS_OP_C) return CUSOLVER_STATUS_INVALID_VALUE;
  if (kComplex && trans == CUBLAS_OP_T) return CUSOLVER_STATUS_INVALID_VALUE;
  const int order = side == CUBLAS_SIDE_LEFT ? m : n;
  if (m < 0 || n < 0 || k < 0 || k > order || lda < AtLeastOne(order) || ldc < AtLeastOne(m))
    return CUSOLVER_STATUS_INVALID_VALUE;
  return Run(call, h, [=] {
    if (k > 0) {
      LibraryOperand(call, "A", a, MatrixBytes(order, k, lda, sizeof(T)), OperandUse::kRead, h->stream);
      LibraryOperand(call, "tau", tau, static_cast<std::size_t>(k) * sizeof(T), OperandUse::kRead, h->stream);
    }
    LibraryOperand(call, "C", c, MatrixBytes(m, n, ldc, sizeof(T)), OperandUse::kReadWrite, h->stream);
    int result = 0;
    if (m > 0 && n > 0 && k > 0) {
      const char s = side == CUBLAS_SIDE_LEFT ? 'L' : 'R';
      const char t = TransposeChar<T>(trans);
      L query{};
      LapackUnmqr(s, t, m, n, k, Lapack(a), lda, Lapack(tau), Lapack(c), ldc, &query, -1, &result);
      std::vector<L> work(static_cast<std::size_t>(WorkspaceElements(query)));
      LapackUnmqr(s, t, m, n, k, Lapack(a), lda, Lapack(tau), Lapack(c), ldc, work.data(),
                  static_cast<int>(work.size()), &result);
    }
    WriteInfo(call, info, result, h->stream);
    return CUSOLVER_STATUS_SUCCESS;
  });
}

}  // namespace
}  // namespace warpsafe::engine::cusolver

namespace sv = warpsafe::engine::cusolver;

#define WARPSAFE_CUSOLVER_GEQRF_(P, T)                                                                           \
  cusolverStatus_t cusolverDn##P##geqrf_bufferSize(cusolverDnHandle_t handle, int, int, T*, int, int* lwork) {   \
    return sv::WorkspaceSize(handle, lwork);                                                                     \
  }                                                                                                              \
  cusolverStatus_t cusolverDn##P##geqrf(cusolverDnHandle_t handle, int m, int n, T* A, int lda, T* TAU, T*, int, \
                                        int* devInfo) {                                                          \
    return sv::Geqrf("cuSOLVER call cusolverDn" #P "geqrf", handle, m, n, A, lda, TAU, devInfo);                \
  }
#define WARPSAFE_CUSOLVER_UNMQR_(NAME, T)                                                                          \
  cusolverStatus_t cusolverDn##NAME##_bufferSize(cusolverDnHandle_t handle, cublasSideMode_t, cublasOperation_t, \
                                                 int, int, int, const T*, int, const T*, const T*, int,            \
                                                 int* lwork) {                                                     \
    return sv::WorkspaceSize(handle, lwork);                                                                       \
  }                                                                                                                \
  cusolverStatus_t cusolverDn##NAME(cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans,    \
                                    int m, int n, int k, const T* A, int lda, const T* tau, T* C, int ldc, T*, int, \
                                    int* devInfo) {                                                                \
    return sv::Unmqr("cuSOLVER call cusolverDn" #NAME, handle, side, trans, m, n, k, A, lda, tau, C, ldc,         \
                     devInfo);                                                                                     \
  }

extern "C" {
WARPSAFE_CUSOLVER_GEQRF_(S, float)
WARPSAFE_CUSOLVER_GEQRF_(D, double)
WARPSAFE_CUSOLVER_GEQRF_(C, cuComplex)
WARPSAFE_CUSOLVER_GEQRF_(Z, cuDoubleComplex)
WARPSAFE_CUSOLVER_UNMQR_(Sormqr, float)
WARPSAFE_CUSOLVER_UNMQR_(Dormqr, double)
WARPSAFE_CUSOLVER_UNMQR_(Cunmqr, cuComplex)
WARPSAFE_CUSOLVER_UNMQR_(Zunmqr, cuDoubleComplex)
}  // extern "C"
