// cuBLAS level 2 routines of structured matrices on OpenBLAS: symmetric and Hermitian products
// (full, banded, packed), the general banded product, the triangular products and solves (full,
// banded, packed), the symmetric and Hermitian rank-1 and rank-2 updates, and the complex rank-1
// updates geru and gerc (docs/semantics/libraries.md, BLAS-12). Column-major as in cuBLAS; a
// packed matrix holds the triangle `uplo` names column after column, n (n + 1) / 2 elements.
#include "cublas/blas_types.h"
#include "cublas/context.h"

namespace warpsafe::engine::cublas {
namespace {

constexpr auto kRead = runtime::OperandUse::kRead;
constexpr auto kReadWrite = runtime::OperandUse::kReadWrite;

bool IsValidFill(cublasFillMode_t uplo) { return uplo == CUBLAS_FILL_MODE_LOWER || uplo == CUBLAS_FILL_MODE_UPPER; }
bool IsValidDiag(cublasDiagType_t diag) { return diag == CUBLAS_DIAG_NON_UNIT || diag == CUBLAS_DIAG_UNIT; }
CBLAS_UPLO Uplo(cublasFillMode_t uplo) { return uplo == CUBLAS_FILL_MODE_UPPER ? CblasUpper : CblasLower; }
CBLAS_DIAG Diag(cublasDiagType_t diag) { return diag == CUBLAS_DIAG_UNIT ? CblasUnit : CblasNonUnit; }

std::size_t PackedBytes(int n, std::size_t element) {
  return static_cast<std::size_t>(n) * static_cast<std::size_t>(n + 1) / 2 * element;
}

// How a routine's matrix operand is stored: full (n x n, lda >= n), banded (k + 1 rows of n
// columns, lda >= k + 1) or packed (no leading dimension).
enum class Storage { kFull, kBanded, kPacked };

// The checks shared by the routines of one n x n structured matrix: handle, fill mode, size,
// band width, leading dimension and increments. SUCCESS with nothing done for n == 0 is the
// caller's (`*empty`).
cublasStatus_t CheckSquare(cublasHandle_t h, cublasFillMode_t uplo, int n, Storage storage, int k, int lda,
                           int incx, int incy, bool* empty) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (!IsValidFill(uplo) || n < 0 || k < 0 || incx == 0 || incy == 0) return CUBLAS_STATUS_INVALID_VALUE;
  if (storage == Storage::kFull && lda < (n > 1 ? n : 1)) return CUBLAS_STATUS_INVALID_VALUE;
  if (storage == Storage::kBanded && lda < k + 1) return CUBLAS_STATUS_INVALID_VALUE;
  *empty = n == 0;
  return CUBLAS_STATUS_SUCCESS;
}

std::size_t MatrixOperandBytes(Storage storage, int n, int k, int lda, std::size_t element) {
  switch (storage) {
    case Storage::kFull: return MatrixBytes(n, n, lda, element);
    case Storage::kBanded: return MatrixBytes(k + 1, n, lda, element);
    case Storage::kPacked: return PackedBytes(n, element);
  }
  return 0;
}

// y = alpha A x + beta y with A symmetric or Hermitian; `blas(alpha, beta)` computes it.
template <class T, class F>
cublasStatus_t SymmetricProduct(const char* routine, cublasHandle_t h, cublasFillMode_t uplo, int n, int k,
                                Storage storage, const T* alpha, const T* A, int lda, const T* x, int incx,
                                const T* beta, T* y, int incy, F blas) {
  bool empty = false;
  if (cublasStatus_t s = CheckSquare(h, uplo, n, storage, k, lda, incx, incy, &empty); s != CUBLAS_STATUS_SUCCESS) {
    return s;
  }
  if (empty) return CUBLAS_STATUS_SUCCESS;
  return Run(routine, h, [=](const T* alpha, const T* beta) {
    CheckOperand(routine, storage == Storage::kPacked ? "AP" : "A", A, MatrixOperandBytes(storage, n, k, lda, sizeof(T)),
                 kRead);
    CheckOperand(routine, "x", x, VectorBytes(n, incx, sizeof(T)), kRead);
    CheckOperand(routine, "y", y, VectorBytes(n, incy, sizeof(T)), OutputUse(IsZero(*beta)));
    blas(alpha, beta);
    return CUBLAS_STATUS_SUCCESS;
  }, alpha, beta);
}

// x = op(A) x or x = op(A)^-1 x with A triangular; `blas()` computes it.
template <class T, class F>
cublasStatus_t Triangular(const char* routine, cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,
                          cublasDiagType_t diag, int n, int k, Storage storage, const T* A, int lda, T* x, int incx,
                          F blas) {
  if (!IsValidOp(trans) || !IsValidDiag(diag)) {
    if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
    return CUBLAS_STATUS_INVALID_VALUE;
  }
  bool empty = false;
  if (cublasStatus_t s = CheckSquare(h, uplo, n, storage, k, lda, incx, 1, &empty); s != CUBLAS_STATUS_SUCCESS) return s;
  if (empty) return CUBLAS_STATUS_SUCCESS;
  return Run(routine, h, [=] {
    CheckOperand(routine, storage == Storage::kPacked ? "AP" : "A", A, MatrixOperandBytes(storage, n, k, lda, sizeof(T)),
                 kRead);
    CheckOperand(routine, "x", x, VectorBytes(n, incx, sizeof(T)), kReadWrite);
    blas();
    return CUBLAS_STATUS_SUCCESS;
  });
}

// A = alpha x x' + A (rank 1; y null) or alpha x y' + conj(alpha) y x' + A (rank 2), the triangle
// `uplo` names updated; `blas(alpha)` computes it. S is the scalar's type (real for her and hpr).
template <class T, class S, class F>
cublasStatus_t Update(const char* routine, cublasHandle_t h, cublasFillMode_t uplo, int n, Storage storage,
                      const S* alpha, const T* x, int incx, const T* y, int incy, T* A, int lda, F blas) {
  bool empty = false;
  if (cublasStatus_t s = CheckSquare(h, uplo, n, storage, 0, lda, incx, incy, &empty); s != CUBLAS_STATUS_SUCCESS) {
    return s;
  }
  if (empty) return CUBLAS_STATUS_SUCCESS;
  return Run(routine, h, [=](const S* alpha) {
    CheckOperand(routine, "x", x, VectorBytes(n, incx, sizeof(T)), kRead);
    if (y != nullptr) CheckOperand(routine, "y", y, VectorBytes(n, incy, sizeof(T)), kRead);
    CheckOperand(routine, storage == Storage::kPacked ? "AP" : "A", A, MatrixOperandBytes(storage, n, 0, lda, sizeof(T)),
                 kReadWrite);
    blas(alpha);
    return CUBLAS_STATUS_SUCCESS;
  }, alpha);
}

// y = alpha op(A) x + beta y with A an m x n band matrix of kl subdiagonals and ku
// superdiagonals, stored as kl + ku + 1 rows (the diagonal in row ku).
template <class T, class F>
cublasStatus_t BandProduct(const char* routine, cublasHandle_t h, cublasOperation_t trans, int m, int n, int kl,
                           int ku, const T* alpha, const T* A, int lda, const T* x, int incx, const T* beta, T* y,
                           int incy, F blas) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (!IsValidOp(trans) || m < 0 || n < 0 || kl < 0 || ku < 0 || lda < kl + ku + 1 || incx == 0 || incy == 0) {
    return CUBLAS_STATUS_INVALID_VALUE;
  }
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  const int x_length = trans == CUBLAS_OP_N ? n : m;
  const int y_length = trans == CUBLAS_OP_N ? m : n;
  return Run(routine, h, [=](const T* alpha, const T* beta) {
    CheckOperand(routine, "A", A, MatrixBytes(kl + ku + 1, n, lda, sizeof(T)), kRead);
    CheckOperand(routine, "x", x, VectorBytes(x_length, incx, sizeof(T)), kRead);
    CheckOperand(routine, "y", y, VectorBytes(y_length, incy, sizeof(T)), OutputUse(IsZero(*beta)));
    blas(alpha, beta);
    return CUBLAS_STATUS_SUCCESS;
  }, alpha, beta);
}

