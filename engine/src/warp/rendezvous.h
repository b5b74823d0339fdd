// The rendezvous shared by every warp collective (shfl, vote, match, redux, syncwarp).
#pragma once

#include <cstdint>

#include "sched/block.h"

namespace warpsafe::engine {

[[gnu::cold, gnu::noinline, noreturn]] void ReportCallerNotInMask(Lane& self, std::uint16_t kind, std::uint32_t mask,
                                                                  Site site);
// --arch sm_60: reports a lane joining group `g` from another call site, or lanes converged at one
// call site with different masks (PASCAL-1).
[[gnu::cold, gnu::noinline]] void CheckPreVolta(Lane& self, Warp& warp, unsigned g, Site site);
// Removes group `index` from the warp and computes its results and wakes its lanes.
void CompleteGroup(Block& block, Warp& warp, unsigned index);

// Arrives at collective `kind` with `mask` (the lane's operands already in self.in_*). Returns
// when the collective has completed, with the lane's results in self.out_*. Reports a caller that
// its own mask does not name. Called only from a lane fiber. Inline: it is the engine's hot path.
inline void ArriveCollective(Lane& self, std::uint16_t kind, std::uint32_t mask, Site site) {
  Block& block = *self.block;
  self.site = site;
  const std::uint32_t bit = 1u << self.lane;
  if (__builtin_expect((mask & bit) == 0, 0)) ReportCallerNotInMask(self, kind, mask, site);
  Warp& warp = block.warp(self.warp);
  self.coll_kind = kind;
  self.coll_mask = mask;
  unsigned g = 0;
  while (g < warp.group_count && !(warp.groups[g].kind == kind && warp.groups[g].mask == mask)) ++g;
  if (g == warp.group_count) warp.groups[warp.group_count++] = Group{kind, mask, 0, site};
  if (__builtin_expect(block.pascal(), 0)) CheckPreVolta(self, warp, g, site);
  const std::uint32_t arrived = warp.groups[g].arrived |= bit;
  if ((mask & warp.present & ~arrived) == 0) {
    // The caller is the last lane the collective waited for: it completes it and goes on.
    CompleteGroup(block, warp, g);
    return;
  }
  self.wait = WaitKind::kCollective;
  block.Suspend(self);
}

// After a lane of `warp` exited: completes the groups that waited only for lanes now gone.
void CompleteGroupsAfterExit(Block& block, Warp& warp);

// Per-family result computation over the group's participants (group.arrived), writing each
// participant's out_value/out_pred. Defined in shuffle.cpp, vote.cpp, match.cpp, redux.cpp.
void ComputeShfl(Block& block, Warp& warp, const Group& group);
void ComputeVote(Block& block, Warp& warp, const Group& group);
void ComputeMatchAny(Block& block, Warp& warp, const Group& group);
void ComputeMatchAll(Block& block, Warp& warp, const Group& group);
void ComputeRedux(Block& block, Warp& warp, const Group& group);

// "0x0000ffff"
std::string FormatMask(std::uint32_t mask);

// Resolves the calling lane or reports `what` used from host code.
inline Lane& RequireLane(const char* what, Site site) {
  Lane* self = CurrentLaneOrNull();
  if (__builtin_expect(self == nullptr, 0)) NotInKernel(what, site);
  return *self;
}

}  // namespace warpsafe::engine
