// The single-pass scan kernel: one tile per block, tiles numbered in the order blocks start, the
// tile's prefix found by decoupled look-back (detail/device_tile_state.cuh).
//
// Per tile: every thread loads kRows 16-byte vectors (detail/device_tile.cuh) and scans each vector
// in registers; each warp scans the vectors' totals row by row with shuffles (the warp scan of the
// library); the last lane of each warp puts each row's total (a segment) in shared memory; one
// barrier; every warp scans the segment totals (one more warp scan), which gives each segment's
// prefix within the tile and the tile's aggregate. Warp 0 publishes the aggregate, looks back for
// the tile's prefix, publishes the inclusive prefix; one barrier hands the prefix to the block, and
// every thread writes its vectors.
//
// Tile numbers come from an atomic ticket, not blockIdx: a tile then only ever waits for tiles
// whose blocks have already started, so the look-back completes whatever order the hardware (or
// the engine) starts blocks in.
#pragma once
#ifndef WARPSAFE_DETAIL_DEVICE_SCAN_KERNEL_CUH_
#define WARPSAFE_DETAIL_DEVICE_SCAN_KERNEL_CUH_

#include <cstdint>

#include "warpsafe/detail/block_storage.cuh"
#include "warpsafe/detail/device_tile.cuh"
#include "warpsafe/detail/device_tile_state.cuh"
#include "warpsafe/detail/lane.cuh"
#include "warpsafe/detail/shfl.cuh"
#include "warpsafe/detail/warp_scan_shfl.cuh"

