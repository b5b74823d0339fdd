// The engine calls behind <cooperative_groups.h>: a group's warp-level collectives and grid.sync().
// A group member is the instruction its intrinsic is (a tile's shfl is shfl.sync with the tile's
// lanes as the mask and the tile's size as the width), arriving at the same warp rendezvous, but
// marked as a member: every existing lane of the group must take part (docs/semantics/cg.md,
// CG-ALL), and reports name the member. Every function is called from a lane; from host code it
// reports `warpsafe: device built-in used in host code`.
#pragma once

#include <cstdint>

#include "warpsafe/engine/api.h"

namespace warpsafe::engine {

// Or'ed into a shuffle's ShflKey to make it a group member's (warp/warp.h, kGroupMemberKind).
inline constexpr std::uint64_t kGroupMemberKey = std::uint64_t{0x8000} << 32;

// vote.sync over the group's lanes `mask` of the caller's warp.
std::uint32_t GroupVote(VoteMode mode, std::uint32_t mask, bool predicate, Site site);
// match.sync (any, all) over a value of `bytes` (4 or 8) bytes. GroupMatchAll sets *pred.
std::uint32_t GroupMatchAny(std::uint32_t mask, std::uint64_t value, unsigned bytes, Site site);
std::uint32_t GroupMatchAll(std::uint32_t mask, std::uint64_t value, unsigned bytes, int* pred, Site site);
// bar.warp.sync over the group's lanes.
void GroupSync(std::uint32_t mask, Site site);

// The barrier of a thread_block_tile of `tile` threads (64 to 512, a power of two) under which
// every collective of such a tile runs: returns when every non-exited thread whose block thread
// rank shares rank / tile with the caller has called it for the same `member` (a string literal,
// "tile.shfl()", named in reports). A completion without threads of the tile that exited, and a
// thread at another member while the tile waits, are reported.
void TileSync(unsigned tile, const char* member, Site site);

// grid.sync(): returns when every thread of the grid has called it. Reports a launch that is not
// cooperative, a block of the grid that exited before it, and lanes of one block at different
// grid.sync() call sites.
void GridSync(Site site);
// True in a kernel launched with cudaLaunchCooperativeKernel (grid_group::is_valid()).
bool InCooperativeLaunch(Site site);

// Reports a use of cooperative groups that the engine does not provide (`what`), at `site`.
[[noreturn]] void GroupUnsupported(const char* what, Site site);
// What CUDA's own implementation does on a call it rejects at run time (`why`): __trap(). The
// calling thread's grid is aborted and its launch fails with cudaErrorLaunchFailure.
[[noreturn]] void GroupTrap(const char* why, Site site);

}  // namespace warpsafe::engine
