// The single-pass compaction kernel: one tile per block (tiles numbered by an atomic ticket, as in
// the scan), the tile's output offset found by decoupled look-back over the counts of selected
// items.
//
// Per tile: every thread loads its vectors (detail/device_tile.cuh) and decides each item (a flag,
// or the predicate); the counts are scanned like the scan kernel's items (per vector, per warp row
// with shuffles, per tile over the segments), giving each selected item its rank in the tile.
// Selected items are first gathered in shared memory in rank order, so that after the look-back the
// block writes them out with consecutive (coalesced) stores. The last tile writes the total count.
#pragma once
#ifndef WARPSAFE_DETAIL_DEVICE_SELECT_KERNEL_CUH_
#define WARPSAFE_DETAIL_DEVICE_SELECT_KERNEL_CUH_

#include <cstdint>

#include "warpsafe/detail/block_storage.cuh"
#include "warpsafe/detail/device_tile.cuh"
#include "warpsafe/detail/device_tile_state.cuh"
#include "warpsafe/detail/lane.cuh"
#include "warpsafe/detail/shfl.cuh"
#include "warpsafe/detail/warp_scan_shfl.cuh"
#include "warpsafe/warp/operators.cuh"

namespace warpsafe::detail {

template <class T>
struct SelectPolicy {
  static constexpr int kBlockThreads = 256;
  static constexpr int kRows = 4;
};

// Flags (DeviceSelect::Flagged) or a predicate (DeviceSelect::If) decide each item.
template <class F>
struct ByFlag {
  const F* flags;
  template <class T>
  WARPSAFE_DEVICE bool operator()(const T&, std::int64_t i) const { return bool(flags[i]); }
};
template <class Pred>
struct ByPredicate {
  Pred pred;
  template <class T>
  WARPSAFE_DEVICE bool operator()(const T& x, std::int64_t) const { return bool(pred(x)); }
};

template <class T, class Decide, class Count, class NumSelected, int kBlockThreads, int kRows, bool kVectorized>
__global__ void __launch_bounds__(kBlockThreads)
    DeviceSelectKernel(const T* in, Decide decide, T* out, NumSelected* num_selected, std::int64_t n,
                       TileState<Count> state, unsigned* ticket) {
  using Tile = StripedTile<T, kBlockThreads, kRows>;
  constexpr int kVec = Tile::kVec;
  constexpr int kSegments = Tile::kSegments;
  static_assert(kSegments <= kWarpThreads, "one warp scans the segment counts");
  static_assert(Tile::kTileItems * sizeof(T) <= 32768, "DeviceSelect: items of at most 32 bytes (a tile is gathered in shared memory)");
  __shared__ unsigned tile_ticket;
  __shared__ int segment_counts[kSegments];
  __shared__ Count tile_offset;
  __shared__ Uninitialized<T> gathered[Tile::kTileItems];

  const int thread = int(threadIdx.x);
  const unsigned lane = LaneId();
  const unsigned warp = unsigned(thread) / kWarpThreads;
  const std::int64_t tile = TakeTicket(ticket, tile_ticket);
  const std::int64_t tile_base = tile * Tile::kTileItems;
  typename Tile::Items x;
  const std::int64_t remaining = Tile::template LoadTile<kVectorized>(in, n, tile, thread, x);
  const bool full = remaining >= Tile::kTileItems;
  bool keep[kRows][kVec];
  int row_inclusive[kRows], lane_prefix[kRows];
WARPSAFE_UNROLL
  for (int r = 0; r < kRows; ++r) {
    int count = 0;
WARPSAFE_UNROLL
    for (int k = 0; k < kVec; ++k) {
      const int i = Tile::Offset(thread, r, k);
      keep[r][k] = (full || i < remaining) && decide(x[r][k], tile_base + i);
      count += keep[r][k] ? 1 : 0;
    }
    row_inclusive[r] = ShflInclusiveScan<kWarpThreads>(kFullMask, count, lane, 0u, Sum{});
    lane_prefix[r] = row_inclusive[r] - count;
    if (lane == kWarpThreads - 1) segment_counts[r * Tile::kWarps + warp] = row_inclusive[r];
  }
  __syncthreads();
  const int segment = lane < unsigned(kSegments) ? segment_counts[lane] : 0;
  const int segment_inclusive = ShflInclusiveScan<kWarpThreads>(kFullMask, segment, lane, 0u, Sum{});
  const int tile_count = __shfl_sync(kFullMask, segment_inclusive, kSegments - 1);

  // Gather the selected items in rank order.
WARPSAFE_UNROLL
  for (int r = 0; r < kRows; ++r) {
    const int s = r * Tile::kWarps + int(warp);
    const int segment_prefix = __shfl_sync(kFullMask, segment_inclusive, s > 0 ? s - 1 : 0);
    int rank = (s > 0 ? segment_prefix : 0) + lane_prefix[r];
WARPSAFE_UNROLL
    for (int k = 0; k < kVec; ++k) {
      if (keep[r][k]) gathered[rank++].Alias() = x[r][k];
    }
  }

  // The tile's offset in the output.
  if (tile == 0) {
    if (thread == 0) {
      state.Publish(0, kTilePrefix, Count(tile_count));
      tile_offset = 0;
    }
  } else if (warp == 0) {
    if (lane == 0) state.Publish(tile, kTileAggregate, Count(tile_count));
    const Count before = LookBack<Count>(state, tile, Sum{});
    if (lane == 0) {
      state.Publish(tile, kTilePrefix, Count(before + tile_count));
      tile_offset = before;
    }
  }
  __syncthreads();
  const Count offset = tile_offset;
  for (int i = thread; i < tile_count; i += kBlockThreads) out[offset + i] = gathered[i].Alias();
  if (tile == std::int64_t(gridDim.x) - 1 && thread == 0) *num_selected = NumSelected(offset + tile_count);
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_DEVICE_SELECT_KERNEL_CUH_
