// cuBLAS's plane rotations on OpenBLAS: rot (and the complex forms with a real or complex sine),
// rotg, rotm and rotmg (docs/semantics/libraries.md, BLAS-14). In device pointer mode the scalars
// and the parameter array live in device memory; on the engine both modes read and write through
// the pointer.
#include <complex>

#include "cublas/blas_types.h"
#include "cublas/context.h"

namespace warpsafe::engine::cublas {
namespace {

constexpr auto kReadWrite = runtime::OperandUse::kReadWrite;

// x = c x + s y and y = c y - s x (for a complex sine: y = c y - conj(s) x), n elements of two
// strided vectors; `blas(c, s)` computes it. Nothing is done for n <= 0.
template <class T, class C, class S, class F>
cublasStatus_t Rotate(const char* routine, cublasHandle_t h, int n, T* x, int incx, T* y, int incy, const C* c,
                      const S* s, F blas) {
  if (cublasStatus_t status = Begin(h); status != CUBLAS_STATUS_SUCCESS) return status;
  if (n <= 0) return CUBLAS_STATUS_SUCCESS;
  return Run(routine, h, [=](const C* c, const S* s) {
    CheckOperand(routine, "x", x, VectorBytes(n, incx, sizeof(T)), kReadWrite);
    CheckOperand(routine, "y", y, VectorBytes(n, incy, sizeof(T)), kReadWrite);
    blas(c, s);
    return CUBLAS_STATUS_SUCCESS;
  }, c, s);
}

// The complex rotation with a complex sine, which CBLAS lacks: element by element in BLAS order.
template <class T, class R>
void ComplexRotate(int n, T* x, int incx, T* y, int incy, R c, typename Scalar<T>::type s) {
  using S = typename Scalar<T>::type;
  const auto at = [n](T* v, int inc, int i) {
    return reinterpret_cast<S*>(inc >= 0 ? v + static_cast<long long>(i) * inc
                                         : v + static_cast<long long>(n - 1 - i) * (-inc));
  };
  for (int i = 0; i < n; ++i) {
    S* xi = at(x, incx, i);
    S* yi = at(y, incy, i);
    const S a = *xi;
    const S b = *yi;
    *xi = c * a + s * b;
    *yi = c * b - std::conj(s) * a;
  }
}

}  // namespace
}  // namespace warpsafe::engine::cublas

namespace cb = warpsafe::engine::cublas;

