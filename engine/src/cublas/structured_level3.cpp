// cuBLAS level 3 routines of structured matrices on OpenBLAS: symm and hemm, the rank-k updates
// syrk, herk, syr2k, her2k and cuBLAS's syrkx and herkx, the out-of-place triangular product trmm,
// and the diagonal scaling dgmm (docs/semantics/libraries.md, BLAS-13). Column-major as in cuBLAS.
#include <type_traits>
#include <vector>

#include "cublas/blas_types.h"
#include "cublas/context.h"

namespace warpsafe::engine::cublas {
namespace {

constexpr auto kRead = runtime::OperandUse::kRead;

bool IsValidFill(cublasFillMode_t uplo) { return uplo == CUBLAS_FILL_MODE_LOWER || uplo == CUBLAS_FILL_MODE_UPPER; }
bool IsValidSide(cublasSideMode_t side) { return side == CUBLAS_SIDE_LEFT || side == CUBLAS_SIDE_RIGHT; }
bool IsValidDiag(cublasDiagType_t diag) { return diag == CUBLAS_DIAG_NON_UNIT || diag == CUBLAS_DIAG_UNIT; }
CBLAS_UPLO Uplo(cublasFillMode_t uplo) { return uplo == CUBLAS_FILL_MODE_UPPER ? CblasUpper : CblasLower; }
CBLAS_SIDE Side(cublasSideMode_t side) { return side == CUBLAS_SIDE_RIGHT ? CblasRight : CblasLeft; }
CBLAS_DIAG Diag(cublasDiagType_t diag) { return diag == CUBLAS_DIAG_UNIT ? CblasUnit : CblasNonUnit; }
int AtLeastOne(int rows) { return rows > 1 ? rows : 1; }

template <class T> constexpr bool kIsComplex = !std::is_same_v<typename Scalar<T>::type, T>;

// A matrix operand of rows x cols elements, checked when it has any.
template <class T>
void CheckMatrix(const char* routine, const char* operand, const T* p, int rows, int cols, int ld,
                 runtime::OperandUse use) {
  if (rows > 0 && cols > 0) CheckOperand(routine, operand, p, MatrixBytes(rows, cols, ld, sizeof(T)), use);
}

// C = alpha A B + beta C (side left) or alpha B A + beta C (side right), A symmetric (hemm:
// Hermitian) and only its triangle `uplo` read; `blas(alpha, beta)` computes it.
template <class T, class F>
cublasStatus_t SymmetricMultiply(const char* routine, cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,
                                 int m, int n, const T* alpha, const T* A, int lda, const T* B, int ldb, const T* beta,
                                 T* C, int ldc, F blas) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  const int ka = side == CUBLAS_SIDE_LEFT ? m : n;
  if (!IsValidSide(side) || !IsValidFill(uplo) || m < 0 || n < 0 || lda < AtLeastOne(ka) || ldb < AtLeastOne(m) ||
      ldc < AtLeastOne(m)) {
    return CUBLAS_STATUS_INVALID_VALUE;
  }
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  return Run(routine, h, [=](const T* alpha, const T* beta) {
    CheckMatrix(routine, "A", A, ka, ka, lda, kRead);
    CheckMatrix(routine, "B", B, m, n, ldb, kRead);
    CheckMatrix(routine, "C", C, m, n, ldc, OutputUse(IsZero(*beta)));
    blas(alpha, beta);
    return CUBLAS_STATUS_SUCCESS;
  }, alpha, beta);
}

// Whether `trans` is allowed for a rank-k update: N and T for the symmetric ones of complex
// matrices, N and C for the Hermitian ones, any of the three for real matrices (where C is T).
template <class T>
bool IsValidRankKOp(cublasOperation_t trans, bool hermitian) {
  if (!kIsComplex<T>) return IsValidOp(trans);
  return trans == CUBLAS_OP_N || trans == (hermitian ? CUBLAS_OP_C : CUBLAS_OP_T);
}

// The rank-k updates of an n x n C, its triangle `uplo` written: op(A) is n x k. B is null for
// syrk and herk. S is the type of alpha, B2 the type of beta (real for the Hermitian forms).
template <class T, class SA, class SB, class F>
cublasStatus_t RankK(const char* routine, cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n,
                     int k, const SA* alpha, const T* A, int lda, const T* B, int ldb, const SB* beta, T* C, int ldc,
                     bool hermitian, F blas) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  const int rows = trans == CUBLAS_OP_N ? n : k;
  if (!IsValidFill(uplo) || !IsValidRankKOp<T>(trans, hermitian) || n < 0 || k < 0 || lda < AtLeastOne(rows) ||
      (B != nullptr && ldb < AtLeastOne(rows)) || ldc < AtLeastOne(n)) {
    return CUBLAS_STATUS_INVALID_VALUE;
  }
  if (n == 0) return CUBLAS_STATUS_SUCCESS;
  const int cols = trans == CUBLAS_OP_N ? k : n;
  return Run(routine, h, [=](const SA* alpha, const SB* beta) {
    CheckMatrix(routine, "A", A, rows, cols, lda, kRead);
    if (B != nullptr) CheckMatrix(routine, "B", B, rows, cols, ldb, kRead);
    CheckMatrix(routine, "C", C, n, n, ldc, OutputUse(IsZero(*beta)));
    blas(alpha, beta);
    return CUBLAS_STATUS_SUCCESS;
  }, alpha, beta);
}

