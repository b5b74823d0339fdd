// The geometry of a logical warp: kWidth consecutive lanes of one hardware warp.
//
// Logical warp k of a hardware warp holds the lanes [k*kWidth, min((k+1)*kWidth, 32)). Logical warps
// never straddle hardware warps; when kWidth does not divide 32, the lanes past the last full logical
// warp form one short logical warp (e.g. kWidth = 12: lanes 0-11, 12-23, and 24-31 with 8 lanes).
// Lanes that do not exist (the tail of a block whose size is not a multiple of 32) are in no member
// mask. The member mask is therefore exactly the threads of the logical warp, which is what makes a
// partial or packed logical warp correct under independent thread scheduling: every _sync intrinsic
// names only lanes that execute it.
//
// The caller's promise (warp/warp_contract.cuh) decides the member mask. kWholeWarps says every
// hardware warp is complete (the block's thread count is a multiple of 32, the precondition CUB's
// warp collectives state): the lanes that exist are then all 32 as a compile-time constant, so a
// 32-lane logical warp's member mask is the literal 0xffffffff and the compiler needs no run-time
// convergence check before each group of shuffles (measured on an H200: about 10% of a
// shuffle-bound warp scan; see BENCHMARKS.md). kWholeWarpsCall adds that all logical warps of a
// hardware warp call: every width then takes the literal full mask, and the collectives keep to
// the logical warp's lanes by the clamps of their shuffles. Breaking a promise names lanes that do
// not call in a member mask, which CUDA leaves undefined.
//
// Under the default contract a 32-lane logical warp gets the same code at run time in a block of
// complete hardware warps: WithMemberMask() tests once per call whether the block's thread count is
// a multiple of 32 (from blockDim: the same answer in every thread of the block) and then runs the
// collective on LogicalWarp<32, kWholeWarps>, whose mask is the literal; otherwise on the general
// geometry. Both describe the same lanes there, so the results are the same; only the code differs.
#pragma once
#ifndef WARPSAFE_DETAIL_LOGICAL_WARP_CUH_
#define WARPSAFE_DETAIL_LOGICAL_WARP_CUH_

#include "warpsafe/detail/lane.cuh"
#include "warpsafe/warp/warp_contract.cuh"

namespace warpsafe::detail {

template <int kWidth, WarpContract kContract = WarpContract::kPartialWarps>
struct LogicalWarp {
  static_assert(kWidth >= 1 && kWidth <= kWarpThreads, "a logical warp has 1 to 32 lanes");
  static constexpr bool kPowerOfTwo = (kWidth & (kWidth - 1)) == 0;
  // Logical warps in a hardware warp, the short one included.
  static constexpr int kPerWarp = (kWarpThreads + kWidth - 1) / kWidth;
  // Whether every lane of every hardware warp is known, at compile time, to exist.
  static constexpr bool kWhole = kContract != WarpContract::kPartialWarps;
  // Whether all 32 lanes of the hardware warp call (the member mask is then the literal full mask).
  static constexpr bool kWholeWarpCalls = kContract == WarpContract::kWholeWarpsCall;

  unsigned lane;       // hardware lane of the caller
  unsigned base;       // hardware lane of logical lane 0
  unsigned rank;       // logical lane of the caller: lane - base
  unsigned count;      // lanes of this logical warp that exist (1..kWidth)
  unsigned last;       // hardware lane of the last existing lane: base + count - 1
  std::uint32_t mask;  // member mask: the logical warp's existing lanes (all 32 under kWholeWarpsCall)

  WARPSAFE_DEVICE LogicalWarp() : LogicalWarp(LaneId()) {}
  // The geometry of the logical warp of hardware lane `hw_lane`, which must be the caller's lane.
  // kNotSpeculated: see WarpPresentMask.
  template <bool kNotSpeculated = false>
  WARPSAFE_DEVICE explicit LogicalWarp(unsigned hw_lane, std::bool_constant<kNotSpeculated> = {}) {
    lane = hw_lane;
    if constexpr (kWidth == kWarpThreads) base = 0;
    else if constexpr (kPowerOfTwo) base = lane & ~unsigned(kWidth - 1);
    else base = (lane / kWidth) * kWidth;
    rank = lane - base;
    const unsigned span = (kWarpThreads - base) < unsigned(kWidth) ? (kWarpThreads - base) : unsigned(kWidth);
    const std::uint32_t segment = span >= unsigned(kWarpThreads) ? kFullMask : (((1u << span) - 1u) << base);
    const std::uint32_t lanes = kWhole ? segment : (segment & WarpPresentMask<kNotSpeculated>());
    mask = kWholeWarpCalls ? kFullMask : lanes;
    count = __popc(lanes);
    last = base + count - 1;
  }

