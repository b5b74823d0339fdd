// CUDA's cuda_fp8.h: the 8-bit floating-point formats E4M3 (4 exponent bits, bias 7, 3 fraction
// bits, no infinities: S.1111.111 is NaN, the largest finite value is 448) and E5M2 (IEEE-style:
// bias 15, 2 fraction bits, infinities and NaNs), their pairs and quadruples, and the conversions
// from double, float, __half and __nv_bfloat16 (round to nearest even, with or without saturation)
// and back to __half; and, at the end, the e8m0 scale format of CUDA 12.8 and later
// (warpsafe/engine/e8m0.h). Bit-exact with the GPU (tests/programs/fp8, values recorded on an H100 and
// an H200); the rules are in docs/semantics/libraries.md.
#pragma once

#include <cmath>
#include <cstdint>

#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "vector_types.h"
#include "warpsafe/engine/narrow_float.h"

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;

typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;

namespace warpsafe::engine::detail {

// The one NaN each format's conversions produce (whatever the input NaN's sign and payload).
inline constexpr std::uint8_t kFp8NaN = 0x7F;

// x rounded to nearest even in the E4M3 format. Every finite E4M3 value v has the bits of v * 2^-8
// in the 5-exponent-bit, 3-fraction-bit IEEE-style format (their exponent fields coincide: bias 7
// against 15 - 8), so that format's rounding serves below the top of E4M3's range. Past it (above
// 448 after rounding) and for infinities: 448 of the sign when saturating, else NaN of the sign.
inline std::uint8_t DoubleToE4M3(double x, __nv_saturation_t saturate) {
  if (std::isnan(x)) return kFp8NaN;
  const std::uint8_t sign = std::signbit(x) ? 0x80 : 0x00;
  constexpr std::uint32_t kMaxFinite = 0x7E;
  std::uint32_t magnitude = kMaxFinite + 1;
  if (!std::isinf(x)) magnitude = RoundToNarrow<5, 3>(std::ldexp(x, -8), Round::kNearest, 0) & 0xFFu;
  if (magnitude > kMaxFinite) return sign | (saturate == __NV_SATFINITE ? kMaxFinite : 0x7F);
  return static_cast<std::uint8_t>(sign | magnitude);
}

// x rounded to nearest even in the E5M2 format. Overflow and infinities give infinity of the sign,
// or the largest finite value (57344) of the sign when saturating.
inline std::uint8_t DoubleToE5M2(double x, __nv_saturation_t saturate) {
  if (std::isnan(x)) return kFp8NaN;
  constexpr std::uint32_t kInfinity = 0x7C;
  const std::uint32_t bits = RoundToNarrow<5, 2>(x, Round::kNearest, kFp8NaN);
  const std::uint32_t magnitude = bits & 0x7Fu;
  if (magnitude == kInfinity && saturate == __NV_SATFINITE) return static_cast<std::uint8_t>((bits & 0x80u) | (kInfinity - 1));
  return static_cast<std::uint8_t>(bits);
}

inline std::uint8_t DoubleToFp8(double x, __nv_saturation_t saturate, __nv_fp8_interpretation_t kind) {
  return kind == __NV_E4M3 ? DoubleToE4M3(x, saturate) : DoubleToE5M2(x, saturate);
}

// The conversion from double, which CUDA does in software on the GPU too: rounded as the others
// are, except that a NaN keeps its sign, and an E5M2 NaN keeps the top two fraction bits of the
// double's payload with the quiet bit set or not as they say (measured on an H100: the sweep of
// 2^20 double patterns in tests/programs/fp8).
inline std::uint8_t DoubleToFp8Software(double x, __nv_saturation_t saturate, __nv_fp8_interpretation_t kind) {
  if (!std::isnan(x)) return DoubleToFp8(x, saturate, kind);
  const std::uint64_t bits = __builtin_bit_cast(std::uint64_t, x);
  const std::uint8_t sign = static_cast<std::uint8_t>((bits >> 63) << 7);
  if (kind == __NV_E4M3) return sign | kFp8NaN;
  return static_cast<std::uint8_t>(sign | 0x7E | ((bits >> 50) & 0x3));
}

// The exact value of fp8 bits (a NaN of E4M3 is a quiet NaN of its sign).
inline double Fp8ToDouble(std::uint8_t bits, __nv_fp8_interpretation_t kind) {
  if (kind == __NV_E5M2) return NarrowToDouble<5, 2>(bits);
  const double sign = (bits & 0x80) != 0 ? -1.0 : 1.0;
  if ((bits & 0x7F) == 0x7F) return std::copysign(std::numeric_limits<double>::quiet_NaN(), sign);
  return sign * std::ldexp(NarrowToDouble<5, 3>(bits & 0x7Fu), 8);
}

// fp8 to the binary16 bit pattern: exact for every number of both formats (E5M2 is the top byte
// of binary16). Every NaN of either format, whatever its sign and payload, becomes 0x7FFF, as on
// the GPU (measured on an H100).
inline unsigned short Fp8ToHalfBits(std::uint8_t bits, __nv_fp8_interpretation_t kind) {
  const double v = Fp8ToDouble(bits, kind);
  if (std::isnan(v)) return 0x7FFF;
  if (kind == __NV_E5M2) return static_cast<unsigned short>(bits << 8);
  return __half_as_ushort(__double2half(v));
}

}  // namespace warpsafe::engine::detail

