// cuBLAS's typed-pointer extensions where their data types name one of the four precisions
// (AxpyEx, DotEx, DotcEx, Nrm2Ex, ScalEx, RotEx, CherkEx, CsyrkEx and their 3m forms), the complex
// gemm3m, and the conversions between packed and full triangular storage, tpttr and trttp
// (docs/semantics/libraries.md, BLAS-15). An Ex call runs the typed routine of its precision, so
// its checks and pointer mode are that routine's; a type combination the engine lacks (half,
// bfloat16, integer or mixed types) returns CUBLAS_STATUS_NOT_SUPPORTED having done nothing.
#include "cublas/blas_types.h"
#include "cublas/context.h"

namespace warpsafe::engine::cublas {
namespace {

enum class Precision { kS, kD, kC, kZ, kOther };

Precision Of(cudaDataType t) {
  switch (t) {
    case CUDA_R_32F: return Precision::kS;
    case CUDA_R_64F: return Precision::kD;
    case CUDA_C_32F: return Precision::kC;
    case CUDA_C_64F: return Precision::kZ;
    default: return Precision::kOther;
  }
}

// The real type that goes with a precision: a norm's result, a real scale or rotation.
cudaDataType RealOf(Precision p) { return p == Precision::kS || p == Precision::kC ? CUDA_R_32F : CUDA_R_64F; }

// Packed (AP, the triangle `uplo` names column after column) to full (A, lda), or back. The other
// triangle of A is not touched.
template <class T>
cublasStatus_t Repack(const char* routine, cublasHandle_t h, cublasFillMode_t uplo, int n, const T* from, int lda,
                      T* to, bool to_full) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if ((uplo != CUBLAS_FILL_MODE_LOWER && uplo != CUBLAS_FILL_MODE_UPPER) || n < 0 || lda < (n > 1 ? n : 1)) {
    return CUBLAS_STATUS_INVALID_VALUE;
  }
  if (n == 0) return CUBLAS_STATUS_SUCCESS;
  return Run(routine, h, [=] {
    const std::size_t packed = static_cast<std::size_t>(n) * static_cast<std::size_t>(n + 1) / 2 * sizeof(T);
    const std::size_t full = MatrixBytes(n, n, lda, sizeof(T));
    CheckOperand(routine, to_full ? "AP" : "A", from, to_full ? packed : full, runtime::OperandUse::kRead);
    CheckOperand(routine, to_full ? "A" : "AP", to, to_full ? full : packed, runtime::OperandUse::kWrite);
    std::size_t k = 0;
    for (int j = 0; j < n; ++j) {
      const int first = uplo == CUBLAS_FILL_MODE_LOWER ? j : 0;
      const int last = uplo == CUBLAS_FILL_MODE_LOWER ? n : j + 1;
      for (int i = first; i < last; ++i, ++k) {
        const std::size_t f = static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * lda;
        if (to_full) {
          to[f] = from[k];
        } else {
          to[k] = from[f];
        }
      }
    }
    return CUBLAS_STATUS_SUCCESS;
  });
}

}  // namespace
}  // namespace warpsafe::engine::cublas

namespace cb = warpsafe::engine::cublas;
using cb::Precision;