  // Which logical warp of the hardware warp this is (0..kPerWarp-1).
  WARPSAFE_DEVICE unsigned Index() const { return base / kWidth; }
  // Whether all kWidth lanes exist.
  WARPSAFE_DEVICE bool Full() const { return count == unsigned(kWidth); }
  // The last lane of the first `valid_items` lanes (valid_items >= 1).
  WARPSAFE_DEVICE unsigned LastValid(int valid_items) const {
    const unsigned v = unsigned(valid_items);
    return v < count ? base + v - 1 : last;
  }
};

// Runs f(w) and returns its result, where w is the caller's logical warp: `warp` itself, or, for a
// 32-lane logical warp under the default contract in a block of complete hardware warps, the same
// lanes as a LogicalWarp<32, kWholeWarps>, whose mask is the constant 0xffffffff. f's code is then
// compiled twice. In the constant-mask copy ptxas neither computes a member mask nor matches it
// across the warp before each group of shuffles (`VOTEU`/`MATCH.ANY`/`REDUX.OR`); where it cannot
// prove the warp converged it still checks that with one branch (`BRA.DIV` on the constant).
// The test is on blockDim, not on the mask: the answer is the same in every thread of the block, so
// the lanes of a logical warp all take the same copy, and ptxas puts no reconvergence region
// (`BSSY`/`BSYNC`) around each call, which a test of the per-warp mask made it do. The test is
// loop-invariant, and NVVM unswitches a caller's loop on it when the collective's shuffles are
// intrinsics or non-volatile asm (never `asm volatile`, which blocks it): the loop then runs the
// constant-mask copy with no branch and no check at all (bench/gpu/warp_sass.sh).
template <int kWidth, WarpContract kContract, class F>
WARPSAFE_DEVICE decltype(auto) WithMemberMask(const LogicalWarp<kWidth, kContract>& warp, F&& f) {
  if constexpr (kWidth == kWarpThreads && kContract == WarpContract::kPartialWarps) {
    if (BlockHasWholeWarps()) return f(LogicalWarp<kWidth, WarpContract::kWholeWarps>(warp.lane));
    // The geometry again, here: `warp`'s then goes unused on the constant-mask path and is dropped
    // there, and this one reads the thread index only in a block with a partial warp.
    return f(LogicalWarp<kWidth, kContract>(warp.lane, std::true_type{}));
  }
  return f(warp);
}

// As WithMemberMask, and for every power-of-two width: under the default contract, in a block of
// complete hardware warps, f runs on LogicalWarp<kWidth, kWholeWarps>, the same lanes and the same
// member mask (at widths below 32 it still depends on the lane), but kWhole known at compile time.
// For the scans that changes nothing but the code size, so they keep WithMemberMask (sub-warp
// widths: 1 to 15 more SASS instructions a round, bench/gpu/warp_sass.sh). WarpReduce's full
// reduction takes another algorithm when kWhole is known, the xor butterfly with immediate
// distances in place of the general butterfly's per-lane sources and predicates: at widths 16 and
// 8, 12 to 16 fewer SASS instructions a round for int32, 24 to 33 for double, 15 to 18 for
// struct16 (on an H200, BENCHMARKS.md).
template <int kWidth, WarpContract kContract, class F>
WARPSAFE_DEVICE decltype(auto) WithWholeWarpGeometry(const LogicalWarp<kWidth, kContract>& warp, F&& f) {
  if constexpr (kWidth == kWarpThreads) {
    return WithMemberMask(warp, static_cast<F&&>(f));
  } else {
    if constexpr (kContract == WarpContract::kPartialWarps && LogicalWarp<kWidth, kContract>::kPowerOfTwo) {
      if (BlockHasWholeWarps()) return f(LogicalWarp<kWidth, WarpContract::kWholeWarps>(warp.lane));
    }
    return f(warp);
  }
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_LOGICAL_WARP_CUH_