inline __nv_fp8_storage_t __nv_cvt_double_to_fp8(const double x, const __nv_saturation_t saturate,
                                                 const __nv_fp8_interpretation_t fp8_interpretation) {
  return warpsafe::engine::detail::DoubleToFp8Software(x, saturate, fp8_interpretation);
}
inline __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(const double2 x, const __nv_saturation_t saturate,
                                                      const __nv_fp8_interpretation_t fp8_interpretation) {
  return static_cast<__nv_fp8x2_storage_t>(__nv_cvt_double_to_fp8(x.x, saturate, fp8_interpretation) |
                                           (__nv_cvt_double_to_fp8(x.y, saturate, fp8_interpretation) << 8));
}
inline __nv_fp8_storage_t __nv_cvt_float_to_fp8(const float x, const __nv_saturation_t saturate,
                                                const __nv_fp8_interpretation_t fp8_interpretation) {
  return warpsafe::engine::detail::DoubleToFp8(x, saturate, fp8_interpretation);
}
inline __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(const float2 x, const __nv_saturation_t saturate,
                                                     const __nv_fp8_interpretation_t fp8_interpretation) {
  return static_cast<__nv_fp8x2_storage_t>(__nv_cvt_float_to_fp8(x.x, saturate, fp8_interpretation) |
                                           (__nv_cvt_float_to_fp8(x.y, saturate, fp8_interpretation) << 8));
}
inline __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(const __half_raw x, const __nv_saturation_t saturate,
                                                  const __nv_fp8_interpretation_t fp8_interpretation) {
  return warpsafe::engine::detail::DoubleToFp8(warpsafe::engine::detail::ToDouble(__half(x)), saturate,
                                               fp8_interpretation);
}
inline __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(const __half2_raw x, const __nv_saturation_t saturate,
                                                       const __nv_fp8_interpretation_t fp8_interpretation) {
  return static_cast<__nv_fp8x2_storage_t>(
      __nv_cvt_halfraw_to_fp8(__half_raw{x.x}, saturate, fp8_interpretation) |
      (__nv_cvt_halfraw_to_fp8(__half_raw{x.y}, saturate, fp8_interpretation) << 8));
}
inline __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(const __nv_bfloat16_raw x, const __nv_saturation_t saturate,
                                                      const __nv_fp8_interpretation_t fp8_interpretation) {
  return warpsafe::engine::detail::DoubleToFp8(warpsafe::engine::detail::ToDouble(__nv_bfloat16(x)), saturate,
                                               fp8_interpretation);
}
inline __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(const __nv_bfloat162_raw x,
                                                           const __nv_saturation_t saturate,
                                                           const __nv_fp8_interpretation_t fp8_interpretation) {
  return static_cast<__nv_fp8x2_storage_t>(
      __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw{x.x}, saturate, fp8_interpretation) |
      (__nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw{x.y}, saturate, fp8_interpretation) << 8));
}
inline __half_raw __nv_cvt_fp8_to_halfraw(const __nv_fp8_storage_t x,
                                          const __nv_fp8_interpretation_t fp8_interpretation) {
  return __half_raw{warpsafe::engine::detail::Fp8ToHalfBits(x, fp8_interpretation)};
}
inline __half2_raw __nv_cvt_fp8x2_to_halfraw2(const __nv_fp8x2_storage_t x,
                                              const __nv_fp8_interpretation_t fp8_interpretation) {
  return __half2_raw{warpsafe::engine::detail::Fp8ToHalfBits(static_cast<std::uint8_t>(x & 0xFF), fp8_interpretation),
                     warpsafe::engine::detail::Fp8ToHalfBits(static_cast<std::uint8_t>(x >> 8), fp8_interpretation)};
}

