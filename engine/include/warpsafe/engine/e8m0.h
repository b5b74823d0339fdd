// The e8m0 scale format of cuda_fp8.h (CUDA 12.8 and later): its conversions and the types
// __nv_fp8_e8m0, __nv_fp8x2_e8m0 and __nv_fp8x4_e8m0. Included at the end of cuda_fp8.h. Into e8m0,
// a value is rounded toward zero or up to a power of two (micro_float.h says how); the types'
// constructors round up and saturate, as CUDA's do. Out of e8m0, through bfloat16, which holds every
// scale exactly. Bit-exact with the GPU (tests/programs/fp8/narrow_conversions.cu); the rules are in
// docs/semantics/libraries.md.
#pragma once

#include <cassert>
#include <cstdint>

#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "cuda_fp8.h"
#include "vector_types.h"
#include "warpsafe/engine/micro_float.h"

namespace warpsafe::engine::detail {
// Float and double inputs take only rounding toward zero or up; CUDA asserts the same.
inline std::uint8_t FloatToE8M0(float x, __nv_saturation_t saturate, cudaRoundMode rounding) {
  assert(rounding == cudaRoundZero || rounding == cudaRoundPosInf);
  return FloatBitsToE8M0(__builtin_bit_cast(std::uint32_t, x), saturate, rounding);
}
inline std::uint8_t DoubleToE8M0(double x, __nv_saturation_t saturate, cudaRoundMode rounding) {
  assert(rounding == cudaRoundZero || rounding == cudaRoundPosInf);
  return FloatBitsToE8M0(DoubleToFloatBitsOdd(x), saturate, rounding);
}
}  // namespace warpsafe::engine::detail

// A bfloat16 input takes any mode: every mode but cudaRoundPosInf rounds toward zero, as on the GPU.
inline __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_e8m0(const __nv_bfloat16_raw x, const __nv_saturation_t saturate,
                                                       const enum cudaRoundMode rounding) {
  return warpsafe::engine::detail::FloatBitsToE8M0(static_cast<std::uint32_t>(x.x) << 16, saturate, rounding);
}
inline __nv_fp8x2_storage_t __nv_cvt_bfloat162raw_to_e8m0x2(const __nv_bfloat162_raw x,
                                                            const __nv_saturation_t saturate,
                                                            const enum cudaRoundMode rounding) {
  const __nv_fp8_storage_t lo = __nv_cvt_bfloat16raw_to_e8m0(__nv_bfloat16_raw{x.x}, saturate, rounding);
  const __nv_fp8_storage_t hi = __nv_cvt_bfloat16raw_to_e8m0(__nv_bfloat16_raw{x.y}, saturate, rounding);
  return static_cast<__nv_fp8x2_storage_t>(lo | (hi << 8));
}
inline __nv_fp8_storage_t __nv_cvt_float_to_e8m0(const float x, const __nv_saturation_t saturate,
                                                 const enum cudaRoundMode rounding) {
  return warpsafe::engine::detail::FloatToE8M0(x, saturate, rounding);
}
inline __nv_fp8x2_storage_t __nv_cvt_float2_to_e8m0x2(const float2 x, const __nv_saturation_t saturate,
                                                      const enum cudaRoundMode rounding) {
  return static_cast<__nv_fp8x2_storage_t>(__nv_cvt_float_to_e8m0(x.x, saturate, rounding) |
                                           (__nv_cvt_float_to_e8m0(x.y, saturate, rounding) << 8));
}
inline __nv_fp8_storage_t __nv_cvt_double_to_e8m0(const double x, const __nv_saturation_t saturate,
                                                  const enum cudaRoundMode rounding) {
  return warpsafe::engine::detail::DoubleToE8M0(x, saturate, rounding);
}
inline __nv_fp8x2_storage_t __nv_cvt_double2_to_e8m0x2(const double2 x, const __nv_saturation_t saturate,
                                                       const enum cudaRoundMode rounding) {
  return static_cast<__nv_fp8x2_storage_t>(__nv_cvt_double_to_e8m0(x.x, saturate, rounding) |
                                           (__nv_cvt_double_to_e8m0(x.y, saturate, rounding) << 8));
}
inline __nv_bfloat16_raw __nv_cvt_e8m0_to_bf16raw(const __nv_fp8_storage_t x) {
  return __nv_bfloat16_raw{warpsafe::engine::detail::E8M0ToBf16Bits(x)};
}
inline __nv_bfloat162_raw __nv_cvt_e8m0x2_to_bf162raw(const __nv_fp8x2_storage_t x) {
  return __nv_bfloat162_raw{warpsafe::engine::detail::E8M0ToBf16Bits(static_cast<std::uint8_t>(x & 0xFF)),
                            warpsafe::engine::detail::E8M0ToBf16Bits(static_cast<std::uint8_t>(x >> 8))};
}

