// The mask-less pre-Volta intrinsics (docs/semantics/legacy_warp.md). Each is its _sync form with
// the converged set as the mask: the lanes that wait at the call's converged point when their warp
// has no runnable lane left (sched/converged_set.h). Their kinds carry kMasklessVariant, so reports
// name the call as the program wrote it, and the rendezvous, the results and the inactive-source
// rule (SHFL-7) are the _sync forms' own.
#include "warp/rendezvous.h"

namespace warpsafe::engine {

std::uint64_t ShflConverged(std::uint64_t key, std::uint64_t value, std::uint64_t op, Site site) {
  const std::uint64_t kind_key = key | (std::uint64_t{kMasklessVariant} << 32);
  Lane& self = RequireLane(CollectiveName(static_cast<std::uint16_t>(kind_key >> 32)), site);
  const std::uint32_t converged = self.block->ArriveConverged(self, site);
  Warp& warp = ArriveCollective(self, (kind_key & ~std::uint64_t{0xffffffffu}) | converged, value, op, site);
  return warp.out[LaneOf(tls_lane)->lane];
}

std::uint32_t VoteConverged(VoteMode mode, bool predicate, Site site) {
  const std::uint16_t kind = MakeKind(Family::kVote, static_cast<unsigned>(mode) | kMasklessVariant);
  Lane& self = RequireLane(CollectiveName(kind), site);
  const std::uint32_t converged = self.block->ArriveConverged(self, site);
  Warp& warp = ArriveCollective(self, kind, converged, predicate ? 1 : 0, 0, site);
  return static_cast<std::uint32_t>(warp.out[LaneOf(tls_lane)->lane]);
}

}  // namespace warpsafe::engine
