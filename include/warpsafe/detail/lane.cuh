// Lane arithmetic: the calling thread's lane, the lanes that exist in its hardware warp, bit masks.
#pragma once
#ifndef WARPSAFE_DETAIL_LANE_CUH_
#define WARPSAFE_DETAIL_LANE_CUH_

#include "warpsafe/detail/config.cuh"

namespace warpsafe::detail {

// The thread's index in its block, linearised as CUDA forms warps (x fastest, then y, then z);
// y and z are the caller's threadIdx.y and .z, however it read them (WarpPresentMask).
WARPSAFE_DEVICE unsigned LinearThreadId(unsigned y, unsigned z) {
  return threadIdx.x + blockDim.x * (y + blockDim.y * z);
}
WARPSAFE_DEVICE unsigned LinearThreadId() { return LinearThreadId(threadIdx.y, threadIdx.z); }

// The calling thread's lane in its hardware warp (0..31).
WARPSAFE_DEVICE unsigned LaneId() {
#if defined(__CUDA_ARCH__)
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  __builtin_assume(lane < unsigned(kWarpThreads));  // lets the compiler fold lane & ~31 to 0
  return lane;
#else
  return LinearThreadId() & (kWarpThreads - 1);
#endif
}

// Whether every hardware warp of the block is complete: the thread count is a multiple of 32. It
// is computed from blockDim alone, so the answer is the same in every thread of the block, and the
// compiler sees a branch on it as one that cannot split a warp (no reconvergence region around it).
WARPSAFE_DEVICE bool BlockHasWholeWarps() {
  return (blockDim.x * blockDim.y * blockDim.z) % unsigned(kWarpThreads) == 0;
}

// The lanes of the caller's hardware warp that exist: all 32, except in the last warp of a block
// whose thread count is not a multiple of 32. Member masks are intersected with it, so that no
// collective names a lane that is not a thread.
//
// kNotSpeculated: threadIdx.y and .z compile to special-register reads that the compiler may
// execute speculatively. Under the default contract a 32-lane collective needs this mask only in
// a block with a partial warp (WithMemberMask), but NVVM hoisted the reads, and the arithmetic on
// them, above that test into the kernel's prologue, where the warp waited for the two `S2R` before
// its first shuffle: 0.4% to 0.5% of a kernel of 32-lane scans or reductions (H200,
// bench/gpu/warp_bench.cu; with threadIdx.x alone in their place the contract ran at CUB's speed).
// Read by non-volatile asm instead, they stay on that path. Only that path: where the asm sits in a
// caller's loop NVVM unswitches fewer loops on the test. Taken by WarpReduce at widths 16 and 8, it
// cost a sum of doubles 14 and 16 SASS instructions a round; at 32 lanes it still costs that sum
// 32 (95 instead of 63, and one convergence check: 1.124x CUB instead of 1.128x), against 0.4% to
// 0.5% gained by the 32-bit scans and reductions.
template <bool kNotSpeculated = false>
WARPSAFE_DEVICE std::uint32_t WarpPresentMask() {
  unsigned y = threadIdx.y, z = threadIdx.z;
#if defined(__CUDA_ARCH__)
  if constexpr (kNotSpeculated) {
    asm("mov.u32 %0, %%tid.y;" : "=r"(y));
    asm("mov.u32 %0, %%tid.z;" : "=r"(z));
  }
#endif
  const unsigned threads = blockDim.x * blockDim.y * blockDim.z;
  const unsigned first = LinearThreadId(y, z) & ~unsigned(kWarpThreads - 1);
  const unsigned present = threads - first;
  return present >= unsigned(kWarpThreads) ? kFullMask : ((1u << present) - 1u);
}

// Bits of the lanes below `lane` / at or below `lane`.
WARPSAFE_DEVICE std::uint32_t LaneMaskLt(unsigned lane) { return (1u << lane) - 1u; }
WARPSAFE_DEVICE std::uint32_t LaneMaskLe(unsigned lane) { return (2u << lane) - 1u; }  // 2u<<31 wraps to 0: all ones

// The index of the n-th (0-based) set bit of `mask`; `n` must be below __popc(mask).
WARPSAFE_DEVICE unsigned NthSetBit(std::uint32_t mask, unsigned n) {
  unsigned pos = 0;
WARPSAFE_UNROLL
  for (unsigned width = 16; width != 0; width >>= 1) {
    const unsigned low = __popc(mask & ((1u << width) - 1u));
    if (n >= low) {
      n -= low;
      mask >>= width;
      pos += width;
    }
  }
  return pos;
}

// Index of the highest set bit (mask != 0).
WARPSAFE_DEVICE unsigned HighestBit(std::uint32_t mask) { return 31u - unsigned(__clz(mask)); }
// Index of the lowest set bit (mask != 0).
WARPSAFE_DEVICE unsigned LowestBit(std::uint32_t mask) { return unsigned(__ffs(mask)) - 1u; }

// Put after a branch that only some lanes of `mask` take (`if (lane == 31) smem[w] = x;`) when warp
// shuffles follow. The scan steps are non-volatile asm (detail/warp_scan_shfl.cuh), and NVVM
// tail-duplicates such asm into both sides of the branch: every later shuffle then runs diverged,
// through ptxas' WARPSYNC.COLLECTIVE path. In the device scan's row loop that made the kernel a
// third slower on an H200 (BENCHMARKS.md); a __syncwarp is not duplicated, so the code after it
// stays one copy, and on a converged warp ptxas turns it into a NOP. Still a real __syncwarp, on
// the engine too: every lane of `mask` must reach it, and it orders their memory accesses.
WARPSAFE_DEVICE void ReconvergeAfterBranch(std::uint32_t mask) {
#if defined(__CUDA_ARCH__)
  __syncwarp(mask);
#else
  (void)mask;
#endif
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_LANE_CUH_
