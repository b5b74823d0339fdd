// Converged points of the mask-less pre-Volta intrinsics (converged_set.h says what they model).
#include "sched/converged_set.h"

#include <cstring>

#include "sched/block.h"

namespace warpsafe::engine {

bool SiteBefore(const Site& a, const Site& b) {
  if (a.file != b.file) {
    const int order = std::strcmp(a.file != nullptr ? a.file : "", b.file != nullptr ? b.file : "");
    if (order != 0) return order < 0;
  }
  if (a.line != b.line) return a.line < b.line;
  return a.column < b.column;
}

unsigned FirstConvergedPoint(const Warp& warp) {
  WARPSAFE_ASSERT(warp.conv_count != 0, "a converged point to release is open");
  unsigned first = 0;
  for (unsigned i = 1; i < warp.conv_count; ++i) {
    if (SiteBefore(warp.conv[i].site, warp.conv[first].site)) first = i;
  }
  return first;
}

std::uint32_t Block::ArriveConverged(Lane& self, Site site) {
  Warp& w = warps_[self.warp];
  const std::uint32_t bit = 1u << self.lane;
  unsigned i = 0;
  while (i < w.conv_count && w.conv[i].site != site) ++i;
  if (i == w.conv_count) {
    WARPSAFE_ASSERT(w.conv_count < 32, "a warp has at most one converged point per lane");
    w.conv[w.conv_count++] = ActiveMaskGroup{site, 0};
    ++conv_open_;
    UpdateFastPath();
  }
  w.conv[i].members |= bit;
  self.site = site;
  if ((w.runnable() & ~bit) == 0 && w.conv_count == 1) {
    // The caller was the warp's last runnable lane and no other point is open: the point is
    // complete, and the caller goes on without a switch (the others it releases follow).
    const std::uint32_t members = w.conv[i].members;
    ReleaseConverged(w, i);
    return members;
  }
  self.wait = WaitKind::kConverged;
  Suspend(self);
  return static_cast<std::uint32_t>(self.out_value);
}

void Block::ReleaseConverged(Warp& warp, unsigned index) {
  const ActiveMaskGroup group = warp.conv[index];
  warp.conv[index] = warp.conv[--warp.conv_count];
  --conv_open_;
  UpdateFastPath();
  for (std::uint32_t m = group.members; m != 0; m &= m - 1) {
    Lane& l = lanes_[warp.first_tid + static_cast<unsigned>(__builtin_ctz(m))];
    l.out_value = group.members;
    if (StateOf(l) == LaneState::kBlocked) Wake(l);
  }
}

}  // namespace warpsafe::engine
