// The CUDA C++ language extensions, as a CPU build sees them. Function and variable qualifiers
// vanish (every function can run on the host; kernels are plain functions run once per GPU thread).
// `__shared__` and `<<<...>>>` never reach the compiler: the front end rewrites them (see
// tools/warpsafe/frontend and docs/architecture.md), so `__shared__` is left undefined on purpose:
// a file that did not pass through the front end fails to compile instead of misbehaving.
#pragma once

#include "warpsafe/engine/api.h"

// The compute capability the program is built for (`--arch sm_XY` gives XY0), in both passes.
// __CUDA_ARCH__ is defined by the driver in the device pass only, as nvcc does.
#ifndef __WARPSAFE_ARCH__
#define __WARPSAFE_ARCH__ 900
#endif

// nvcc's two passes (docs/architecture.md, "Two passes"): the driver compiles a translated file once
// as device code (__WARPSAFE_DEVICE_PASS__, with __CUDA_ARCH__) and once as host code
// (__WARPSAFE_HOST_PASS__), then links the two objects so that kernels and device variables
// resolve to the device pass. The qualifiers carry the only marks it reads:
// - device pass: kernels are `protected` and variables `hidden`. These two markers survive
//   templates and macros (an abi_tag or a section does not on instantiations), and the driver keeps
//   exactly the protected functions and hidden objects of the device object, renaming the rest.
//   `__device__` itself stays empty: it also qualifies functions and deduction guides (which take
//   no attribute), so the front end adds WARPSAFE_DEVICE_VARIABLE after the `__device__` of each
//   variable (frontend/device_variables.h). `used` keeps a kernel instantiated by a host
//   launch from being inlined away. A kernel instantiated with a type that has no linkage (a
//   lambda's closure) is internal, and compilers drop visibility on it: the one-nop patchable
//   entry, which lists every kernel's address in __patchable_function_entries, marks it for the
//   join instead (tools/warpsafe/cli/internal_kernels.h).
// - host pass: a kernel's body must stay a call (the device pass's definition replaces it at link
//   time), so no interprocedural optimisation may inline it or assume what it does.
// Without either macro (a translated file compiled once, by hand) the qualifiers are empty.
// Each __constant__ variable has a section of its own, `warpsafe_constant.N`, from which the engine
// learns which static storage is constant memory (engine/src/race/constant_memory.h): what
// `__isConstant` answers for, and what the checker lets kernels only read. Checked builds
// (`warpsafe check`: clang with AddressSanitizer's pass) also give each __device__ and __managed__
// variable a section `warpsafe_device.N`, from which the checker tells them from the host's globals
// in the same static storage (engine/src/race/static_objects.h). One section per declaration,
// since a const and a non-const variable cannot share a section; the linker joins equal names of
// different files (a redeclaration keeps its first declaration's section).
#define WARPSAFE_CONSTANT_SECTION_NUMBER(n) #n
#define WARPSAFE_CONSTANT_SECTION_NAME(n) "warpsafe_constant." WARPSAFE_CONSTANT_SECTION_NUMBER(n)
#define WARPSAFE_CONSTANT_SECTION __attribute__((section(WARPSAFE_CONSTANT_SECTION_NAME(__COUNTER__))))
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WARPSAFE_DEVICE_SECTION_NAME(n) "warpsafe_device." WARPSAFE_CONSTANT_SECTION_NUMBER(n)
#define WARPSAFE_DEVICE_SECTION __attribute__((section(WARPSAFE_DEVICE_SECTION_NAME(__COUNTER__))))
#endif
#endif
#ifndef WARPSAFE_DEVICE_SECTION
#define WARPSAFE_DEVICE_SECTION
#endif
#if defined(__WARPSAFE_DEVICE_PASS__) && defined(__WARPSAFE_MODULE__)
// A runtime-compiled program (NVRTC, engine/src/nvrtc): its device pass alone is built, as a shared
// object, and nothing joins it to a host pass. Kernels and variables are exported, bound to the
// object's own definitions (`protected`), so that the driver finds them by name (dlsym).
#define __global__ __attribute__((visibility("protected"), used, patchable_function_entry(1, 0)))
#define WARPSAFE_DEVICE_VARIABLE __attribute__((visibility("protected"))) WARPSAFE_DEVICE_SECTION
#define __constant__ __attribute__((visibility("protected"))) WARPSAFE_CONSTANT_SECTION
#define __managed__ __attribute__((visibility("protected"))) WARPSAFE_DEVICE_SECTION
#elif defined(__WARPSAFE_DEVICE_PASS__)
#define __global__ __attribute__((visibility("protected"), used, patchable_function_entry(1, 0)))
#define WARPSAFE_DEVICE_VARIABLE __attribute__((visibility("hidden"))) WARPSAFE_DEVICE_SECTION
#define __constant__ __attribute__((visibility("hidden"))) WARPSAFE_CONSTANT_SECTION
#define __managed__ __attribute__((visibility("hidden"))) WARPSAFE_DEVICE_SECTION
#elif defined(__WARPSAFE_HOST_PASS__) && __has_attribute(noipa)
#define __global__ __attribute__((noipa))
#elif defined(__WARPSAFE_HOST_PASS__) && defined(__WARPSAFE_ONE_PASS__)
// The program's only compile (no device pass, the CLI's kHostAlone): this body is the one that
// runs, and what the compiler infers from it is true of it, so it is compiled as any function.
#define __global__ __attribute__((noinline))
#elif defined(__WARPSAFE_HOST_PASS__)
// Clang has no noipa; it infers nothing from an optnone function (and never runs this body).
#define __global__ __attribute__((noinline, optnone))
#else
#define __global__
#endif
// Around the statements of every kernel body (tools/warpsafe/frontend/host_kernel_bodies.h). In a
// host pass beside a device pass, whose kernel bodies never run, they become the discarded branch
// of an `if constexpr` whose condition is always true but, in a template, depends on its arguments
// (the size of __PRETTY_FUNCTION__, which names them): a kernel template's instantiation then
// instantiates nothing its statements reach, as nvcc's host compile never sees a kernel's code.
// Elsewhere they leave the body as it is.
#if defined(__WARPSAFE_HOST_PASS__) && !defined(__WARPSAFE_ONE_PASS__)
#define WARPSAFE_KERNEL_BODY_BEGIN if constexpr (sizeof(__PRETTY_FUNCTION__) != 0) {} else {
#define WARPSAFE_KERNEL_BODY_END }
#else
#define WARPSAFE_KERNEL_BODY_BEGIN
#define WARPSAFE_KERNEL_BODY_END
#endif
#define __device__
#ifndef WARPSAFE_DEVICE_VARIABLE
#define WARPSAFE_DEVICE_VARIABLE WARPSAFE_DEVICE_SECTION
#define __constant__ WARPSAFE_CONSTANT_SECTION
#define __managed__ WARPSAFE_DEVICE_SECTION
#endif
#define __host__
// nvcc's headers mark that the qualifiers exist with host_defines.h's guard, and code that defines
// its own fallbacks tests it: Thrust undefines __host__ and __device__ before its runtime includes
// unless the guard says the CUDA headers already gave them.
#ifndef __HOST_DEFINES_H__
#define __HOST_DEFINES_H__
#endif
// __forceinline__ is always_inline when the compile optimises, as nvcc always inlines it. At -O0 (the
// build of template-heavy tests, and of CCCL's device-wide algorithms, cccl.h) it is a plain inline:
// g++ honours always_inline even at -O0, and inlines before it compiles any function, so every
// instantiation of a kernel then holds its own copy of each collective it calls, all at once
// (tests/warp/warp_scan_test.cu's device pass at -O0: 3.9 GB and 115 s with it, 2.5 GB and 56 s
// without). What runs is the same code either way.
#if defined(__OPTIMIZE__)
#define __forceinline__ inline __attribute__((always_inline))
#else
#define __forceinline__ inline
#endif
// __noinline__ is not defined: libstdc++ 12 spells __attribute__((__noinline__)) itself, and a macro
// would break <memory>. The front end spells it out in user code.
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)
#define __grid_constant__
// Further marks of nvcc's host_defines.h that code copied from CUDA's own headers or written
// against them uses: built-in type and function tags (nothing to mark on a CPU), alignment and
// no-return as the host compiler spells them, and register limits (a hint, like __launch_bounds__).
// __cluster_dims__ is left undefined: the engine has no clusters, and a kernel that needs them must
// not compile into one that silently runs without.
#define __device_builtin__
#define __cudart_builtin__
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __no_return__ __attribute__((noreturn))
#define __inline_hint__
#define __maxnreg__(n)
#ifndef __restrict__
#define __restrict__ __restrict
#endif

// threadIdx, blockIdx, blockDim, gridDim: variables, which a program's own declarations may shadow.
#include "warpsafe/engine/builtin_variables.h"

// warpSize is a run-time variable in CUDA; a constant here is the same value and is usable where
// CUDA's is (default arguments, loop bounds). A local declaration shadows it as it does CUDA's.
inline constexpr int warpSize = 32;
