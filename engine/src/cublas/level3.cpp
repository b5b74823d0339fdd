// cuBLAS level 3: gemm in S/D/C/Z with its batched and strided-batched forms, and geam (the
// matrix sum cuBLAS adds to BLAS). Column-major as in cuBLAS: element (i, j) of a matrix with
// leading dimension ld is at [i + j * ld].
#include <complex>

#include "cublas/gemm.h"

namespace warpsafe::engine::cublas {

cublasStatus_t CheckGemmShape(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, int lda, int ldb,
                              int ldc) {
  if (!IsValidOp(ta) || !IsValidOp(tb)) return CUBLAS_STATUS_INVALID_VALUE;
  if (m < 0 || n < 0 || k < 0) return CUBLAS_STATUS_INVALID_VALUE;
  const auto at_least = [](int rows) { return rows > 1 ? rows : 1; };
  if (lda < at_least(ta == CUBLAS_OP_N ? m : k)) return CUBLAS_STATUS_INVALID_VALUE;
  if (ldb < at_least(tb == CUBLAS_OP_N ? k : n)) return CUBLAS_STATUS_INVALID_VALUE;
  if (ldc < at_least(m)) return CUBLAS_STATUS_INVALID_VALUE;
  return CUBLAS_STATUS_SUCCESS;
}

namespace {

template <class T>
cublasStatus_t Gemm(const char* routine, cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                    int k, const T* alpha, const T* A, int lda, const T* B, int ldb, const T* beta, T* C, int ldc) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (cublasStatus_t s = CheckGemmShape(ta, tb, m, n, k, lda, ldb, ldc); s != CUBLAS_STATUS_SUCCESS) return s;
  return Run(routine, h, [=](const T* alpha, const T* beta) {
    GemmOne(routine, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
    return CUBLAS_STATUS_SUCCESS;
  }, alpha, beta);
}

template <class T>
cublasStatus_t GemmStrided(const char* routine, cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                           int n, int k, const T* alpha, const T* A, int lda, long long sa, const T* B, int ldb,
                           long long sb, const T* beta, T* C, int ldc, long long sc, int batch) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (cublasStatus_t s = CheckGemmShape(ta, tb, m, n, k, lda, ldb, ldc); s != CUBLAS_STATUS_SUCCESS) return s;
  if (batch < 0) return CUBLAS_STATUS_INVALID_VALUE;
  return Run(routine, h, [=](const T* alpha, const T* beta) {
    for (int i = 0; i < batch; ++i) {
      GemmOne(routine, ta, tb, m, n, k, alpha, A + i * sa, lda, B + i * sb, ldb, beta, C + i * sc, ldc);
    }
    return CUBLAS_STATUS_SUCCESS;
  }, alpha, beta);
}

// The arrays of matrix pointers live in device memory, as cuBLAS requires.
template <class T>
cublasStatus_t GemmBatched(const char* routine, cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                           int n, int k, const T* alpha, const T* const A[], int lda, const T* const B[], int ldb,
                           const T* beta, T* const C[], int ldc, int batch) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (cublasStatus_t s = CheckGemmShape(ta, tb, m, n, k, lda, ldb, ldc); s != CUBLAS_STATUS_SUCCESS) return s;
  if (batch < 0) return CUBLAS_STATUS_INVALID_VALUE;
  if (batch == 0 || m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  return Run(routine, h, [=](const T* alpha, const T* beta) {
    CheckOperand(routine, "Aarray", A, sizeof(T*) * static_cast<std::size_t>(batch), runtime::OperandUse::kRead);
    CheckOperand(routine, "Barray", B, sizeof(T*) * static_cast<std::size_t>(batch), runtime::OperandUse::kRead);
    CheckOperand(routine, "Carray", C, sizeof(T*) * static_cast<std::size_t>(batch), runtime::OperandUse::kRead);
    for (int i = 0; i < batch; ++i) GemmOne(routine, ta, tb, m, n, k, alpha, A[i], lda, B[i], ldb, beta, C[i], ldc);
    return CUBLAS_STATUS_SUCCESS;
  }, alpha, beta);
}

template <class T>
typename Scalar<T>::type Element(const T* M, int ld, cublasOperation_t op, int i, int j) {
  using S = typename Scalar<T>::type;
  const S v = op == CUBLAS_OP_N ? Load(M + i + static_cast<long long>(j) * ld) : Load(M + j + static_cast<long long>(i) * ld);
  if constexpr (std::is_same_v<S, T>) {
    return v;
  } else {
    return op == CUBLAS_OP_C ? std::conj(v) : v;
  }
}

// C = alpha op(A) + beta op(B), element by element. C may be A (or B) only untransposed with the
// same leading dimension, as cuBLAS allows; then each element is read before it is written. A
// (B) is not read when alpha (beta) is zero.
template <class T>
cublasStatus_t Geam(const char* routine, cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                    const T* alpha, const T* A, int lda, const T* beta, const T* B, int ldb, T* C, int ldc) {
  using S = typename Scalar<T>::type;
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (!IsValidOp(ta) || !IsValidOp(tb) || m < 0 || n < 0) return CUBLAS_STATUS_INVALID_VALUE;
  const auto at_least = [](int rows) { return rows > 1 ? rows : 1; };
  if (lda < at_least(ta == CUBLAS_OP_N ? m : n) || ldb < at_least(tb == CUBLAS_OP_N ? m : n) || ldc < at_least(m)) {
    return CUBLAS_STATUS_INVALID_VALUE;
  }
  if ((C == A && (ta != CUBLAS_OP_N || lda != ldc)) || (C == B && (tb != CUBLAS_OP_N || ldb != ldc))) {
    return CUBLAS_STATUS_INVALID_VALUE;
  }
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  return Run(routine, h, [=](const T* alpha, const T* beta) {
  const S a = Load(alpha);
  const S b = Load(beta);
  if (a != S(0))
    CheckOperand(routine, "A", A, ta == CUBLAS_OP_N ? MatrixBytes(m, n, lda, sizeof(T)) : MatrixBytes(n, m, lda, sizeof(T)),
                 runtime::OperandUse::kRead);
  if (b != S(0))
    CheckOperand(routine, "B", B, tb == CUBLAS_OP_N ? MatrixBytes(m, n, ldb, sizeof(T)) : MatrixBytes(n, m, ldb, sizeof(T)),
                 runtime::OperandUse::kRead);
  CheckOperand(routine, "C", C, MatrixBytes(m, n, ldc, sizeof(T)), runtime::OperandUse::kWrite);
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < m; ++i) {
      S v = S(0);
      if (a != S(0)) v += a * Element(A, lda, ta, i, j);
      if (b != S(0)) v += b * Element(B, ldb, tb, i, j);
      *reinterpret_cast<S*>(C + i + static_cast<long long>(j) * ldc) = v;
    }
  }
  return CUBLAS_STATUS_SUCCESS;
  }, alpha, beta);
}

}  // namespace
}  // namespace warpsafe::engine::cublas