// The scalar, pair and quadruple types of each format. Conversions into them saturate to finite,
// as CUDA's constructors do; integers go through float. Conversions out go through __half, which
// holds every value exactly; to an integer, the value is truncated toward zero and clamped to the
// integer's range, NaN giving 0.
#define WARPSAFE_FP8_SCALAR_(NAME, KIND)                                                                         \
  struct alignas(1) NAME {                                                                                      \
    __nv_fp8_storage_t __x;                                                                                    \
    NAME() = default;                                                                                           \
    explicit NAME(const __half f) : __x(__nv_cvt_halfraw_to_fp8(static_cast<__half_raw>(f), __NV_SATFINITE, KIND)) {} \
    explicit NAME(const __nv_bfloat16 f)                                                                        \
        : __x(__nv_cvt_bfloat16raw_to_fp8(static_cast<__nv_bfloat16_raw>(f), __NV_SATFINITE, KIND)) {}           \
    explicit NAME(const float f) : __x(__nv_cvt_float_to_fp8(f, __NV_SATFINITE, KIND)) {}                    \
    explicit NAME(const double f) : __x(__nv_cvt_double_to_fp8(f, __NV_SATFINITE, KIND)) {}                  \
    explicit NAME(const unsigned short int v) : NAME(static_cast<float>(v)) {}                                 \
    explicit NAME(const unsigned int v) : NAME(static_cast<float>(v)) {}                                       \
    explicit NAME(const unsigned long int v) : NAME(static_cast<float>(v)) {}                                  \
    explicit NAME(const unsigned long long int v) : NAME(static_cast<float>(v)) {}                             \
    explicit NAME(const short int v) : NAME(static_cast<float>(v)) {}                                          \
    explicit NAME(const int v) : NAME(static_cast<float>(v)) {}                                                \
    explicit NAME(const long int v) : NAME(static_cast<float>(v)) {}                                           \
    explicit NAME(const long long int v) : NAME(static_cast<float>(v)) {}                                      \
    explicit operator __half() const { return __half(__nv_cvt_fp8_to_halfraw(__x, KIND)); }                    \
    explicit operator float() const { return __half2float(static_cast<__half>(*this)); }                      \
    explicit operator double() const { return static_cast<float>(*this); }                                     \
    explicit operator __nv_bfloat16() const { return __float2bfloat16(static_cast<float>(*this)); }           \
    explicit operator bool() const { return (__x & 0x7F) != 0; }                                               \
    explicit operator unsigned char() const { return ToInteger<unsigned char>(); }                             \
    explicit operator unsigned short int() const { return ToInteger<unsigned short>(); }                       \
    explicit operator unsigned int() const { return ToInteger<unsigned int>(); }                               \
    explicit operator unsigned long int() const { return ToInteger<unsigned long>(); }                         \
    explicit operator unsigned long long int() const { return ToInteger<unsigned long long>(); }               \
    explicit operator signed char() const { return ToInteger<signed char>(); }                                 \
    explicit operator short int() const { return ToInteger<short>(); }                                         \
    explicit operator int() const { return ToInteger<int>(); }                                                 \
    explicit operator long int() const { return ToInteger<long>(); }                                           \
    explicit operator long long int() const { return ToInteger<long long>(); }                                 \
                                                                                                                \
   private:                                                                                                     \
    template <class I>                                                                                          \
    I ToInteger() const {                                                                                       \
      const double v = static_cast<float>(*this);                                                              \
      if (std::isnan(v)) return I(0);                                                                           \
      if (v <= static_cast<double>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();       \
      if (v >= static_cast<double>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();       \
      return static_cast<I>(v);                                                                                 \
    }                                                                                                           \
  };

#define WARPSAFE_FP8_PAIR_(NAME, KIND)                                                                          \
  struct alignas(2) NAME {                                                                                      \
    __nv_fp8x2_storage_t __x;                                                                                  \
    NAME() = default;                                                                                           \
    explicit NAME(const __half2 f)                                                                              \
        : __x(__nv_cvt_halfraw2_to_fp8x2(static_cast<__half2_raw>(f), __NV_SATFINITE, KIND)) {}                 \
    explicit NAME(const __nv_bfloat162 f)                                                                       \
        : __x(__nv_cvt_bfloat16raw2_to_fp8x2(static_cast<__nv_bfloat162_raw>(f), __NV_SATFINITE, KIND)) {}      \
    explicit NAME(const float2 f) : __x(__nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, KIND)) {}                \
    explicit NAME(const double2 f) : __x(__nv_cvt_double2_to_fp8x2(f, __NV_SATFINITE, KIND)) {}              \
    explicit operator __half2() const { return __half2(__nv_cvt_fp8x2_to_halfraw2(__x, KIND)); }              \
    explicit operator float2() const { return __half22float2(static_cast<__half2>(*this)); }                  \
  };

#define WARPSAFE_FP8_QUAD_(NAME, KIND)                                                                          \
  struct alignas(4) NAME {                                                                                      \
    __nv_fp8x4_storage_t __x;                                                                                  \
    NAME() = default;                                                                                           \
    explicit NAME(const __half2 lo, const __half2 hi)                                                           \
        : __x(__nv_cvt_halfraw2_to_fp8x2(static_cast<__half2_raw>(lo), __NV_SATFINITE, KIND) |                  \
              (static_cast<__nv_fp8x4_storage_t>(                                                               \
                   __nv_cvt_halfraw2_to_fp8x2(static_cast<__half2_raw>(hi), __NV_SATFINITE, KIND))             \
               << 16)) {}                                                                                       \
    explicit NAME(const __nv_bfloat162 lo, const __nv_bfloat162 hi)                                             \
        : __x(__nv_cvt_bfloat16raw2_to_fp8x2(static_cast<__nv_bfloat162_raw>(lo), __NV_SATFINITE, KIND) |      \
              (static_cast<__nv_fp8x4_storage_t>(__nv_cvt_bfloat16raw2_to_fp8x2(                               \
                   static_cast<__nv_bfloat162_raw>(hi), __NV_SATFINITE, KIND))                                  \
               << 16)) {}                                                                                       \
    explicit NAME(const float4 f)                                                                               \
        : __x(__nv_cvt_float2_to_fp8x2(float2{f.x, f.y}, __NV_SATFINITE, KIND) |                                \
              (static_cast<__nv_fp8x4_storage_t>(__nv_cvt_float2_to_fp8x2(float2{f.z, f.w}, __NV_SATFINITE, KIND)) \
               << 16)) {}                                                                                       \
    explicit NAME(const double4 f)                                                                              \
        : __x(__nv_cvt_double2_to_fp8x2(double2{f.x, f.y}, __NV_SATFINITE, KIND) |                              \
              (static_cast<__nv_fp8x4_storage_t>(                                                               \
                   __nv_cvt_double2_to_fp8x2(double2{f.z, f.w}, __NV_SATFINITE, KIND))                         \
               << 16)) {}                                                                                       \
    explicit operator float4() const {                                                                          \
      const float2 lo = __half22float2(__half2(__nv_cvt_fp8x2_to_halfraw2(                                     \
          static_cast<__nv_fp8x2_storage_t>(__x & 0xFFFFu), KIND)));                                            \
      const float2 hi = __half22float2(__half2(__nv_cvt_fp8x2_to_halfraw2(                                     \
          static_cast<__nv_fp8x2_storage_t>(__x >> 16), KIND)));                                                \
      return float4{lo.x, lo.y, hi.x, hi.y};                                                                    \
    }                                                                                                           \
  };

WARPSAFE_FP8_SCALAR_(__nv_fp8_e4m3, __NV_E4M3)
WARPSAFE_FP8_SCALAR_(__nv_fp8_e5m2, __NV_E5M2)
WARPSAFE_FP8_PAIR_(__nv_fp8x2_e4m3, __NV_E4M3)
WARPSAFE_FP8_PAIR_(__nv_fp8x2_e5m2, __NV_E5M2)
WARPSAFE_FP8_QUAD_(__nv_fp8x4_e4m3, __NV_E4M3)
WARPSAFE_FP8_QUAD_(__nv_fp8x4_e5m2, __NV_E5M2)
#undef WARPSAFE_FP8_SCALAR_
#undef WARPSAFE_FP8_PAIR_
#undef WARPSAFE_FP8_QUAD_
#include "warpsafe/engine/e8m0.h"  // the e8m0 scale format and its types
