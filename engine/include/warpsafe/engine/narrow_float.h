// What cuda_fp16.h (__half) and cuda_bf16.h (__nv_bfloat16) share: exact conversions between
// double and a narrow binary format, and one definition of the intrinsics and operators that CUDA
// declares, with the same names, for both types (__hadd, __heq2, hsqrt, operator+, ...).
//
// Arithmetic is done in double and rounded once to the narrow format. That is the correctly
// rounded result: + - * / and sqrt of p-bit operands computed with 53 >= 2p + 2 bits round twice
// harmlessly (Figueroa), and fma and 64-bit integers go through round-to-odd first (Boldo and
// Melquiond), which is harmless for every rounding direction.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "vector_types.h"
#include "warpsafe/engine/atomics.h"
#include "warpsafe/engine/device_functions.h"

namespace warpsafe::engine::detail {

// The bits of x rounded in direction r to the binary format with kExpBits exponent bits and
// kManBits fraction bits (IEEE-style: subnormals, infinities). A NaN gives `nan_bits`.
template <int kExpBits, int kManBits>
inline std::uint32_t RoundToNarrow(double x, Round r, std::uint32_t nan_bits) {
  constexpr std::uint32_t kInf = ((1u << kExpBits) - 1u) << kManBits;
  constexpr int kBias = (1 << (kExpBits - 1)) - 1;
  constexpr int kEmin = 1 - kBias;
  const std::uint64_t bits = __builtin_bit_cast(std::uint64_t, x);
  const bool negative = (bits >> 63) != 0;
  const std::uint32_t sign = negative ? (1u << (kExpBits + kManBits)) : 0u;
  const int dexp = static_cast<int>((bits >> 52) & 0x7FF);
  std::uint64_t mant = bits & ((std::uint64_t{1} << 52) - 1);
  if (dexp == 0x7FF) return mant != 0 ? nan_bits : (sign | kInf);
  if (dexp == 0 && mant == 0) return sign;
  // x = mant * 2^(e - 52); `lead` is the exponent of its leading bit.
  int e;
  int lead;
  if (dexp == 0) {
    e = -1022;
    lead = -1074 + (63 - __builtin_clzll(mant));
  } else {
    mant |= std::uint64_t{1} << 52;
    e = dexp - 1023;
    lead = e;
  }
  const int quantum = (lead < kEmin ? kEmin : lead) - kManBits;  // exponent of the result's last place
  const int shift = quantum - (e - 52);                           // > 0: the narrow format is narrower
  std::uint64_t kept;
  std::uint64_t rest;
  std::uint64_t half;
  if (shift >= 64) {
    kept = 0;
    rest = mant;                          // nonzero, and below half of the last place
    half = std::uint64_t{1} << 63;
  } else {
    kept = mant >> shift;
    rest = mant & ((std::uint64_t{1} << shift) - 1);
    half = std::uint64_t{1} << (shift - 1);
  }
  bool up = false;
  switch (r) {
    case Round::kNearest: up = rest > half || (rest == half && (kept & 1) != 0); break;
    case Round::kZero: up = false; break;
    case Round::kUp: up = !negative && rest != 0; break;
    case Round::kDown: up = negative && rest != 0; break;
  }
  kept += up ? 1 : 0;
  // A carry out of the fraction moves into the exponent field by itself.
  const std::uint64_t magnitude =
      lead < kEmin ? kept : (static_cast<std::uint64_t>(lead + kBias - 1) << kManBits) + kept;
  if (magnitude >= kInf) {
    const bool to_infinity = r == Round::kNearest || (r == Round::kUp && !negative) || (r == Round::kDown && negative);
    return sign | (to_infinity ? kInf : kInf - 1u);
  }
  return sign | static_cast<std::uint32_t>(magnitude);
}

// The exact value of narrow-format bits. A NaN keeps its sign and payload, quieted.
template <int kExpBits, int kManBits>
inline double NarrowToDouble(std::uint32_t bits) {
  constexpr int kBias = (1 << (kExpBits - 1)) - 1;
  constexpr std::uint32_t kExpMask = (1u << kExpBits) - 1u;
  const bool negative = ((bits >> (kExpBits + kManBits)) & 1u) != 0;
  const std::uint32_t exp = (bits >> kManBits) & kExpMask;
  const std::uint32_t man = bits & ((1u << kManBits) - 1u);
  if (exp == kExpMask) {
    if (man == 0) return negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    const std::uint64_t nan = (negative ? std::uint64_t{1} << 63 : 0) | (std::uint64_t{0x7FF} << 52) |
                              (std::uint64_t{1} << 51) | (static_cast<std::uint64_t>(man) << (52 - kManBits));
    return __builtin_bit_cast(double, nan);
  }
  const double v = exp == 0 ? std::ldexp(static_cast<double>(man), 1 - kBias - kManBits)
                            : std::ldexp(static_cast<double>(man | (1u << kManBits)), static_cast<int>(exp) - kBias - kManBits);
  return negative ? -v : v;
}

// A 64-bit integer as a double rounded to odd (exact below 2^53): rounding that to a narrow format
// in any direction gives the correctly rounded conversion of the integer.
inline double IntegerToDoubleOdd(bool negative, std::uint64_t magnitude) {
  double v;
  if (magnitude < (std::uint64_t{1} << 53)) {
    v = static_cast<double>(magnitude);
  } else {
    const int shift = (64 - __builtin_clzll(magnitude)) - 53;
    std::uint64_t kept = magnitude >> shift;
    if ((magnitude & ((std::uint64_t{1} << shift) - 1)) != 0) kept |= 1;
    v = std::ldexp(static_cast<double>(kept), shift);
  }
  return negative ? -v : v;
}
template <class I>
inline double IntegerToDoubleOdd(I value) {
  if constexpr (std::is_signed_v<I>) {
    const bool negative = value < 0;
    return IntegerToDoubleOdd(negative, negative ? std::uint64_t{0} - static_cast<std::uint64_t>(value)
                                                 : static_cast<std::uint64_t>(value));
  } else {
    return IntegerToDoubleOdd(false, static_cast<std::uint64_t>(value));
  }
}

// a * b + c as a double rounded to odd, for a, b, c of at most 26 significant bits (a * b exact).
inline double FmaToOdd(double a, double b, double c) {
  const double p = a * b;
  const double s = p + c;
  if (!std::isfinite(s)) return s;
  const double bb = s - p;  // TwoSum: s + err == p + c exactly
  const double err = (p - (s - bb)) + (c - bb);
  if (err != 0 && (__builtin_bit_cast(std::uint64_t, s) & 1) == 0) {
    return std::nextafter(s, err > 0 ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity());
  }
  return s;
}

// The bit patterns of a 16-bit binary format's named values, derived from its field widths; they
// are what the CUDART_*_FP16 and CUDART_*_BF16 macros name.
template <int kExpBits, int kManBits>
struct NarrowBitPatterns {
  static_assert(1 + kExpBits + kManBits == 16, "a sign bit and two fields fill 16 bits");
  static constexpr std::uint16_t kSignBit = std::uint16_t{1} << (kExpBits + kManBits);
  static constexpr std::uint16_t kZero = 0;
  static constexpr std::uint16_t kNegZero = kSignBit;
  static constexpr std::uint16_t kMinDenorm = 1;  // the smallest fraction with a zero exponent field
  static constexpr std::uint16_t kInf = static_cast<std::uint16_t>(((1u << kExpBits) - 1u) << kManBits);
  static constexpr std::uint16_t kMaxNormal = kInf - 1;  // the largest exponent below Inf's, all fraction bits
  // CUDA's NaN for these types sets every exponent and fraction bit (positive sign).
  static constexpr std::uint16_t kCudaNan = kSignBit - 1;
  // 1.0: a zero fraction with the biased exponent equal to the bias.
  static constexpr std::uint16_t kOne = static_cast<std::uint16_t>(((1u << (kExpBits - 1)) - 1u) << kManBits);
};

// The narrow types' layout: T is __half or __nv_bfloat16.
template <class T>
struct NarrowFormat;

template <class T>
inline double ToDouble(T v) {
  return NarrowToDouble<NarrowFormat<T>::kExpBits, NarrowFormat<T>::kManBits>(__builtin_bit_cast(std::uint16_t, v));
}
template <class T>
inline T FromDouble(double x, Round r = Round::kNearest) {
  constexpr int kE = NarrowFormat<T>::kExpBits;
  constexpr int kM = NarrowFormat<T>::kManBits;
  return __builtin_bit_cast(T, static_cast<std::uint16_t>(RoundToNarrow<kE, kM>(x, r, NarrowFormat<T>::kCudaNan)));
}
template <class T>
inline T CanonicalNaN() {
  return __builtin_bit_cast(T, NarrowFormat<T>::kCudaNan);
}
// Clamped to [+0, 1]; NaN gives +0 (the _sat forms).
inline double Saturate(double x) { return x >= 1.0 ? 1.0 : (x > 0.0 ? x : 0.0); }

}  // namespace warpsafe::engine::detail

