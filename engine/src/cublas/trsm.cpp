// cuBLAS's triangular solve with several right-hand sides, trsm in S, D, C and Z, on OpenBLAS:
// B = alpha op(A)^-1 B (side left) or alpha B op(A)^-1 (side right), A triangular of order m
// (left) or n (right), only its `uplo` triangle read, and its diagonal taken as ones with
// CUBLAS_DIAG_UNIT ([cublas<t>trsm()](https://docs.nvidia.com/cuda/cublas/index.html#cublas-t-trsm)).
// With alpha zero, B is set to zero and A is not read, as BLAS defines.
#include "cublas/blas_types.h"
#include "cublas/context.h"

namespace warpsafe::engine::cublas {
namespace {

CBLAS_SIDE Side(cublasSideMode_t side) { return side == CUBLAS_SIDE_LEFT ? CblasLeft : CblasRight; }
CBLAS_UPLO Uplo(cublasFillMode_t uplo) { return uplo == CUBLAS_FILL_MODE_LOWER ? CblasLower : CblasUpper; }
CBLAS_DIAG Diag(cublasDiagType_t diag) { return diag == CUBLAS_DIAG_UNIT ? CblasUnit : CblasNonUnit; }

void BlasTrsm(cublasSideMode_t s, cublasFillMode_t u, cublasOperation_t t, cublasDiagType_t d, int m, int n,
              const float* alpha, const float* A, int lda, float* B, int ldb) {
  cblas_strsm(CblasColMajor, Side(s), Uplo(u), Transpose(t), Diag(d), m, n, *alpha, A, lda, B, ldb);
}
void BlasTrsm(cublasSideMode_t s, cublasFillMode_t u, cublasOperation_t t, cublasDiagType_t d, int m, int n,
              const double* alpha, const double* A, int lda, double* B, int ldb) {
  cblas_dtrsm(CblasColMajor, Side(s), Uplo(u), Transpose(t), Diag(d), m, n, *alpha, A, lda, B, ldb);
}
void BlasTrsm(cublasSideMode_t s, cublasFillMode_t u, cublasOperation_t t, cublasDiagType_t d, int m, int n,
              const cuComplex* alpha, const cuComplex* A, int lda, cuComplex* B, int ldb) {
  cblas_ctrsm(CblasColMajor, Side(s), Uplo(u), Transpose(t), Diag(d), m, n, alpha, A, lda, B, ldb);
}
void BlasTrsm(cublasSideMode_t s, cublasFillMode_t u, cublasOperation_t t, cublasDiagType_t d, int m, int n,
              const cuDoubleComplex* alpha, const cuDoubleComplex* A, int lda, cuDoubleComplex* B, int ldb) {
  cblas_ztrsm(CblasColMajor, Side(s), Uplo(u), Transpose(t), Diag(d), m, n, alpha, A, lda, B, ldb);
}

// An enumeration outside its values, a negative size, or a leading dimension below the rows of the
// matrix as stored (at least 1) is an invalid value, checked before anything is read.
cublasStatus_t CheckTrsm(cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans, cublasDiagType_t diag,
                         int m, int n, int lda, int ldb) {
  if (side != CUBLAS_SIDE_LEFT && side != CUBLAS_SIDE_RIGHT) return CUBLAS_STATUS_INVALID_VALUE;
  if (uplo != CUBLAS_FILL_MODE_LOWER && uplo != CUBLAS_FILL_MODE_UPPER) return CUBLAS_STATUS_INVALID_VALUE;
  if (!IsValidOp(trans) || (diag != CUBLAS_DIAG_UNIT && diag != CUBLAS_DIAG_NON_UNIT)) return CUBLAS_STATUS_INVALID_VALUE;
  const int order = side == CUBLAS_SIDE_LEFT ? m : n;
  if (m < 0 || n < 0 || lda < (order > 1 ? order : 1) || ldb < (m > 1 ? m : 1)) return CUBLAS_STATUS_INVALID_VALUE;
  return CUBLAS_STATUS_SUCCESS;
}

// One solve, its arguments checked: with alpha zero B becomes zero and A is not read.
template <class T>
void SolveOne(const char* routine, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans,
              cublasDiagType_t diag, int m, int n, const T* alpha, const T* A, int lda, T* B, int ldb) {
  const int order = side == CUBLAS_SIDE_LEFT ? m : n;
  const bool zero = IsZero(*alpha);
  if (!zero) CheckOperand(routine, "A", A, MatrixBytes(order, order, lda, sizeof(T)), runtime::OperandUse::kRead);
  CheckOperand(routine, "B", B, MatrixBytes(m, n, ldb, sizeof(T)), OutputUse(zero));
  if (zero) {
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i) B[i + static_cast<std::size_t>(j) * ldb] = T{};
    return;
  }
  BlasTrsm(side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb);
}

template <class T>
cublasStatus_t Trsm(const char* routine, cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,
                    cublasOperation_t trans, cublasDiagType_t diag, int m, int n, const T* alpha, const T* A, int lda,
                    T* B, int ldb) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (cublasStatus_t s = CheckTrsm(side, uplo, trans, diag, m, n, lda, ldb); s != CUBLAS_STATUS_SUCCESS) return s;
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  return Run(routine, h, [=](const T* alpha) {
    SolveOne(routine, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb);
    return CUBLAS_STATUS_SUCCESS;
  }, alpha);
}

