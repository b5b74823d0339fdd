// Cutting groups into smaller ones (docs/semantics/cg.md, CG-PARTITION): tiled_partition with a
// static size (a thread_block_tile) or a dynamic one (a thread_group), labeled_partition (threads
// with equal labels) and binary_partition (threads with equal predicates). The last two are
// collectives of the parent: every thread of it must call them.
#pragma once

#include <cstdio>

#include "warpsafe/engine/cg/coalesced_group.h"
#include "warpsafe/engine/cg/thread_block.h"
#include "warpsafe/engine/cg/thread_block_tile.h"
#include "warpsafe/engine/cg/warp_group_members.h"

namespace cooperative_groups {

template <unsigned int Size>
thread_block_tile<Size, thread_block> tiled_partition(const thread_block&) {
  const unsigned block = cg_detail::BlockSize();
  return thread_block_tile<Size, thread_block>(cg_detail::BlockThreadRank() / Size, (block + Size - 1) / Size);
}

template <unsigned int Size, unsigned int ParentSize, class GrandParent>
thread_block_tile<Size, thread_block_tile<ParentSize, GrandParent>> tiled_partition(
    const thread_block_tile<ParentSize, GrandParent>& parent) {
  static_assert(Size <= ParentSize, "tiled_partition: a tile is cut into tiles no larger than itself");
  return thread_block_tile<Size, thread_block_tile<ParentSize, GrandParent>>(parent.thread_rank() / Size,
                                                                              ParentSize / Size);
}

namespace cg_partition_detail {

// The part of `parent` (lanes of the caller's warp, the caller's rank in it) whose ranks share
// rank / size with the caller.
inline std::uint32_t RankTile(std::uint32_t parent, unsigned rank, unsigned size) {
  std::uint32_t lanes = 0;
  unsigned r = 0;
  for (std::uint32_t m = parent; m != 0; m &= m - 1, ++r) {
    if (r / size == rank / size) lanes |= m & (~m + 1);
  }
  return lanes;
}

inline bool ValidTileSize(unsigned n) { return n >= 1 && n <= 32 && (n & (n - 1)) == 0; }

// CUDA's tiled_partition with a run-time size takes a power of two from 1 to 32 and traps on any
// other size, 64 to 512 included (a tile of several warps has only the static form,
// tiled_partition<N>): the engine traps the same way, naming the size (CG-TILE-DYNAMIC).
[[noreturn]] inline void TrapOnTileSize(unsigned n, ::warpsafe::engine::Site site) {
  char why[200];
  std::snprintf(why, sizeof why,
                "tiled_partition(parent, %u): a tile size given at run time must be a power of two from 1 to 32, "
                "and CUDA traps on any other%s",
                n, n > 32 && n <= 1024 && (n & (n - 1)) == 0 ? " (tiled_partition<N> makes tiles of 64 to 512)" : "");
  ::warpsafe::engine::GroupTrap(why, site);
}

}  // namespace cg_partition_detail

inline coalesced_group tiled_partition(const coalesced_group& parent, unsigned int tile_size,
                                       WarpsafeSite site = WarpsafeSite::Here()) {
  if (!cg_partition_detail::ValidTileSize(tile_size)) cg_partition_detail::TrapOnTileSize(tile_size, site);
  const unsigned rank = parent.thread_rank();
  const unsigned size = parent.size();
  return coalesced_group::warpsafe_make(cg_partition_detail::RankTile(parent.warpsafe_lanes(), rank, tile_size),
                                        rank / tile_size, (size + tile_size - 1) / tile_size);
}

// A tile of tile_size threads of the block or of a tile, as a thread_group.
inline thread_group tiled_partition(const thread_group& parent, unsigned int tile_size,
                                    WarpsafeSite site = WarpsafeSite::Here()) {
  using cg_detail::GroupType;
  if (!cg_partition_detail::ValidTileSize(tile_size)) cg_partition_detail::TrapOnTileSize(tile_size, site);
  const unsigned rank = static_cast<unsigned>(parent.thread_rank());
  const unsigned size = static_cast<unsigned>(parent.size());
  if (parent.get_type() == static_cast<unsigned>(GroupType::kCoalesced)) {
    return tiled_partition(coalesced_group::warpsafe_make(parent.warpsafe_lanes(), parent.warpsafe_meta_rank(),
                                                          parent.warpsafe_meta_size()),
                           tile_size, site);
  }
  if (tile_size > size) {
    ::warpsafe::engine::GroupUnsupported("tiled_partition into tiles larger than the parent group", site);
  }
  // The last tile of a parent whose size is not a multiple of tile_size is partial: unlike a
  // thread_block_tile<N>, whose size is N whatever its parent, this group counts the threads it has.
  // The number of tiles is rounded up for a block, and rounded down for a tile's parent (as CUDA 13.0's
  // header computes them; the two differ only for a partial parent) (CG-TILE-PARTIAL).
  const unsigned base = rank / tile_size * tile_size;
  const unsigned threads = size - base < tile_size ? size - base : tile_size;
  const bool of_block = parent.get_type() == static_cast<unsigned>(GroupType::kBlock);
  return warpsafe_group_access::Make(GroupType::kTile, threads, cg_detail::BlockThreadRank() & (tile_size - 1),
                                     cg_detail::TileLanes(tile_size), rank / tile_size,
                                     of_block ? (size + tile_size - 1) / tile_size : size / tile_size);
}

// The threads of `parent` with the same label as the caller.
template <class Group>
coalesced_group labeled_partition(const Group& parent, int label, WarpsafeSite site = WarpsafeSite::Here()) {
  static_assert(cg_detail::kHasMatch && sizeof(Group) != 0, "labeled_partition requires sm_70 or later");
  const std::uint32_t lanes = parent.warpsafe_lanes();
  const std::uint32_t same = ::warpsafe::engine::GroupMatchAny(lanes, cg_detail::MatchBits(label), 4, site);
  const unsigned leader = static_cast<unsigned>(__builtin_ctz(same));
  const std::uint32_t leaders =
      ::warpsafe::engine::GroupVote(::warpsafe::engine::VoteMode::kBallot, lanes, cg_detail::LaneId() == leader, site);
  return coalesced_group::warpsafe_make(same, cg_detail::PopCount(leaders & ((1u << leader) - 1u)),
                                        cg_detail::PopCount(leaders));
}
template <class Group>
coalesced_group labeled_partition(const Group& parent, unsigned int label, WarpsafeSite site = WarpsafeSite::Here()) {
  return labeled_partition(parent, static_cast<int>(label), site);
}

// The threads of `parent` whose predicate is true, or those whose predicate is false.
template <class Group>
coalesced_group binary_partition(const Group& parent, bool pred, WarpsafeSite site = WarpsafeSite::Here()) {
  const std::uint32_t lanes = parent.warpsafe_lanes();
  const std::uint32_t set = ::warpsafe::engine::GroupVote(::warpsafe::engine::VoteMode::kBallot, lanes, pred, site);
  const std::uint32_t unset = lanes & cg_detail::ExistingLanes() & ~set;
  const std::uint32_t mine = pred ? set : unset;
  const bool both = set != 0 && unset != 0;
  return coalesced_group::warpsafe_make(mine, both && pred ? 1 : 0, both ? 2 : 1);
}

}  // namespace cooperative_groups
