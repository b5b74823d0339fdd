// The C++ types of cuda_fp6.h and cuda_fp4.h: a scalar, a pair and a quadruple of each element
// format, defined once here for both headers. Conversions into them round to nearest even and
// saturate, as CUDA's constructors do; integers go through float first. Conversions out are exact
// (every element value is a __half, a float and a bfloat16); to an integer, the value is truncated
// toward zero and clamped to the integer's range (a negative value gives 0 to an unsigned type).
#pragma once

#include <cstdint>
#include <limits>

#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "vector_types.h"
#include "warpsafe/engine/micro_float.h"

// NAME holds one value of the format with kExpBits E and kManBits M in the low bits of a byte.
#define WARPSAFE_MICRO_SCALAR_(NAME, E, M)                                                                           \
  struct alignas(1) NAME {                                                                                           \
    unsigned char __x;                                                                                               \
    NAME() = default;                                                                                                \
    explicit NAME(const __half f) : NAME(__half2float(f)) {}                                                         \
    explicit NAME(const __nv_bfloat16 f) : NAME(__bfloat162float(f)) {}                                              \
    explicit NAME(const float f) : __x(::warpsafe::engine::detail::DoubleToMicro<E, M>(f, cudaRoundNearest)) {}      \
    explicit NAME(const double f) : __x(::warpsafe::engine::detail::DoubleToMicro<E, M>(f, cudaRoundNearest)) {}     \
    explicit NAME(const unsigned short int v) : NAME(static_cast<float>(v)) {}                                      \
    explicit NAME(const unsigned int v) : NAME(static_cast<float>(v)) {}                                            \
    explicit NAME(const unsigned long int v) : NAME(static_cast<float>(v)) {}                                       \
    explicit NAME(const unsigned long long int v) : NAME(static_cast<float>(v)) {}                                  \
    explicit NAME(const short int v) : NAME(static_cast<float>(v)) {}                                               \
    explicit NAME(const int v) : NAME(static_cast<float>(v)) {}                                                     \
    explicit NAME(const long int v) : NAME(static_cast<float>(v)) {}                                                \
    explicit NAME(const long long int v) : NAME(static_cast<float>(v)) {}                                           \
    explicit operator __half() const {                                                                               \
      return __ushort_as_half(::warpsafe::engine::detail::MicroToHalfBits<E, M>(__x));                               \
    }                                                                                                                \
    explicit operator float() const {                                                                                \
      return static_cast<float>(::warpsafe::engine::detail::MicroToDouble<E, M>(__x));                               \
    }                                                                                                                \
    explicit operator double() const { return ::warpsafe::engine::detail::MicroToDouble<E, M>(__x); }               \
    explicit operator __nv_bfloat16() const { return __float2bfloat16(static_cast<float>(*this)); }                 \
    explicit operator bool() const { return (__x & ((1u << (E + M)) - 1u)) != 0; }                                   \
    explicit operator unsigned char() const { return ToInteger<unsigned char>(); }                                  \
    explicit operator unsigned short int() const { return ToInteger<unsigned short>(); }                            \
    explicit operator unsigned int() const { return ToInteger<unsigned int>(); }                                    \
    explicit operator unsigned long int() const { return ToInteger<unsigned long>(); }                              \
    explicit operator unsigned long long int() const { return ToInteger<unsigned long long>(); }                    \
    explicit operator signed char() const { return ToInteger<signed char>(); }                                      \
    explicit operator char() const { return ToInteger<char>(); }                                                    \
    explicit operator short int() const { return ToInteger<short>(); }                                              \
    explicit operator int() const { return ToInteger<int>(); }                                                      \
    explicit operator long int() const { return ToInteger<long>(); }                                                \
    explicit operator long long int() const { return ToInteger<long long>(); }                                      \
                                                                                                                     \
   private:                                                                                                          \
    template <class I>                                                                                               \
    I ToInteger() const {                                                                                            \
      const double v = ::warpsafe::engine::detail::MicroToDouble<E, M>(__x);                                         \
      if (v <= static_cast<double>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();            \
      return static_cast<I>(v);                                                                                      \
    }                                                                                                                \
  };

// PAIR holds two values, the first in the low part of STORAGE (fields SHIFT bits apart); QUAD four,
// in STORAGE4. SCALAR is the scalar type of the format.
#define WARPSAFE_MICRO_VECTORS_(SCALAR, PAIR, QUAD, STORAGE, STORAGE4, SHIFT)                                        \
  struct alignas(sizeof(STORAGE)) PAIR {                                                                             \
    STORAGE __x;                                                                                                     \
    PAIR() = default;                                                                                                \
    explicit PAIR(const __half2 f) : PAIR(__half22float2(f)) {}                                                      \
    explicit PAIR(const __nv_bfloat162 f) : PAIR(__bfloat1622float2(f)) {}                                           \
    explicit PAIR(const float2 f) : __x(Join(SCALAR(f.x), SCALAR(f.y))) {}                                          \
    explicit PAIR(const double2 f) : __x(Join(SCALAR(f.x), SCALAR(f.y))) {}                                         \
    explicit operator float2() const { return float2{static_cast<float>(Low()), static_cast<float>(High())}; }      \
    explicit operator __half2() const {                                                                              \
      return __floats2half2_rn(static_cast<float>(Low()), static_cast<float>(High()));                               \
    }                                                                                                                \
                                                                                                                     \
   private:                                                                                                          \
    static STORAGE Join(SCALAR lo, SCALAR hi) { return static_cast<STORAGE>(lo.__x | (hi.__x << (SHIFT))); }         \
    SCALAR Low() const { SCALAR s; s.__x = static_cast<unsigned char>(__x & ((1u << (SHIFT)) - 1u)); return s; }     \
    SCALAR High() const { SCALAR s; s.__x = static_cast<unsigned char>(__x >> (SHIFT)); return s; }                 \
  };                                                                                                                 \
  struct alignas(sizeof(STORAGE4)) QUAD {                                                                            \
    STORAGE4 __x;                                                                                                    \
    QUAD() = default;                                                                                                \
    explicit QUAD(const __half2 lo, const __half2 hi) : QUAD(__half22float2(lo), __half22float2(hi)) {}              \
    explicit QUAD(const __nv_bfloat162 lo, const __nv_bfloat162 hi)                                                  \
        : QUAD(__bfloat1622float2(lo), __bfloat1622float2(hi)) {}                                                    \
    explicit QUAD(const float4 f) : QUAD(float2{f.x, f.y}, float2{f.z, f.w}) {}                                      \
    explicit QUAD(const double4 f)                                                                                   \
        : __x(static_cast<STORAGE4>(PAIR(double2{f.x, f.y}).__x |                                                     \
                                    (static_cast<STORAGE4>(PAIR(double2{f.z, f.w}).__x) << (2 * (SHIFT))))) {}        \
    explicit operator float4() const {                                                                               \
      PAIR lo, hi;                                                                                                   \
      lo.__x = static_cast<STORAGE>(__x & ((STORAGE4{1} << (2 * (SHIFT))) - 1u));                                     \
      hi.__x = static_cast<STORAGE>(__x >> (2 * (SHIFT)));                                                           \
      const float2 a = static_cast<float2>(lo), b = static_cast<float2>(hi);                                          \
      return float4{a.x, a.y, b.x, b.y};                                                                             \
    }                                                                                                                \
                                                                                                                     \
   private:                                                                                                          \
    QUAD(const float2 lo, const float2 hi)                                                                           \
        : __x(static_cast<STORAGE4>(PAIR(lo).__x | (static_cast<STORAGE4>(PAIR(hi).__x) << (2 * (SHIFT))))) {}       \
  };
