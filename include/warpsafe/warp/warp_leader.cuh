// WarpLeader: electing one lane of a set.
//
//  - Elect(mask): the lowest lane of mask; a pure function of mask, no collective.
//  - Discover(): the CUDA Programming Guide's discovery pattern. __activemask() is only a query
//    ("which lanes are converged with me now"), so the set it returns is whatever the schedule
//    gives; the lanes in it then agree on one leader and use that set as the member mask of the
//    collectives that follow. The lanes that execute __activemask() together get the same set, and
//    sets of lanes that execute it apart are disjoint, so the set is a valid member mask for the
//    lanes in it (as in `__match_any_sync(__activemask(), ptr)`, the Guide's own example).
//
//   const warpsafe::LeaderGroup g = warpsafe::WarpLeader().Discover();
//   if (g.is_leader) atomicAdd(counter, __popc(g.mask));   // one atomic for the lanes here now
//
// Thread contract: Discover is called by whichever lanes arrive; no lane may wait on one that has
// not. TempStorage is empty.
#pragma once
#ifndef WARPSAFE_WARP_WARP_LEADER_CUH_
#define WARPSAFE_WARP_WARP_LEADER_CUH_

#include "warpsafe/detail/lane.cuh"

namespace warpsafe {

struct LeaderGroup {
  std::uint32_t mask;  // the lanes that took part
  unsigned leader;     // the lowest of them
  bool is_leader;      // whether the caller is the leader
};

class WarpLeader {
 public:
  struct TempStorage {};

  WARPSAFE_DEVICE WarpLeader() {}
  WARPSAFE_DEVICE explicit WarpLeader(TempStorage&) {}

  static WARPSAFE_DEVICE unsigned Elect(std::uint32_t mask) { return detail::LowestBit(mask); }
  static WARPSAFE_DEVICE bool IsLeader(std::uint32_t mask) { return detail::LaneId() == detail::LowestBit(mask); }

  WARPSAFE_DEVICE LeaderGroup Discover() const {
    const std::uint32_t mask = __activemask();
    LeaderGroup g;
    g.mask = mask;
    g.leader = detail::LowestBit(mask);
    g.is_leader = detail::LaneId() == g.leader;
    return g;
  }
};

}  // namespace warpsafe

#endif  // WARPSAFE_WARP_WARP_LEADER_CUH_