// Everything CUDA declares with one name for both narrow types. T is the scalar type, T2 the pair,
// N and N2 the spellings in the type-specific names (half/half2, bfloat16/bfloat162).
#define WARPSAFE_NARROW_FLOAT_API_(T, T2, N, N2)                                                                          \
  /* ---- conversions ---- */                                                                                            \
  inline T __float2##N(float f) { return ::warpsafe::engine::detail::FromDouble<T>(f); }                                 \
  inline T __float2##N##_rn(float f) { return ::warpsafe::engine::detail::FromDouble<T>(f); }                            \
  inline T __float2##N##_rz(float f) {                                                                                   \
    return ::warpsafe::engine::detail::FromDouble<T>(f, ::warpsafe::engine::detail::Round::kZero);                       \
  }                                                                                                                      \
  inline T __float2##N##_ru(float f) {                                                                                   \
    return ::warpsafe::engine::detail::FromDouble<T>(f, ::warpsafe::engine::detail::Round::kUp);                         \
  }                                                                                                                      \
  inline T __float2##N##_rd(float f) {                                                                                   \
    return ::warpsafe::engine::detail::FromDouble<T>(f, ::warpsafe::engine::detail::Round::kDown);                       \
  }                                                                                                                      \
  inline T __double2##N(double d) { return ::warpsafe::engine::detail::FromDouble<T>(d); }                               \
  inline float __##N##2float(T h) { return static_cast<float>(::warpsafe::engine::detail::ToDouble(h)); }                \
  inline float __low2float(T2 h) { return __##N##2float(h.x); }                                                          \
  inline float __high2float(T2 h) { return __##N##2float(h.y); }                                                         \
  inline T2 __floats2##N2##_rn(float a, float b) { return T2(__float2##N(a), __float2##N(b)); }                          \
  inline T2 __float2##N2##_rn(float a) { return T2(__float2##N(a), __float2##N(a)); }                                    \
  inline T2 __float22##N2##_rn(float2 a) { return T2(__float2##N(a.x), __float2##N(a.y)); }                              \
  inline float2 __##N2##2float2(T2 a) { return float2{__##N##2float(a.x), __##N##2float(a.y)}; }                         \
  inline T2 __halves2##N2(T a, T b) { return T2(a, b); }                                                                 \
  inline T2 make_##N2(T x, T y) { return T2(x, y); }                                                                     \
  inline T2 __##N##2##N2(T a) { return T2(a, a); }                                                                       \
  inline T __low2##N(T2 a) { return a.x; }                                                                               \
  inline T __high2##N(T2 a) { return a.y; }                                                                              \
  inline T2 __low2##N2(T2 a) { return T2(a.x, a.x); }                                                                    \
  inline T2 __high2##N2(T2 a) { return T2(a.y, a.y); }                                                                   \
  inline T2 __lows2##N2(T2 a, T2 b) { return T2(a.x, b.x); }                                                             \
  inline T2 __highs2##N2(T2 a, T2 b) { return T2(a.y, b.y); }                                                            \
  inline T2 __lowhigh2highlow(T2 a) { return T2(a.y, a.x); }                                                             \
  inline constexpr unsigned short __##N##_as_ushort(T h) { return __builtin_bit_cast(unsigned short, h); }               \
  inline constexpr short __##N##_as_short(T h) { return __builtin_bit_cast(short, h); }                                  \
  inline constexpr T __ushort_as_##N(unsigned short i) { return __builtin_bit_cast(T, i); }                              \
  inline constexpr T __short_as_##N(short i) { return __builtin_bit_cast(T, i); }                                        \
  WARPSAFE_NARROW_INT_CONVERSIONS_(T, N, rn, kNearest)                                                                   \
  WARPSAFE_NARROW_INT_CONVERSIONS_(T, N, rz, kZero)                                                                      \
  WARPSAFE_NARROW_INT_CONVERSIONS_(T, N, ru, kUp)                                                                        \
  WARPSAFE_NARROW_INT_CONVERSIONS_(T, N, rd, kDown)                                                                      \
  inline signed char __##N##2char_rz(T h) {                                                                              \
    return ::warpsafe::engine::detail::FloatToInt<signed char>(__##N##2float(h), ::warpsafe::engine::detail::Round::kZero); \
  }                                                                                                                      \
  inline unsigned char __##N##2uchar_rz(T h) {                                                                           \
    return ::warpsafe::engine::detail::FloatToInt<unsigned char>(__##N##2float(h),                                      \
                                                                 ::warpsafe::engine::detail::Round::kZero);             \
  }                                                                                                                      \
  /* ---- classification ---- */                                                                                         \
  inline bool __hisnan(T a) { return std::isnan(::warpsafe::engine::detail::ToDouble(a)); }                              \
  /* per half: 1.0 where NaN, else 0.0 */                                                                               \
  inline T2 __hisnan2(T2 a) {                                                                                            \
    return T2(::warpsafe::engine::detail::FromDouble<T>(__hisnan(a.x) ? 1.0 : 0.0),                                      \
              ::warpsafe::engine::detail::FromDouble<T>(__hisnan(a.y) ? 1.0 : 0.0));                                     \
  }                                                                                                                      \
  /* -1 for -infinity, 1 for +infinity, else 0 */                                                                        \
  inline int __hisinf(T a) {                                                                                             \
    const double v = ::warpsafe::engine::detail::ToDouble(a);                                                            \
    return std::isinf(v) ? (v < 0 ? -1 : 1) : 0;                                                                         \
  }                                                                                                                      \
  /* ---- arithmetic, rounded to nearest even ---- */                                                                    \
  WARPSAFE_NARROW_BINARY_(T, T2, __hadd, __hadd2, x + y)                                                                 \
  WARPSAFE_NARROW_BINARY_(T, T2, __hsub, __hsub2, x - y)                                                                 \
  WARPSAFE_NARROW_BINARY_(T, T2, __hmul, __hmul2, x * y)                                                                 \
  WARPSAFE_NARROW_BINARY_(T, T2, __hdiv, __h2div, x / y)                                                                 \
  WARPSAFE_NARROW_BINARY_(T, T2, __hadd_rn, __hadd2_rn, x + y)                                                           \
  WARPSAFE_NARROW_BINARY_(T, T2, __hsub_rn, __hsub2_rn, x - y)                                                           \
  WARPSAFE_NARROW_BINARY_(T, T2, __hmul_rn, __hmul2_rn, x * y)                                                           \
  WARPSAFE_NARROW_BINARY_(T, T2, __hadd_sat, __hadd2_sat, ::warpsafe::engine::detail::Saturate(x + y))                   \
  WARPSAFE_NARROW_BINARY_(T, T2, __hsub_sat, __hsub2_sat, ::warpsafe::engine::detail::Saturate(x - y))                   \
  WARPSAFE_NARROW_BINARY_(T, T2, __hmul_sat, __hmul2_sat, ::warpsafe::engine::detail::Saturate(x * y))                   \
  /* max/min: a NaN operand gives the other one, two NaNs the canonical NaN, +0 > -0; the _nan */                        \
  /* forms propagate NaN. */                                                                                             \
  WARPSAFE_NARROW_BINARY_(T, T2, __hmax, __hmax2,                                                                        \
                          std::isnan(x) ? (std::isnan(y) ? NAN : y)                                                      \
                                        : std::isnan(y) ? x : (x > y || (x == y && !std::signbit(x))) ? x : y)           \
  WARPSAFE_NARROW_BINARY_(T, T2, __hmin, __hmin2,                                                                        \
                          std::isnan(x) ? (std::isnan(y) ? NAN : y)                                                      \
                                        : std::isnan(y) ? x : (x < y || (x == y && std::signbit(x))) ? x : y)            \
  WARPSAFE_NARROW_BINARY_(T, T2, __hmax_nan, __hmax2_nan,                                                                \
                          (std::isnan(x) || std::isnan(y)) ? NAN : (x > y || (x == y && !std::signbit(x))) ? x : y)      \
  WARPSAFE_NARROW_BINARY_(T, T2, __hmin_nan, __hmin2_nan,                                                                \
                          (std::isnan(x) || std::isnan(y)) ? NAN : (x < y || (x == y && std::signbit(x))) ? x : y)       \
  inline T __hfma(T a, T b, T c) {                                                                                       \
    using namespace ::warpsafe::engine::detail;                                                                          \
    return FromDouble<T>(FmaToOdd(ToDouble(a), ToDouble(b), ToDouble(c)));                                               \
  }                                                                                                                      \
  inline T __hfma_sat(T a, T b, T c) {                                                                                   \
    using namespace ::warpsafe::engine::detail;                                                                          \
    return FromDouble<T>(Saturate(ToDouble(__hfma(a, b, c))));                                                           \
  }                                                                                                                      \
  inline T __hfma_relu(T a, T b, T c) {                                                                                  \
    const T r = __hfma(a, b, c);                                                                                         \
    if (__hisnan(r)) return ::warpsafe::engine::detail::CanonicalNaN<T>();                                               \
    return ::warpsafe::engine::detail::ToDouble(r) < 0 ? __ushort_as_##N(0) : r;                                         \
  }                                                                                                                      \
  inline T2 __hfma2(T2 a, T2 b, T2 c) { return T2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); }                       \
  inline T2 __hfma2_sat(T2 a, T2 b, T2 c) { return T2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y)); }           \
  inline T2 __hfma2_relu(T2 a, T2 b, T2 c) { return T2(__hfma_relu(a.x, b.x, c.x), __hfma_relu(a.y, b.y, c.y)); }        \
  /* sign changes are exact and leave NaN payloads alone: bit operations */                                              \
  inline T __hneg(T a) { return __ushort_as_##N(static_cast<unsigned short>(__##N##_as_ushort(a) ^ 0x8000u)); }          \
  inline T __habs(T a) { return __ushort_as_##N(static_cast<unsigned short>(__##N##_as_ushort(a) & 0x7FFFu)); }          \
  inline T2 __hneg2(T2 a) { return T2(__hneg(a.x), __hneg(a.y)); }                                                       \
  inline T2 __habs2(T2 a) { return T2(__habs(a.x), __habs(a.y)); }                                                       \
  /* ---- comparisons: ordered (false on NaN) and unordered (the u forms: true on NaN) ---- */                          \
  WARPSAFE_NARROW_COMPARE_(T, T2, eq, x == y, x == y || std::isnan(x) || std::isnan(y))                               \
  WARPSAFE_NARROW_COMPARE_(T, T2, ne, x != y && !std::isnan(x) && !std::isnan(y), x != y)                                \
  WARPSAFE_NARROW_COMPARE_(T, T2, lt, x < y, !(x >= y))                                                                  \
  WARPSAFE_NARROW_COMPARE_(T, T2, le, x <= y, !(x > y))                                                                  \
  WARPSAFE_NARROW_COMPARE_(T, T2, gt, x > y, !(x <= y))                                                                  \
  WARPSAFE_NARROW_COMPARE_(T, T2, ge, x >= y, !(x < y))                                                                  \
  /* ---- math functions, rounded from the double result ---- */                                                         \
  WARPSAFE_NARROW_UNARY_(T, T2, hsqrt, h2sqrt, std::sqrt(x))                                                             \
  WARPSAFE_NARROW_UNARY_(T, T2, hrsqrt, h2rsqrt, 1.0 / std::sqrt(x))                                                     \
  WARPSAFE_NARROW_UNARY_(T, T2, hrcp, h2rcp, 1.0 / x)                                                                    \
  WARPSAFE_NARROW_UNARY_(T, T2, hexp, h2exp, std::exp(x))                                                                \
  WARPSAFE_NARROW_UNARY_(T, T2, hexp2, h2exp2, std::exp2(x))                                                             \
  WARPSAFE_NARROW_UNARY_(T, T2, hexp10, h2exp10, std::pow(10.0, x))                                                      \
  WARPSAFE_NARROW_UNARY_(T, T2, hlog, h2log, std::log(x))                                                                \
  WARPSAFE_NARROW_UNARY_(T, T2, hlog2, h2log2, std::log2(x))                                                             \
  WARPSAFE_NARROW_UNARY_(T, T2, hlog10, h2log10, std::log10(x))                                                          \
  WARPSAFE_NARROW_UNARY_(T, T2, hsin, h2sin, std::sin(x))                                                                \
  WARPSAFE_NARROW_UNARY_(T, T2, hcos, h2cos, std::cos(x))                                                                \
  WARPSAFE_NARROW_UNARY_(T, T2, htanh, h2tanh, std::tanh(x))                                                             \
  WARPSAFE_NARROW_UNARY_(T, T2, htrunc, h2trunc, std::trunc(x))                                                          \
  WARPSAFE_NARROW_UNARY_(T, T2, hceil, h2ceil, std::ceil(x))                                                             \
  WARPSAFE_NARROW_UNARY_(T, T2, hfloor, h2floor, std::floor(x))                                                          \
  WARPSAFE_NARROW_UNARY_(T, T2, hrint, h2rint, ::warpsafe::engine::detail::RoundIntegral(x, ::warpsafe::engine::detail::Round::kNearest)) \
  /* ---- C++ operators (CUDA's host/device operators of cuda_fp16.hpp / cuda_bf16.hpp) ---- */                         \
  inline T operator+(const T& a, const T& b) { return __hadd(a, b); }                                                    \
  inline T operator-(const T& a, const T& b) { return __hsub(a, b); }                                                    \
  inline T operator*(const T& a, const T& b) { return __hmul(a, b); }                                                    \
  inline T operator/(const T& a, const T& b) { return __hdiv(a, b); }                                                    \
  inline T& operator+=(T& a, const T& b) { return a = __hadd(a, b); }                                                    \
  inline T& operator-=(T& a, const T& b) { return a = __hsub(a, b); }                                                    \
  inline T& operator*=(T& a, const T& b) { return a = __hmul(a, b); }                                                    \
  inline T& operator/=(T& a, const T& b) { return a = __hdiv(a, b); }                                                    \
  inline T operator+(const T& a) { return a; }                                                                           \
  inline T operator-(const T& a) { return __hneg(a); }                                                                   \
  inline T& operator++(T& a) { return a = __hadd(a, ::warpsafe::engine::detail::FromDouble<T>(1.0)); }                  \
  inline T& operator--(T& a) { return a = __hsub(a, ::warpsafe::engine::detail::FromDouble<T>(1.0)); }                  \
  inline T operator++(T& a, int) {                                                                                       \
    const T old = a;                                                                                                     \
    ++a;                                                                                                                 \
    return old;                                                                                                          \
  }                                                                                                                      \
  inline T operator--(T& a, int) {                                                                                       \
    const T old = a;                                                                                                     \
    --a;                                                                                                                 \
    return old;                                                                                                          \
  }                                                                                                                      \
  inline bool operator==(const T& a, const T& b) { return __heq(a, b); }                                                 \
  inline bool operator!=(const T& a, const T& b) { return __hneu(a, b); }                                                \
  inline bool operator<(const T& a, const T& b) { return __hlt(a, b); }                                                  \
  inline bool operator<=(const T& a, const T& b) { return __hle(a, b); }                                                 \
  inline bool operator>(const T& a, const T& b) { return __hgt(a, b); }                                                  \
  inline bool operator>=(const T& a, const T& b) { return __hge(a, b); }                                                 \
  inline T2 operator+(const T2& a, const T2& b) { return __hadd2(a, b); }                                                \
  inline T2 operator-(const T2& a, const T2& b) { return __hsub2(a, b); }                                                \
  inline T2 operator*(const T2& a, const T2& b) { return __hmul2(a, b); }                                                \
  inline T2 operator/(const T2& a, const T2& b) { return __h2div(a, b); }                                                \
  inline T2& operator+=(T2& a, const T2& b) { return a = __hadd2(a, b); }                                                \
  inline T2& operator-=(T2& a, const T2& b) { return a = __hsub2(a, b); }                                                \
  inline T2& operator*=(T2& a, const T2& b) { return a = __hmul2(a, b); }                                                \
  inline T2& operator/=(T2& a, const T2& b) { return a = __h2div(a, b); }                                                \
  inline T2 operator+(const T2& a) { return a; }                                                                         \
  inline T2 operator-(const T2& a) { return __hneg2(a); }                                                                \
  inline bool operator==(const T2& a, const T2& b) { return __hbeq2(a, b); }                                             \
  inline bool operator!=(const T2& a, const T2& b) { return __hbneu2(a, b); }                                            \
  inline bool operator<(const T2& a, const T2& b) { return __hblt2(a, b); }                                              \
  inline bool operator<=(const T2& a, const T2& b) { return __hble2(a, b); }                                             \
  inline bool operator>(const T2& a, const T2& b) { return __hbgt2(a, b); }                                              \
  inline bool operator>=(const T2& a, const T2& b) { return __hbge2(a, b); }                                             \
  /* ---- atomics (the pair is updated as a whole: stronger than CUDA's per-half guarantee) ---- */                      \
  WARPSAFE_NARROW_ATOMIC_ADD_(T, T2, , kDevice)                                                                                 \
  WARPSAFE_NARROW_ATOMIC_ADD_(T, T2, _block, kBlock)                                                                           \
  WARPSAFE_NARROW_ATOMIC_ADD_(T, T2, _system, kSystem)

#define WARPSAFE_NARROW_INT_CONVERSIONS_(T, N, sfx, mode)                                                                \
  WARPSAFE_NARROW_INT_CONVERSION_(T, N, sfx, mode, int, int)                                                             \
  WARPSAFE_NARROW_INT_CONVERSION_(T, N, sfx, mode, uint, unsigned int)                                                   \
  WARPSAFE_NARROW_INT_CONVERSION_(T, N, sfx, mode, short, short)                                                         \
  WARPSAFE_NARROW_INT_CONVERSION_(T, N, sfx, mode, ushort, unsigned short)                                               \
  WARPSAFE_NARROW_INT_CONVERSION_(T, N, sfx, mode, ll, long long)                                                        \
  WARPSAFE_NARROW_INT_CONVERSION_(T, N, sfx, mode, ull, unsigned long long)

#define WARPSAFE_NARROW_INT_CONVERSION_(T, N, sfx, mode, iname, I)                                                       \
  inline T __##iname##2##N##_##sfx(I i) {                                                                                \
    using namespace ::warpsafe::engine::detail;                                                                          \
    return FromDouble<T>(IntegerToDoubleOdd(i), Round::mode);                                                            \
  }                                                                                                                      \
  inline I __##N##2##iname##_##sfx(T h) {                                                                                \
    using namespace ::warpsafe::engine::detail;                                                                          \
    return FloatToInt<I>(static_cast<float>(ToDouble(h)), Round::mode);                                                  \
  }

