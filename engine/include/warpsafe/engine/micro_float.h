// What cuda_fp6.h, cuda_fp4.h and the e8m0 part of cuda_fp8.h share: the conversions of the
// microscaling formats, written once for every format width.
//
// - The element formats E2M3 and E3M2 (fp6) and E2M1 (fp4): a sign, an exponent of kExpBits bits
//   with bias 2^(kExpBits-1) - 1, kManBits fraction bits, subnormals, and no infinity or NaN: every
//   pattern is a number, the largest being all exponent and fraction bits set (7.5, 28 and 6).
// - The scale format e8m0: eight exponent bits and nothing else, 2^(bits - 127) for bits 0 to 254
//   (the smallest, 2^-127, stands in for zero too) and 0xFF for NaN. It has no sign.
//
// The rules, and the GPU-recorded test behind them, are in docs/semantics/libraries.md.
#pragma once

#include <cassert>
#include <cmath>
#include <cstdint>

#include "cuda_fp8.h"  // __nv_saturation_t (cuda_fp8.h includes this file after defining it)
#include "device_types.h"
#include "warpsafe/engine/narrow_float.h"

namespace warpsafe::engine::detail {

// x rounded to an element format (to nearest even, or toward zero), saturating: a magnitude past
// the largest number, an infinity included, becomes the largest number of x's sign, and a NaN the
// positive largest number. A magnitude that rounds to zero keeps its sign.
template <int kExpBits, int kManBits>
inline std::uint8_t DoubleToMicro(double x, cudaRoundMode rounding) {
  constexpr std::uint32_t kSignBit = 1u << (kExpBits + kManBits);
  constexpr std::uint32_t kLargest = kSignBit - 1u;
  if (std::isnan(x)) return kLargest;
  const std::uint32_t sign = std::signbit(x) ? kSignBit : 0u;
  if (std::isinf(x)) return static_cast<std::uint8_t>(sign | kLargest);
  // The IEEE-style format one exponent bit wider (bias 2^kExpBits - 1) has the same bit fields for
  // the value scaled by 2^(narrow bias - wide bias), and keeps going past the narrow format's top
  // exponent, so a rounding that overflows the element format shows as a magnitude above kLargest.
  constexpr int kScale = ((1 << (kExpBits - 1)) - 1) - ((1 << kExpBits) - 1);
  const Round r = rounding == cudaRoundZero ? Round::kZero : Round::kNearest;
  std::uint32_t magnitude = RoundToNarrow<kExpBits + 1, kManBits>(std::ldexp(std::fabs(x), kScale), r, 0);
  if (magnitude > kLargest) magnitude = kLargest;
  return static_cast<std::uint8_t>(sign | magnitude);
}

// The exact value of an element format's bits; bits above the format's width are ignored.
template <int kExpBits, int kManBits>
inline double MicroToDouble(std::uint32_t bits) {
  constexpr std::uint32_t kSignBit = 1u << (kExpBits + kManBits);
  constexpr int kBias = (1 << (kExpBits - 1)) - 1;
  const std::uint32_t field = (bits >> kManBits) & ((1u << kExpBits) - 1u);
  const std::uint32_t fraction = bits & ((1u << kManBits) - 1u);
  const double magnitude = field == 0 ? std::ldexp(static_cast<double>(fraction), 1 - kBias - kManBits)
                                      : std::ldexp(static_cast<double>(fraction | (1u << kManBits)),
                                                   static_cast<int>(field) - kBias - kManBits);
  return (bits & kSignBit) != 0 ? -magnitude : magnitude;
}

// The binary16 pattern of an element format's value (always exact).
template <int kExpBits, int kManBits>
inline unsigned short MicroToHalfBits(std::uint32_t bits) {
  const double value = MicroToDouble<kExpBits, kManBits>(bits);
  return static_cast<unsigned short>(RoundToNarrow<5, 10>(value, Round::kNearest, 0x7FFF));
}

// The e8m0 scale of a float's bits, rounded toward zero or up: the sign is ignored, and |x| goes to
// the power of two at or below it (toward zero) or at or above it (up). Below 2^-127 the result is
// 2^-127 either way. Infinity and overflow give 0xFF, which is NaN, unless saturating, when they
// give 2^127; a NaN stays NaN.
inline std::uint8_t FloatBitsToE8M0(std::uint32_t bits, __nv_saturation_t saturate, cudaRoundMode rounding) {
  constexpr std::uint32_t kInfinity = 0x7F800000u;
  constexpr std::uint32_t kSmallest = 0x00400000u;  // 2^-127
  const std::uint32_t magnitude = bits & 0x7FFFFFFFu;
  std::uint32_t exponent = magnitude >> 23;
  const bool not_power_of_two = (magnitude & 0x007FFFFFu) != 0;
  if (rounding == cudaRoundPosInf && magnitude < kInfinity && not_power_of_two && magnitude > kSmallest) ++exponent;
  if (saturate == __NV_SATFINITE && magnitude <= kInfinity && exponent == 0xFF) exponent = 0xFE;
  return static_cast<std::uint8_t>(exponent);
}

// The float bits of x rounded to odd: truncated toward zero, the last bit set when inexact. A
// later rounding of those bits to a much narrower format (e8m0) is then that of x itself.
inline std::uint32_t DoubleToFloatBitsOdd(double x) {
  float f = static_cast<float>(x);
  if (!std::isnan(x) && std::fabs(static_cast<double>(f)) > std::fabs(x)) f = std::nextafter(f, 0.0f);
  std::uint32_t bits = __builtin_bit_cast(std::uint32_t, f);
  if (!std::isnan(x) && static_cast<double>(f) != x) bits |= 1u;
  return bits;
}

// The bfloat16 pattern of an e8m0 scale: 0xFF is NaN (the canonical 0x7FFF), 0 is 2^-127 (a
// bfloat16 subnormal), any other pattern lands on the exponent field.
inline unsigned short E8M0ToBf16Bits(std::uint8_t bits) {
  if (bits == 0xFF) return 0x7FFF;
  if (bits == 0) return 0x0040;
  return static_cast<unsigned short>(bits << 7);
}

// e8m0 of a 64-bit integer's magnitude, rounded up and saturating: the power of two at or above it.
// Rounding to odd on the way to double keeps a value that is not a power of two from becoming one.
template <class I>
inline std::uint8_t IntegerToE8M0(I value) {
  const double odd = IntegerToDoubleOdd(value);
  return FloatBitsToE8M0(DoubleToFloatBitsOdd(odd), __NV_SATFINITE, cudaRoundPosInf);
}

}  // namespace warpsafe::engine::detail
