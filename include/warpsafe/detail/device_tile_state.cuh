// Tile states for decoupled look-back, and the look-back itself.
//
// Every tile of a single-pass scan publishes, as soon as it knows it, its aggregate (status
// kTileAggregate) and then its inclusive prefix (kTilePrefix: op over every tile up to and including
// it). A tile learns its exclusive prefix by walking back over its predecessors 32 at a time, one
// per lane of its first warp: it combines aggregates until it meets an inclusive prefix. Tile 0
// publishes its inclusive prefix at once, so the walk always ends.
//
// Storage (cleared to zero, i.e. kTileEmpty, before the launch):
//  - 4-byte values: one 64-bit word per tile, status in the high half, value bits in the low half;
//    relaxed loads and stores suffice (detail/device_memory_order.cuh);
//  - 8-byte values: a status word per tile and separate aggregate and prefix arrays (a reader that
//    saw kTileAggregate must not get the prefix written over it later), release/acquire ordered.
#pragma once
#ifndef WARPSAFE_DETAIL_DEVICE_TILE_STATE_CUH_
#define WARPSAFE_DETAIL_DEVICE_TILE_STATE_CUH_

#include <cstddef>
#include <cstdint>

#include "warpsafe/detail/block_storage.cuh"
#include "warpsafe/detail/device_memory_order.cuh"
#include "warpsafe/detail/lane.cuh"
#include "warpsafe/detail/warp_reduce_shfl.cuh"

namespace warpsafe::detail {

enum TileStatus : unsigned { kTileEmpty = 0, kTileAggregate = 1, kTilePrefix = 2 };

__host__ __device__ constexpr std::size_t AlignUp(std::size_t bytes, std::size_t to) {
  return (bytes + to - 1) / to * to;
}

template <class T, bool kPacked = sizeof(T) == 4>
class TileState;

template <class T>
class TileState<T, true> {
 public:
  static std::size_t Bytes(std::int64_t tiles) { return AlignUp(std::size_t(tiles) * 8u, 256); }
  TileState() = default;
  TileState(void* storage, std::int64_t) : words_(static_cast<unsigned long long*>(storage)) {}

  WARPSAFE_DEVICE void Publish(std::int64_t tile, unsigned status, const T& value) const {
    unsigned bits;
    memcpy(&bits, &value, 4);
    StoreRelaxed64(words_ + tile, (static_cast<unsigned long long>(status) << 32) | bits);
  }
  // The tile's status; `value` is meaningful unless it is kTileEmpty.
  WARPSAFE_DEVICE unsigned Read(std::int64_t tile, T& value) const {
    const unsigned long long word = LoadRelaxed64(words_ + tile);
    const unsigned bits = static_cast<unsigned>(word);
    memcpy(&value, &bits, 4);
    return static_cast<unsigned>(word >> 32);
  }

 private:
  unsigned long long* words_ = nullptr;
};

template <class T>
class TileState<T, false> {
 public:
  static std::size_t Bytes(std::int64_t tiles) {
    return AlignUp(std::size_t(tiles) * 4u, 256) + 2 * AlignUp(std::size_t(tiles) * sizeof(T), 256);
  }
  TileState() = default;
  TileState(void* storage, std::int64_t tiles) {
    char* p = static_cast<char*>(storage);
    status_ = reinterpret_cast<unsigned*>(p);
    aggregates_ = reinterpret_cast<T*>(p + AlignUp(std::size_t(tiles) * 4u, 256));
    prefixes_ = reinterpret_cast<T*>(p + AlignUp(std::size_t(tiles) * 4u, 256) +
                                     AlignUp(std::size_t(tiles) * sizeof(T), 256));
  }

  WARPSAFE_DEVICE void Publish(std::int64_t tile, unsigned status, const T& value) const {
    (status == kTileAggregate ? aggregates_ : prefixes_)[tile] = value;
    StoreRelease32(status_ + tile, status);
  }
  WARPSAFE_DEVICE unsigned Read(std::int64_t tile, T& value) const {
    const unsigned status = LoadAcquire32(status_ + tile);
    if (status != kTileEmpty) value = LoadCoherent((status == kTileAggregate ? aggregates_ : prefixes_) + tile);
    return status;
  }

 private:
  unsigned* status_ = nullptr;
  T* aggregates_ = nullptr;
  T* prefixes_ = nullptr;
};

// The block's tile, numbered by the ticket in the order blocks start: a tile then only waits for
// tiles whose blocks are running. Thread 0 takes it into `slot` (a __shared__ unsigned of the
// kernel); a barrier, so every thread of the block calls.
WARPSAFE_DEVICE std::int64_t TakeTicket(unsigned* ticket, unsigned& slot) {
  if (threadIdx.x == 0) slot = atomicAdd(ticket, 1u);
  __syncthreads();
  return slot;
}

// op over the values of tiles 0 .. tile-1 (tile >= 1), in every lane. Called by all 32 lanes of a
// complete warp. Lane l looks at tile (end - 32 + l) of the window [end - 32, end); the window's
// nearest inclusive prefix and every aggregate after it are combined in tile order, so the
// operator need not commute.
template <class T, class Op, class State>
WARPSAFE_DEVICE T LookBack(const State& state, std::int64_t tile, Op op) {
  const unsigned lane = LaneId();
  Maybe<T> after{T(), false};  // op over the tiles already passed (those after the window)
  for (std::int64_t end = tile;; end -= kWarpThreads) {
    const std::int64_t t = end - kWarpThreads + std::int64_t(lane);
    T value;
    memset(&value, 0, sizeof(T));
    // Tiles before tile 0 do not exist; they sit below tile 0's inclusive prefix and never count.
    unsigned status = t >= 0 ? state.Read(t, value) : unsigned(kTilePrefix);
    unsigned delay = 32;
    while (__any_sync(kFullMask, status == kTileEmpty)) {
      Backoff(delay);
      if (status == kTileEmpty) status = state.Read(t, value);
    }
    const std::uint32_t prefixes = __ballot_sync(kFullMask, status == kTilePrefix);
    const unsigned head = prefixes != 0 ? HighestBit(prefixes) : 0u;
    const T window = RangeReduce<kWarpThreads>(kFullMask, value, lane, head, kWarpThreads - 1, op);
    after = Combine(Maybe<T>{window, true}, after, op);
    if (prefixes != 0) return after.value;
  }
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_DEVICE_TILE_STATE_CUH_