#define WARPSAFE_NARROW_BINARY_(T, T2, name, name2, expr)                                                                \
  inline T name(T a, T b) {                                                                                              \
    const double x = ::warpsafe::engine::detail::ToDouble(a);                                                            \
    const double y = ::warpsafe::engine::detail::ToDouble(b);                                                            \
    return ::warpsafe::engine::detail::FromDouble<T>(expr);                                                              \
  }                                                                                                                      \
  inline T2 name2(T2 a, T2 b) { return T2(name(a.x, b.x), name(a.y, b.y)); }

#define WARPSAFE_NARROW_UNARY_(T, T2, name, name2, expr)                                                                 \
  inline T name(T a) {                                                                                                   \
    const double x = ::warpsafe::engine::detail::ToDouble(a);                                                            \
    return ::warpsafe::engine::detail::FromDouble<T>(expr);                                                              \
  }                                                                                                                      \
  inline T2 name2(T2 a) { return T2(name(a.x), name(a.y)); }

// __h<op>(a, b) -> bool; __h<op>2 -> pair of 1.0/0.0; __hb<op>2 -> both true; __h<op>2_mask -> 0xFFFF per
// true half; and the unordered u forms of each.
#define WARPSAFE_NARROW_COMPARE_(T, T2, op, ordered, unordered)                                                          \
  inline bool __h##op(T a, T b) {                                                                                        \
    const double x = ::warpsafe::engine::detail::ToDouble(a);                                                            \
    const double y = ::warpsafe::engine::detail::ToDouble(b);                                                            \
    return ordered;                                                                                                      \
  }                                                                                                                      \
  inline bool __h##op##u(T a, T b) {                                                                                     \
    const double x = ::warpsafe::engine::detail::ToDouble(a);                                                            \
    const double y = ::warpsafe::engine::detail::ToDouble(b);                                                            \
    return unordered;                                                                                                    \
  }                                                                                                                      \
  inline T2 __h##op##2(T2 a, T2 b) {                                                                                     \
    using namespace ::warpsafe::engine::detail;                                                                          \
    return T2(FromDouble<T>(__h##op(a.x, b.x) ? 1.0 : 0.0), FromDouble<T>(__h##op(a.y, b.y) ? 1.0 : 0.0));               \
  }                                                                                                                      \
  inline T2 __h##op##u2(T2 a, T2 b) {                                                                                    \
    using namespace ::warpsafe::engine::detail;                                                                          \
    return T2(FromDouble<T>(__h##op##u(a.x, b.x) ? 1.0 : 0.0), FromDouble<T>(__h##op##u(a.y, b.y) ? 1.0 : 0.0));         \
  }                                                                                                                      \
  inline bool __hb##op##2(T2 a, T2 b) { return __h##op(a.x, b.x) && __h##op(a.y, b.y); }                                 \
  inline bool __hb##op##u2(T2 a, T2 b) { return __h##op##u(a.x, b.x) && __h##op##u(a.y, b.y); }                          \
  inline unsigned __h##op##2_mask(T2 a, T2 b) {                                                                          \
    return (__h##op(a.x, b.x) ? 0xFFFFu : 0u) | (__h##op(a.y, b.y) ? 0xFFFF0000u : 0u);                                  \
  }                                                                                                                      \
  inline unsigned __h##op##u2_mask(T2 a, T2 b) {                                                                         \
    return (__h##op##u(a.x, b.x) ? 0xFFFFu : 0u) | (__h##op##u(a.y, b.y) ? 0xFFFF0000u : 0u);                            \
  }

#define WARPSAFE_NARROW_ATOMIC_ADD_(T, T2, sfx, scope)                                                                      \
  inline T atomicAdd##sfx(T* address, T val, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {         \
    return ::warpsafe::engine::detail::AtomicUpdate(address, [val](T old) { return __hadd(old, val); }, site,    \
                                                    ::warpsafe::engine::FenceScope::scope);         \
  }                                                                                                                      \
  inline T2 atomicAdd##sfx(T2* address, T2 val, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {      \
    return ::warpsafe::engine::detail::AtomicUpdate(address, [val](T2 old) { return __hadd2(old, val); }, site,  \
                                                    ::warpsafe::engine::FenceScope::scope);         \
  }

