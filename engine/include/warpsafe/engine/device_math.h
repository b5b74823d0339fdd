// CUDA's math API beyond <cmath>: reciprocal roots, sin/cos of pi*x, exp10, the normal and error
// function inverses, the fast __ intrinsics and the arithmetic intrinsics with an explicit
// rounding direction (__fadd_rz, __dmul_ru, ...). The _rn/_rz/_ru/_rd intrinsics are exact: they
// run the one IEEE operation under the named direction. The approximate functions (rsqrtf,
// __expf, ...) return the correctly rounded or libm result, which lies within CUDA's documented
// error bound.
//
// Names that a C library may also declare (glibc's exp10, sincos; C23's sinpi, cospi, rsqrt) are
// declared here as function templates with a defaulted parameter: where libc declares the function
// its non-template wins overload resolution, elsewhere the template serves, and the two never clash.
#pragma once

#include <math.h>  // the C++ <math.h>: float and double overloads of <cmath> at global scope, as CUDA has

#include <cmath>
#include <cstdint>

#include "warpsafe/engine/device_functions.h"

namespace warpsafe::engine::detail {

inline constexpr long double kTwoOverSqrtPi = 1.128379167095512573896158903121545172L;

// Giles' single-precision approximation of erfinv, written in terms of z = 1 - |x| so that tails
// keep their precision: w = -log((1 - x) (1 + x)) = -log(z (2 - z)). Returns erfinv(1 - z) for
// z in (0, 1].
inline long double ErfInvGuess(long double z) {
  long double w = -std::log(z * (2.0L - z));
  long double p;
  if (w < 5.0L) {
    w -= 2.5L;
    p = 2.81022636e-08L;
    p = 3.43273939e-07L + p * w;
    p = -3.5233877e-06L + p * w;
    p = -4.39150654e-06L + p * w;
    p = 0.00021858087L + p * w;
    p = -0.00125372503L + p * w;
    p = -0.00417768164L + p * w;
    p = 0.246640727L + p * w;
    p = 1.50140941L + p * w;
  } else {
    w = std::sqrt(w) - 3.0L;
    p = -0.000200214257L;
    p = 0.000100950558L + p * w;
    p = 0.00134934322L + p * w;
    p = -0.00367342844L + p * w;
    p = 0.00573950773L + p * w;
    p = -0.0076224613L + p * w;
    p = 0.00943887047L + p * w;
    p = 1.00167406L + p * w;
    p = 2.83297682L + p * w;
  }
  return p * (1.0L - z);
}

// erfcinv(z) for z in (0, 2), refined by Newton steps in extended precision: on erf near 0 and on
// log(erfc) in the tail, where erfc itself would lose the relative precision.
inline long double ErfcInv(long double z) {
  if (z > 1.0L) return -ErfcInv(2.0L - z);
  long double x;
  if (z > 1e-6L) {
    x = ErfInvGuess(z);
  } else {
    // Far tail: erfc(x) ~ exp(-x^2) / (x sqrt(pi)), solved for x by fixed-point iteration.
    const long double log_z = std::log(z);
    x = std::sqrt(-log_z);
    for (int i = 0; i < 4; ++i) x = std::sqrt(-log_z - std::log(x * 1.772453850905516027298167483341145183L));
  }
  if (z >= 0.5L) {
    const long double y = 1.0L - z;
    for (int i = 0; i < 4; ++i) x -= (std::erf(x) - y) / (kTwoOverSqrtPi * std::exp(-x * x));
  } else {
    const long double log_z = std::log(z);
    for (int i = 0; i < 6; ++i) {
      const long double e = std::erfc(x);
      x -= (std::log(e) - log_z) / (-kTwoOverSqrtPi * std::exp(-x * x) / e);
    }
  }
  return x;
}

inline long double ErfInv(long double y) {
  if (std::isnan(y) || y < -1.0L || y > 1.0L) return std::numeric_limits<long double>::quiet_NaN();
  if (y == 1.0L) return std::numeric_limits<long double>::infinity();
  if (y == -1.0L) return -std::numeric_limits<long double>::infinity();
  if (y == 0.0L) return y;  // keeps the sign of zero
  const long double a = std::fabs(y);
  long double x;
  if (a < 0.5L) {
    x = ErfInvGuess(1.0L - a);
    for (int i = 0; i < 4; ++i) x -= (std::erf(x) - a) / (kTwoOverSqrtPi * std::exp(-x * x));
  } else {
    x = ErfcInv(1.0L - a);
  }
  return y < 0 ? -x : x;
}

inline long double ErfcInvChecked(long double z) {
  if (std::isnan(z) || z < 0.0L || z > 2.0L) return std::numeric_limits<long double>::quiet_NaN();
  if (z == 0.0L) return std::numeric_limits<long double>::infinity();
  if (z == 2.0L) return -std::numeric_limits<long double>::infinity();
  return ErfcInv(z);
}

// exp(x^2) erfc(x) without the overflow of either factor.
inline long double Erfcx(long double x) {
  if (std::isnan(x)) return x;
  if (x < 100.0L) return std::exp(x * x) * std::erfc(x);  // long double: exp(x^2) is finite to x ~ 106
  const long double r = 1.0L / (x * x);
  return (1.0L - 0.5L * r * (1.0L - 1.5L * r * (1.0L - 2.5L * r))) / (x * 1.772453850905516027298167483341145183L);
}

// sin(pi x) and cos(pi x) with the argument reduced exactly: x = n/2 + r, |r| <= 1/4.
inline void SinCosPi(long double x, long double* s, long double* c) {
  if (std::isinf(x) || std::isnan(x)) {
    *s = *c = std::numeric_limits<long double>::quiet_NaN();
    return;
  }
  const long double n = std::nearbyint(2.0L * x);  // exact for the magnitudes of a double
  const long double r = x - n / 2.0L;
  constexpr long double kPi = 3.141592653589793238462643383279502884L;
  const long double sr = std::sin(kPi * r), cr = std::cos(kPi * r);
  const long long q = static_cast<long long>(std::fmod(n, 4.0L) + 4.0L) % 4;
  switch (q) {
    case 0: *s = sr; *c = cr; break;
    case 1: *s = cr; *c = -sr; break;
    case 2: *s = -sr; *c = -cr; break;
    default: *s = -cr; *c = sr; break;
  }
  if (*s == 0.0L) *s = std::copysign(0.0L, x);  // sinpi(-n) is -0, sinpi(n) is +0 for integers n
  if (*c == 0.0L) *c = 0.0L;                   // cospi(n + 1/2) is +0
}

}  // namespace warpsafe::engine::detail