extern "C" {

cublasStatus_t cublasSrot_v2(cublasHandle_t h, int n, float* x, int incx, float* y, int incy, const float* c,
                             const float* s) {
  return cb::Rotate("cublasSrot", h, n, x, incx, y, incy, c, s,
                    [=](const float* c, const float* s) { cblas_srot(n, x, incx, y, incy, *c, *s); });
}
cublasStatus_t cublasDrot_v2(cublasHandle_t h, int n, double* x, int incx, double* y, int incy, const double* c,
                             const double* s) {
  return cb::Rotate("cublasDrot", h, n, x, incx, y, incy, c, s,
                    [=](const double* c, const double* s) { cblas_drot(n, x, incx, y, incy, *c, *s); });
}
cublasStatus_t cublasCrot_v2(cublasHandle_t h, int n, cuComplex* x, int incx, cuComplex* y, int incy, const float* c,
                             const cuComplex* s) {
  return cb::Rotate("cublasCrot", h, n, x, incx, y, incy, c, s, [=](const float* c, const cuComplex* s) {
    cb::ComplexRotate(n, x, incx, y, incy, *c, cb::Load(s));
  });
}
cublasStatus_t cublasZrot_v2(cublasHandle_t h, int n, cuDoubleComplex* x, int incx, cuDoubleComplex* y, int incy,
                             const double* c, const cuDoubleComplex* s) {
  return cb::Rotate("cublasZrot", h, n, x, incx, y, incy, c, s, [=](const double* c, const cuDoubleComplex* s) {
    cb::ComplexRotate(n, x, incx, y, incy, *c, cb::Load(s));
  });
}
cublasStatus_t cublasCsrot_v2(cublasHandle_t h, int n, cuComplex* x, int incx, cuComplex* y, int incy, const float* c,
                              const float* s) {
  return cb::Rotate("cublasCsrot", h, n, x, incx, y, incy, c, s,
                    [=](const float* c, const float* s) { cblas_csrot(n, x, incx, y, incy, *c, *s); });
}
cublasStatus_t cublasZdrot_v2(cublasHandle_t h, int n, cuDoubleComplex* x, int incx, cuDoubleComplex* y, int incy,
                              const double* c, const double* s) {
  return cb::Rotate("cublasZdrot", h, n, x, incx, y, incy, c, s,
                    [=](const double* c, const double* s) { cblas_zdrot(n, x, incx, y, incy, *c, *s); });
}

// rotg: the rotation that zeroes b of the pair (a, b); a becomes r, and (c, s) the rotation.
cublasStatus_t cublasSrotg_v2(cublasHandle_t h, float* a, float* b, float* c, float* s) {
  if (cublasStatus_t status = cb::Begin(h); status != CUBLAS_STATUS_SUCCESS) return status;
  return cb::Run("cublasSrotg", h, [=] {
    cblas_srotg(a, b, c, s);
    return CUBLAS_STATUS_SUCCESS;
  });
}
cublasStatus_t cublasDrotg_v2(cublasHandle_t h, double* a, double* b, double* c, double* s) {
  if (cublasStatus_t status = cb::Begin(h); status != CUBLAS_STATUS_SUCCESS) return status;
  return cb::Run("cublasDrotg", h, [=] {
    cblas_drotg(a, b, c, s);
    return CUBLAS_STATUS_SUCCESS;
  });
}
cublasStatus_t cublasCrotg_v2(cublasHandle_t h, cuComplex* a, cuComplex* b, float* c, cuComplex* s) {
  if (cublasStatus_t status = cb::Begin(h); status != CUBLAS_STATUS_SUCCESS) return status;
  return cb::Run("cublasCrotg", h, [=] {
    cblas_crotg(a, b, c, s);
    return CUBLAS_STATUS_SUCCESS;
  });
}
cublasStatus_t cublasZrotg_v2(cublasHandle_t h, cuDoubleComplex* a, cuDoubleComplex* b, double* c,
                              cuDoubleComplex* s) {
  if (cublasStatus_t status = cb::Begin(h); status != CUBLAS_STATUS_SUCCESS) return status;
  return cb::Run("cublasZrotg", h, [=] {
    cblas_zrotg(a, b, c, s);
    return CUBLAS_STATUS_SUCCESS;
  });
}

// rotm: the modified rotation H of param (flag, h11, h21, h12, h22) applied to (x, y).
cublasStatus_t cublasSrotm_v2(cublasHandle_t h, int n, float* x, int incx, float* y, int incy, const float* param) {
  if (cublasStatus_t status = cb::Begin(h); status != CUBLAS_STATUS_SUCCESS) return status;
  if (n <= 0) return CUBLAS_STATUS_SUCCESS;
  return cb::Run("cublasSrotm", h, [=] {
    cb::CheckOperand("cublasSrotm", "x", x, cb::VectorBytes(n, incx, sizeof(float)), cb::kReadWrite);
    cb::CheckOperand("cublasSrotm", "y", y, cb::VectorBytes(n, incy, sizeof(float)), cb::kReadWrite);
    cblas_srotm(n, x, incx, y, incy, param);
    return CUBLAS_STATUS_SUCCESS;
  });
}
cublasStatus_t cublasDrotm_v2(cublasHandle_t h, int n, double* x, int incx, double* y, int incy,
                              const double* param) {
  if (cublasStatus_t status = cb::Begin(h); status != CUBLAS_STATUS_SUCCESS) return status;
  if (n <= 0) return CUBLAS_STATUS_SUCCESS;
  return cb::Run("cublasDrotm", h, [=] {
    cb::CheckOperand("cublasDrotm", "x", x, cb::VectorBytes(n, incx, sizeof(double)), cb::kReadWrite);
    cb::CheckOperand("cublasDrotm", "y", y, cb::VectorBytes(n, incy, sizeof(double)), cb::kReadWrite);
    cblas_drotm(n, x, incx, y, incy, param);
    return CUBLAS_STATUS_SUCCESS;
  });
}

// rotmg: the modified rotation that zeroes the second component of (sqrt(d1) x1, sqrt(d2) y1).
cublasStatus_t cublasSrotmg_v2(cublasHandle_t h, float* d1, float* d2, float* x1, const float* y1, float* param) {
  if (cublasStatus_t status = cb::Begin(h); status != CUBLAS_STATUS_SUCCESS) return status;
  return cb::Run("cublasSrotmg", h, [=] {
    cblas_srotmg(d1, d2, x1, *y1, param);
    return CUBLAS_STATUS_SUCCESS;
  });
}
cublasStatus_t cublasDrotmg_v2(cublasHandle_t h, double* d1, double* d2, double* x1, const double* y1,
                               double* param) {
  if (cublasStatus_t status = cb::Begin(h); status != CUBLAS_STATUS_SUCCESS) return status;
  return cb::Run("cublasDrotmg", h, [=] {
    cblas_drotmg(d1, d2, x1, *y1, param);
    return CUBLAS_STATUS_SUCCESS;
  });
}

}  // extern "C"