// A = alpha x y^T (geru) or alpha x y^H (gerc) + A, m x n.
template <class T, class F>
cublasStatus_t ComplexGer(const char* routine, cublasHandle_t h, int m, int n, const T* alpha, const T* x, int incx,
                          const T* y, int incy, T* A, int lda, F blas) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (m < 0 || n < 0 || incx == 0 || incy == 0 || lda < (m > 1 ? m : 1)) return CUBLAS_STATUS_INVALID_VALUE;
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  return Run(routine, h, [=](const T* alpha) {
    CheckOperand(routine, "x", x, VectorBytes(m, incx, sizeof(T)), kRead);
    CheckOperand(routine, "y", y, VectorBytes(n, incy, sizeof(T)), kRead);
    CheckOperand(routine, "A", A, MatrixBytes(m, n, lda, sizeof(T)), kReadWrite);
    blas(alpha);
    return CUBLAS_STATUS_SUCCESS;
  }, alpha);
}

}  // namespace
}  // namespace warpsafe::engine::cublas

namespace cb = warpsafe::engine::cublas;
using cb::Storage;

// The routines of every precision: P the letter, T the element type, p CBLAS's letter, and V how a
// scalar reaches CBLAS (by value for real types, `*` dereferences; by address for complex ones).
#define WARPSAFE_CUBLAS_ALL_(P, T, p, V)                                                                     \
  cublasStatus_t cublas##P##gbmv_v2(cublasHandle_t h, cublasOperation_t trans, int m, int n, int kl, int ku,   \
                                    const T* alpha, const T* A, int lda, const T* x, int incx, const T* beta,   \
                                    T* y, int incy) {                                                           \
    return cb::BandProduct("cublas" #P "gbmv", h, trans, m, n, kl, ku, alpha, A, lda, x, incx, beta, y, incy,  \
                           [=](const T* a, const T* b) {                                                        \
                             cblas_##p##gbmv(CblasColMajor, cb::Transpose(trans), m, n, kl, ku, V a, A, lda, x, \
                                             incx, V b, y, incy);                                               \
                           });                                                                                  \
  }                                                                                                            \
  cublasStatus_t cublas##P##trmv_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,          \
                                    cublasDiagType_t diag, int n, const T* A, int lda, T* x, int incx) {        \
    return cb::Triangular("cublas" #P "trmv", h, uplo, trans, diag, n, 0, Storage::kFull, A, lda, x, incx, [=] { \
      cblas_##p##trmv(CblasColMajor, cb::Uplo(uplo), cb::Transpose(trans), cb::Diag(diag), n, A, lda, x, incx); \
    });                                                                                                        \
  }                                                                                                            \
  cublasStatus_t cublas##P##tbmv_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,          \
                                    cublasDiagType_t diag, int n, int k, const T* A, int lda, T* x, int incx) { \
    return cb::Triangular("cublas" #P "tbmv", h, uplo, trans, diag, n, k, Storage::kBanded, A, lda, x, incx,    \
                          [=] {                                                                                 \
                            cblas_##p##tbmv(CblasColMajor, cb::Uplo(uplo), cb::Transpose(trans), cb::Diag(diag), \
                                            n, k, A, lda, x, incx);                                             \
                          });                                                                                   \
  }                                                                                                            \
  cublasStatus_t cublas##P##tpmv_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,          \
                                    cublasDiagType_t diag, int n, const T* AP, T* x, int incx) {                \
    return cb::Triangular("cublas" #P "tpmv", h, uplo, trans, diag, n, 0, Storage::kPacked, AP, 1, x, incx, [=] { \
      cblas_##p##tpmv(CblasColMajor, cb::Uplo(uplo), cb::Transpose(trans), cb::Diag(diag), n, AP, x, incx);     \
    });                                                                                                        \
  }                                                                                                            \
  cublasStatus_t cublas##P##trsv_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,          \
                                    cublasDiagType_t diag, int n, const T* A, int lda, T* x, int incx) {        \
    return cb::Triangular("cublas" #P "trsv", h, uplo, trans, diag, n, 0, Storage::kFull, A, lda, x, incx, [=] { \
      cblas_##p##trsv(CblasColMajor, cb::Uplo(uplo), cb::Transpose(trans), cb::Diag(diag), n, A, lda, x, incx); \
    });                                                                                                        \
  }                                                                                                            \
  cublasStatus_t cublas##P##tbsv_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,          \
                                    cublasDiagType_t diag, int n, int k, const T* A, int lda, T* x, int incx) { \
    return cb::Triangular("cublas" #P "tbsv", h, uplo, trans, diag, n, k, Storage::kBanded, A, lda, x, incx,    \
                          [=] {                                                                                 \
                            cblas_##p##tbsv(CblasColMajor, cb::Uplo(uplo), cb::Transpose(trans), cb::Diag(diag), \
                                            n, k, A, lda, x, incx);                                             \
                          });                                                                                   \
  }                                                                                                            \
  cublasStatus_t cublas##P##tpsv_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,          \
                                    cublasDiagType_t diag, int n, const T* AP, T* x, int incx) {                \
    return cb::Triangular("cublas" #P "tpsv", h, uplo, trans, diag, n, 0, Storage::kPacked, AP, 1, x, incx, [=] { \
      cblas_##p##tpsv(CblasColMajor, cb::Uplo(uplo), cb::Transpose(trans), cb::Diag(diag), n, AP, x, incx);     \
    });                                                                                                        \
  }

