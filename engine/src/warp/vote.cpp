// vote.sync (ballot, any, all) over the lanes that take part (docs/semantics.md, VOTE-*): exited
// lanes named in the mask do not take part and contribute no bit.
#include "warp/rendezvous.h"

namespace warpsafe::engine {

void ComputeVote(Block&, Warp& warp, const Group& group) {
  std::uint32_t ballot = 0;
  for (std::uint32_t m = group.arrived; m != 0; m &= m - 1) {
    const unsigned lane = static_cast<unsigned>(__builtin_ctz(m));
    if (warp.in[lane] != 0) ballot |= 1u << lane;
  }
  std::uint64_t result = 0;
  switch (static_cast<VoteMode>(VariantOf(group.kind) & 3)) {  // & 3: less the mask-less bit
    case VoteMode::kBallot: result = ballot; break;
    case VoteMode::kAny: result = ballot != 0; break;
    case VoteMode::kAll: result = ballot == group.arrived; break;
    case VoteMode::kUni: result = ballot == 0 || ballot == group.arrived; break;  // all lanes agree
  }
  for (std::uint32_t m = group.arrived; m != 0; m &= m - 1) {
    warp.out[static_cast<unsigned>(__builtin_ctz(m))] = result;
  }
}

std::uint32_t Vote(VoteMode mode, std::uint32_t mask, bool predicate, Site site) {
  Lane& self = RequireLane(mode == VoteMode::kBallot ? "__ballot_sync"
                           : mode == VoteMode::kAny  ? "__any_sync"
                           : mode == VoteMode::kAll  ? "__all_sync"
                                                     : "__uni_sync",
                           site);
  Warp& warp = ArriveCollective(self, MakeKind(Family::kVote, static_cast<unsigned>(mode)), mask, predicate ? 1 : 0, 0, site);
  return static_cast<std::uint32_t>(warp.out[self.lane]);
}

void SyncWarp(std::uint32_t mask, Site site) {
  Lane& self = RequireLane("__syncwarp", site);
  ArriveCollective(self, MakeKind(Family::kSyncWarp, 0), mask, 0, 0, site);
}

std::uint32_t ActiveMask(Site site) {
  Lane& self = RequireLane("__activemask", site);
  return self.block->ArriveActiveMask(self, site);
}

}  // namespace warpsafe::engine
