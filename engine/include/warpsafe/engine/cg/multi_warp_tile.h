// Tiles of more than one warp (thread_block_tile<64> up to <512>) and block_tile_memory
// (docs/semantics/cg.md, CG-TILE-LARGE). Such a tile is `Size` consecutive block thread ranks, a
// whole number of warps. Its sync() is a barrier of those warps (TileSync, engine/src/cg/
// tile_barrier.cpp); its collectives (shfl from one rank, any, all, cg::reduce and the scans) exchange values
// of at most 8 bytes, as CUDA's do, through one 8-byte slot per thread of block-shared scratch
// between two syncs, and every thread folds the slots in rank order, so all get the same bits.
//
// CUDA needs block_tile_memory (shared scratch handed to this_thread_block) on devices before
// compute capability 8.0 and takes it on any; the engine keeps its own scratch per block and accepts
// both forms. A block larger than the scratch's MaxBlockSize is reported, where CUDA traps.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "warpsafe/engine/cg/group_base.h"
#include "warpsafe/engine/cg/thread_block.h"
#include "warpsafe/engine/shared_proxy.h"

namespace cooperative_groups {

template <unsigned int MaxBlockSize = 1024>
struct block_tile_memory {
  static_assert(MaxBlockSize >= 32 && MaxBlockSize <= 1024, "block_tile_memory: a block of 32 to 1024 threads");
  // Never read: the engine's scratch lives with the block. Sized like a slot per warp so that the
  // block's shared memory use counts it as a GPU build would count its own.
  unsigned long long warpsafe_slots[MaxBlockSize / 32];
};

namespace cg_detail_multi_warp {

inline const char kScratchKey = 0;

// The block's scratch: one 8-byte slot per thread, indexed by block thread rank.
inline unsigned char* Slots(::warpsafe::engine::Site site) {
  return static_cast<unsigned char*>(
      ::warpsafe::engine::StaticShared(&kScratchKey, std::size_t{8} * cg_detail::BlockSize(), 8, site));
}

template <unsigned int MaxBlockSize>
thread_block CheckedBlock(::warpsafe::engine::Site site) {
  if (cg_detail::BlockSize() > MaxBlockSize) {
    ::warpsafe::engine::GroupUnsupported(
        "this_thread_block(block_tile_memory<N>&) in a block of more than N threads (CUDA traps)", site);
  }
  return this_thread_block();
}

// Whether a group type is a tile of several warps (its collectives go through the scratch).
template <class G, class = void>
inline constexpr bool kIsMultiWarp = false;
template <class G>
inline constexpr bool kIsMultiWarp<G, std::void_t<decltype(G::warpsafe_multi_warp)>> = true;

}  // namespace cg_detail_multi_warp

template <unsigned int MaxBlockSize>
thread_block this_thread_block(block_tile_memory<MaxBlockSize>&,
                               ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return cg_detail_multi_warp::CheckedBlock<MaxBlockSize>(site);
}
// A namespace-scope `__shared__ block_tile_memory<N>` reaches here as the front end's proxy.
template <unsigned int MaxBlockSize, std::size_t Align>
thread_block this_thread_block(const ::warpsafe::engine::SharedVariable<block_tile_memory<MaxBlockSize>, Align>&,
                               ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return cg_detail_multi_warp::CheckedBlock<MaxBlockSize>(site);
}

// The members of a tile of Size (64..512) threads.
template <unsigned int Size>
class warpsafe_multi_warp_tile : public thread_group {
  static_assert(Size == 64 || Size == 128 || Size == 256 || Size == 512,
                "thread_block_tile: a tile larger than a warp has 64, 128, 256 or 512 threads");

 public:
  static constexpr bool warpsafe_multi_warp = true;
  static constexpr unsigned int numThreads = Size;
  static constexpr unsigned int num_threads() { return Size; }
  static constexpr unsigned int size() { return Size; }
  unsigned int thread_rank() const { return rank_; }
  unsigned int meta_group_rank() const { return meta_rank_; }
  unsigned int meta_group_size() const { return meta_size_; }