// The type T (2 bytes, E exponent bits, M fraction bits), its pair T2 and their raw forms T##_raw,
// as cuda_fp16.h and cuda_bf16.h declare them; __half and __nv_bfloat16 differ only in E and M, so
// both headers stamp them from this one definition.
#define WARPSAFE_NARROW_FLOAT_TYPES_(T, T2, E, M)                                                              \
struct T##_raw {                                                                                               \
  unsigned short x;                                                                                            \
};                                                                                                             \
struct T2##_raw {                                                                                              \
  unsigned short x;                                                                                            \
  unsigned short y;                                                                                            \
};                                                                                                             \
                                                                                                               \
struct alignas(2) T {                                                                                          \
 protected:                                                                                                    \
  unsigned short __x;                                                                                          \
                                                                                                               \
  static unsigned short Round(double v) {                                                                      \
    return static_cast<unsigned short>(::warpsafe::engine::detail::RoundToNarrow<E, M>(                        \
        v, ::warpsafe::engine::detail::Round::kNearest, 0x7FFFu));                                             \
  }                                                                                                            \
  static unsigned short RoundInteger(double odd) { return Round(odd); }                                        \
  float ToFloat() const { return static_cast<float>(::warpsafe::engine::detail::NarrowToDouble<E, M>(__x)); }  \
  template <class I>                                                                                           \
  I ToInteger() const {                                                                                        \
    return ::warpsafe::engine::detail::FloatToInt<I>(ToFloat(), ::warpsafe::engine::detail::Round::kZero);     \
  }                                                                                                            \
                                                                                                               \
 public:                                                                                                       \
  T() = default;                                                                                               \
  constexpr T(const T##_raw& hr) : __x(hr.x) {}                                                                \
  T& operator=(const T##_raw& hr) {                                                                            \
    __x = hr.x;                                                                                                \
    return *this;                                                                                              \
  }                                                                                                            \
  constexpr operator T##_raw() const { return T##_raw{__x}; }                                                  \
                                                                                                               \
  /* Floating-point conversions, rounded to nearest even. */                                                   \
  T(float f) : __x(Round(f)) {}                                                                                \
  T(double d) : __x(Round(d)) {}                                                                               \
  T& operator=(float f) { return *this = T(f); }                                                               \
  T& operator=(double d) { return *this = T(d); }                                                              \
  operator float() const { return ToFloat(); }                                                                 \
                                                                                                               \
  /* Integer conversions as CUDA allows them: from integers rounded to nearest even, to integers */            \
  /* rounded toward zero. */                                                                                   \
  T(short v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}                         \
  T(unsigned short v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}                \
  T(int v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}                           \
  T(unsigned int v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}                  \
  T(long v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}                          \
  T(unsigned long v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}                 \
  T(long long v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}                     \
  T(unsigned long long v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}            \
  T& operator=(short v) { return *this = T(v); }                                                               \
  T& operator=(unsigned short v) { return *this = T(v); }                                                      \
  T& operator=(int v) { return *this = T(v); }                                                                 \
  T& operator=(unsigned int v) { return *this = T(v); }                                                        \
  T& operator=(long long v) { return *this = T(v); }                                                           \
  T& operator=(unsigned long long v) { return *this = T(v); }                                                  \
  operator signed char() const { return ToInteger<signed char>(); }                                            \
  operator unsigned char() const { return ToInteger<unsigned char>(); }                                        \
  operator char() const { return static_cast<char>(ToInteger<signed char>()); }                                \
  operator short() const { return ToInteger<short>(); }                                                        \
  operator unsigned short() const { return ToInteger<unsigned short>(); }                                      \
  operator int() const { return ToInteger<int>(); }                                                            \
  operator unsigned int() const { return ToInteger<unsigned int>(); }                                          \
  operator long() const { return ToInteger<long>(); }                                                          \
  operator unsigned long() const { return ToInteger<unsigned long>(); }                                        \
  operator long long() const { return ToInteger<long long>(); }                                                \
  operator unsigned long long() const { return ToInteger<unsigned long long>(); }                              \
  /* Nonzero, NaN included. */                                                                                 \
  operator bool() const { return (__x & 0x7FFFu) != 0; }                                                       \
};                                                                                                             \
                                                                                                               \
struct alignas(4) T2 {                                                                                         \
  T x;                                                                                                         \
  T y;                                                                                                         \
                                                                                                               \
  T2() = default;                                                                                              \
  constexpr T2(const T& a, const T& b) : x(a), y(b) {}                                                         \
  constexpr T2(const T2##_raw& r) : x(T##_raw{r.x}), y(T##_raw{r.y}) {}                                        \
  T2& operator=(const T2##_raw& r) { return *this = T2(r); }                                                   \
  constexpr operator T2##_raw() const {                                                                        \
    return T2##_raw{static_cast<T##_raw>(x).x, static_cast<T##_raw>(y).x};                                     \
  }                                                                                                            \
};                                                                                                             \
                                                                                                               \
static_assert(sizeof(T) == 2 && sizeof(T2) == 4, "CUDA's sizes");                                              \
static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_copyable_v<T2>,                             \
              "shuffles and atomics move these as bits");                                                      \
                                                                                                               \
                                                                                                               \
namespace warpsafe::engine::detail {                                                                           \
template <>                                                                                                    \
struct NarrowFormat<T> : NarrowBitPatterns<E, M> {                                                            \
  static constexpr int kExpBits = E;                                                                           \
  static constexpr int kManBits = M;                                                                           \
};                                                                                                             \
}  /* namespace warpsafe::engine::detail */
