// thread_block_tile<Size>: the block cut into tiles of Size threads in thread-rank order. A tile of
// 1, 2, 4, 8, 16 or 32 threads lies within one warp (docs/semantics/cg.md, CG-TILE): its members are
// the warp intrinsics over the tile's lanes with the tile's size as the width: shfl(v, r) reads rank
// r modulo Size, shfl_up/down stay within the tile, ballot and match give tile ranks. A tile of 64
// to 512 threads spans warps (multi_warp_tile.h).
#pragma once

#include <type_traits>

#include "warpsafe/engine/cg/multi_warp_tile.h"
#include "warpsafe/engine/cg/warp_group_members.h"

namespace cooperative_groups {

template <unsigned int Size, class ParentT = void>
class thread_block_tile;

// The members of a tile within one warp.
template <unsigned int Size>
class warpsafe_warp_tile : public thread_group {
  static_assert(Size == 1 || Size == 2 || Size == 4 || Size == 8 || Size == 16 || Size == 32,
                "thread_block_tile: a tile within a warp has 1, 2, 4, 8, 16 or 32 threads");
  using Mode = ::warpsafe::engine::ShflMode;

 public:
  static constexpr unsigned int numThreads = Size;
  static constexpr unsigned int num_threads() { return Size; }
  static constexpr unsigned int size() { return Size; }
  unsigned int thread_rank() const { return rank_; }
  unsigned int meta_group_rank() const { return meta_rank_; }
  unsigned int meta_group_size() const { return meta_size_; }

  void sync(WarpsafeSite site = WarpsafeSite::Here()) const { ::warpsafe::engine::GroupSync(mask_, site); }

  template <class T>
  T shfl(T var, int srcRank, WarpsafeSite site = WarpsafeSite::Here()) const {
    return cg_detail::MemberShuffle(Mode::kIdx, mask_, var, srcRank, Size, site);
  }
  template <class T>
  T shfl_up(T var, unsigned int delta, WarpsafeSite site = WarpsafeSite::Here()) const {
    return cg_detail::MemberShuffle(Mode::kUp, mask_, var, static_cast<int>(delta), Size, site);
  }
  template <class T>
  T shfl_down(T var, unsigned int delta, WarpsafeSite site = WarpsafeSite::Here()) const {
    return cg_detail::MemberShuffle(Mode::kDown, mask_, var, static_cast<int>(delta), Size, site);
  }
  template <class T>
  T shfl_xor(T var, unsigned int laneMask, WarpsafeSite site = WarpsafeSite::Here()) const {
    return cg_detail::MemberShuffle(Mode::kXor, mask_, var, static_cast<int>(laneMask), Size, site);
  }
  int any(int predicate, WarpsafeSite site = WarpsafeSite::Here()) const {
    return cg_detail::GroupAny(mask_, predicate, site);
  }
  int all(int predicate, WarpsafeSite site = WarpsafeSite::Here()) const {
    return cg_detail::GroupAll(mask_, predicate, site);
  }
  unsigned int ballot(int predicate, WarpsafeSite site = WarpsafeSite::Here()) const {
    return cg_detail::GroupBallot(mask_, predicate, site);
  }
  template <class T>
  unsigned int match_any(T value, WarpsafeSite site = WarpsafeSite::Here()) const {
    return cg_detail::GroupMatchAnyRanks(mask_, value, site);
  }
  template <class T>
  unsigned int match_all(T value, int& pred, WarpsafeSite site = WarpsafeSite::Here()) const {
    return cg_detail::GroupMatchAllRanks(mask_, value, pred, site);
  }

 protected:
  warpsafe_warp_tile(unsigned meta_rank, unsigned meta_size)
      : thread_group(cg_detail::GroupType::kTile, Size, cg_detail::BlockThreadRank() & (Size - 1),
                     cg_detail::TileLanes(Size), meta_rank, meta_size) {}
};

template <unsigned int Size>
class thread_block_tile<Size, void>
    : public std::conditional_t<(Size > 32), warpsafe_multi_warp_tile<Size>, warpsafe_warp_tile<Size>> {
  using Base = std::conditional_t<(Size > 32), warpsafe_multi_warp_tile<Size>, warpsafe_warp_tile<Size>>;

 protected:
  thread_block_tile(unsigned meta_rank, unsigned meta_size) : Base(meta_rank, meta_size) {}
  template <unsigned, class>
  friend class thread_block_tile;
  friend thread_block_tile<1, void> this_thread();
};

// A tile that remembers the type of the group it was cut from; it converts to the plain tile.
template <unsigned int Size, class ParentT>
class thread_block_tile : public thread_block_tile<Size, void> {
 public:
  explicit thread_block_tile(unsigned meta_rank, unsigned meta_size)
      : thread_block_tile<Size, void>(meta_rank, meta_size) {}
};

// The calling thread alone, as a tile of one: a group of its own (meta_group_rank 0 of 1, as an
// H100 gives; docs/semantics/cg.md, CG-TILE).
inline thread_block_tile<1, void> this_thread() { return thread_block_tile<1, void>(0, 1); }

}  // namespace cooperative_groups
