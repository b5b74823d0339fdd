// Configuration shared by every warpsafe collective: the qualifier macro and the warp size.
//
// The same headers build four ways: nvcc's device pass (__CUDA_ARCH__ defined: inline PTX may be
// used, only in detail/), nvcc's host pass (device functions are parsed, never run), and the
// warpsafe engine's two passes (__WARPSAFE__ defined; __CUDA_ARCH__ in its device pass). The PTX
// paths test `defined(__CUDA_ARCH__)` alone: the engine runs the GPU's inline PTX through its PTX
// interpreter, so its tests exercise the code the GPU executes (only the unroll hint below differs).
#pragma once
// Every library header has a classic include guard besides #pragma once: `warpsafe run` inlines
// library headers into the translated file (where #pragma once has no file to name), and a later
// inclusion of the same header by the compiler must still see it as included.
#ifndef WARPSAFE_DETAIL_CONFIG_CUH_
#define WARPSAFE_DETAIL_CONFIG_CUH_

#include <cstdint>
#include <cstring>
#include <type_traits>

#define WARPSAFE_DEVICE __device__ __forceinline__

// Loop unrolling hint for nvcc; nothing for the host compiler of an engine build.
#if defined(__CUDACC__) && !defined(__WARPSAFE__)
#define WARPSAFE_UNROLL _Pragma("unroll")
#else
#define WARPSAFE_UNROLL
#endif

namespace warpsafe {

// Lanes in a hardware warp. Every Volta-or-later NVIDIA GPU and the engine use 32.
inline constexpr int kWarpThreads = 32;
inline constexpr std::uint32_t kFullMask = 0xffffffffu;

}  // namespace warpsafe

#endif  // WARPSAFE_DETAIL_CONFIG_CUH_