  void sync(WarpsafeSite site = WarpsafeSite::Here()) const { ::warpsafe::engine::TileSync(Size, "tile.sync()", site); }

  // The value of rank `srcRank` (modulo Size) in every thread of the tile.
  template <class T>
  T shfl(T var, unsigned int srcRank, WarpsafeSite site = WarpsafeSite::Here()) const {
    static_assert(sizeof(T) <= 8 && std::is_trivially_copyable_v<T>,
                  "collectives of tiles larger than 32 threads take trivially copyable types of at most 8 bytes");
    unsigned char* slots = cg_detail_multi_warp::Slots(site) + 8 * FirstRank();
    if (rank_ == srcRank % Size) std::memcpy(slots, &var, sizeof(T));
    ::warpsafe::engine::TileSync(Size, "tile.shfl()", site);
    T out;
    std::memcpy(static_cast<void*>(&out), slots, sizeof(T));
    ::warpsafe::engine::TileSync(Size, "tile.shfl()", site);
    return out;
  }
  int any(int predicate, WarpsafeSite site = WarpsafeSite::Here()) const {
    return warpsafe_fold(predicate != 0 ? 1 : 0, [](int a, int b) { return a | b; }, "tile.any()", site);
  }
  int all(int predicate, WarpsafeSite site = WarpsafeSite::Here()) const {
    return warpsafe_fold(predicate != 0 ? 1 : 0, [](int a, int b) { return a & b; }, "tile.all()", site);
  }

  // `op` folded over every thread's `value` in rank order (cg::reduce over this tile, named
  // `member` in reports). Every thread of the tile must call it (CG-ALL); ranks beyond a partial
  // block's last thread do not exist.
  template <class T, class Op>
  T warpsafe_fold(T value, Op&& op, const char* member, WarpsafeSite site) const {
    return warpsafe_fold_ranks(value, op, Size, member, site);
  }

  // `op` folded in rank order over the values of ranks 0..thread_rank() (inclusive) or
  // 0..thread_rank()-1 (exclusive; rank 0 gets a value-initialized T, CG-SCAN).
  template <class T, class Op>
  T warpsafe_scan(T value, Op&& op, bool inclusive, const char* member, WarpsafeSite site) const {
    return warpsafe_fold_ranks(value, op, inclusive ? rank_ + 1 : rank_, member, site);
  }

 protected:
  // Publishes `value` in the caller's slot, waits for the tile, folds the slots of the tile's
  // first `count` ranks (those that exist) in rank order, and waits again so that the slots may be
  // reused. A count of 0 gives a value-initialized T.
  template <class T, class Op>
  T warpsafe_fold_ranks(T value, Op& op, unsigned count, const char* member, WarpsafeSite site) const {
    static_assert(sizeof(T) <= 8 && std::is_trivially_copyable_v<T>,
                  "collectives of tiles larger than 32 threads take trivially copyable types of at most 8 bytes");
    unsigned char* slots = cg_detail_multi_warp::Slots(site);
    std::memcpy(slots + 8 * cg_detail::BlockThreadRank(), &value, sizeof(T));
    ::warpsafe::engine::TileSync(Size, member, site);
    const unsigned first = FirstRank();
    const unsigned block = cg_detail::BlockSize();
    const unsigned last = first + count < block ? first + count : block;
    T acc{};
    if (first < last) std::memcpy(static_cast<void*>(&acc), slots + 8 * first, sizeof(T));
    for (unsigned r = first + 1; r < last; ++r) {
      T v;
      std::memcpy(static_cast<void*>(&v), slots + 8 * r, sizeof(T));
      acc = op(acc, v);
    }
    ::warpsafe::engine::TileSync(Size, member, site);
    return acc;
  }

  warpsafe_multi_warp_tile(unsigned meta_rank, unsigned meta_size)
      : thread_group(cg_detail::GroupType::kTile, Size, cg_detail::BlockThreadRank() & (Size - 1),
                     cg_detail::ExistingLanes(), meta_rank, meta_size) {}

 private:
  static unsigned FirstRank() { return cg_detail::BlockThreadRank() / Size * Size; }
};

}  // namespace cooperative_groups
