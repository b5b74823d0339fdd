// WarpRank: a lane's rank among the lanes of its logical warp whose predicate holds (ballot, lane
// mask, popc), i.e. its slot in a warp-level stream compaction, and the number of such lanes.
//
//   unsigned n;
//   unsigned slot = warpsafe::WarpRank<>().Rank(keep, n);   // lanes with keep write out[base + slot]
//
// Thread contract: every existing lane of the logical warp calls Rank. TempStorage is empty.
#pragma once
#ifndef WARPSAFE_WARP_WARP_RANK_CUH_
#define WARPSAFE_WARP_WARP_RANK_CUH_

#include "warpsafe/detail/logical_warp.cuh"

namespace warpsafe {

template <int kWidth = kWarpThreads>
class WarpRank {
  static_assert(kWidth >= 1 && kWidth <= kWarpThreads, "WarpRank: a logical warp has 1 to 32 lanes");

 public:
  struct TempStorage {};

  WARPSAFE_DEVICE WarpRank() {}
  WARPSAFE_DEVICE explicit WarpRank(TempStorage&) {}

  // The number of lanes below the caller in its logical warp whose predicate is true; `total` gets
  // the number of all such lanes. `ballot` (optional) the hardware-lane bits of those lanes.
  WARPSAFE_DEVICE unsigned Rank(bool predicate, unsigned& total) const {
    std::uint32_t ballot;
    return Rank(predicate, total, ballot);
  }
  WARPSAFE_DEVICE unsigned Rank(bool predicate, unsigned& total, std::uint32_t& ballot) const {
    ballot = detail::WithMemberMask(warp_, [&](const auto& w) { return __ballot_sync(w.mask, predicate) & w.mask; });
    total = __popc(ballot);
    return __popc(ballot & detail::LaneMaskLt(warp_.lane));
  }

 private:
  detail::LogicalWarp<kWidth> warp_;
};

}  // namespace warpsafe

#endif  // WARPSAFE_WARP_WARP_RANK_CUH_