// ---- reciprocal roots --------------------------------------------------------------------------

template <int = 0>
inline float rsqrtf(float x) { return static_cast<float>(1.0 / std::sqrt(static_cast<double>(x))); }
template <int = 0>
inline double rsqrt(double x) { return static_cast<double>(1.0L / std::sqrt(static_cast<long double>(x))); }
inline float rcbrtf(float x) { return static_cast<float>(1.0 / std::cbrt(static_cast<double>(x))); }
inline double rcbrt(double x) { return static_cast<double>(1.0L / std::cbrt(static_cast<long double>(x))); }
inline float rhypotf(float x, float y) { return static_cast<float>(1.0 / std::hypot(double{x}, double{y})); }
inline double rhypot(double x, double y) { return static_cast<double>(1.0L / std::hypot(static_cast<long double>(x), static_cast<long double>(y))); }
inline float norm3df(float a, float b, float c) { return static_cast<float>(std::sqrt(double{a} * a + double{b} * b + double{c} * c)); }
inline float rnorm3df(float a, float b, float c) { return static_cast<float>(1.0 / std::sqrt(double{a} * a + double{b} * b + double{c} * c)); }
inline float norm4df(float a, float b, float c, float d) {
  return static_cast<float>(std::sqrt(double{a} * a + double{b} * b + double{c} * c + double{d} * d));
}
inline float rnorm4df(float a, float b, float c, float d) {
  return static_cast<float>(1.0 / std::sqrt(double{a} * a + double{b} * b + double{c} * c + double{d} * d));
}
inline double norm3d(double a, double b, double c) {
  const long double la = a, lb = b, lc = c;
  return static_cast<double>(std::sqrt(la * la + lb * lb + lc * lc));
}
inline double rnorm3d(double a, double b, double c) {
  const long double la = a, lb = b, lc = c;
  return static_cast<double>(1.0L / std::sqrt(la * la + lb * lb + lc * lc));
}
inline double norm4d(double a, double b, double c, double d) {
  const long double la = a, lb = b, lc = c, ld = d;
  return static_cast<double>(std::sqrt(la * la + lb * lb + lc * lc + ld * ld));
}
inline double rnorm4d(double a, double b, double c, double d) {
  const long double la = a, lb = b, lc = c, ld = d;
  return static_cast<double>(1.0L / std::sqrt(la * la + lb * lb + lc * lc + ld * ld));
}
inline float normf(int dim, const float* a) {
  double s = 0;
  for (int i = 0; i < dim; ++i) s += double{a[i]} * a[i];
  return static_cast<float>(std::sqrt(s));
}
inline float rnormf(int dim, const float* a) {
  double s = 0;
  for (int i = 0; i < dim; ++i) s += double{a[i]} * a[i];
  return static_cast<float>(1.0 / std::sqrt(s));
}
inline double norm(int dim, const double* a) {
  long double s = 0;
  for (int i = 0; i < dim; ++i) s += static_cast<long double>(a[i]) * a[i];
  return static_cast<double>(std::sqrt(s));
}
inline double rnorm(int dim, const double* a) {
  long double s = 0;
  for (int i = 0; i < dim; ++i) s += static_cast<long double>(a[i]) * a[i];
  return static_cast<double>(1.0L / std::sqrt(s));
}

