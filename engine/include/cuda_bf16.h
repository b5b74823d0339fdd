// CUDA's cuda_bf16.h: the bfloat16 (8 exponent bits, 7 fraction bits) type __nv_bfloat16 and the pair __nv_bfloat162 as trivially copyable structs of
// 2 and 4 bytes (so that warp shuffles and atomics move them as plain bits), with conversions
// that round to nearest even as CUDA's do, the intrinsics and the C++ operators. The intrinsics
// common to __half and __nv_bfloat16 are defined once, in warpsafe/engine/narrow_float.h.
#pragma once

#include "warpsafe/engine/narrow_float.h"

struct __nv_bfloat16_raw {
  unsigned short x;
};
struct __nv_bfloat162_raw {
  unsigned short x;
  unsigned short y;
};

struct alignas(2) __nv_bfloat16 {
 protected:
  unsigned short __x;

  static unsigned short Round(double v) {
    return static_cast<unsigned short>(::warpsafe::engine::detail::RoundToNarrow<8, 7>(
        v, ::warpsafe::engine::detail::Round::kNearest, 0x7FFFu));
  }
  static unsigned short RoundInteger(double odd) { return Round(odd); }
  float ToFloat() const { return static_cast<float>(::warpsafe::engine::detail::NarrowToDouble<8, 7>(__x)); }
  template <class I>
  I ToInteger() const {
    return ::warpsafe::engine::detail::FloatToInt<I>(ToFloat(), ::warpsafe::engine::detail::Round::kZero);
  }

 public:
  __nv_bfloat16() = default;
  constexpr __nv_bfloat16(const __nv_bfloat16_raw& hr) : __x(hr.x) {}
  __nv_bfloat16& operator=(const __nv_bfloat16_raw& hr) {
    __x = hr.x;
    return *this;
  }
  constexpr operator __nv_bfloat16_raw() const { return __nv_bfloat16_raw{__x}; }

  // Floating-point conversions, rounded to nearest even.
  __nv_bfloat16(float f) : __x(Round(f)) {}
  __nv_bfloat16(double d) : __x(Round(d)) {}
  __nv_bfloat16& operator=(float f) { return *this = __nv_bfloat16(f); }
  __nv_bfloat16& operator=(double d) { return *this = __nv_bfloat16(d); }
  operator float() const { return ToFloat(); }

  // Integer conversions as CUDA allows them: from integers rounded to nearest even, to integers
  // rounded toward zero.
  __nv_bfloat16(short v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}
  __nv_bfloat16(unsigned short v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}
  __nv_bfloat16(int v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}
  __nv_bfloat16(unsigned int v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}
  __nv_bfloat16(long v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}
  __nv_bfloat16(unsigned long v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}
  __nv_bfloat16(long long v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}
  __nv_bfloat16(unsigned long long v) : __x(RoundInteger(::warpsafe::engine::detail::IntegerToDoubleOdd(v))) {}
  __nv_bfloat16& operator=(short v) { return *this = __nv_bfloat16(v); }
  __nv_bfloat16& operator=(unsigned short v) { return *this = __nv_bfloat16(v); }
  __nv_bfloat16& operator=(int v) { return *this = __nv_bfloat16(v); }
  __nv_bfloat16& operator=(unsigned int v) { return *this = __nv_bfloat16(v); }
  __nv_bfloat16& operator=(long long v) { return *this = __nv_bfloat16(v); }
  __nv_bfloat16& operator=(unsigned long long v) { return *this = __nv_bfloat16(v); }
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

struct alignas(4) __nv_bfloat162 {
  __nv_bfloat16 x;
  __nv_bfloat16 y;

  __nv_bfloat162() = default;
  constexpr __nv_bfloat162(const __nv_bfloat16& a, const __nv_bfloat16& b) : x(a), y(b) {}
  constexpr __nv_bfloat162(const __nv_bfloat162_raw& r) : x(__nv_bfloat16_raw{r.x}), y(__nv_bfloat16_raw{r.y}) {}
  __nv_bfloat162& operator=(const __nv_bfloat162_raw& r) { return *this = __nv_bfloat162(r); }
  constexpr operator __nv_bfloat162_raw() const {
    return __nv_bfloat162_raw{static_cast<__nv_bfloat16_raw>(x).x, static_cast<__nv_bfloat16_raw>(y).x};
  }
};

static_assert(sizeof(__nv_bfloat16) == 2 && sizeof(__nv_bfloat162) == 4, "CUDA's sizes");
static_assert(std::is_trivially_copyable_v<__nv_bfloat16> && std::is_trivially_copyable_v<__nv_bfloat162>,
              "shuffles and atomics move these as bits");

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

namespace warpsafe::engine::detail {
template <>
struct NarrowFormat<__nv_bfloat16> {
  static constexpr int kExpBits = 8;
  static constexpr int kManBits = 7;
};
}  // namespace warpsafe::engine::detail

WARPSAFE_NARROW_FLOAT_API_(__nv_bfloat16, __nv_bfloat162, bfloat16, bfloat162)

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)
