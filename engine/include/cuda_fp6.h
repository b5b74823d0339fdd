// CUDA's cuda_fp6.h: the 6-bit element formats E2M3 (2 exponent bits, bias 1, 3 fraction bits,
// largest 7.5) and E3M2 (bias 3, 2 fraction bits, largest 28), with no infinities or NaNs; their
// conversions from double, float, __half and __nv_bfloat16 (to nearest even or toward zero,
// saturating) and back to __half; and the scalar, pair and quadruple types. Bit-exact with the GPU
// (tests/programs/fp8/narrow_conversions.cu); the rules are in docs/semantics/libraries.md.
#pragma once

#include <cassert>

#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "cuda_fp8.h"
#include "vector_types.h"
#include "warpsafe/engine/micro_float.h"
#include "warpsafe/engine/micro_float_types.h"

#define __CUDA_FP6_TYPES_EXIST__

typedef __nv_fp8_storage_t __nv_fp6_storage_t;
typedef __nv_fp8x2_storage_t __nv_fp6x2_storage_t;
typedef __nv_fp8x4_storage_t __nv_fp6x4_storage_t;

typedef enum __nv_fp6_interpretation_t { __NV_E2M3, __NV_E3M2 } __nv_fp6_interpretation_t;

namespace warpsafe::engine::detail {
// Only rounding to nearest and toward zero exist for these formats; CUDA asserts the same.
inline std::uint8_t DoubleToFp6(double x, __nv_fp6_interpretation_t kind, cudaRoundMode rounding) {
  assert(rounding == cudaRoundNearest || rounding == cudaRoundZero);
  return kind == __NV_E2M3 ? DoubleToMicro<2, 3>(x, rounding) : DoubleToMicro<3, 2>(x, rounding);
}
inline unsigned short Fp6ToHalfBits(std::uint8_t bits, __nv_fp6_interpretation_t kind) {
  return kind == __NV_E2M3 ? MicroToHalfBits<2, 3>(bits) : MicroToHalfBits<3, 2>(bits);
}
}  // namespace warpsafe::engine::detail

inline __nv_fp6_storage_t __nv_cvt_double_to_fp6(const double x, const __nv_fp6_interpretation_t fp6_interpretation,
                                                 const enum cudaRoundMode rounding) {
  return warpsafe::engine::detail::DoubleToFp6(x, fp6_interpretation, rounding);
}
inline __nv_fp6_storage_t __nv_cvt_float_to_fp6(const float x, const __nv_fp6_interpretation_t fp6_interpretation,
                                                const enum cudaRoundMode rounding) {
  return warpsafe::engine::detail::DoubleToFp6(x, fp6_interpretation, rounding);
}
inline __nv_fp6_storage_t __nv_cvt_halfraw_to_fp6(const __half_raw x,
                                                  const __nv_fp6_interpretation_t fp6_interpretation,
                                                  const enum cudaRoundMode rounding) {
  return warpsafe::engine::detail::DoubleToFp6(__half2float(__half(x)), fp6_interpretation, rounding);
}
inline __nv_fp6_storage_t __nv_cvt_bfloat16raw_to_fp6(const __nv_bfloat16_raw x,
                                                      const __nv_fp6_interpretation_t fp6_interpretation,
                                                      const enum cudaRoundMode rounding) {
  return warpsafe::engine::detail::DoubleToFp6(__bfloat162float(__nv_bfloat16(x)), fp6_interpretation, rounding);
}
// The pair forms: the first value in the low byte.
inline __nv_fp6x2_storage_t __nv_cvt_double2_to_fp6x2(const double2 x,
                                                      const __nv_fp6_interpretation_t fp6_interpretation,
                                                      const enum cudaRoundMode rounding) {
  return static_cast<__nv_fp6x2_storage_t>(__nv_cvt_double_to_fp6(x.x, fp6_interpretation, rounding) |
                                           (__nv_cvt_double_to_fp6(x.y, fp6_interpretation, rounding) << 8));
}
inline __nv_fp6x2_storage_t __nv_cvt_float2_to_fp6x2(const float2 x, const __nv_fp6_interpretation_t fp6_interpretation,
                                                     const enum cudaRoundMode rounding) {
  return static_cast<__nv_fp6x2_storage_t>(__nv_cvt_float_to_fp6(x.x, fp6_interpretation, rounding) |
                                           (__nv_cvt_float_to_fp6(x.y, fp6_interpretation, rounding) << 8));
}
inline __nv_fp6x2_storage_t __nv_cvt_halfraw2_to_fp6x2(const __half2_raw x,
                                                       const __nv_fp6_interpretation_t fp6_interpretation,
                                                       const enum cudaRoundMode rounding) {
  const __nv_fp6_storage_t lo = __nv_cvt_halfraw_to_fp6(__half_raw{x.x}, fp6_interpretation, rounding);
  const __nv_fp6_storage_t hi = __nv_cvt_halfraw_to_fp6(__half_raw{x.y}, fp6_interpretation, rounding);
  return static_cast<__nv_fp6x2_storage_t>(lo | (hi << 8));
}
inline __nv_fp6x2_storage_t __nv_cvt_bfloat16raw2_to_fp6x2(const __nv_bfloat162_raw x,
                                                           const __nv_fp6_interpretation_t fp6_interpretation,
                                                           const enum cudaRoundMode rounding) {
  return static_cast<__nv_fp6x2_storage_t>(
      __nv_cvt_bfloat16raw_to_fp6(__nv_bfloat16_raw{x.x}, fp6_interpretation, rounding) |
      (__nv_cvt_bfloat16raw_to_fp6(__nv_bfloat16_raw{x.y}, fp6_interpretation, rounding) << 8));
}
// Back to __half, exactly; the two bits above the format are ignored.
inline __half_raw __nv_cvt_fp6_to_halfraw(const __nv_fp6_storage_t x,
                                          const __nv_fp6_interpretation_t fp6_interpretation) {
  return __half_raw{warpsafe::engine::detail::Fp6ToHalfBits(x, fp6_interpretation)};
}
inline __half2_raw __nv_cvt_fp6x2_to_halfraw2(const __nv_fp6x2_storage_t x,
                                              const __nv_fp6_interpretation_t fp6_interpretation) {
  return __half2_raw{warpsafe::engine::detail::Fp6ToHalfBits(static_cast<std::uint8_t>(x & 0xFF), fp6_interpretation),
                     warpsafe::engine::detail::Fp6ToHalfBits(static_cast<std::uint8_t>(x >> 8), fp6_interpretation)};
}

WARPSAFE_MICRO_SCALAR_(__nv_fp6_e2m3, 2, 3)
WARPSAFE_MICRO_SCALAR_(__nv_fp6_e3m2, 3, 2)
WARPSAFE_MICRO_VECTORS_(__nv_fp6_e2m3, __nv_fp6x2_e2m3, __nv_fp6x4_e2m3, __nv_fp6x2_storage_t, __nv_fp6x4_storage_t, 8)
WARPSAFE_MICRO_VECTORS_(__nv_fp6_e3m2, __nv_fp6x2_e3m2, __nv_fp6x4_e3m2, __nv_fp6x2_storage_t, __nv_fp6x4_storage_t, 8)