// ---- trigonometry of pi*x, exp10 ---------------------------------------------------------------

template <int = 0>
inline void sincosf(float x, float* s, float* c) {
  *s = std::sin(x);
  *c = std::cos(x);
}
template <int = 0>
inline void sincos(double x, double* s, double* c) {
  *s = std::sin(x);
  *c = std::cos(x);
}
template <int = 0>
inline float sinpif(float x) {
  long double s, c;
  ::warpsafe::engine::detail::SinCosPi(x, &s, &c);
  return static_cast<float>(s);
}
template <int = 0>
inline float cospif(float x) {
  long double s, c;
  ::warpsafe::engine::detail::SinCosPi(x, &s, &c);
  return static_cast<float>(c);
}
template <int = 0>
inline double sinpi(double x) {
  long double s, c;
  ::warpsafe::engine::detail::SinCosPi(x, &s, &c);
  return static_cast<double>(s);
}
template <int = 0>
inline double cospi(double x) {
  long double s, c;
  ::warpsafe::engine::detail::SinCosPi(x, &s, &c);
  return static_cast<double>(c);
}
inline void sincospif(float x, float* s, float* c) {
  long double ls, lc;
  ::warpsafe::engine::detail::SinCosPi(x, &ls, &lc);
  *s = static_cast<float>(ls);
  *c = static_cast<float>(lc);
}
inline void sincospi(double x, double* s, double* c) {
  long double ls, lc;
  ::warpsafe::engine::detail::SinCosPi(x, &ls, &lc);
  *s = static_cast<double>(ls);
  *c = static_cast<double>(lc);
}
template <int = 0>
inline float exp10f(float x) { return static_cast<float>(std::pow(10.0, static_cast<double>(x))); }
template <int = 0>
inline double exp10(double x) { return static_cast<double>(std::pow(10.0L, static_cast<long double>(x))); }

// ---- normal distribution and error function inverses ---------------------------------------------