// syrkx and herkx: C = alpha op(A) op(B)^T (herkx: op(B)^H) + beta C on the triangle `uplo` of C,
// the other triangle untouched. The product is formed whole with gemm and its triangle added; with
// beta zero C is written and not read. herkx leaves the diagonal real, as herk and her2k do.
template <class T, class SB>
void RankKx(cublasFillMode_t uplo, cublasOperation_t trans, int n, int k, const T* alpha, const T* A, int lda,
            const T* B, int ldb, const SB* beta, T* C, int ldc, bool hermitian) {
  using S = typename Scalar<T>::type;
  std::vector<T> product(static_cast<std::size_t>(n) * static_cast<std::size_t>(n));
  const T zero{};
  const cublasOperation_t other = trans == CUBLAS_OP_N ? (hermitian ? CUBLAS_OP_C : CUBLAS_OP_T) : CUBLAS_OP_N;
  if (k > 0) {
    BlasGemm(trans, other, n, n, k, alpha, A, lda, B, ldb, &zero, product.data(), n);
  }
  const bool beta_zero = IsZero(*beta);
  for (int j = 0; j < n; ++j) {
    const int first = uplo == CUBLAS_FILL_MODE_LOWER ? j : 0;
    const int last = uplo == CUBLAS_FILL_MODE_LOWER ? n : j + 1;
    for (int i = first; i < last; ++i) {
      T* c = C + i + static_cast<long long>(j) * ldc;
      S value = Load(&product[i + static_cast<std::size_t>(j) * n]);
      if (!beta_zero) {
        if constexpr (std::is_same_v<SB, T>) {
          value += Load(beta) * Load(c);
        } else {
          value += S(*beta) * Load(c);
        }
      }
      if constexpr (kIsComplex<T>) {
        if (hermitian && i == j) value = S(value.real(), 0);
      }
      *reinterpret_cast<S*>(c) = value;
    }
  }
}

// C = alpha op(A) B (side left) or alpha B op(A) (side right), A triangular. cuBLAS's trmm
// writes C and leaves B alone (C may be B with ldb == ldc): B is copied into C, then BLAS's
// in-place trmm runs on C.
template <class T, class F>
cublasStatus_t TriangularMultiply(const char* routine, cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,
                                  cublasOperation_t trans, cublasDiagType_t diag, int m, int n, const T* alpha,
                                  const T* A, int lda, const T* B, int ldb, T* C, int ldc, F blas) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  const int ka = side == CUBLAS_SIDE_LEFT ? m : n;
  if (!IsValidSide(side) || !IsValidFill(uplo) || !IsValidOp(trans) || !IsValidDiag(diag) || m < 0 || n < 0 ||
      lda < AtLeastOne(ka) || ldb < AtLeastOne(m) || ldc < AtLeastOne(m)) {
    return CUBLAS_STATUS_INVALID_VALUE;
  }
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  return Run(routine, h, [=](const T* alpha) {
    CheckMatrix(routine, "A", A, ka, ka, lda, kRead);
    CheckMatrix(routine, "B", B, m, n, ldb, kRead);
    CheckMatrix(routine, "C", C, m, n, ldc, runtime::OperandUse::kWrite);
    if (C != B || ldb != ldc) {
      for (int j = 0; j < n; ++j) {
        for (int i = 0; i < m; ++i) C[i + static_cast<long long>(j) * ldc] = B[i + static_cast<long long>(j) * ldb];
      }
    }
    blas(alpha);
    return CUBLAS_STATUS_SUCCESS;
  }, alpha);
}