namespace warpsafe::detail {

// Launch shape of the scan for T (BENCHMARKS.md lists the shapes tried on an H200). 4-byte items:
// 128 threads of 8 rows (4096 items, 16 KB a tile). 8-byte items: 256 threads of 8 rows (4096
// items, 32 KB a tile), which ran 1.30x-1.32x faster than 256 x 4 (16 KB) for int64 and double, while
// for int32 the 32 KB tile measured no better than 128 x 8.
template <class T>
struct ScanPolicy {
  static constexpr int kBlockThreads = sizeof(T) == 4 ? 128 : 256;
  static constexpr int kRows = 8;
};

template <class T, class Op, int kBlockThreads, int kRows, bool kExclusive, bool kVectorized>
__global__ void __launch_bounds__(kBlockThreads)
    DeviceScanKernel(const T* in, T* out, std::int64_t n, Op op, T initial, TileState<T> state, unsigned* ticket) {
  using Tile = StripedTile<T, kBlockThreads, kRows>;
  constexpr int kVec = Tile::kVec;
  constexpr int kSegments = Tile::kSegments;
  // One warp scans the segment totals, each lane folding kPerLane consecutive segments first.
  constexpr int kPerLane = (kSegments + kWarpThreads - 1) / kWarpThreads;
  static_assert(kPerLane <= 2, "at most 64 segments (warps x rows) a tile");
  __shared__ unsigned tile_ticket;
  __shared__ Uninitialized<T> segment_totals[kSegments];
  __shared__ Uninitialized<T> tile_prefix;

  const int thread = int(threadIdx.x);
  const unsigned lane = LaneId();
  const unsigned warp = unsigned(thread) / kWarpThreads;
  const std::int64_t tile = TakeTicket(ticket, tile_ticket);
  const std::int64_t tile_base = tile * Tile::kTileItems;
  typename Tile::Items x;
  const std::int64_t remaining = Tile::template LoadTile<kVectorized>(in, n, tile, thread, x);
  const bool full = remaining >= Tile::kTileItems;

  // Each vector scanned in registers; the vectors' totals scanned across the warp, row by row.
  typename Tile::Items scanned;
  T row_inclusive[kRows];
  Maybe<T> lane_prefix[kRows];
WARPSAFE_UNROLL
  for (int r = 0; r < kRows; ++r) {
    scanned[r][0] = x[r][0];
WARPSAFE_UNROLL
    for (int k = 1; k < kVec; ++k) scanned[r][k] = op(scanned[r][k - 1], x[r][k]);
    row_inclusive[r] = ShflInclusiveScan<kWarpThreads>(kFullMask, scanned[r][kVec - 1], lane, 0u, op);
  }
WARPSAFE_UNROLL
  for (int r = 0; r < kRows; ++r) {
    lane_prefix[r].value = ShflUpClamped(kFullMask, row_inclusive[r], lane, 1u, 0u, lane_prefix[r].has);
    if (lane == kWarpThreads - 1) segment_totals[r * Tile::kWarps + warp].Alias() = row_inclusive[r];
  }
  __syncthreads();

  // Every warp scans the segment totals, lane l holding segments [l * kPerLane, (l+1) * kPerLane):
  // segment s's prefix is then lane s / kPerLane - 1's inclusive value followed by the segments
  // before s in its own lane (read again from shared memory). Lanes past the last segment hold
  // copies that come after every real one and never count.
  const unsigned first_segment = lane * kPerLane < unsigned(kSegments) ? lane * kPerLane : 0u;
  T segment = segment_totals[first_segment].Alias();
WARPSAFE_UNROLL
  for (int j = 1; j < kPerLane; ++j) {
    if (first_segment + j < unsigned(kSegments)) segment = op(segment, segment_totals[first_segment + j].Alias());
  }
  const T segment_inclusive = ShflInclusiveScan<kWarpThreads>(kFullMask, segment, lane, 0u, op);
  const T aggregate = ShflIdx(kFullMask, segment_inclusive, unsigned((kSegments - 1) / kPerLane));

  // The tile's prefix: `initial` (exclusive scans) or nothing before tile 0; the look-back after.
  Maybe<T> block_prefix{initial, kExclusive};
  if (tile == 0) {
    if (thread == 0) state.Publish(0, kTilePrefix, Combine(block_prefix, Maybe<T>{aggregate, true}, op).value);
  } else {
    if (warp == 0) {
      if (lane == 0) state.Publish(tile, kTileAggregate, aggregate);
      const T exclusive = LookBack<T>(state, tile, op);
      if (lane == 0) {
        state.Publish(tile, kTilePrefix, T(op(exclusive, aggregate)));
        tile_prefix.Alias() = exclusive;
      }
    }
    __syncthreads();
    block_prefix = Maybe<T>{tile_prefix.Alias(), true};
  }

  // Each item: the tile prefix, the segment's prefix, the lane's prefix in the row, its vector.
WARPSAFE_UNROLL
  for (int r = 0; r < kRows; ++r) {
    const int s = r * Tile::kWarps + int(warp);
    const int holder = s / kPerLane;
    Maybe<T> segment_prefix;
    segment_prefix.value = ShflIdx(kFullMask, segment_inclusive, unsigned(holder > 0 ? holder - 1 : 0));
    segment_prefix.has = holder > 0;
WARPSAFE_UNROLL
    for (int j = 0; j < kPerLane - 1; ++j) {
      const int before = holder * kPerLane + j;  // a segment of s's own lane that precedes s
      if (before < s) segment_prefix = Combine(segment_prefix, Maybe<T>{segment_totals[before].Alias(), true}, op);
    }
    const Maybe<T> prefix = Combine(Combine(block_prefix, segment_prefix, op), lane_prefix[r], op);
    if constexpr (kExclusive) {
      // Item k's exclusive value is the prefix and the vector's items before k (scanned[r][k-1]);
      // the prefix is present: an exclusive scan starts from `initial`.
      x[r][0] = prefix.value;
WARPSAFE_UNROLL
      for (int k = 1; k < kVec; ++k) x[r][k] = op(prefix.value, scanned[r][k - 1]);
    } else {
WARPSAFE_UNROLL
      for (int k = 0; k < kVec; ++k) x[r][k] = prefix.has ? T(op(prefix.value, scanned[r][k])) : scanned[r][k];
    }
  }
  if (full) Tile::template StoreFull<kVectorized>(out + tile_base, thread, x);
  else Tile::StorePartial(out + tile_base, thread, int(remaining), x);
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_DEVICE_SCAN_KERNEL_CUH_