inline float normcdff(float x) { return static_cast<float>(0.5 * std::erfc(-static_cast<double>(x) * 0.70710678118654752440)); }
inline double normcdf(double x) {
  return static_cast<double>(0.5L * std::erfc(-static_cast<long double>(x) * 0.707106781186547524400844362104849039L));
}
inline float erfinvf(float y) { return static_cast<float>(::warpsafe::engine::detail::ErfInv(y)); }
inline double erfinv(double y) { return static_cast<double>(::warpsafe::engine::detail::ErfInv(y)); }
inline float erfcinvf(float z) { return static_cast<float>(::warpsafe::engine::detail::ErfcInvChecked(z)); }
inline double erfcinv(double z) { return static_cast<double>(::warpsafe::engine::detail::ErfcInvChecked(z)); }
inline float normcdfinvf(float p) {
  return static_cast<float>(-1.414213562373095048801688724209698079L * ::warpsafe::engine::detail::ErfcInvChecked(2.0L * p));
}
inline double normcdfinv(double p) {
  return static_cast<double>(-1.414213562373095048801688724209698079L * ::warpsafe::engine::detail::ErfcInvChecked(2.0L * p));
}
inline float erfcxf(float x) { return static_cast<float>(::warpsafe::engine::detail::Erfcx(x)); }
inline double erfcx(double x) { return static_cast<double>(::warpsafe::engine::detail::Erfcx(x)); }

// ---- modified Bessel functions of the first kind (I0 is even, I1 odd; std's needs x >= 0) --------

inline double cyl_bessel_i0(double x) { return std::cyl_bessel_i(0.0, std::fabs(x)); }
inline double cyl_bessel_i1(double x) { return std::copysign(std::cyl_bessel_i(1.0, std::fabs(x)), x); }
inline float cyl_bessel_i0f(float x) { return static_cast<float>(cyl_bessel_i0(x)); }
inline float cyl_bessel_i1f(float x) { return static_cast<float>(cyl_bessel_i1(x)); }

// ---- fast intrinsics ---------------------------------------------------------------------------

// Clamped to [+0, 1]; NaN gives +0.
inline float __saturatef(float x) { return x >= 1.0f ? 1.0f : (x > 0.0f ? x : 0.0f); }
// x / y, except that a divisor of magnitude between 2^126 and 2^128 gives 0 (CUDA Math API, __fdividef).
inline float __fdividef(float x, float y) {
  const float a = std::fabs(y);
  if (a > 8.507059173e37f && a < __builtin_huge_valf()) return std::isinf(x) ? __builtin_nanf("") : 0.0f * x * y;
  return x / y;
}
inline float fdividef(float x, float y) { return x / y; }
inline double fdivide(double x, double y) { return x / y; }
inline float __expf(float x) { return std::exp(x); }
inline float __exp10f(float x) { return static_cast<float>(std::pow(10.0, static_cast<double>(x))); }
inline float __logf(float x) { return std::log(x); }
inline float __log2f(float x) { return std::log2(x); }
inline float __log10f(float x) { return std::log10(x); }
inline float __sinf(float x) { return std::sin(x); }
inline float __cosf(float x) { return std::cos(x); }
inline float __tanf(float x) { return std::tan(x); }
inline void __sincosf(float x, float* s, float* c) {
  *s = std::sin(x);
  *c = std::cos(x);
}
inline float __powf(float x, float y) { return std::pow(x, y); }

// ---- arithmetic with an explicit rounding direction -----------------------------------------------