// Integers convert to the power of two at or above their magnitude; to an integer, a scale is
// truncated and clamped to the integer's range, NaN giving 0.
struct alignas(1) __nv_fp8_e8m0 {
  __nv_fp8_storage_t __x;
  __nv_fp8_e8m0() = default;
  explicit __nv_fp8_e8m0(const __half f) : __nv_fp8_e8m0(__half2float(f)) {}
  explicit __nv_fp8_e8m0(const __nv_bfloat16 f)
      : __x(__nv_cvt_bfloat16raw_to_e8m0(static_cast<__nv_bfloat16_raw>(f), __NV_SATFINITE, cudaRoundPosInf)) {}
  explicit __nv_fp8_e8m0(const float f) : __x(__nv_cvt_float_to_e8m0(f, __NV_SATFINITE, cudaRoundPosInf)) {}
  explicit __nv_fp8_e8m0(const double f) : __x(__nv_cvt_double_to_e8m0(f, __NV_SATFINITE, cudaRoundPosInf)) {}
  explicit __nv_fp8_e8m0(const unsigned short int v) : __x(warpsafe::engine::detail::IntegerToE8M0(v)) {}
  explicit __nv_fp8_e8m0(const unsigned int v) : __x(warpsafe::engine::detail::IntegerToE8M0(v)) {}
  explicit __nv_fp8_e8m0(const unsigned long int v) : __x(warpsafe::engine::detail::IntegerToE8M0(v)) {}
  explicit __nv_fp8_e8m0(const unsigned long long int v) : __x(warpsafe::engine::detail::IntegerToE8M0(v)) {}
  explicit __nv_fp8_e8m0(const short int v) : __x(warpsafe::engine::detail::IntegerToE8M0(v)) {}
  explicit __nv_fp8_e8m0(const int v) : __x(warpsafe::engine::detail::IntegerToE8M0(v)) {}
  explicit __nv_fp8_e8m0(const long int v) : __x(warpsafe::engine::detail::IntegerToE8M0(v)) {}
  explicit __nv_fp8_e8m0(const long long int v) : __x(warpsafe::engine::detail::IntegerToE8M0(v)) {}
  explicit operator __nv_bfloat16() const { return __nv_bfloat16(__nv_cvt_e8m0_to_bf16raw(__x)); }
  explicit operator float() const { return __bfloat162float(static_cast<__nv_bfloat16>(*this)); }
  explicit operator double() const { return static_cast<float>(*this); }
  explicit operator __half() const { return __float2half(static_cast<float>(*this)); }
  explicit operator bool() const { return true; }  // no scale is zero
  explicit operator unsigned char() const { return Small<unsigned char>(); }
  explicit operator signed char() const { return Small<signed char>(); }
  explicit operator char() const { return Small<char>(); }
  explicit operator unsigned short int() const { return __bfloat162ushort_rz(static_cast<__nv_bfloat16>(*this)); }
  explicit operator unsigned int() const { return __bfloat162uint_rz(static_cast<__nv_bfloat16>(*this)); }
  explicit operator unsigned long int() const { return __bfloat162ull_rz(static_cast<__nv_bfloat16>(*this)); }
  explicit operator unsigned long long int() const { return __bfloat162ull_rz(static_cast<__nv_bfloat16>(*this)); }
  explicit operator short int() const { return __bfloat162short_rz(static_cast<__nv_bfloat16>(*this)); }
  explicit operator int() const { return __bfloat162int_rz(static_cast<__nv_bfloat16>(*this)); }
  explicit operator long int() const { return __bfloat162ll_rz(static_cast<__nv_bfloat16>(*this)); }
  explicit operator long long int() const { return __bfloat162ll_rz(static_cast<__nv_bfloat16>(*this)); }

