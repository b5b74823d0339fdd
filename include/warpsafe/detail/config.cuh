// Configuration shared by every warpsafe collective: the qualifier macro and the warp size.
//
// The same headers build three ways: nvcc's device pass (__CUDA_ARCH__ defined: inline PTX may be
// used, only in detail/), nvcc's host pass (device functions are parsed, never run), and the
// warpsafe engine (__WARPSAFE__ defined, __CUDA_ARCH__ never: only the standard *_sync intrinsics,
// which the engine implements with their exact semantics).
#pragma once

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