// trsmBatched: the same solve for each pair (A[i], B[i]); the pointer arrays live in device memory.
// A negative batch count is an invalid value.
template <class T>
cublasStatus_t TrsmBatched(const char* routine, cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,
                           cublasOperation_t trans, cublasDiagType_t diag, int m, int n, const T* alpha,
                           const T* const A[], int lda, T* const B[], int ldb, int batch) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (cublasStatus_t s = CheckTrsm(side, uplo, trans, diag, m, n, lda, ldb); s != CUBLAS_STATUS_SUCCESS) return s;
  if (batch < 0) return CUBLAS_STATUS_INVALID_VALUE;
  if (m == 0 || n == 0 || batch == 0) return CUBLAS_STATUS_SUCCESS;
  return Run(routine, h, [=](const T* alpha) {
    CheckOperand(routine, "A", A, sizeof(T*) * static_cast<std::size_t>(batch), runtime::OperandUse::kRead);
    CheckOperand(routine, "B", B, sizeof(T*) * static_cast<std::size_t>(batch), runtime::OperandUse::kRead);
    for (int i = 0; i < batch; ++i) SolveOne(routine, side, uplo, trans, diag, m, n, alpha, A[i], lda, B[i], ldb);
    return CUBLAS_STATUS_SUCCESS;
  }, alpha);
}

}  // namespace
}  // namespace warpsafe::engine::cublas

namespace cb = warpsafe::engine::cublas;

#define WARPSAFE_CUBLAS_TRSM_(P, T)                                                                                 \
  cublasStatus_t cublas##P##trsm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,                 \
                                    cublasOperation_t trans, cublasDiagType_t diag, int m, int n, const T* alpha,   \
                                    const T* A, int lda, T* B, int ldb) {                                           \
    return cb::Trsm("cublas" #P "trsm", h, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb);                  \
  }                                                                                                                 \
  cublasStatus_t cublas##P##trsmBatched(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,             \
                                        cublasOperation_t trans, cublasDiagType_t diag, int m, int n,               \
                                        const T* alpha, const T* const A[], int lda, T* const B[], int ldb,         \
                                        int batchCount) {                                                           \
    return cb::TrsmBatched("cublas" #P "trsmBatched", h, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb,     \
                           batchCount);                                                                             \
  }

extern "C" {
WARPSAFE_CUBLAS_TRSM_(S, float)
WARPSAFE_CUBLAS_TRSM_(D, double)
WARPSAFE_CUBLAS_TRSM_(C, cuComplex)
WARPSAFE_CUBLAS_TRSM_(Z, cuDoubleComplex)
}  // extern "C"
