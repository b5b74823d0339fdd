// WarpShuffle: CUDA's four shuffles for a value of any trivially copyable type (moved as 32-bit
// words) within a logical warp of any width 1..32.
//
// Semantics follow __shfl*_sync with width = kWidth (CUDA Programming Guide, Warp Shuffle
// Functions), in logical lanes, extended to widths that are not powers of two:
//  - Idx(x, src):  x of logical lane src % kWidth
//  - Up(x, d):     x of logical lane rank - d; the caller's own x if that is below 0
//  - Down(x, d):   x of logical lane rank + d; the caller's own x if that is past the last lane
//  - Xor(x, m):    x of logical lane rank ^ m; the caller's own x if that is past the last lane
// A source that does not exist (a partial logical warp) gives the caller's own value: the member
// mask names only the logical warp's existing lanes and no lane reads outside it.
//
//   double below = warpsafe::WarpShuffle<double, 20>().Up(v, 1);   // logical warps of 20 lanes
//
// Thread contract: every existing lane of the logical warp calls the same member function with the
// same delta / lane mask (src may differ per lane). TempStorage is empty.
#pragma once
#ifndef WARPSAFE_WARP_WARP_SHUFFLE_CUH_
#define WARPSAFE_WARP_WARP_SHUFFLE_CUH_

#include "warpsafe/detail/logical_warp.cuh"
#include "warpsafe/detail/shfl.cuh"

namespace warpsafe {

template <class T, int kWidth = kWarpThreads>
class WarpShuffle {
  static_assert(kWidth >= 1 && kWidth <= kWarpThreads, "WarpShuffle: a logical warp has 1 to 32 lanes");
  static_assert(std::is_trivially_copyable<T>::value, "WarpShuffle: T must be trivially copyable");

 public:
  struct TempStorage {};

  WARPSAFE_DEVICE WarpShuffle() {}
  WARPSAFE_DEVICE explicit WarpShuffle(TempStorage&) {}

  WARPSAFE_DEVICE T Idx(const T& x, int src_lane) const {
    const unsigned src = unsigned(src_lane) % unsigned(kWidth);
    return From(x, src);
  }
  WARPSAFE_DEVICE T Up(const T& x, unsigned delta) const {
    return From(x, delta <= warp_.rank ? warp_.rank - delta : warp_.rank);
  }
  WARPSAFE_DEVICE T Down(const T& x, unsigned delta) const { return From(x, warp_.rank + delta); }
  WARPSAFE_DEVICE T Xor(const T& x, unsigned lane_mask) const { return From(x, warp_.rank ^ lane_mask); }

  // The logical lane of the caller and the lanes of its logical warp that exist.
  WARPSAFE_DEVICE unsigned Rank() const { return warp_.rank; }
  WARPSAFE_DEVICE unsigned Count() const { return warp_.count; }
  WARPSAFE_DEVICE std::uint32_t MemberMask() const { return warp_.mask; }

 private:
  // x of logical lane `src`, or the caller's own when `src` does not exist.
  WARPSAFE_DEVICE T From(const T& x, unsigned src) const {
    return detail::WithMemberMask(warp_, [&](const auto& w) {
      const unsigned lane = src < w.count ? w.base + src : w.lane;
      return detail::ShflIdx(w.mask, x, lane);
    });
  }

  detail::LogicalWarp<kWidth> warp_;
};

}  // namespace warpsafe

#endif  // WARPSAFE_WARP_WARP_SHUFFLE_CUH_