// C = A diag(x) (mode right, x of n elements) or diag(x) A (mode left, m elements). x is read
// with stride |incx| from its first element for incx >= 0 (incx 0 repeats x[0]) and from its
// last for incx < 0, as BLAS walks vectors. C may be A with lda == ldc: each element is read
// before it is written.
template <class T>
cublasStatus_t Dgmm(const char* routine, cublasHandle_t h, cublasSideMode_t mode, int m, int n, const T* A, int lda,
                    const T* x, int incx, T* C, int ldc) {
  using S = typename Scalar<T>::type;
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (!IsValidSide(mode) || m < 0 || n < 0 || lda < AtLeastOne(m) || ldc < AtLeastOne(m)) {
    return CUBLAS_STATUS_INVALID_VALUE;
  }
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  const int length = mode == CUBLAS_SIDE_LEFT ? m : n;
  return Run(routine, h, [=] {
    CheckMatrix(routine, "A", A, m, n, lda, kRead);
    const int step = incx < 0 ? -incx : incx;
    CheckOperand(routine, "x", x, incx == 0 ? sizeof(T) : VectorBytes(length, incx, sizeof(T)), kRead);
    CheckMatrix(routine, "C", C, m, n, ldc, runtime::OperandUse::kWrite);
    const auto element = [&](int i) {
      return Load(x + static_cast<long long>(incx >= 0 ? i : length - 1 - i) * step);
    };
    for (int j = 0; j < n; ++j) {
      for (int i = 0; i < m; ++i) {
        const S a = Load(A + i + static_cast<long long>(j) * lda);
        *reinterpret_cast<S*>(C + i + static_cast<long long>(j) * ldc) =
            a * element(mode == CUBLAS_SIDE_LEFT ? i : j);
      }
    }
    return CUBLAS_STATUS_SUCCESS;
  });
}

}  // namespace
}  // namespace warpsafe::engine::cublas

namespace cb = warpsafe::engine::cublas;

