// The CUDA C++ language extensions, as a CPU build sees them. Function and variable qualifiers
// vanish (every function can run on the host; kernels are plain functions run once per GPU thread).
// `__shared__` and `<<<...>>>` never reach the compiler: the front end rewrites them (see
// tools/warpsafe/frontend and docs/architecture.md), so `__shared__` is left undefined on purpose:
// a file that did not pass through the front end fails to compile instead of misbehaving.
#pragma once

#include "warpsafe/engine/api.h"

// The compute capability the program is built for (`--arch sm_XY` gives XY0), as in nvcc's
// __CUDA_ARCH__. __CUDA_ARCH__ itself stays undefined: a CPU build is one pass, and code guarded by
// `#ifdef __CUDA_ARCH__` is device-only code that the host compiler could not build.
#ifndef __WARPSAFE_ARCH__
#define __WARPSAFE_ARCH__ 900
#endif

#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __forceinline__ inline __attribute__((always_inline))
// __noinline__ is not defined: libstdc++ 12 spells __attribute__((__noinline__)) itself, and a macro
// would break <memory>. The front end spells it out in user code.
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)
#define __grid_constant__
#ifndef __restrict__
#define __restrict__ __restrict
#endif

// threadIdx, blockIdx, blockDim, gridDim: variables, which a program's own declarations may shadow.
#include "warpsafe/engine/builtin_variables.h"

// warpSize is a run-time variable in CUDA; a constant here is the same value and is usable where
// CUDA's is (default arguments, loop bounds). A local declaration shadows it as it does CUDA's.
inline constexpr int warpSize = 32;
