// cuBLAS level 2 (matrix-vector) routines on OpenBLAS: gemv and ger.
#include "cublas/blas_types.h"
#include "cublas/context.h"

namespace warpsafe::engine::cublas {
namespace {

// y = alpha op(A) x + beta y. A negative m or n returns SUCCESS having done nothing: CUDA 13's
// cuBLAS does so (measured on an H100, tests/engine/cublas); a zero increment or a leading
// dimension below max(1, m) is an invalid value.
template <class T>
cublasStatus_t Gemv(const char* routine, cublasHandle_t h, cublasOperation_t trans, int m, int n, const T* alpha,
                    const T* A, int lda, const T* x, int incx, const T* beta, T* y, int incy) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (!IsValidOp(trans)) return CUBLAS_STATUS_INVALID_VALUE;
  if (m <= 0 || n <= 0) return CUBLAS_STATUS_SUCCESS;
  if (lda < m || incx == 0 || incy == 0) return CUBLAS_STATUS_INVALID_VALUE;
  const int x_length = trans == CUBLAS_OP_N ? n : m;
  const int y_length = trans == CUBLAS_OP_N ? m : n;
  return Run(routine, h, [=](const T* alpha, const T* beta) {
    CheckOperand(routine, "A", A, MatrixBytes(m, n, lda, sizeof(T)), runtime::OperandUse::kRead);
    CheckOperand(routine, "x", x, VectorBytes(x_length, incx, sizeof(T)), runtime::OperandUse::kRead);
    CheckOperand(routine, "y", y, VectorBytes(y_length, incy, sizeof(T)), OutputUse(IsZero(*beta)));
    BlasGemv(trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
    return CUBLAS_STATUS_SUCCESS;
  }, alpha, beta);
}

// A = alpha x y^T + A; `blas(alpha)` computes it.
template <class T, class F>
cublasStatus_t Ger(const char* routine, cublasHandle_t h, int m, int n, const T* alpha, const T* x, int incx,
                   const T* y, int incy, T* A, int lda, F blas) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (m < 0 || n < 0 || incx == 0 || incy == 0 || lda < (m > 1 ? m : 1)) return CUBLAS_STATUS_INVALID_VALUE;
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  return Run(routine, h, [=](const T* a) {
    CheckOperand(routine, "x", x, VectorBytes(m, incx, sizeof(T)), runtime::OperandUse::kRead);
    CheckOperand(routine, "y", y, VectorBytes(n, incy, sizeof(T)), runtime::OperandUse::kRead);
    CheckOperand(routine, "A", A, MatrixBytes(m, n, lda, sizeof(T)), runtime::OperandUse::kReadWrite);
    blas(a);
    return CUBLAS_STATUS_SUCCESS;
  }, alpha);
}

}  // namespace
}  // namespace warpsafe::engine::cublas

namespace cb = warpsafe::engine::cublas;

extern "C" {

cublasStatus_t cublasSgemv_v2(cublasHandle_t h, cublasOperation_t trans, int m, int n, const float* alpha,
                              const float* A, int lda, const float* x, int incx, const float* beta, float* y,
                              int incy) {
  return cb::Gemv("cublasSgemv", h, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
}
cublasStatus_t cublasDgemv_v2(cublasHandle_t h, cublasOperation_t trans, int m, int n, const double* alpha,
                              const double* A, int lda, const double* x, int incx, const double* beta, double* y,
                              int incy) {
  return cb::Gemv("cublasDgemv", h, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
}
cublasStatus_t cublasCgemv_v2(cublasHandle_t h, cublasOperation_t trans, int m, int n, const cuComplex* alpha,
                              const cuComplex* A, int lda, const cuComplex* x, int incx, const cuComplex* beta,
                              cuComplex* y, int incy) {
  return cb::Gemv("cublasCgemv", h, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
}
cublasStatus_t cublasZgemv_v2(cublasHandle_t h, cublasOperation_t trans, int m, int n, const cuDoubleComplex* alpha,
                              const cuDoubleComplex* A, int lda, const cuDoubleComplex* x, int incx,
                              const cuDoubleComplex* beta, cuDoubleComplex* y, int incy) {
  return cb::Gemv("cublasZgemv", h, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
}

cublasStatus_t cublasSger_v2(cublasHandle_t h, int m, int n, const float* alpha, const float* x, int incx,
                             const float* y, int incy, float* A, int lda) {
  return cb::Ger("cublasSger", h, m, n, alpha, x, incx, y, incy, A, lda,
                 [=](const float* a) { cblas_sger(CblasColMajor, m, n, *a, x, incx, y, incy, A, lda); });
}
cublasStatus_t cublasDger_v2(cublasHandle_t h, int m, int n, const double* alpha, const double* x, int incx,
                             const double* y, int incy, double* A, int lda) {
  return cb::Ger("cublasDger", h, m, n, alpha, x, incx, y, incy, A, lda,
                 [=](const double* a) { cblas_dger(CblasColMajor, m, n, *a, x, incx, y, incy, A, lda); });
}

}  // extern "C"
