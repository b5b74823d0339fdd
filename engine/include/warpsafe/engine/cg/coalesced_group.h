// coalesced_group and coalesced_threads(): the lanes of the caller's warp that are converged with it
// at that instant, exactly the set __activemask() gives there, so under the random policies it is
// sometimes a strict subset of the warp (docs/semantics/cg.md, CG-COALESCED). Ranks follow lane
// order. Shuffles name ranks: each lane's source rank is turned into a lane, and the shuffle is an
// indexed one over the group's lanes.
#pragma once

#include "warpsafe/engine/cg/warp_group_members.h"

namespace cooperative_groups {

class coalesced_group : public thread_group {
  using Mode = ::warpsafe::engine::ShflMode;

 public:
  unsigned int size() const { return size_; }
  unsigned int num_threads() const { return size_; }
  unsigned int thread_rank() const { return rank_; }
  unsigned int meta_group_rank() const { return meta_rank_; }
  unsigned int meta_group_size() const { return meta_size_; }

  void sync(WarpsafeSite site = WarpsafeSite::Here()) const { ::warpsafe::engine::GroupSync(mask_, site); }

  // The value of rank srcRank. A whole warp wraps srcRank modulo 32 as __shfl_sync does; a smaller
  // group has no rank outside [0, size()): the shuffle then reads a lane outside the group, which is
  // reported (an H100 returns 0 there; CG-COALESCED-SHFL).
  template <class T>
  T shfl(T var, int srcRank, WarpsafeSite site = WarpsafeSite::Here()) const {
    if (mask_ == 0xffffffffu) return Indexed(var, static_cast<unsigned>(srcRank) & 31u, site);
    const unsigned lane = srcRank >= 0 && static_cast<unsigned>(srcRank) < size_
                              ? cg_detail::NthLane(mask_, static_cast<unsigned>(srcRank))
                              : static_cast<unsigned>(__builtin_ctz(~mask_));
    return Indexed(var, lane, site);
  }
  // The value of rank thread_rank() - delta, or the caller's own when there is none.
  template <class T>
  T shfl_up(T var, unsigned int delta, WarpsafeSite site = WarpsafeSite::Here()) const {
    const unsigned lane = delta <= rank_ ? cg_detail::NthLane(mask_, rank_ - delta) : cg_detail::LaneId();
    return Indexed(var, lane, site);
  }
  // The value of rank thread_rank() + delta, or the caller's own when there is none.
  template <class T>
  T shfl_down(T var, unsigned int delta, WarpsafeSite site = WarpsafeSite::Here()) const {
    const unsigned lane =
        delta < size_ - rank_ ? cg_detail::NthLane(mask_, rank_ + delta) : cg_detail::LaneId();
    return Indexed(var, lane, site);
  }
  int any(int predicate, WarpsafeSite site = WarpsafeSite::Here()) const {
    return cg_detail::GroupAny(mask_, predicate, site);
  }
  int all(int predicate, WarpsafeSite site = WarpsafeSite::Here()) const {
    return cg_detail::GroupAll(mask_, predicate, site);
  }
  unsigned int ballot(int predicate, WarpsafeSite site = WarpsafeSite::Here()) const {
    return cg_detail::GroupBallot(mask_, predicate, site);
  }
  template <class T>
  unsigned int match_any(T value, WarpsafeSite site = WarpsafeSite::Here()) const {
    return cg_detail::GroupMatchAnyRanks(mask_, value, site);
  }
  template <class T>
  unsigned int match_all(T value, int& pred, WarpsafeSite site = WarpsafeSite::Here()) const {
    return cg_detail::GroupMatchAllRanks(mask_, value, pred, site);
  }

  // For the engine's headers: the group of `lanes` of the caller's warp.
  static coalesced_group warpsafe_make(std::uint32_t lanes, unsigned meta_rank, unsigned meta_size) {
    return coalesced_group(lanes, meta_rank, meta_size);
  }

 private:
  coalesced_group(std::uint32_t lanes, unsigned meta_rank, unsigned meta_size)
      : thread_group(cg_detail::GroupType::kCoalesced, cg_detail::PopCount(lanes),
                     cg_detail::PopCount(lanes & cg_detail::LanesBelow()), lanes, meta_rank, meta_size) {}
  template <class T>
  T Indexed(const T& var, unsigned lane, WarpsafeSite site) const {
    return cg_detail::MemberShuffle(Mode::kIdx, mask_, var, static_cast<int>(lane), 32, site);
  }
};

inline coalesced_group coalesced_threads(WarpsafeSite site = WarpsafeSite::Here()) {
  return coalesced_group::warpsafe_make(::warpsafe::engine::ActiveMask(site), 0, 1);
}

}  // namespace cooperative_groups