namespace cb = warpsafe::engine::cublas;

#define WARPSAFE_CUBLAS_LEVEL3_(P, T)                                                                                  \
  cublasStatus_t cublas##P##gemm_v2(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, \
                                    const T* alpha, const T* A, int lda, const T* B, int ldb, const T* beta, T* C,     \
                                    int ldc) {                                                                         \
    return cb::Gemm("cublas" #P "gemm", h, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);                    \
  }                                                                                                                    \
  cublasStatus_t cublas##P##gemmStridedBatched(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,   \
                                               int n, int k, const T* alpha, const T* A, int lda, long long sa,        \
                                               const T* B, int ldb, long long sb, const T* beta, T* C, int ldc,        \
                                               long long sc, int batch) {                                              \
    return cb::GemmStrided("cublas" #P "gemmStridedBatched", h, ta, tb, m, n, k, alpha, A, lda, sa, B, ldb, sb, beta, \
                           C, ldc, sc, batch);                                                                         \
  }                                                                                                                    \
  cublasStatus_t cublas##P##gemmBatched(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,   \
                                        int k, const T* alpha, const T* const A[], int lda, const T* const B[],       \
                                        int ldb, const T* beta, T* const C[], int ldc, int batch) {                    \
    return cb::GemmBatched("cublas" #P "gemmBatched", h, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, batch); \
  }                                                                                                                    \
  cublasStatus_t cublas##P##geam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,          \
                                 const T* alpha, const T* A, int lda, const T* beta, const T* B, int ldb, T* C,       \
                                 int ldc) {                                                                            \
    return cb::Geam("cublas" #P "geam", h, ta, tb, m, n, alpha, A, lda, beta, B, ldb, C, ldc);                        \
  }

extern "C" {
WARPSAFE_CUBLAS_LEVEL3_(S, float)
WARPSAFE_CUBLAS_LEVEL3_(D, double)
WARPSAFE_CUBLAS_LEVEL3_(C, cuComplex)
WARPSAFE_CUBLAS_LEVEL3_(Z, cuDoubleComplex)
}  // extern "C"
