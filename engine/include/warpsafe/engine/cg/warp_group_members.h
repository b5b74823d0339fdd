// The collectives that tiles and coalesced groups share (docs/semantics/cg.md, CG-VOTE, CG-MATCH):
// votes and matches over the group's lanes, their lane masks given back as the group's ranks.
#pragma once

#include "warpsafe/engine/cg/group_base.h"

namespace warpsafe::engine::cg_detail {

inline int GroupAny(std::uint32_t mask, int predicate, Site site) {
  return static_cast<int>(GroupVote(VoteMode::kAny, mask, predicate != 0, site));
}
inline int GroupAll(std::uint32_t mask, int predicate, Site site) {
  return static_cast<int>(GroupVote(VoteMode::kAll, mask, predicate != 0, site));
}
inline unsigned GroupBallot(std::uint32_t mask, int predicate, Site site) {
  return LanesToRanks(GroupVote(VoteMode::kBallot, mask, predicate != 0, site), mask);
}
// match.sync exists from sm_70 (nvcc rejects match_any/match_all and labeled_partition below it).
inline constexpr bool kHasMatch = __WARPSAFE_ARCH__ >= 700;

template <class T>
unsigned GroupMatchAnyRanks(std::uint32_t mask, T value, Site site) {
  static_assert(kHasMatch && sizeof(T) != 0, "match_any requires sm_70 or later");
  static_assert(kMatchable<T>, "match_any takes a 32- or 64-bit integer or floating-point value");
  return LanesToRanks(GroupMatchAny(mask, MatchBits(value), sizeof(T), site), mask);
}
template <class T>
unsigned GroupMatchAllRanks(std::uint32_t mask, T value, int& pred, Site site) {
  static_assert(kHasMatch && sizeof(T) != 0, "match_all requires sm_70 or later");
  static_assert(kMatchable<T>, "match_all takes a 32- or 64-bit integer or floating-point value");
  return LanesToRanks(GroupMatchAll(mask, MatchBits(value), sizeof(T), &pred, site), mask);
}

}  // namespace warpsafe::engine::cg_detail