// Symmetric products and updates of real matrices; Q names the routine (sy, sb, sp).
#define WARPSAFE_CUBLAS_REAL_(P, T, p)                                                                       \
  cublasStatus_t cublas##P##symv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha,            \
                                    const T* A, int lda, const T* x, int incx, const T* beta, T* y, int incy) { \
    return cb::SymmetricProduct("cublas" #P "symv", h, uplo, n, 0, Storage::kFull, alpha, A, lda, x, incx, beta, \
                                y, incy, [=](const T* a, const T* b) {                                          \
                                  cblas_##p##symv(CblasColMajor, cb::Uplo(uplo), n, *a, A, lda, x, incx, *b, y,  \
                                                  incy);                                                        \
                                });                                                                             \
  }                                                                                                            \
  cublasStatus_t cublas##P##sbmv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, int k, const T* alpha,     \
                                    const T* A, int lda, const T* x, int incx, const T* beta, T* y, int incy) { \
    return cb::SymmetricProduct("cublas" #P "sbmv", h, uplo, n, k, Storage::kBanded, alpha, A, lda, x, incx,    \
                                beta, y, incy, [=](const T* a, const T* b) {                                    \
                                  cblas_##p##sbmv(CblasColMajor, cb::Uplo(uplo), n, k, *a, A, lda, x, incx, *b, \
                                                  y, incy);                                                     \
                                });                                                                             \
  }                                                                                                            \
  cublasStatus_t cublas##P##spmv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha,            \
                                    const T* AP, const T* x, int incx, const T* beta, T* y, int incy) {         \
    return cb::SymmetricProduct("cublas" #P "spmv", h, uplo, n, 0, Storage::kPacked, alpha, AP, 1, x, incx,     \
                                beta, y, incy, [=](const T* a, const T* b) {                                    \
                                  cblas_##p##spmv(CblasColMajor, cb::Uplo(uplo), n, *a, AP, x, incx, *b, y,      \
                                                  incy);                                                        \
                                });                                                                             \
  }                                                                                                            \
  cublasStatus_t cublas##P##syr_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha, const T* x,  \
                                   int incx, T* A, int lda) {                                                   \
    return cb::Update("cublas" #P "syr", h, uplo, n, Storage::kFull, alpha, x, incx, static_cast<const T*>(nullptr), \
                      1, A, lda, [=](const T* a) {                                                              \
                        cblas_##p##syr(CblasColMajor, cb::Uplo(uplo), n, *a, x, incx, A, lda);                  \
                      });                                                                                       \
  }                                                                                                            \
  cublasStatus_t cublas##P##syr2_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha,            \
                                    const T* x, int incx, const T* y, int incy, T* A, int lda) {                \
    return cb::Update("cublas" #P "syr2", h, uplo, n, Storage::kFull, alpha, x, incx, y, incy, A, lda,          \
                      [=](const T* a) {                                                                         \
                        cblas_##p##syr2(CblasColMajor, cb::Uplo(uplo), n, *a, x, incx, y, incy, A, lda);        \
                      });                                                                                       \
  }                                                                                                            \
  cublasStatus_t cublas##P##spr_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha, const T* x,  \
                                   int incx, T* AP) {                                                           \
    return cb::Update("cublas" #P "spr", h, uplo, n, Storage::kPacked, alpha, x, incx,                          \
                      static_cast<const T*>(nullptr), 1, AP, 1, [=](const T* a) {                               \
                        cblas_##p##spr(CblasColMajor, cb::Uplo(uplo), n, *a, x, incx, AP);                      \
                      });                                                                                       \
  }                                                                                                            \
  cublasStatus_t cublas##P##spr2_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha,            \
                                    const T* x, int incx, const T* y, int incy, T* AP) {                        \
    return cb::Update("cublas" #P "spr2", h, uplo, n, Storage::kPacked, alpha, x, incx, y, incy, AP, 1,         \
                      [=](const T* a) {                                                                         \
                        cblas_##p##spr2(CblasColMajor, cb::Uplo(uplo), n, *a, x, incx, y, incy, AP);            \
                      });                                                                                       \
  }

