// The rendezvous shared by every warp collective (shfl, vote, match, redux, syncwarp).
#pragma once

#include <array>
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
// The group keyed `key` in `warp` that the calling lane joins, opened (with `op` and `site`) when
// no lane waits there yet; in Pascal mode it also checks the pre-Volta rules. Out of line: the
// hot path only checks the warp's single open group (Warp::fast_key).
[[gnu::noinline]] Group& ArriveSlow(Lane& self, Warp& warp, std::uint64_t key, std::uint64_t op, Site site);
// A lane arrives at `group` with another op than the group's: the group is no longer uniform, and
// the lanes arrived so far get the group's op in their slots of warp.op (a lane that waited at a
// uniform group through Shfl's assembly path wrote none), which a mixed group's computation reads.
[[gnu::noinline]] void MakeMixed(Warp& warp, Group& group);
// Recomputes warp.fast_key after groups opened or closed.
inline void RefreshFastKey(const Block& block, Warp& warp) {
  warp.fast_key = warp.group_count == 1 && !block.pascal() ? warp.groups[0].key : kNoFastKey;
}

// 1 << lane as a load: x86 shifts by a register count in two or three micro-operations (one with
// BMI2, which the engine does not assume), and this is on every lane's path to the switch.
inline constexpr auto kLaneBit = [] {
  std::array<std::uint32_t, 32> bits{};
  for (unsigned l = 0; l < 32; ++l) bits[l] = 1u << l;
  return bits;
}();

// Arrives at collective `kind` with `mask`, with operands `value` and `op` (op: the operands that
// the lanes of a collective usually share, such as a shuffle's lane argument and width; a group
// whose arrivals all give the same op is computed by a specialised loop). Returns when the
// collective has completed, with the lane's results in warp.out[lane] (and warp.pred[lane]).
// Reports a caller that its own mask does not name. Called only from a lane fiber. Inline: it is
// the engine's hot path; everything unusual (a second open group, Pascal mode) is out of line.
// `key` is GroupKey(kind, mask) (a caller may have it as one word already: shuffles do).
[[gnu::always_inline]] inline Warp& ArriveCollective(Lane& self, std::uint64_t key, std::uint64_t value,
                                                     std::uint64_t op, Site site) {
  const std::uint32_t mask = static_cast<std::uint32_t>(key);
  Block& block = *tls_block;  // self.block, from a fixed address (tls_block says why)
  self.site = site;
  const unsigned lane = self.lane;
  const std::uint32_t bit = kLaneBit[lane];
  if (__builtin_expect((mask & bit) == 0, 0)) {
    ReportCallerNotInMask(self, static_cast<std::uint16_t>(key >> 32), mask, site);
  }
  Warp& warp = *self.warp_state;
  warp.in[lane] = value;
  warp.op[lane] = op;
  Group* group = &warp.groups[0];
  if (__builtin_expect(warp.fast_key != key, 0)) group = &ArriveSlow(self, warp, key, op, site);
  if (__builtin_expect(group->op != op, 0)) MakeMixed(warp, *group);
  // `arrived` and the warp's `blocked` (Suspend) share the warp's first line and are stored one
  // after the other: they retire into the cache together.
  const std::uint32_t arrived = group->arrived |= bit;
  if ((mask & warp.present & ~arrived) == 0) {
    // The caller is the last lane the collective waited for: it completes it and goes on.
    CompleteGroup(block, warp, static_cast<unsigned>(group - warp.groups));
    return warp;
  }
  // Waiting at the group whose `arrived` holds the lane (the wait kind is written last, beside
  // the switch's own stores: Block::SwitchToLane).
  block.Suspend<true>(self, warp, bit, WaitKind::kCollective);
  // Read again rather than kept across the switch (Block::Suspend says why).
  return *LaneOf(tls_lane)->warp_state;
}

[[gnu::always_inline]] inline Warp& ArriveCollective(Lane& self, std::uint16_t kind, std::uint32_t mask, std::uint64_t value,
                              std::uint64_t op, Site site) {
  return ArriveCollective(self, GroupKey(kind, mask), value, op, site);
}

// After a lane of `warp` exited: completes the groups that waited only for lanes now gone.
void CompleteGroupsAfterExit(Block& block, Warp& warp);

// Per-family result computation over the group's participants (group.arrived), reading the
// warp's `in`/`op` arrays and writing `out`/`pred`. Defined in shuffle.cpp, vote.cpp, match.cpp, redux.cpp.
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
