// CUDA's cuda_fp16.h: the IEEE binary16 type __half and the pair __half2 as trivially copyable structs of
// 2 and 4 bytes (so that warp shuffles and atomics move them as plain bits), with conversions
// that round to nearest even as CUDA's do, the intrinsics and the C++ operators. The intrinsics
// common to __half and __nv_bfloat16 are defined once, in warpsafe/engine/narrow_float.h.
#pragma once

// C (a host .c file): this header is C++ only on the engine, so a C file that includes it stops
// here, naming it at the user's #include line (docs/semantics/c_sources.md, C-3).
#ifndef __cplusplus
#error "warpsafe: <cuda_fp16.h> (the half-precision types in a C file) is not supported by the engine"
#include "warpsafe: compilation stopped at the unsupported header above"
#endif
#define __CUDA_FP16_H__

#include "warpsafe/engine/narrow_float.h"

WARPSAFE_NARROW_FLOAT_TYPES_(__half, __half2, 5, 10)

// Code that offers its own fallback type tests this to know the toolkit's type is declared.
#define __CUDA_FP16_TYPES_EXIST__

typedef __half half;
typedef __half2 half2;

WARPSAFE_NARROW_FLOAT_API_(__half, __half2, half, half2)

// CUDA's named values of the type, as bit patterns derived from the format (narrow_float.h).
#define CUDART_INF_FP16        __ushort_as_half(::warpsafe::engine::detail::NarrowFormat<__half>::kInf)
#define CUDART_NAN_FP16        __ushort_as_half(::warpsafe::engine::detail::NarrowFormat<__half>::kCudaNan)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half(::warpsafe::engine::detail::NarrowFormat<__half>::kMinDenorm)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half(::warpsafe::engine::detail::NarrowFormat<__half>::kMaxNormal)
#define CUDART_NEG_ZERO_FP16   __ushort_as_half(::warpsafe::engine::detail::NarrowFormat<__half>::kNegZero)
#define CUDART_ZERO_FP16       __ushort_as_half(::warpsafe::engine::detail::NarrowFormat<__half>::kZero)
#define CUDART_ONE_FP16        __ushort_as_half(::warpsafe::engine::detail::NarrowFormat<__half>::kOne)
