// match.sync (any, all) on 32- and 64-bit values (docs/semantics.md, MATCH-*).
#include "warp/rendezvous.h"

namespace warpsafe::engine {

void ComputeMatchAny(Block& block, Warp& warp, const Group& group) {
  for (std::uint32_t m = group.arrived; m != 0; m &= m - 1) {
    Lane& self = block.lane(warp.first_tid + static_cast<unsigned>(__builtin_ctz(m)));
    std::uint32_t same = 0;
    for (std::uint32_t o = group.arrived; o != 0; o &= o - 1) {
      const unsigned other = static_cast<unsigned>(__builtin_ctz(o));
      if (block.lane(warp.first_tid + other).in_value == self.in_value) same |= 1u << other;
    }
    self.out_value = same;
  }
}

void ComputeMatchAll(Block& block, Warp& warp, const Group& group) {
  const std::uint64_t first = block.lane(warp.first_tid + static_cast<unsigned>(__builtin_ctz(group.arrived))).in_value;
  bool all = true;
  for (std::uint32_t m = group.arrived; m != 0; m &= m - 1) {
    all = all && block.lane(warp.first_tid + static_cast<unsigned>(__builtin_ctz(m))).in_value == first;
  }
  for (std::uint32_t m = group.arrived; m != 0; m &= m - 1) {
    Lane& l = block.lane(warp.first_tid + static_cast<unsigned>(__builtin_ctz(m)));
    l.out_value = all ? group.arrived : 0;
    l.out_pred = all ? 1 : 0;
  }
}

std::uint32_t MatchAny(std::uint32_t mask, std::uint64_t value, unsigned bytes, Site site) {
  Lane& self = RequireLane("__match_any_sync", site);
  self.in_value = value;
  ArriveCollective(self, MakeKind(Family::kMatchAny, bytes), mask, site);
  return static_cast<std::uint32_t>(self.out_value);
}

std::uint32_t MatchAll(std::uint32_t mask, std::uint64_t value, unsigned bytes, int* pred, Site site) {
  Lane& self = RequireLane("__match_all_sync", site);
  self.in_value = value;
  ArriveCollective(self, MakeKind(Family::kMatchAll, bytes), mask, site);
  if (pred != nullptr) *pred = self.out_pred;
  return static_cast<std::uint32_t>(self.out_value);
}

}  // namespace warpsafe::engine
