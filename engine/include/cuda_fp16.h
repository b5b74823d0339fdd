// CUDA's cuda_fp16.h: the IEEE binary16 type __half and the pair __half2 as trivially copyable structs of
// 2 and 4 bytes (so that warp shuffles and atomics move them as plain bits), with conversions
// that round to nearest even as CUDA's do, the intrinsics and the C++ operators. The intrinsics
// common to __half and __nv_bfloat16 are defined once, in warpsafe/engine/narrow_float.h.
#pragma once

#include "warpsafe/engine/narrow_float.h"

struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x;
  unsigned short y;
};

struct alignas(2) __half {
 protected:
  unsigned short __x;

  static unsigned short Round(double v) {
    return static_cast<unsigned short>(::warpsafe::engine::detail::RoundToNarrow<5, 10>(
        v, ::warpsafe::engine::detail::Round::kNearest, 0x7FFFu));
  }
  static unsigned short RoundInteger(double odd) { return Round(odd); }
  float ToFloat() const { return static_cast<float>(::warpsafe::engine::detail::NarrowToDouble<5, 10>(__x)); }
  template <class I>
  I ToInteger() const {
    return ::warpsafe::engine::detail::FloatToInt<I>(ToFloat(), ::warpsafe::engine::detail::Round::kZero);
  }

 public:
  __half() = default;
  constexpr __half(const __half_raw& hr) : __x(hr.x) {}
  __half& operator=(const __half_raw& hr) {
    __x = hr.x;
    return *this;
  }
  constexpr operator __half_raw() const { return __half_raw{__x}; }

  // Floating-point conversions, rounded to nearest even.
  __half(float f) : __x(Round(f)) {}
  __half(double d) : __x(Round(d)) {}
  __half& operator=(float f) { return *this = __half(f); }
  __half& operator=(double d) { return *this = __half(d); }
  operator float() const { return ToFloat(); }

  // Integer conversions as CUDA allows them: from integers rounded to nearest even, to integers
  // rounded toward zero.
  __half(short v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}
  __half(unsigned short v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}
  __half(int v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}
  __half(unsigned int v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}
  __half(long v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}
  __half(unsigned long v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}
  __half(long long v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}
  __half(unsigned long long v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}
  __half& operator=(short v) { return *this = __half(v); }
  __half& operator=(unsigned short v) { return *this = __half(v); }
  __half& operator=(int v) { return *this = __half(v); }
  __half& operator=(unsigned int v) { return *this = __half(v); }
  __half& operator=(long long v) { return *this = __half(v); }
  __half& operator=(unsigned long long v) { return *this = __half(v); }
  operator signed char() const { return ToInteger<signed char>(); }
  operator unsigned char() const { return ToInteger<unsigned char>(); }
  operator char() const { return static_cast<char>(ToInteger<signed char>()); }
  operator short() const { return ToInteger<short>(); }
  operator unsigned short() const { return ToInteger<unsigned short>(); }
  operator int() const { return ToInteger<int>(); }
  operator unsigned int() const { return ToInteger<unsigned int>(); }
  operator long() const { return ToInteger<long>(); }
  operator unsigned long() const { return ToInteger<unsigned long>(); }
  operator long long() const { return ToInteger<long long>(); }
  operator unsigned long long() const { return ToInteger<unsigned long long>(); }
  // Nonzero, NaN included.
  operator bool() const { return (__x & 0x7FFFu) != 0; }
};

struct alignas(4) __half2 {
  __half x;
  __half y;

  __half2() = default;
  constexpr __half2(const __half& a, const __half& b) : x(a), y(b) {}
  constexpr __half2(const __half2_raw& r) : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
  __half2& operator=(const __half2_raw& r) { return *this = __half2(r); }
  constexpr operator __half2_raw() const {
    return __half2_raw{static_cast<__half_raw>(x).x, static_cast<__half_raw>(y).x};
  }
};

static_assert(sizeof(__half) == 2 && sizeof(__half2) == 4, "CUDA's sizes");
static_assert(std::is_trivially_copyable_v<__half> && std::is_trivially_copyable_v<__half2>,
              "shuffles and atomics move these as bits");

typedef __half half;
typedef __half2 half2;

namespace warpsafe::engine::detail {
template <>
struct NarrowFormat<__half> {
  static constexpr int kExpBits = 5;
  static constexpr int kManBits = 10;
};
}  // namespace warpsafe::engine::detail

WARPSAFE_NARROW_FLOAT_API_(__half, __half2, half, half2)

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)