// Hermitian products and updates, and geru/gerc; R is the real type.
#define WARPSAFE_CUBLAS_COMPLEX_(P, T, R, p)                                                                 \
  cublasStatus_t cublas##P##hemv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha,            \
                                    const T* A, int lda, const T* x, int incx, const T* beta, T* y, int incy) { \
    return cb::SymmetricProduct("cublas" #P "hemv", h, uplo, n, 0, Storage::kFull, alpha, A, lda, x, incx, beta, \
                                y, incy, [=](const T* a, const T* b) {                                          \
                                  cblas_##p##hemv(CblasColMajor, cb::Uplo(uplo), n, a, A, lda, x, incx, b, y,    \
                                                  incy);                                                        \
                                });                                                                             \
  }                                                                                                            \
  cublasStatus_t cublas##P##hbmv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, int k, const T* alpha,     \
                                    const T* A, int lda, const T* x, int incx, const T* beta, T* y, int incy) { \
    return cb::SymmetricProduct("cublas" #P "hbmv", h, uplo, n, k, Storage::kBanded, alpha, A, lda, x, incx,    \
                                beta, y, incy, [=](const T* a, const T* b) {                                    \
                                  cblas_##p##hbmv(CblasColMajor, cb::Uplo(uplo), n, k, a, A, lda, x, incx, b, y, \
                                                  incy);                                                        \
                                });                                                                             \
  }                                                                                                            \
  cublasStatus_t cublas##P##hpmv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha,            \
                                    const T* AP, const T* x, int incx, const T* beta, T* y, int incy) {         \
    return cb::SymmetricProduct("cublas" #P "hpmv", h, uplo, n, 0, Storage::kPacked, alpha, AP, 1, x, incx,     \
                                beta, y, incy, [=](const T* a, const T* b) {                                    \
                                  cblas_##p##hpmv(CblasColMajor, cb::Uplo(uplo), n, a, AP, x, incx, b, y, incy); \
                                });                                                                             \
  }                                                                                                            \
  cublasStatus_t cublas##P##her_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const R* alpha, const T* x,  \
                                   int incx, T* A, int lda) {                                                   \
    return cb::Update("cublas" #P "her", h, uplo, n, Storage::kFull, alpha, x, incx, static_cast<const T*>(nullptr), \
                      1, A, lda, [=](const R* a) {                                                              \
                        cblas_##p##her(CblasColMajor, cb::Uplo(uplo), n, *a, x, incx, A, lda);                  \
                      });                                                                                       \
  }                                                                                                            \
  cublasStatus_t cublas##P##her2_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha,            \
                                    const T* x, int incx, const T* y, int incy, T* A, int lda) {                \
    return cb::Update("cublas" #P "her2", h, uplo, n, Storage::kFull, alpha, x, incx, y, incy, A, lda,          \
                      [=](const T* a) {                                                                         \
                        cblas_##p##her2(CblasColMajor, cb::Uplo(uplo), n, a, x, incx, y, incy, A, lda);         \
                      });                                                                                       \
  }                                                                                                            \
  cublasStatus_t cublas##P##hpr_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const R* alpha, const T* x,  \
                                   int incx, T* AP) {                                                           \
    return cb::Update("cublas" #P "hpr", h, uplo, n, Storage::kPacked, alpha, x, incx,                          \
                      static_cast<const T*>(nullptr), 1, AP, 1, [=](const R* a) {                               \
                        cblas_##p##hpr(CblasColMajor, cb::Uplo(uplo), n, *a, x, incx, AP);                      \
                      });                                                                                       \
  }                                                                                                            \
  cublasStatus_t cublas##P##hpr2_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* alpha,            \
                                    const T* x, int incx, const T* y, int incy, T* AP) {                        \
    return cb::Update("cublas" #P "hpr2", h, uplo, n, Storage::kPacked, alpha, x, incx, y, incy, AP, 1,         \
                      [=](const T* a) {                                                                         \
                        cblas_##p##hpr2(CblasColMajor, cb::Uplo(uplo), n, a, x, incx, y, incy, AP);             \
                      });                                                                                       \
  }                                                                                                            \
  cublasStatus_t cublas##P##geru_v2(cublasHandle_t h, int m, int n, const T* alpha, const T* x, int incx,      \
                                    const T* y, int incy, T* A, int lda) {                                      \
    return cb::ComplexGer("cublas" #P "geru", h, m, n, alpha, x, incx, y, incy, A, lda, [=](const T* a) {        \
      cblas_##p##geru(CblasColMajor, m, n, a, x, incx, y, incy, A, lda);                                        \
    });                                                                                                        \
  }                                                                                                            \
  cublasStatus_t cublas##P##gerc_v2(cublasHandle_t h, int m, int n, const T* alpha, const T* x, int incx,      \
                                    const T* y, int incy, T* A, int lda) {                                      \
    return cb::ComplexGer("cublas" #P "gerc", h, m, n, alpha, x, incx, y, incy, A, lda, [=](const T* a) {        \
      cblas_##p##gerc(CblasColMajor, m, n, a, x, incx, y, incy, A, lda);                                        \
    });                                                                                                        \
  }

extern "C" {
WARPSAFE_CUBLAS_ALL_(S, float, s, *)
WARPSAFE_CUBLAS_ALL_(D, double, d, *)
WARPSAFE_CUBLAS_ALL_(C, cuComplex, c, )
WARPSAFE_CUBLAS_ALL_(Z, cuDoubleComplex, z, )
WARPSAFE_CUBLAS_REAL_(S, float, s)
WARPSAFE_CUBLAS_REAL_(D, double, d)
WARPSAFE_CUBLAS_COMPLEX_(C, cuComplex, float, c)
WARPSAFE_CUBLAS_COMPLEX_(Z, cuDoubleComplex, double, z)
}  // extern "C"
