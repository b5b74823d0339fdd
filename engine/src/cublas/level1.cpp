// cuBLAS level 1 (vector-vector) routines on OpenBLAS. BLAS conventions throughout: a negative
// increment walks the vector from its far end; n <= 0 does nothing and gives a result of 0.
// Index results (amax, amin) are 1-based, the first of equal magnitudes wins, and the magnitude of
// a complex element is |re| + |im|, as cuBLAS documents.
#include <cmath>

#include "cublas/blas_types.h"
#include "cublas/context.h"

namespace warpsafe::engine::cublas {
namespace {

template <class T>
void CheckVector(const char* routine, const char* operand, const T* x, int n, int inc,
                 runtime::OperandUse use = runtime::OperandUse::kRead) {
  if (n > 0) CheckOperand(routine, operand, x, VectorBytes(n, inc, sizeof(T)), use);
}

// The element i (0-based, in BLAS order) of a strided vector.
template <class T>
const T* At(const T* x, int n, int inc, int i) {
  return inc >= 0 ? x + static_cast<long long>(i) * inc : x + static_cast<long long>(n - 1 - i) * (-inc);
}

template <class T> double Magnitude(const T& v) { return std::fabs(static_cast<double>(v)); }
template <> double Magnitude(const cuComplex& v) { return std::fabs(v.x) + std::fabs(v.y); }
template <> double Magnitude(const cuDoubleComplex& v) { return std::fabs(v.x) + std::fabs(v.y); }

// amax (want_max) or amin: cuBLAS returns 0 for n <= 0 or incx <= 0.
template <class T>
cublasStatus_t Extreme(const char* routine, cublasHandle_t h, int n, const T* x, int incx, int* result, bool want_max) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (result == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  return Run(routine, h, [=](int* out) {
    int best = 0;
    if (n > 0 && incx > 0) {
      CheckVector(routine, "x", x, n, incx);
      double best_value = Magnitude(x[0]);
      for (int i = 1; i < n; ++i) {
        const double v = Magnitude(x[static_cast<long long>(i) * incx]);
        if (want_max ? v > best_value : v < best_value) {
          best_value = v;
          best = i;
        }
      }
      best += 1;
    }
    *out = best;
    return CUBLAS_STATUS_SUCCESS;
  }, result);
}

template <class T, class R, class F>
cublasStatus_t Reduce(const char* routine, cublasHandle_t h, int n, const T* x, int incx, R* result, F f) {
  if (cublasStatus_t s = Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (result == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  return Run(routine, h, [=](R* out) {
    if (n <= 0 || incx <= 0) {
      *out = R(0);
      return CUBLAS_STATUS_SUCCESS;
    }
    CheckVector(routine, "x", x, n, incx);
    *out = f();
    return CUBLAS_STATUS_SUCCESS;
  }, result);
}

}  // namespace
}  // namespace warpsafe::engine::cublas

namespace cb = warpsafe::engine::cublas;
namespace {
constexpr auto kRead = warpsafe::engine::runtime::OperandUse::kRead;
constexpr auto kWrite = warpsafe::engine::runtime::OperandUse::kWrite;
constexpr auto kReadWrite = warpsafe::engine::runtime::OperandUse::kReadWrite;
}  // namespace

// Routines of two vectors x and y: check the handle and both operands (used as x_use and y_use),
// then run `body`.
// The work runs through cb::Run, which keeps a host-mode scalar (`alpha`, for axpy; the work's
// parameter shadows the caller's) when the stream captures.
#define WARPSAFE_CUBLAS_XY_(routine, x_use, y_use, body)                         \
  if (cublasStatus_t s = cb::Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;    \
  if (n <= 0) return CUBLAS_STATUS_SUCCESS;                                     \
  return cb::Run(routine, h, [=] {                                              \
    cb::CheckVector(routine, "x", x, n, incx, x_use);                           \
    cb::CheckVector(routine, "y", y, n, incy, y_use);                           \
    body;                                                                       \
    return CUBLAS_STATUS_SUCCESS;                                               \
  });
#define WARPSAFE_CUBLAS_AXPY_(routine, body)                                     \
  if (cublasStatus_t s = cb::Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;    \
  if (n <= 0) return CUBLAS_STATUS_SUCCESS;                                     \
  return cb::Run(routine, h, [=](decltype(alpha) alpha) {                       \
    cb::CheckVector(routine, "x", x, n, incx, kRead);                           \
    cb::CheckVector(routine, "y", y, n, incy, kReadWrite);                      \
    body;                                                                       \
    return CUBLAS_STATUS_SUCCESS;                                               \
  }, alpha);

extern "C" {

cublasStatus_t cublasSaxpy_v2(cublasHandle_t h, int n, const float* alpha, const float* x, int incx, float* y, int incy) {
  WARPSAFE_CUBLAS_AXPY_("cublasSaxpy", cblas_saxpy(n, *alpha, x, incx, y, incy))
}
cublasStatus_t cublasDaxpy_v2(cublasHandle_t h, int n, const double* alpha, const double* x, int incx, double* y,
                              int incy) {
  WARPSAFE_CUBLAS_AXPY_("cublasDaxpy", cblas_daxpy(n, *alpha, x, incx, y, incy))
}
cublasStatus_t cublasCaxpy_v2(cublasHandle_t h, int n, const cuComplex* alpha, const cuComplex* x, int incx,
                              cuComplex* y, int incy) {
  WARPSAFE_CUBLAS_AXPY_("cublasCaxpy", cblas_caxpy(n, alpha, x, incx, y, incy))
}
cublasStatus_t cublasZaxpy_v2(cublasHandle_t h, int n, const cuDoubleComplex* alpha, const cuDoubleComplex* x,
                              int incx, cuDoubleComplex* y, int incy) {
  WARPSAFE_CUBLAS_AXPY_("cublasZaxpy", cblas_zaxpy(n, alpha, x, incx, y, incy))
}

cublasStatus_t cublasScopy_v2(cublasHandle_t h, int n, const float* x, int incx, float* y, int incy) {
  WARPSAFE_CUBLAS_XY_("cublasScopy", kRead, kWrite, cblas_scopy(n, x, incx, y, incy))
}
cublasStatus_t cublasDcopy_v2(cublasHandle_t h, int n, const double* x, int incx, double* y, int incy) {
  WARPSAFE_CUBLAS_XY_("cublasDcopy", kRead, kWrite, cblas_dcopy(n, x, incx, y, incy))
}
cublasStatus_t cublasCcopy_v2(cublasHandle_t h, int n, const cuComplex* x, int incx, cuComplex* y, int incy) {
  WARPSAFE_CUBLAS_XY_("cublasCcopy", kRead, kWrite, cblas_ccopy(n, x, incx, y, incy))
}
cublasStatus_t cublasZcopy_v2(cublasHandle_t h, int n, const cuDoubleComplex* x, int incx, cuDoubleComplex* y,
                              int incy) {
  WARPSAFE_CUBLAS_XY_("cublasZcopy", kRead, kWrite, cblas_zcopy(n, x, incx, y, incy))
}

cublasStatus_t cublasSswap_v2(cublasHandle_t h, int n, float* x, int incx, float* y, int incy) {
  WARPSAFE_CUBLAS_XY_("cublasSswap", kReadWrite, kReadWrite, cblas_sswap(n, x, incx, y, incy))
}
cublasStatus_t cublasDswap_v2(cublasHandle_t h, int n, double* x, int incx, double* y, int incy) {
  WARPSAFE_CUBLAS_XY_("cublasDswap", kReadWrite, kReadWrite, cblas_dswap(n, x, incx, y, incy))
}
cublasStatus_t cublasCswap_v2(cublasHandle_t h, int n, cuComplex* x, int incx, cuComplex* y, int incy) {
  WARPSAFE_CUBLAS_XY_("cublasCswap", kReadWrite, kReadWrite, cblas_cswap(n, x, incx, y, incy))
}
cublasStatus_t cublasZswap_v2(cublasHandle_t h, int n, cuDoubleComplex* x, int incx, cuDoubleComplex* y, int incy) {
  WARPSAFE_CUBLAS_XY_("cublasZswap", kReadWrite, kReadWrite, cblas_zswap(n, x, incx, y, incy))
}

// Dot products: the result is 0 for n <= 0.
#define WARPSAFE_CUBLAS_DOT_(routine, T, zero, body)                             \
  if (cublasStatus_t s = cb::Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;    \
  if (result == nullptr) return CUBLAS_STATUS_INVALID_VALUE;                    \
  return cb::Run(routine, h, [=](T* result) {                                   \
    if (n <= 0) {                                                               \
      *result = zero;                                                           \
      return CUBLAS_STATUS_SUCCESS;                                             \
    }                                                                           \
    cb::CheckVector(routine, "x", x, n, incx);                                  \
    cb::CheckVector(routine, "y", y, n, incy);                                  \
    body;                                                                       \
    return CUBLAS_STATUS_SUCCESS;                                               \
  }, result);

cublasStatus_t cublasSdot_v2(cublasHandle_t h, int n, const float* x, int incx, const float* y, int incy,
                             float* result) {
  WARPSAFE_CUBLAS_DOT_("cublasSdot", float, 0.0f, *result = cblas_sdot(n, x, incx, y, incy))
}
cublasStatus_t cublasDdot_v2(cublasHandle_t h, int n, const double* x, int incx, const double* y, int incy,
                             double* result) {
  WARPSAFE_CUBLAS_DOT_("cublasDdot", double, 0.0, *result = cblas_ddot(n, x, incx, y, incy))
}
cublasStatus_t cublasCdotu_v2(cublasHandle_t h, int n, const cuComplex* x, int incx, const cuComplex* y, int incy,
                              cuComplex* result) {
  WARPSAFE_CUBLAS_DOT_("cublasCdotu", cuComplex, (cuComplex{0, 0}), cblas_cdotu_sub(n, x, incx, y, incy, result))
}
cublasStatus_t cublasCdotc_v2(cublasHandle_t h, int n, const cuComplex* x, int incx, const cuComplex* y, int incy,
                              cuComplex* result) {
  WARPSAFE_CUBLAS_DOT_("cublasCdotc", cuComplex, (cuComplex{0, 0}), cblas_cdotc_sub(n, x, incx, y, incy, result))
}
cublasStatus_t cublasZdotu_v2(cublasHandle_t h, int n, const cuDoubleComplex* x, int incx, const cuDoubleComplex* y,
                              int incy, cuDoubleComplex* result) {
  WARPSAFE_CUBLAS_DOT_("cublasZdotu", cuDoubleComplex, (cuDoubleComplex{0, 0}),
                       cblas_zdotu_sub(n, x, incx, y, incy, result))
}
cublasStatus_t cublasZdotc_v2(cublasHandle_t h, int n, const cuDoubleComplex* x, int incx, const cuDoubleComplex* y,
                              int incy, cuDoubleComplex* result) {
  WARPSAFE_CUBLAS_DOT_("cublasZdotc", cuDoubleComplex, (cuDoubleComplex{0, 0}),
                       cblas_zdotc_sub(n, x, incx, y, incy, result))
}

cublasStatus_t cublasSnrm2_v2(cublasHandle_t h, int n, const float* x, int incx, float* result) {
  return cb::Reduce("cublasSnrm2", h, n, x, incx, result, [=] { return cblas_snrm2(n, x, incx); });
}
cublasStatus_t cublasDnrm2_v2(cublasHandle_t h, int n, const double* x, int incx, double* result) {
  return cb::Reduce("cublasDnrm2", h, n, x, incx, result, [=] { return cblas_dnrm2(n, x, incx); });
}
cublasStatus_t cublasScnrm2_v2(cublasHandle_t h, int n, const cuComplex* x, int incx, float* result) {
  return cb::Reduce("cublasScnrm2", h, n, x, incx, result, [=] { return cblas_scnrm2(n, x, incx); });
}
cublasStatus_t cublasDznrm2_v2(cublasHandle_t h, int n, const cuDoubleComplex* x, int incx, double* result) {
  return cb::Reduce("cublasDznrm2", h, n, x, incx, result, [=] { return cblas_dznrm2(n, x, incx); });
}
cublasStatus_t cublasSasum_v2(cublasHandle_t h, int n, const float* x, int incx, float* result) {
  return cb::Reduce("cublasSasum", h, n, x, incx, result, [=] { return cblas_sasum(n, x, incx); });
}
cublasStatus_t cublasDasum_v2(cublasHandle_t h, int n, const double* x, int incx, double* result) {
  return cb::Reduce("cublasDasum", h, n, x, incx, result, [=] { return cblas_dasum(n, x, incx); });
}
cublasStatus_t cublasScasum_v2(cublasHandle_t h, int n, const cuComplex* x, int incx, float* result) {
  return cb::Reduce("cublasScasum", h, n, x, incx, result, [=] { return cblas_scasum(n, x, incx); });
}
cublasStatus_t cublasDzasum_v2(cublasHandle_t h, int n, const cuDoubleComplex* x, int incx, double* result) {
  return cb::Reduce("cublasDzasum", h, n, x, incx, result, [=] { return cblas_dzasum(n, x, incx); });
}

cublasStatus_t cublasIsamax_v2(cublasHandle_t h, int n, const float* x, int incx, int* result) {
  return cb::Extreme("cublasIsamax", h, n, x, incx, result, true);
}
cublasStatus_t cublasIdamax_v2(cublasHandle_t h, int n, const double* x, int incx, int* result) {
  return cb::Extreme("cublasIdamax", h, n, x, incx, result, true);
}
cublasStatus_t cublasIcamax_v2(cublasHandle_t h, int n, const cuComplex* x, int incx, int* result) {
  return cb::Extreme("cublasIcamax", h, n, x, incx, result, true);
}
cublasStatus_t cublasIzamax_v2(cublasHandle_t h, int n, const cuDoubleComplex* x, int incx, int* result) {
  return cb::Extreme("cublasIzamax", h, n, x, incx, result, true);
}
cublasStatus_t cublasIsamin_v2(cublasHandle_t h, int n, const float* x, int incx, int* result) {
  return cb::Extreme("cublasIsamin", h, n, x, incx, result, false);
}
cublasStatus_t cublasIdamin_v2(cublasHandle_t h, int n, const double* x, int incx, int* result) {
  return cb::Extreme("cublasIdamin", h, n, x, incx, result, false);
}
cublasStatus_t cublasIcamin_v2(cublasHandle_t h, int n, const cuComplex* x, int incx, int* result) {
  return cb::Extreme("cublasIcamin", h, n, x, incx, result, false);
}
cublasStatus_t cublasIzamin_v2(cublasHandle_t h, int n, const cuDoubleComplex* x, int incx, int* result) {
  return cb::Extreme("cublasIzamin", h, n, x, incx, result, false);
}

// scal: x = alpha x; nothing for n <= 0 or incx <= 0, as in BLAS.
#define WARPSAFE_CUBLAS_SCAL_(routine, body)                                     \
  if (cublasStatus_t s = cb::Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;    \
  if (n <= 0 || incx <= 0) return CUBLAS_STATUS_SUCCESS;                        \
  return cb::Run(routine, h, [=](decltype(alpha) alpha) {                       \
    cb::CheckVector(routine, "x", x, n, incx, kReadWrite);                      \
    body;                                                                       \
    return CUBLAS_STATUS_SUCCESS;                                               \
  }, alpha);

cublasStatus_t cublasSscal_v2(cublasHandle_t h, int n, const float* alpha, float* x, int incx) {
  WARPSAFE_CUBLAS_SCAL_("cublasSscal", cblas_sscal(n, *alpha, x, incx))
}
cublasStatus_t cublasDscal_v2(cublasHandle_t h, int n, const double* alpha, double* x, int incx) {
  WARPSAFE_CUBLAS_SCAL_("cublasDscal", cblas_dscal(n, *alpha, x, incx))
}
cublasStatus_t cublasCscal_v2(cublasHandle_t h, int n, const cuComplex* alpha, cuComplex* x, int incx) {
  WARPSAFE_CUBLAS_SCAL_("cublasCscal", cblas_cscal(n, alpha, x, incx))
}
cublasStatus_t cublasZscal_v2(cublasHandle_t h, int n, const cuDoubleComplex* alpha, cuDoubleComplex* x, int incx) {
  WARPSAFE_CUBLAS_SCAL_("cublasZscal", cblas_zscal(n, alpha, x, incx))
}
cublasStatus_t cublasCsscal_v2(cublasHandle_t h, int n, const float* alpha, cuComplex* x, int incx) {
  WARPSAFE_CUBLAS_SCAL_("cublasCsscal", cblas_csscal(n, *alpha, x, incx))
}
cublasStatus_t cublasZdscal_v2(cublasHandle_t h, int n, const double* alpha, cuDoubleComplex* x, int incx) {
  WARPSAFE_CUBLAS_SCAL_("cublasZdscal", cblas_zdscal(n, *alpha, x, incx))
}

}  // extern "C"
