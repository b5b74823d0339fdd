// CUDA's cuda_fp4.h: the 4-bit element format E2M1 (2 exponent bits, bias 1, 1 fraction bit,
// largest 6) with no infinities or NaNs; its conversions from double, float, __half and
// __nv_bfloat16 (to nearest even or toward zero, saturating) and back to __half; and the scalar,
// pair (two nibbles of a byte) and quadruple types. Bit-exact with the GPU
// (tests/programs/fp8/narrow_conversions.cu); the rules are in docs/semantics/libraries.md.
#pragma once

#include <cassert>

#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "cuda_fp8.h"
#include "vector_types.h"
#include "warpsafe/engine/micro_float.h"
#include "warpsafe/engine/micro_float_types.h"

#define __CUDA_FP4_TYPES_EXIST__

typedef __nv_fp8_storage_t __nv_fp4_storage_t;
typedef __nv_fp8_storage_t __nv_fp4x2_storage_t;
typedef __nv_fp8x2_storage_t __nv_fp4x4_storage_t;

typedef enum __nv_fp4_interpretation_t { __NV_E2M1 } __nv_fp4_interpretation_t;

namespace warpsafe::engine::detail {
// Only rounding to nearest and toward zero exist for this format; CUDA asserts the same.
inline std::uint8_t DoubleToFp4(double x, cudaRoundMode rounding) {
  assert(rounding == cudaRoundNearest || rounding == cudaRoundZero);
  return DoubleToMicro<2, 1>(x, rounding);
}
}  // namespace warpsafe::engine::detail

inline __nv_fp4_storage_t __nv_cvt_double_to_fp4(const double x, const __nv_fp4_interpretation_t,
                                                 const enum cudaRoundMode rounding) {
  return warpsafe::engine::detail::DoubleToFp4(x, rounding);
}
inline __nv_fp4_storage_t __nv_cvt_float_to_fp4(const float x, const __nv_fp4_interpretation_t,
                                                const enum cudaRoundMode rounding) {
  return warpsafe::engine::detail::DoubleToFp4(x, rounding);
}
inline __nv_fp4_storage_t __nv_cvt_halfraw_to_fp4(const __half_raw x, const __nv_fp4_interpretation_t,
                                                  const enum cudaRoundMode rounding) {
  return warpsafe::engine::detail::DoubleToFp4(__half2float(__half(x)), rounding);
}
inline __nv_fp4_storage_t __nv_cvt_bfloat16raw_to_fp4(const __nv_bfloat16_raw x, const __nv_fp4_interpretation_t,
                                                      const enum cudaRoundMode rounding) {
  return warpsafe::engine::detail::DoubleToFp4(__bfloat162float(__nv_bfloat16(x)), rounding);
}
// The pair forms: the first value in the low nibble.
inline __nv_fp4x2_storage_t __nv_cvt_double2_to_fp4x2(const double2 x, const __nv_fp4_interpretation_t k,
                                                      const enum cudaRoundMode rounding) {
  return static_cast<__nv_fp4x2_storage_t>(__nv_cvt_double_to_fp4(x.x, k, rounding) |
                                           (__nv_cvt_double_to_fp4(x.y, k, rounding) << 4));
}
inline __nv_fp4x2_storage_t __nv_cvt_float2_to_fp4x2(const float2 x, const __nv_fp4_interpretation_t k,
                                                     const enum cudaRoundMode rounding) {
  return static_cast<__nv_fp4x2_storage_t>(__nv_cvt_float_to_fp4(x.x, k, rounding) |
                                           (__nv_cvt_float_to_fp4(x.y, k, rounding) << 4));
}
inline __nv_fp4x2_storage_t __nv_cvt_halfraw2_to_fp4x2(const __half2_raw x, const __nv_fp4_interpretation_t k,
                                                       const enum cudaRoundMode rounding) {
  return static_cast<__nv_fp4x2_storage_t>(__nv_cvt_halfraw_to_fp4(__half_raw{x.x}, k, rounding) |
                                           (__nv_cvt_halfraw_to_fp4(__half_raw{x.y}, k, rounding) << 4));
}
inline __nv_fp4x2_storage_t __nv_cvt_bfloat16raw2_to_fp4x2(const __nv_bfloat162_raw x,
                                                           const __nv_fp4_interpretation_t k,
                                                           const enum cudaRoundMode rounding) {
  return static_cast<__nv_fp4x2_storage_t>(__nv_cvt_bfloat16raw_to_fp4(__nv_bfloat16_raw{x.x}, k, rounding) |
                                           (__nv_cvt_bfloat16raw_to_fp4(__nv_bfloat16_raw{x.y}, k, rounding) << 4));
}
// Back to __half, exactly; the bits above the format are ignored.
inline __half_raw __nv_cvt_fp4_to_halfraw(const __nv_fp4_storage_t x, const __nv_fp4_interpretation_t) {
  return __half_raw{warpsafe::engine::detail::MicroToHalfBits<2, 1>(x)};
}
inline __half2_raw __nv_cvt_fp4x2_to_halfraw2(const __nv_fp4x2_storage_t x, const __nv_fp4_interpretation_t) {
  return __half2_raw{warpsafe::engine::detail::MicroToHalfBits<2, 1>(x & 0xFu),
                     warpsafe::engine::detail::MicroToHalfBits<2, 1>(x >> 4)};
}

WARPSAFE_MICRO_SCALAR_(__nv_fp4_e2m1, 2, 1)
WARPSAFE_MICRO_VECTORS_(__nv_fp4_e2m1, __nv_fp4x2_e2m1, __nv_fp4x4_e2m1, __nv_fp4x2_storage_t, __nv_fp4x4_storage_t, 4)