// P the letter, T the element type, p CBLAS's letter, V how a scalar reaches CBLAS (`*` for real
// types, by address for complex ones).
#define WARPSAFE_CUBLAS_ALL_(P, T, p, V)                                                                    \
  cublasStatus_t cublas##P##symm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m,    \
                                    int n, const T* alpha, const T* A, int lda, const T* B, int ldb,          \
                                    const T* beta, T* C, int ldc) {                                           \
    return cb::SymmetricMultiply("cublas" #P "symm", h, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc,  \
                                 [=](const T* a, const T* b) {                                                \
                                   cblas_##p##symm(CblasColMajor, cb::Side(side), cb::Uplo(uplo), m, n, V a, A, \
                                                   lda, B, ldb, V b, C, ldc);                                 \
                                 });                                                                          \
  }                                                                                                           \
  cublasStatus_t cublas##P##syrk_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n,  \
                                    int k, const T* alpha, const T* A, int lda, const T* beta, T* C, int ldc) { \
    return cb::RankK("cublas" #P "syrk", h, uplo, trans, n, k, alpha, A, lda, static_cast<const T*>(nullptr), 1, \
                     beta, C, ldc, false, [=](const T* a, const T* b) {                                       \
                       cblas_##p##syrk(CblasColMajor, cb::Uplo(uplo), cb::Transpose(trans), n, k, V a, A, lda, \
                                       V b, C, ldc);                                                          \
                     });                                                                                      \
  }                                                                                                           \
  cublasStatus_t cublas##P##syr2k_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, \
                                     int k, const T* alpha, const T* A, int lda, const T* B, int ldb,         \
                                     const T* beta, T* C, int ldc) {                                          \
    return cb::RankK("cublas" #P "syr2k", h, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc, false,    \
                     [=](const T* a, const T* b) {                                                            \
                       cblas_##p##syr2k(CblasColMajor, cb::Uplo(uplo), cb::Transpose(trans), n, k, V a, A, lda, \
                                        B, ldb, V b, C, ldc);                                                 \
                     });                                                                                      \
  }                                                                                                           \
  cublasStatus_t cublas##P##syrkx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n,    \
                                  int k, const T* alpha, const T* A, int lda, const T* B, int ldb,            \
                                  const T* beta, T* C, int ldc) {                                             \
    return cb::RankK("cublas" #P "syrkx", h, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc, false,    \
                     [=](const T* a, const T* b) { cb::RankKx(uplo, trans, n, k, a, A, lda, B, ldb, b, C, ldc, false); }); \
  }                                                                                                           \
  cublasStatus_t cublas##P##trmm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,           \
                                    cublasOperation_t trans, cublasDiagType_t diag, int m, int n,             \
                                    const T* alpha, const T* A, int lda, const T* B, int ldb, T* C, int ldc) { \
    return cb::TriangularMultiply("cublas" #P "trmm", h, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, \
                                  C, ldc, [=](const T* a) {                                                   \
                                    cblas_##p##trmm(CblasColMajor, cb::Side(side), cb::Uplo(uplo),            \
                                                    cb::Transpose(trans), cb::Diag(diag), m, n, V a, A, lda,  \
                                                    C, ldc);                                                  \
                                  });                                                                         \
  }                                                                                                           \
  cublasStatus_t cublas##P##dgmm(cublasHandle_t h, cublasSideMode_t mode, int m, int n, const T* A, int lda,  \
                                 const T* x, int incx, T* C, int ldc) {                                       \
    return cb::Dgmm("cublas" #P "dgmm", h, mode, m, n, A, lda, x, incx, C, ldc);                              \
  }

#define WARPSAFE_CUBLAS_HERMITIAN_(P, T, R, p)                                                              \
  cublasStatus_t cublas##P##hemm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m,    \
                                    int n, const T* alpha, const T* A, int lda, const T* B, int ldb,          \
                                    const T* beta, T* C, int ldc) {                                           \
    return cb::SymmetricMultiply("cublas" #P "hemm", h, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc,  \
                                 [=](const T* a, const T* b) {                                                \
                                   cblas_##p##hemm(CblasColMajor, cb::Side(side), cb::Uplo(uplo), m, n, a, A,  \
                                                   lda, B, ldb, b, C, ldc);                                   \
                                 });                                                                          \
  }                                                                                                           \
  cublasStatus_t cublas##P##herk_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n,  \
                                    int k, const R* alpha, const T* A, int lda, const R* beta, T* C, int ldc) { \
    return cb::RankK("cublas" #P "herk", h, uplo, trans, n, k, alpha, A, lda, static_cast<const T*>(nullptr), 1, \
                     beta, C, ldc, true, [=](const R* a, const R* b) {                                        \
                       cblas_##p##herk(CblasColMajor, cb::Uplo(uplo), cb::Transpose(trans), n, k, *a, A, lda,  \
                                       *b, C, ldc);                                                           \
                     });                                                                                      \
  }                                                                                                           \
  cublasStatus_t cublas##P##her2k_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, \
                                     int k, const T* alpha, const T* A, int lda, const T* B, int ldb,         \
                                     const R* beta, T* C, int ldc) {                                          \
    return cb::RankK("cublas" #P "her2k", h, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc, true,     \
                     [=](const T* a, const R* b) {                                                            \
                       cblas_##p##her2k(CblasColMajor, cb::Uplo(uplo), cb::Transpose(trans), n, k, a, A, lda,  \
                                        B, ldb, *b, C, ldc);                                                  \
                     });                                                                                      \
  }                                                                                                           \
  cublasStatus_t cublas##P##herkx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n,    \
                                  int k, const T* alpha, const T* A, int lda, const T* B, int ldb,            \
                                  const R* beta, T* C, int ldc) {                                             \
    return cb::RankK("cublas" #P "herkx", h, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc, true,     \
                     [=](const T* a, const R* b) { cb::RankKx(uplo, trans, n, k, a, A, lda, B, ldb, b, C, ldc, true); }); \
  }

extern "C" {
WARPSAFE_CUBLAS_ALL_(S, float, s, *)
WARPSAFE_CUBLAS_ALL_(D, double, d, *)
WARPSAFE_CUBLAS_ALL_(C, cuComplex, c, )
WARPSAFE_CUBLAS_ALL_(Z, cuDoubleComplex, z, )
WARPSAFE_CUBLAS_HERMITIAN_(C, cuComplex, float, c)
WARPSAFE_CUBLAS_HERMITIAN_(Z, cuDoubleComplex, double, z)
}  // extern "C"
