// The rendezvous shared by every warp collective (shfl, vote, match, redux, syncwarp).
#pragma once

#include <cstdint>

#include "sched/block.h"

namespace warpsafe::engine {

// Arrives at collective `kind` with `mask` (the lane's operands already in self.in_*). Returns
// when the collective has completed, with the lane's results in self.out_*. Reports a caller that
// its own mask does not name. Called only from a lane fiber.
void ArriveCollective(Lane& self, std::uint16_t kind, std::uint32_t mask, Site site);

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
Lane& RequireLane(const char* what, Site site);

}  // namespace warpsafe::engine
