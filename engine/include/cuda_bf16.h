// CUDA's cuda_bf16.h: the bfloat16 type __nv_bfloat16 (8 exponent bits, 7 fraction bits) and the
// pair __nv_bfloat162 as trivially copyable structs of 2 and 4 bytes (so that warp shuffles and atomics move them as plain bits), with conversions
// that round to nearest even as CUDA's do, the intrinsics and the C++ operators. The intrinsics
// common to __half and __nv_bfloat16 are defined once, in warpsafe/engine/narrow_float.h.
#pragma once

// C (a host .c file): this header is C++ only on the engine, so a C file that includes it stops
// here, naming it at the user's #include line (docs/semantics/c_sources.md, C-3).
#ifndef __cplusplus
#error "warpsafe: <cuda_bf16.h> (the bfloat16 types in a C file) is not supported by the engine"
#include "warpsafe: compilation stopped at the unsupported header above"
#endif
#define __CUDA_BF16_H__

#include "warpsafe/engine/narrow_float.h"

WARPSAFE_NARROW_FLOAT_TYPES_(__nv_bfloat16, __nv_bfloat162, 8, 7)

// Code that offers its own fallback type tests this to know the toolkit's type is declared.
#define __CUDA_BF16_TYPES_EXIST__

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

WARPSAFE_NARROW_FLOAT_API_(__nv_bfloat16, __nv_bfloat162, bfloat16, bfloat162)

// CUDA's named values of the type, as bit patterns derived from the format (narrow_float.h).
#define CUDART_INF_BF16        __ushort_as_bfloat16(::warpsafe::engine::detail::NarrowFormat<__nv_bfloat16>::kInf)
#define CUDART_NAN_BF16        __ushort_as_bfloat16(::warpsafe::engine::detail::NarrowFormat<__nv_bfloat16>::kCudaNan)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16(::warpsafe::engine::detail::NarrowFormat<__nv_bfloat16>::kMinDenorm)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16(::warpsafe::engine::detail::NarrowFormat<__nv_bfloat16>::kMaxNormal)
#define CUDART_NEG_ZERO_BF16   __ushort_as_bfloat16(::warpsafe::engine::detail::NarrowFormat<__nv_bfloat16>::kNegZero)
#define CUDART_ZERO_BF16       __ushort_as_bfloat16(::warpsafe::engine::detail::NarrowFormat<__nv_bfloat16>::kZero)
#define CUDART_ONE_BF16        __ushort_as_bfloat16(::warpsafe::engine::detail::NarrowFormat<__nv_bfloat16>::kOne)