#define WARPSAFE_ROUNDED_ARITHMETIC_(suffix, mode)                                                                  \
  inline float __fadd_##suffix(float x, float y) {                                                                \
    volatile float a = x, b = y;                                                                                    \
    return ::warpsafe::engine::detail::WithRounding(mode, [&] { return a + b; });                                   \
  }                                                                                                                 \
  inline float __fsub_##suffix(float x, float y) {                                                                \
    volatile float a = x, b = y;                                                                                    \
    return ::warpsafe::engine::detail::WithRounding(mode, [&] { return a - b; });                                   \
  }                                                                                                                 \
  inline float __fmul_##suffix(float x, float y) {                                                                \
    volatile float a = x, b = y;                                                                                    \
    return ::warpsafe::engine::detail::WithRounding(mode, [&] { return a * b; });                                   \
  }                                                                                                                 \
  inline float __fdiv_##suffix(float x, float y) {                                                                \
    volatile float a = x, b = y;                                                                                    \
    return ::warpsafe::engine::detail::WithRounding(mode, [&] { return a / b; });                                   \
  }                                                                                                                 \
  inline float __frcp_##suffix(float x) {                                                                         \
    volatile float a = x;                                                                                           \
    return ::warpsafe::engine::detail::WithRounding(mode, [&] { return 1.0f / a; });                                \
  }                                                                                                                 \
  inline float __fsqrt_##suffix(float x) {                                                                        \
    volatile float a = x;                                                                                           \
    return ::warpsafe::engine::detail::WithRounding(mode, [&] { return std::sqrt(static_cast<float>(a)); });        \
  }                                                                                                                 \
  inline float __fmaf_##suffix(float x, float y, float z) {                                                       \
    volatile float a = x, b = y, c = z;                                                                             \
    return ::warpsafe::engine::detail::WithRounding(                                                                \
        mode, [&] { return std::fma(static_cast<float>(a), static_cast<float>(b), static_cast<float>(c)); });       \
  }                                                                                                                 \
  inline double __dadd_##suffix(double x, double y) {                                                             \
    volatile double a = x, b = y;                                                                                   \
    return ::warpsafe::engine::detail::WithRounding(mode, [&] { return a + b; });                                   \
  }                                                                                                                 \
  inline double __dsub_##suffix(double x, double y) {                                                             \
    volatile double a = x, b = y;                                                                                   \
    return ::warpsafe::engine::detail::WithRounding(mode, [&] { return a - b; });                                   \
  }                                                                                                                 \
  inline double __dmul_##suffix(double x, double y) {                                                             \
    volatile double a = x, b = y;                                                                                   \
    return ::warpsafe::engine::detail::WithRounding(mode, [&] { return a * b; });                                   \
  }                                                                                                                 \
  inline double __ddiv_##suffix(double x, double y) {                                                             \
    volatile double a = x, b = y;                                                                                   \
    return ::warpsafe::engine::detail::WithRounding(mode, [&] { return a / b; });                                   \
  }                                                                                                                 \
  inline double __drcp_##suffix(double x) {                                                                       \
    volatile double a = x;                                                                                          \
    return ::warpsafe::engine::detail::WithRounding(mode, [&] { return 1.0 / a; });                                 \
  }                                                                                                                 \
  inline double __dsqrt_##suffix(double x) {                                                                      \
    volatile double a = x;                                                                                          \
    return ::warpsafe::engine::detail::WithRounding(mode, [&] { return std::sqrt(static_cast<double>(a)); });       \
  }                                                                                                                 \
  inline double __fma_##suffix(double x, double y, double z) {                                                    \
    volatile double a = x, b = y, c = z;                                                                            \
    return ::warpsafe::engine::detail::WithRounding(                                                                \
        mode, [&] { return std::fma(static_cast<double>(a), static_cast<double>(b), static_cast<double>(c)); });    \
  }

WARPSAFE_ROUNDED_ARITHMETIC_(rn, ::warpsafe::engine::detail::Round::kNearest)
WARPSAFE_ROUNDED_ARITHMETIC_(rz, ::warpsafe::engine::detail::Round::kZero)
WARPSAFE_ROUNDED_ARITHMETIC_(ru, ::warpsafe::engine::detail::Round::kUp)
WARPSAFE_ROUNDED_ARITHMETIC_(rd, ::warpsafe::engine::detail::Round::kDown)
#undef WARPSAFE_ROUNDED_ARITHMETIC_

// The _ieee forms differ from the above only in denormal flushing under -ftz, which a CPU build
// does not do.
inline float __fmaf_ieee_rn(float x, float y, float z) { return __fmaf_rn(x, y, z); }
inline float __fmaf_ieee_rz(float x, float y, float z) { return __fmaf_rz(x, y, z); }
inline float __fmaf_ieee_ru(float x, float y, float z) { return __fmaf_ru(x, y, z); }
inline float __fmaf_ieee_rd(float x, float y, float z) { return __fmaf_rd(x, y, z); }

// 1/sqrt(x) rounded to nearest: computed in long double (64-bit significand), then rounded once.
inline float __frsqrt_rn(float x) { return static_cast<float>(1.0L / std::sqrt(static_cast<long double>(x))); }