extern "C" {

cublasStatus_t cublasAxpyEx(cublasHandle_t h, int n, const void* alpha, cudaDataType alphaType, const void* x,
                            cudaDataType xType, int incx, void* y, cudaDataType yType, int incy,
                            cudaDataType executiontype) {
  if (alphaType != xType || yType != xType || executiontype != xType) return CUBLAS_STATUS_NOT_SUPPORTED;
  switch (cb::Of(xType)) {
    case Precision::kS: return cublasSaxpy_v2(h, n, static_cast<const float*>(alpha), static_cast<const float*>(x), incx, static_cast<float*>(y), incy);
    case Precision::kD: return cublasDaxpy_v2(h, n, static_cast<const double*>(alpha), static_cast<const double*>(x), incx, static_cast<double*>(y), incy);
    case Precision::kC: return cublasCaxpy_v2(h, n, static_cast<const cuComplex*>(alpha), static_cast<const cuComplex*>(x), incx, static_cast<cuComplex*>(y), incy);
    case Precision::kZ: return cublasZaxpy_v2(h, n, static_cast<const cuDoubleComplex*>(alpha), static_cast<const cuDoubleComplex*>(x), incx, static_cast<cuDoubleComplex*>(y), incy);
    case Precision::kOther: break;
  }
  return CUBLAS_STATUS_NOT_SUPPORTED;
}

static cublasStatus_t DotEx(cublasHandle_t h, int n, const void* x, cudaDataType xType, int incx, const void* y,
                            cudaDataType yType, int incy, void* result, cudaDataType resultType,
                            cudaDataType executionType, bool conjugate) {
  if (yType != xType || resultType != xType || executionType != xType) return CUBLAS_STATUS_NOT_SUPPORTED;
  switch (cb::Of(xType)) {
    case Precision::kS: return cublasSdot_v2(h, n, static_cast<const float*>(x), incx, static_cast<const float*>(y), incy, static_cast<float*>(result));
    case Precision::kD: return cublasDdot_v2(h, n, static_cast<const double*>(x), incx, static_cast<const double*>(y), incy, static_cast<double*>(result));
    case Precision::kC: {
      const auto* cx = static_cast<const cuComplex*>(x);
      const auto* cy = static_cast<const cuComplex*>(y);
      auto* r = static_cast<cuComplex*>(result);
      return conjugate ? cublasCdotc_v2(h, n, cx, incx, cy, incy, r) : cublasCdotu_v2(h, n, cx, incx, cy, incy, r);
    }
    case Precision::kZ: {
      const auto* zx = static_cast<const cuDoubleComplex*>(x);
      const auto* zy = static_cast<const cuDoubleComplex*>(y);
      auto* r = static_cast<cuDoubleComplex*>(result);
      return conjugate ? cublasZdotc_v2(h, n, zx, incx, zy, incy, r) : cublasZdotu_v2(h, n, zx, incx, zy, incy, r);
    }
    case Precision::kOther: break;
  }
  return CUBLAS_STATUS_NOT_SUPPORTED;
}
cublasStatus_t cublasDotEx(cublasHandle_t h, int n, const void* x, cudaDataType xType, int incx, const void* y,
                           cudaDataType yType, int incy, void* result, cudaDataType resultType,
                           cudaDataType executionType) {
  return DotEx(h, n, x, xType, incx, y, yType, incy, result, resultType, executionType, false);
}
cublasStatus_t cublasDotcEx(cublasHandle_t h, int n, const void* x, cudaDataType xType, int incx, const void* y,
                            cudaDataType yType, int incy, void* result, cudaDataType resultType,
                            cudaDataType executionType) {
  return DotEx(h, n, x, xType, incx, y, yType, incy, result, resultType, executionType, true);
}

// The norm's result and execution are real: R_32F for R_32F and C_32F vectors, R_64F for the others.
cublasStatus_t cublasNrm2Ex(cublasHandle_t h, int n, const void* x, cudaDataType xType, int incx, void* result,
                            cudaDataType resultType, cudaDataType executionType) {
  const Precision p = cb::Of(xType);
  if (p == Precision::kOther || resultType != cb::RealOf(p) || executionType != cb::RealOf(p)) {
    return CUBLAS_STATUS_NOT_SUPPORTED;
  }
  switch (p) {
    case Precision::kS: return cublasSnrm2_v2(h, n, static_cast<const float*>(x), incx, static_cast<float*>(result));
    case Precision::kD: return cublasDnrm2_v2(h, n, static_cast<const double*>(x), incx, static_cast<double*>(result));
    case Precision::kC: return cublasScnrm2_v2(h, n, static_cast<const cuComplex*>(x), incx, static_cast<float*>(result));
    case Precision::kZ: return cublasDznrm2_v2(h, n, static_cast<const cuDoubleComplex*>(x), incx, static_cast<double*>(result));
    case Precision::kOther: break;
  }
  return CUBLAS_STATUS_NOT_SUPPORTED;
}

// alpha of the vector's type, or real for a complex vector (Csscal, Zdscal).
cublasStatus_t cublasScalEx(cublasHandle_t h, int n, const void* alpha, cudaDataType alphaType, void* x,
                            cudaDataType xType, int incx, cudaDataType executionType) {
  const Precision p = cb::Of(xType);
  if (executionType != xType || (alphaType != xType && alphaType != cb::RealOf(p))) return CUBLAS_STATUS_NOT_SUPPORTED;
  const bool real_alpha = alphaType != xType;
  switch (p) {
    case Precision::kS: return cublasSscal_v2(h, n, static_cast<const float*>(alpha), static_cast<float*>(x), incx);
    case Precision::kD: return cublasDscal_v2(h, n, static_cast<const double*>(alpha), static_cast<double*>(x), incx);
    case Precision::kC:
      return real_alpha ? cublasCsscal_v2(h, n, static_cast<const float*>(alpha), static_cast<cuComplex*>(x), incx)
                        : cublasCscal_v2(h, n, static_cast<const cuComplex*>(alpha), static_cast<cuComplex*>(x), incx);
    case Precision::kZ:
      return real_alpha ? cublasZdscal_v2(h, n, static_cast<const double*>(alpha), static_cast<cuDoubleComplex*>(x), incx)
                        : cublasZscal_v2(h, n, static_cast<const cuDoubleComplex*>(alpha), static_cast<cuDoubleComplex*>(x), incx);
    case Precision::kOther: break;
  }
  return CUBLAS_STATUS_NOT_SUPPORTED;
}

// c and s real (csType the vectors' real type): rot, Csrot, Zdrot.
cublasStatus_t cublasRotEx(cublasHandle_t h, int n, void* x, cudaDataType xType, int incx, void* y, cudaDataType yType,
                           int incy, const void* c, const void* s, cudaDataType csType, cudaDataType executiontype) {
  const Precision p = cb::Of(xType);
  if (p == Precision::kOther || yType != xType || csType != cb::RealOf(p) || executiontype != xType) {
    return CUBLAS_STATUS_NOT_SUPPORTED;
  }
  const auto* fc = static_cast<const float*>(c);
  const auto* fs = static_cast<const float*>(s);
  const auto* dc = static_cast<const double*>(c);
  const auto* ds = static_cast<const double*>(s);
  switch (p) {
    case Precision::kS: return cublasSrot_v2(h, n, static_cast<float*>(x), incx, static_cast<float*>(y), incy, fc, fs);
    case Precision::kD: return cublasDrot_v2(h, n, static_cast<double*>(x), incx, static_cast<double*>(y), incy, dc, ds);
    case Precision::kC: return cublasCsrot_v2(h, n, static_cast<cuComplex*>(x), incx, static_cast<cuComplex*>(y), incy, fc, fs);
    case Precision::kZ: return cublasZdrot_v2(h, n, static_cast<cuDoubleComplex*>(x), incx, static_cast<cuDoubleComplex*>(y), incy, dc, ds);
    case Precision::kOther: break;
  }
  return CUBLAS_STATUS_NOT_SUPPORTED;
}

// The rank-k updates of complex single precision with typed operands: C_32F only. The 3m forms
// name an algorithm; the engine computes the same product.
cublasStatus_t cublasCherkEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, int k,
                             const float* alpha, const void* A, cudaDataType Atype, int lda, const float* beta, void* C,
                             cudaDataType Ctype, int ldc) {
  if (Atype != CUDA_C_32F || Ctype != CUDA_C_32F) return CUBLAS_STATUS_NOT_SUPPORTED;
  return cublasCherk_v2(h, uplo, trans, n, k, alpha, static_cast<const cuComplex*>(A), lda, beta,
                        static_cast<cuComplex*>(C), ldc);
}
cublasStatus_t cublasCherk3mEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, int k,
                               const float* alpha, const void* A, cudaDataType Atype, int lda, const float* beta,
                               void* C, cudaDataType Ctype, int ldc) {
  return cublasCherkEx(h, uplo, trans, n, k, alpha, A, Atype, lda, beta, C, Ctype, ldc);
}
cublasStatus_t cublasCsyrkEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, int k,
                             const cuComplex* alpha, const void* A, cudaDataType Atype, int lda, const cuComplex* beta,
                             void* C, cudaDataType Ctype, int ldc) {
  if (Atype != CUDA_C_32F || Ctype != CUDA_C_32F) return CUBLAS_STATUS_NOT_SUPPORTED;
  return cublasCsyrk_v2(h, uplo, trans, n, k, alpha, static_cast<const cuComplex*>(A), lda, beta,
                        static_cast<cuComplex*>(C), ldc);
}
cublasStatus_t cublasCsyrk3mEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, int k,
                               const cuComplex* alpha, const void* A, cudaDataType Atype, int lda,
                               const cuComplex* beta, void* C, cudaDataType Ctype, int ldc) {
  return cublasCsyrkEx(h, uplo, trans, n, k, alpha, A, Atype, lda, beta, C, Ctype, ldc);
}

