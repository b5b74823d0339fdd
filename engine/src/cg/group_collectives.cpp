// The warp-level collectives of cooperative groups (thread_block_tile, coalesced_group): the
// intrinsics' instructions on the warp rendezvous, with kinds marked kGroupMemberKind so that a
// group member pairs only with the same member, and a member completed without lanes of its
// group that exited is reported (warp/rendezvous.cpp, ReportPartialGroup).
#include "warpsafe/engine/cg/group_calls.h"

#include "warp/rendezvous.h"

namespace warpsafe::engine {

static_assert(kGroupMemberKey == std::uint64_t{kGroupMemberKind} << 32,
              "the headers' shuffle key marks the same bit as the engine's kinds");

namespace {

constexpr std::uint16_t MemberKind(Family family, unsigned variant) {
  return static_cast<std::uint16_t>(MakeKind(family, variant) | kGroupMemberKind);
}

}  // namespace

std::uint32_t GroupVote(VoteMode mode, std::uint32_t mask, bool predicate, Site site) {
  Lane& self = RequireLane(mode == VoteMode::kBallot ? "group.ballot()"
                           : mode == VoteMode::kAny  ? "group.any()"
                                                     : "group.all()",
                           site);
  Warp& warp = ArriveCollective(self, MemberKind(Family::kVote, static_cast<unsigned>(mode)), mask, predicate ? 1 : 0,
                                0, site);
  return static_cast<std::uint32_t>(warp.out[self.lane]);
}

std::uint32_t GroupMatchAny(std::uint32_t mask, std::uint64_t value, unsigned bytes, Site site) {
  Lane& self = RequireLane("group.match_any()", site);
  Warp& warp = ArriveCollective(self, MemberKind(Family::kMatchAny, bytes), mask, value, 0, site);
  return static_cast<std::uint32_t>(warp.out[self.lane]);
}

std::uint32_t GroupMatchAll(std::uint32_t mask, std::uint64_t value, unsigned bytes, int* pred, Site site) {
  Lane& self = RequireLane("group.match_all()", site);
  Warp& warp = ArriveCollective(self, MemberKind(Family::kMatchAll, bytes), mask, value, 0, site);
  if (pred != nullptr) *pred = warp.pred[self.lane];
  return static_cast<std::uint32_t>(warp.out[self.lane]);
}

void GroupSync(std::uint32_t mask, Site site) {
  Lane& self = RequireLane("group.sync()", site);
  ArriveCollective(self, MemberKind(Family::kSyncWarp, 0), mask, 0, 0, site);
}

}  // namespace warpsafe::engine
