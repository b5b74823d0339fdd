// match.sync (any, all) on 32- and 64-bit values (docs/semantics.md, MATCH-*).
#include "warp/rendezvous.h"

namespace warpsafe::engine {

void ComputeMatchAny(Block&, Warp& warp, const Group& group) {
  for (std::uint32_t m = group.arrived; m != 0; m &= m - 1) {
    const unsigned lane = static_cast<unsigned>(__builtin_ctz(m));
    std::uint32_t same = 0;
    for (std::uint32_t o = group.arrived; o != 0; o &= o - 1) {
      const unsigned other = static_cast<unsigned>(__builtin_ctz(o));
      if (warp.in[other] == warp.in[lane]) same |= 1u << other;
    }
    warp.out[lane] = same;
  }
}

void ComputeMatchAll(Block&, Warp& warp, const Group& group) {
  const std::uint64_t first = warp.in[static_cast<unsigned>(__builtin_ctz(group.arrived))];
  bool all = true;
  for (std::uint32_t m = group.arrived; m != 0; m &= m - 1) {
    all = all && warp.in[static_cast<unsigned>(__builtin_ctz(m))] == first;
  }
  for (std::uint32_t m = group.arrived; m != 0; m &= m - 1) {
    const unsigned lane = static_cast<unsigned>(__builtin_ctz(m));
    warp.out[lane] = all ? group.arrived : 0;
    warp.pred[lane] = all ? 1 : 0;
  }
}

std::uint32_t MatchAny(std::uint32_t mask, std::uint64_t value, unsigned bytes, Site site) {
  Lane& self = RequireLane("__match_any_sync", site);
  Warp& warp = ArriveCollective(self, MakeKind(Family::kMatchAny, bytes), mask, value, 0, site);
  return static_cast<std::uint32_t>(warp.out[self.lane]);
}

std::uint32_t MatchAll(std::uint32_t mask, std::uint64_t value, unsigned bytes, int* pred, Site site) {
  Lane& self = RequireLane("__match_all_sync", site);
  Warp& warp = ArriveCollective(self, MakeKind(Family::kMatchAll, bytes), mask, value, 0, site);
  if (pred != nullptr) *pred = warp.pred[self.lane];
  return static_cast<std::uint32_t>(warp.out[self.lane]);
}

}  // namespace warpsafe::engine