cublasStatus_t cublasCgemm3m(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k,
                             const cuComplex* alpha, const cuComplex* A, int lda, const cuComplex* B, int ldb,
                             const cuComplex* beta, cuComplex* C, int ldc) {
  return cublasCgemm_v2(h, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
cublasStatus_t cublasZgemm3m(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k,
                             const cuDoubleComplex* alpha, const cuDoubleComplex* A, int lda, const cuDoubleComplex* B,
                             int ldb, const cuDoubleComplex* beta, cuDoubleComplex* C, int ldc) {
  return cublasZgemm_v2(h, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

#define WARPSAFE_CUBLAS_REPACK_(P, T)                                                                          \
  cublasStatus_t cublas##P##tpttr(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* AP, T* A, int lda) { \
    return cb::Repack("cublas" #P "tpttr", h, uplo, n, AP, lda, A, true);                                        \
  }                                                                                                              \
  cublasStatus_t cublas##P##trttp(cublasHandle_t h, cublasFillMode_t uplo, int n, const T* A, int lda, T* AP) { \
    return cb::Repack("cublas" #P "trttp", h, uplo, n, A, lda, AP, false);                                       \
  }
WARPSAFE_CUBLAS_REPACK_(S, float)
WARPSAFE_CUBLAS_REPACK_(D, double)
WARPSAFE_CUBLAS_REPACK_(C, cuComplex)
WARPSAFE_CUBLAS_REPACK_(Z, cuDoubleComplex)
#undef WARPSAFE_CUBLAS_REPACK_

}  // extern "C"