 private:
  template <class I>
  I Small() const {
    if (__x == 0xFF) return I(0);
    const float f = static_cast<float>(*this);
    return f > static_cast<float>(std::numeric_limits<I>::max()) ? std::numeric_limits<I>::max() : static_cast<I>(f);
  }
};

struct alignas(2) __nv_fp8x2_e8m0 {
  __nv_fp8x2_storage_t __x;
  __nv_fp8x2_e8m0() = default;
  explicit __nv_fp8x2_e8m0(const __half2 f) : __nv_fp8x2_e8m0(__half22float2(f)) {}
  explicit __nv_fp8x2_e8m0(const __nv_bfloat162 f)
      : __x(__nv_cvt_bfloat162raw_to_e8m0x2(static_cast<__nv_bfloat162_raw>(f), __NV_SATFINITE, cudaRoundPosInf)) {}
  explicit __nv_fp8x2_e8m0(const float2 f) : __x(__nv_cvt_float2_to_e8m0x2(f, __NV_SATFINITE, cudaRoundPosInf)) {}
  explicit __nv_fp8x2_e8m0(const double2 f) : __x(__nv_cvt_double2_to_e8m0x2(f, __NV_SATFINITE, cudaRoundPosInf)) {}
  explicit operator __nv_bfloat162() const { return __nv_bfloat162(__nv_cvt_e8m0x2_to_bf162raw(__x)); }
  explicit operator float2() const { return __bfloat1622float2(static_cast<__nv_bfloat162>(*this)); }
};

struct alignas(4) __nv_fp8x4_e8m0 {
  __nv_fp8x4_storage_t __x;
  __nv_fp8x4_e8m0() = default;
  explicit __nv_fp8x4_e8m0(const __half2 lo, const __half2 hi)
      : __nv_fp8x4_e8m0(__nv_fp8x2_e8m0(lo).__x, __nv_fp8x2_e8m0(hi).__x) {}
  explicit __nv_fp8x4_e8m0(const __nv_bfloat162 lo, const __nv_bfloat162 hi)
      : __nv_fp8x4_e8m0(__nv_fp8x2_e8m0(lo).__x, __nv_fp8x2_e8m0(hi).__x) {}
  explicit __nv_fp8x4_e8m0(const float4 f)
      : __nv_fp8x4_e8m0(__nv_fp8x2_e8m0(float2{f.x, f.y}).__x, __nv_fp8x2_e8m0(float2{f.z, f.w}).__x) {}
  explicit __nv_fp8x4_e8m0(const double4 f)
      : __nv_fp8x4_e8m0(__nv_fp8x2_e8m0(double2{f.x, f.y}).__x, __nv_fp8x2_e8m0(double2{f.z, f.w}).__x) {}
  explicit operator float4() const {
    __nv_fp8x2_e8m0 lo, hi;
    lo.__x = static_cast<__nv_fp8x2_storage_t>(__x & 0xFFFFu);
    hi.__x = static_cast<__nv_fp8x2_storage_t>(__x >> 16);
    const float2 a = static_cast<float2>(lo), b = static_cast<float2>(hi);
    return float4{a.x, a.y, b.x, b.y};
  }

 private:
  __nv_fp8x4_e8m0(__nv_fp8x2_storage_t lo, __nv_fp8x2_storage_t hi)
      : __x(static_cast<__nv_fp8x4_storage_t>(lo) | (static_cast<__nv_fp8x4_storage_t>(hi) << 16)) {}
};
