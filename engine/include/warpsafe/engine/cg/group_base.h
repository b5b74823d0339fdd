// What every cooperative group shares (<cooperative_groups.h>): where the calling thread is in its
// block and warp, and thread_group, the type that any group converts to (tiled_partition(parent,
// n) returns one). A group is a value computed by each of its threads for itself: the lanes of the
// caller's warp that belong to it (for groups within a warp), its size, and the caller's rank.
// Collectives go to the engine (group_calls.h). docs/semantics/cg.md states the rules.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "warpsafe/engine/api.h"
#include "warpsafe/engine/keywords.h"
#include "warpsafe/engine/cg/group_calls.h"
#include "warpsafe/engine/warp_intrinsics.h"

namespace warpsafe::engine::cg_detail {

// Read through CUDA's built-in variables, as device code does (keywords.h).
inline unsigned BlockThreadRank() { return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }
inline unsigned BlockSize() { return blockDim.x * blockDim.y * blockDim.z; }
inline unsigned LaneId() { return BlockThreadRank() % 32u; }
// The lanes of the caller's warp that exist (the block's last warp may be partial).
inline std::uint32_t ExistingLanes() {
  const unsigned first = BlockThreadRank() / 32u * 32u;
  const unsigned count = BlockSize() - first;
  return count >= 32 ? 0xffffffffu : (1u << count) - 1u;
}
// Lanes below the caller's (%lanemask_lt).
inline std::uint32_t LanesBelow() { return (1u << LaneId()) - 1u; }
inline unsigned PopCount(std::uint32_t m) { return static_cast<unsigned>(__builtin_popcount(m)); }
// The lane of the `rank`-th (from 0) set bit of `mask`; 32 when there is none.
inline unsigned NthLane(std::uint32_t mask, unsigned rank) {
  for (unsigned lane = 0; lane < 32; ++lane) {
    if ((mask >> lane) & 1u) {
      if (rank == 0) return lane;
      --rank;
    }
  }
  return 32;
}
// `bits` (lanes of the warp) as ranks of the group whose lanes are `mask`: bit k of the result is
// the lane of rank k (a software pext).
inline std::uint32_t LanesToRanks(std::uint32_t bits, std::uint32_t mask) {
  std::uint32_t out = 0;
  unsigned rank = 0;
  for (std::uint32_t m = mask; m != 0; m &= m - 1, ++rank) {
    if (bits & (m & (~m + 1))) out |= 1u << rank;
  }
  return out;
}
// The lanes of the caller's tile of `size` (a power of two up to 32) threads.
inline std::uint32_t TileLanes(unsigned size) {
  if (size >= 32) return 0xffffffffu;
  const std::uint32_t ones = (1u << size) - 1u;
  return ones << (LaneId() & ~(size - 1u));
}

// A shuffle by a group member: the intrinsic's instruction, marked as a member (group_calls.h). A
// value of any trivially copyable type moves in 8-byte pieces, each its own shuffle.
template <class T>
T MemberShuffle(ShflMode mode, std::uint32_t mask, const T& var, int arg, int width, Site site) {
  static_assert(std::is_trivially_copyable_v<T>, "a cooperative group shuffles trivially copyable types only");
  constexpr std::size_t kPiece = sizeof(T) >= 8 ? 8 : sizeof(T);
  constexpr std::size_t kPieces = (sizeof(T) + 7) / 8;
  unsigned char bytes[kPieces * 8] = {};
  std::memcpy(bytes, &var, sizeof(T));
  for (std::size_t p = 0; p < kPieces; ++p) {
    std::uint64_t piece = 0;
    std::memcpy(&piece, bytes + p * 8, 8);
    piece = Shfl(ShflKey(mode, kPiece < 4 ? 4 : static_cast<unsigned>(kPiece), mask) | kGroupMemberKey, piece,
                 ShflOp(arg, width), site);
    std::memcpy(bytes + p * 8, &piece, 8);
  }
  T out;
  std::memcpy(static_cast<void*>(&out), bytes, sizeof(T));
  return out;
}

template <class T>
constexpr bool kMatchable = (std::is_integral_v<T> || std::is_floating_point_v<T>) && (sizeof(T) == 4 || sizeof(T) == 8);

template <class T>
std::uint64_t MatchBits(const T& v) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof(T));
  return bits;
}

enum class GroupType : std::uint8_t { kBlock, kTile, kCoalesced, kGrid, kCluster };

}  // namespace warpsafe::engine::cg_detail

namespace cooperative_groups {

namespace cg_detail = ::warpsafe::engine::cg_detail;
using WarpsafeSite = ::warpsafe::engine::Site;

// Any group, its type erased: the block, a tile, or a coalesced group. Copies are cheap values.
class thread_group {
 public:
  unsigned long long size() const { return size_; }
  unsigned long long num_threads() const { return size_; }
  unsigned long long thread_rank() const { return rank_; }
  bool is_valid() const { return valid_; }
  unsigned int get_type() const { return static_cast<unsigned>(type_); }
  // The block's barrier for a block, the tile's barrier for a tile of several warps, bar.warp.sync
  // over the group's lanes otherwise.
  void sync(WarpsafeSite site = WarpsafeSite::Here()) const {
    if (type_ == cg_detail::GroupType::kBlock) {
      ::warpsafe::engine::SyncThreads(::warpsafe::engine::BarrierOp::kPlain, 0, site);
    } else if (type_ == cg_detail::GroupType::kTile && size_ > 32) {
      ::warpsafe::engine::TileSync(size_, "tile.sync()", site);  // a tile of several warps (multi_warp_tile.h)
    } else {
      ::warpsafe::engine::GroupSync(mask_, site);
    }
  }

  // For the engine's headers: the group's lanes in the caller's warp (tiles and coalesced groups).
  std::uint32_t warpsafe_lanes() const { return mask_; }
  unsigned warpsafe_meta_rank() const { return meta_rank_; }
  unsigned warpsafe_meta_size() const { return meta_size_; }

 protected:
  thread_group(cg_detail::GroupType type, unsigned size, unsigned rank, std::uint32_t mask, unsigned meta_rank = 0,
               unsigned meta_size = 1)
      : type_(type), size_(size), rank_(rank), mask_(mask), meta_rank_(meta_rank), meta_size_(meta_size) {}
  friend thread_group tiled_partition(const thread_group& parent, unsigned int tile_size);
  friend struct warpsafe_group_access;

  cg_detail::GroupType type_;
  bool valid_ = true;
  unsigned size_;
  unsigned rank_;
  std::uint32_t mask_;
  unsigned meta_rank_;
  unsigned meta_size_;
};

// Lets the engine's headers build groups (thread_group's constructor is not public, as in CUDA).
struct warpsafe_group_access {
  static thread_group Make(cg_detail::GroupType type, unsigned size, unsigned rank, std::uint32_t mask,
                           unsigned meta_rank, unsigned meta_size) {
    return thread_group(type, size, rank, mask, meta_rank, meta_size);
  }
};

// The free-function forms of the members.
template <class Group>
auto group_size(const Group& g) -> decltype(g.num_threads()) {
  return g.num_threads();
}
template <class Group>
auto thread_rank(const Group& g) -> decltype(g.thread_rank()) {
  return g.thread_rank();
}
template <class Group>
bool is_valid(const Group& g) {
  return g.is_valid();
}
template <class Group>
void sync(const Group& g, WarpsafeSite site = WarpsafeSite::Here()) {
  g.sync(site);
}

}  // namespace cooperative_groups
