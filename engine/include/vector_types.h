// CUDA's built-in vector types (char1 .. double4) with CUDA's sizes and alignments, and their
// make_* constructors. uint3 and dim3 come from warpsafe/engine/dim3.h, which the engine's own API
// needs without the rest of this file. The types are aggregates, as in CUDA: `int2 v = {1, 2};`.
#pragma once
#define __VECTOR_TYPES_H__

#include "warpsafe/engine/dim3.h"

#ifndef __cplusplus
// C (a host .c file that includes the runtime API): the same layouts, each type also named without
// `struct`, and the constructors as static __inline__ functions.
#define WARPSAFE_VECTOR_TYPE1_(name, T)                                                           \
  typedef struct name##1 {                                                                        \
    T x;                                                                                          \
  } name##1;                                                                                      \
  static __inline__ name##1 make_##name##1(T x) { name##1 v = {x}; return v; }
#define WARPSAFE_VECTOR_TYPE2_(name, T, align)                                                    \
  typedef struct __attribute__((aligned(align))) name##2 {                                        \
    T x, y;                                                                                       \
  } name##2;                                                                                      \
  static __inline__ name##2 make_##name##2(T x, T y) { name##2 v = {x, y}; return v; }
#define WARPSAFE_VECTOR_TYPE3_(name, T)                                                           \
  typedef struct name##3 {                                                                        \
    T x, y, z;                                                                                    \
  } name##3;                                                                                      \
  static __inline__ name##3 make_##name##3(T x, T y, T z) { name##3 v = {x, y, z}; return v; }
#define WARPSAFE_VECTOR_TYPE4_(name, T, align)                                                    \
  typedef struct __attribute__((aligned(align))) name##4 {                                        \
    T x, y, z, w;                                                                                 \
  } name##4;                                                                                      \
  static __inline__ name##4 make_##name##4(T x, T y, T z, T w) { name##4 v = {x, y, z, w}; return v; }
#else
// WARPSAFE_VECTOR_TYPES_(name, scalar, align2, align4) defines name1..name4: 1 and 3 are
// naturally aligned, 2 and 4 are over-aligned as CUDA's vector_types.h declares them.
#define WARPSAFE_VECTOR_TYPE1_(name, T)                                                           \
  struct name##1 {                                                                                \
    T x;                                                                                          \
  };                                                                                              \
  inline constexpr name##1 make_##name##1(T x) { return name##1{x}; }
#define WARPSAFE_VECTOR_TYPE2_(name, T, align)                                                    \
  struct alignas(align) name##2 {                                                                 \
    T x, y;                                                                                       \
  };                                                                                              \
  inline constexpr name##2 make_##name##2(T x, T y) { return name##2{x, y}; }
#define WARPSAFE_VECTOR_TYPE3_(name, T)                                                           \
  struct name##3 {                                                                                \
    T x, y, z;                                                                                    \
  };                                                                                              \
  inline constexpr name##3 make_##name##3(T x, T y, T z) { return name##3{x, y, z}; }
#define WARPSAFE_VECTOR_TYPE4_(name, T, align)                                                    \
  struct alignas(align) name##4 {                                                                 \
    T x, y, z, w;                                                                                 \
  };                                                                                              \
  inline constexpr name##4 make_##name##4(T x, T y, T z, T w) { return name##4{x, y, z, w}; }
#endif  // __cplusplus
#define WARPSAFE_VECTOR_TYPES_(name, T, align2, align4)                                           \
  WARPSAFE_VECTOR_TYPE1_(name, T)                                                                 \
  WARPSAFE_VECTOR_TYPE2_(name, T, align2)                                                         \
  WARPSAFE_VECTOR_TYPE3_(name, T)                                                                 \
  WARPSAFE_VECTOR_TYPE4_(name, T, align4)

WARPSAFE_VECTOR_TYPES_(char, signed char, 2, 4)
WARPSAFE_VECTOR_TYPES_(uchar, unsigned char, 2, 4)
WARPSAFE_VECTOR_TYPES_(short, short, 4, 8)
WARPSAFE_VECTOR_TYPES_(ushort, unsigned short, 4, 8)
WARPSAFE_VECTOR_TYPES_(int, int, 8, 16)
WARPSAFE_VECTOR_TYPE1_(uint, unsigned int)
WARPSAFE_VECTOR_TYPE2_(uint, unsigned int, 8)
WARPSAFE_VECTOR_TYPE4_(uint, unsigned int, 16)
WARPSAFE_VECTOR_TYPES_(long, long, 2 * sizeof(long), 16)
WARPSAFE_VECTOR_TYPES_(ulong, unsigned long, 2 * sizeof(unsigned long), 16)
WARPSAFE_VECTOR_TYPES_(longlong, long long, 16, 16)
WARPSAFE_VECTOR_TYPES_(ulonglong, unsigned long long, 16, 16)
WARPSAFE_VECTOR_TYPES_(float, float, 8, 16)
WARPSAFE_VECTOR_TYPES_(double, double, 16, 16)

// uint3 is dim3.h's; only its constructor is defined here.
#ifdef __cplusplus
inline constexpr uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z) { return uint3{x, y, z}; }
#else
static __inline__ uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z) { uint3 v = {x, y, z}; return v; }
#endif

#ifdef __cplusplus
// CUDA 13 deprecates the 4-wide 64-bit types above in favour of explicitly aligned ones.
#define WARPSAFE_VECTOR_TYPE4A_(name, T, align)                                                   \
  struct alignas(align) name##4_##align##a {                                                      \
    T x, y, z, w;                                                                                 \
  };                                                                                              \
  inline constexpr name##4_##align##a make_##name##4_##align##a(T x, T y, T z, T w) {             \
    return name##4_##align##a{x, y, z, w};                                                        \
  }
WARPSAFE_VECTOR_TYPE4A_(long, long, 16)
WARPSAFE_VECTOR_TYPE4A_(long, long, 32)
WARPSAFE_VECTOR_TYPE4A_(ulong, unsigned long, 16)
WARPSAFE_VECTOR_TYPE4A_(ulong, unsigned long, 32)
WARPSAFE_VECTOR_TYPE4A_(longlong, long long, 16)
WARPSAFE_VECTOR_TYPE4A_(longlong, long long, 32)
WARPSAFE_VECTOR_TYPE4A_(ulonglong, unsigned long long, 16)
WARPSAFE_VECTOR_TYPE4A_(ulonglong, unsigned long long, 32)
WARPSAFE_VECTOR_TYPE4A_(double, double, 16)
WARPSAFE_VECTOR_TYPE4A_(double, double, 32)

#undef WARPSAFE_VECTOR_TYPE4A_
#endif  // __cplusplus (the 4-wide aligned types are C++ only here)
#undef WARPSAFE_VECTOR_TYPES_
#undef WARPSAFE_VECTOR_TYPE4_
#undef WARPSAFE_VECTOR_TYPE3_
#undef WARPSAFE_VECTOR_TYPE2_
#undef WARPSAFE_VECTOR_TYPE1_
