// Kogge-Stone warp scans through shared memory, correct under independent thread scheduling.
// Scans of this shape written for lockstep warps (through a volatile pointer, with no barrier)
// race; here every exchange through shared memory is separated by __syncwarp(mask)
// (docs/semantics.md, ITS-3): a step reads its partner, __syncwarp, writes its own slot,
// __syncwarp. Kept for comparison with the shuffle form.
//
//  - guarded:     `if (lane - delta >= clamp)` before each read
//  - zero-padded: each logical warp's slots are preceded by kPad slots of T{} so that every step
//                 reads unconditionally; needs T{} to be an identity of the operator.
//
// Storage covers one hardware warp: every logical warp packed in it has its own slots. In the
// zero-padded layout each logical warp's kPad zeros precede its kWidth values, so for widths below
// 32 neighbouring logical warps share banks (2-way conflicts at widths 16 and 8); the forms are kept
// for comparison with the shuffle scan, not tuned (BENCHMARKS.md, "Warp collectives (GPU)").
#pragma once
#ifndef WARPSAFE_DETAIL_WARP_SCAN_SMEM_CUH_
#define WARPSAFE_DETAIL_WARP_SCAN_SMEM_CUH_

#include "warpsafe/detail/config.cuh"
#include "warpsafe/warp/operators.cuh"

namespace warpsafe::detail {

// The largest power of two below kWidth (the largest step of the scan), at least 1.
template <int kWidth>
inline constexpr int kLargestStep = kWidth <= 2 ? 1 : 2 * kLargestStep<(kWidth + 1) / 2>;

template <class T, int kWidth>
struct SmemGuardedStorage {
  T slots[kWarpThreads];
};

template <class T, int kWidth>
struct SmemZeroPaddedStorage {
  static constexpr int kPad = kLargestStep<kWidth>;
  static constexpr int kPerWarp = (kWarpThreads + kWidth - 1) / kWidth;
  T slots[kPerWarp * (kPad + kWidth)];
};

// Inclusive scan of the lanes [clamp, lane]; `slots` are the kWidth slots of this logical warp,
// indexed by logical lane; `rank` is the caller's logical lane and `clamp_rank` its segment start.
template <int kWidth, class T, class Op>
WARPSAFE_DEVICE T SmemGuardedInclusiveScan(T* slots, std::uint32_t mask, T value, unsigned rank, unsigned clamp_rank,
                                           Op op) {
  slots[rank] = value;
  __syncwarp(mask);
WARPSAFE_UNROLL
  for (unsigned delta = 1; delta < unsigned(kWidth); delta <<= 1) {
    const bool take = rank >= clamp_rank + delta;
    T other;
    if (take) other = slots[rank - delta];
    __syncwarp(mask);
    if (take) {
      value = op(other, value);
      slots[rank] = value;
    }
    __syncwarp(mask);
  }
  return value;
}

// Inclusive scan of the lanes [0, rank] with the zero padding: `slots` points past this logical
// warp's kPad zero slots. No segments: a segmented scan uses the guarded form.
template <int kWidth, class T, class Op>
WARPSAFE_DEVICE T SmemZeroPaddedInclusiveScan(T* slots, std::uint32_t mask, T value, unsigned rank, unsigned count,
                                              Op op) {
  constexpr int kPad = SmemZeroPaddedStorage<T, kWidth>::kPad;
  // The kPad zeros; a short logical warp (count < kPad) writes several each.
  for (unsigned i = rank; i < unsigned(kPad); i += count) slots[int(i) - kPad] = T{};
  slots[rank] = value;
  __syncwarp(mask);
WARPSAFE_UNROLL
  for (unsigned delta = 1; delta < unsigned(kWidth); delta <<= 1) {
    const T other = slots[int(rank) - int(delta)];
    __syncwarp(mask);
    value = op(other, value);
    slots[rank] = value;
    __syncwarp(mask);
  }
  return value;
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_WARP_SCAN_SMEM_CUH_
