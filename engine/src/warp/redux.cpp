// redux.sync (sm_80 and later; the header rejects older arches as nvcc does) over 32-bit values,
// with signed or unsigned min/max (docs/semantics.md, REDUX-*).
#include "warp/rendezvous.h"

namespace warpsafe::engine {

void ComputeRedux(Block&, Warp& warp, const Group& group) {
  const ReduxOp op = static_cast<ReduxOp>(VariantOf(group.kind) & 0xf);
  const bool is_signed = (VariantOf(group.kind) & 0x10) != 0;
  bool first = true;
  std::uint32_t acc = 0;
  for (std::uint32_t m = group.arrived; m != 0; m &= m - 1) {
    const auto v = static_cast<std::uint32_t>(warp.in[static_cast<unsigned>(__builtin_ctz(m))]);
    if (first) {
      acc = v;
      first = false;
      continue;
    }
    switch (op) {
      case ReduxOp::kAdd: acc += v; break;
      case ReduxOp::kMin:
        acc = is_signed ? static_cast<std::uint32_t>(std::min(static_cast<std::int32_t>(acc), static_cast<std::int32_t>(v)))
                        : std::min(acc, v);
        break;
      case ReduxOp::kMax:
        acc = is_signed ? static_cast<std::uint32_t>(std::max(static_cast<std::int32_t>(acc), static_cast<std::int32_t>(v)))
                        : std::max(acc, v);
        break;
      case ReduxOp::kAnd: acc &= v; break;
      case ReduxOp::kOr: acc |= v; break;
      case ReduxOp::kXor: acc ^= v; break;
    }
  }
  for (std::uint32_t m = group.arrived; m != 0; m &= m - 1) {
    warp.out[static_cast<unsigned>(__builtin_ctz(m))] = acc;
  }
}

std::uint32_t Redux(ReduxOp op, bool is_signed, std::uint32_t mask, std::uint32_t value, Site site) {
  Lane& self = RequireLane("__reduce_*_sync", site);
  Warp& warp = ArriveCollective(self, MakeKind(Family::kRedux, static_cast<unsigned>(op) | (is_signed ? 0x10u : 0u)),
                                mask, value, 0, site);
  return static_cast<std::uint32_t>(warp.out[self.lane]);
}

}  // namespace warpsafe::engine
