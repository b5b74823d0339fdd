// WarpBroadcast: one lane's value of any trivially copyable type to every lane of its logical warp.
//
//   int first = warpsafe::WarpBroadcast<int, 8>().Broadcast(x, 0);   // logical lane 0's x
//
// Thread contract: every existing lane of the logical warp calls Broadcast with the same src_lane,
// which must name an existing lane (src_lane < count). TempStorage is empty.
#pragma once
#ifndef WARPSAFE_WARP_WARP_BROADCAST_CUH_
#define WARPSAFE_WARP_WARP_BROADCAST_CUH_

#include "warpsafe/detail/logical_warp.cuh"
#include "warpsafe/detail/shfl.cuh"

namespace warpsafe {

template <class T, int kWidth = kWarpThreads>
class WarpBroadcast {
  static_assert(kWidth >= 1 && kWidth <= kWarpThreads, "WarpBroadcast: a logical warp has 1 to 32 lanes");
  static_assert(std::is_trivially_copyable<T>::value, "WarpBroadcast: T must be trivially copyable");

 public:
  struct TempStorage {};

  WARPSAFE_DEVICE WarpBroadcast() {}
  WARPSAFE_DEVICE explicit WarpBroadcast(TempStorage&) {}

  // x of logical lane src_lane, in every lane.
  WARPSAFE_DEVICE T Broadcast(const T& x, unsigned src_lane = 0) const {
    return detail::WithMemberMask(warp_, [&](const auto& w) { return detail::ShflIdx(w.mask, x, w.base + src_lane); });
  }

 private:
  detail::LogicalWarp<kWidth> warp_;
};

}  // namespace warpsafe

#endif  // WARPSAFE_WARP_WARP_BROADCAST_CUH_
