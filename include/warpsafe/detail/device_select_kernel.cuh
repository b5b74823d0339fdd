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
#include <type_traits>

#include "warpsafe/detail/block_storage.cuh"
#include "warpsafe/detail/device_launch.cuh"
#include "warpsafe/detail/device_tile.cuh"
#include "warpsafe/detail/device_tile_state.cuh"
#include "warpsafe/detail/lane.cuh"
#include "warpsafe/detail/shfl.cuh"
#include "warpsafe/detail/warp_scan_shfl.cuh"
#include "warpsafe/warp/operators.cuh"

namespace warpsafe::detail {

// Launch shapes (BENCHMARKS.md has the sweeps): 256 threads of 4 rows (16 KB) for items of at most 4
// bytes and of more than 16 (a tile is gathered in 32 KB of shared memory). Items of 8 to 16 bytes:
// 256 threads of 8 rows (32 KB, 4096 doubles) from 2^23 items, 128 of 8 from 2^21, and 512 of 4
// (32 KB) below (double, against CUB in the same runs: 1.16x and 1.12x at 2^28, 1.09x and 1.11x at
// 2^24 for 256 x 8; 1.07x and 1.05x at 2^22 for 128 x 8, where 256 x 4 gives 1.06-1.07x). With
// the look-back reading 4 tiles a lane (`device_bench --select-small`, two rounds each): at 2^20 128 x 8 ran 0.985x / 0.987x CUB, 512 x 4 1.030x / 1.038x, 384 x 4 1.045x /
// 1.038x, 256 x 4 1.060x / 1.019x, 256 x 8 0.997x / 1.000x; at 2^21 128 x 8 1.048x / 1.027x, 512 x
// 4 0.957x / 0.972x; at 2^22 128 x 8 1.010x / 1.023x. On another H200, with another look-back
// read, 512 x 4 is again the fastest at 2^20 (1.045x / 1.048x).
template <int kThreads, int kRowCount>
struct SelectShape {
  static constexpr int kBlockThreads = kThreads;
  static constexpr int kRows = kRowCount;
};
template <class T>
constexpr bool kWideSelectItems = sizeof(T) > 4 && sizeof(T) <= 16;  // larger ones: 256 x 4 (32 KB)
template <class T>
using SelectPolicy = typename std::conditional<kWideSelectItems<T>, SelectShape<256, 8>, SelectShape<256, 4>>::type;
template <class T>
using MidSelectPolicy = typename std::conditional<kWideSelectItems<T>, SelectShape<128, 8>, SelectShape<256, 4>>::type;
template <class T>
using SmallSelectPolicy =
    typename std::conditional<kWideSelectItems<T>, SelectShape<512, 4>, SelectShape<256, 4>>::type;
template <class T>
constexpr bool UseSmallSelectPolicy(std::int64_t n) {
  return n < (std::int64_t(1) << 21);
}
template <class T>
constexpr bool UseMidSelectPolicy(std::int64_t n) {
  return n < (std::int64_t(1) << 23);
}

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

template <class T, class Decide, class Count, class NumSelected, int kBlockThreads, int kRows, bool kVectorized,
          class Delays = TunedLookBackDelays<Count>>
__global__ void __launch_bounds__(kBlockThreads)
    DeviceSelectKernel(const T* in, Decide decide, T* out, NumSelected* num_selected, std::int64_t n,
                       TileState<Count> state, unsigned* ticket) {
  using Tile = StripedTile<T, kBlockThreads, kRows>;
  constexpr int kVec = Tile::kVec;
  constexpr int kSegments = Tile::kSegments;
  // One warp scans the segment counts, each lane summing kPerLane consecutive segments first.
  constexpr int kPerLane = (kSegments + kWarpThreads - 1) / kWarpThreads;
  static_assert(kPerLane <= 4, "at most 128 segments (warps x rows) a tile");
  static_assert(Tile::kTileItems * sizeof(T) <= 32768, "DeviceSelect: items of at most 32 bytes (a tile is gathered in shared memory)");
  __shared__ unsigned tile_ticket;
  __shared__ int segment_counts[kSegments];
  __shared__ Count tile_offset;
  __shared__ Uninitialized<T> gathered[Tile::kTileItems];

  const int thread = int(threadIdx.x);
  const unsigned lane = LaneId();
  const unsigned warp = unsigned(thread) / kWarpThreads;
  WaitForPriorGrid();  // the ticket and the tile states were cleared by the kernel before this one
  const std::int64_t tile = TakeTicket(ticket, tile_ticket);
  const std::int64_t tile_base = tile * Tile::kTileItems;
  typename Tile::Items x;
  const std::int64_t remaining = Tile::template LoadTile<kVectorized>(in, n, tile, thread, x);
  const bool full = remaining >= Tile::kTileItems;
  // Every item decided first, so that all the tile's flag loads are in flight together (the
  // reconvergence points below are memory fences the compiler does not move loads across).
  bool keep[kRows][kVec];
  int count[kRows];
WARPSAFE_UNROLL
  for (int r = 0; r < kRows; ++r) {
    count[r] = 0;
WARPSAFE_UNROLL
    for (int k = 0; k < kVec; ++k) {
      const int i = Tile::Offset(thread, r, k);
      keep[r][k] = (full || i < remaining) && decide(x[r][k], tile_base + i);
      count[r] += keep[r][k] ? 1 : 0;
    }
  }
  int row_inclusive[kRows], lane_prefix[kRows];
WARPSAFE_UNROLL
  for (int r = 0; r < kRows; ++r) {
    row_inclusive[r] = ShflInclusiveScan<kWarpThreads>(kFullMask, count[r], lane, 0u, Sum{});
    lane_prefix[r] = row_inclusive[r] - count[r];
    if (lane == kWarpThreads - 1) segment_counts[r * Tile::kWarps + warp] = row_inclusive[r];
    ReconvergeAfterBranch(kFullMask);  // keeps the next rows' shuffles out of the branch
  }
  __syncthreads();
  // Lane l holds segments [l * kPerLane, (l + 1) * kPerLane); lanes past the last hold none.
  int segment = 0;
WARPSAFE_UNROLL
  for (int j = 0; j < kPerLane; ++j) {
    const unsigned s = lane * kPerLane + j;
    if (s < unsigned(kSegments)) segment += segment_counts[s];
  }
  const int segment_inclusive = ShflInclusiveScan<kWarpThreads>(kFullMask, segment, lane, 0u, Sum{});
  const int tile_count = __shfl_sync(kFullMask, segment_inclusive, kWarpThreads - 1);

  // Gather the selected items in rank order. Segment s starts after the lanes before its holder's
  // and the segments before it in its holder's lane.
WARPSAFE_UNROLL
  for (int r = 0; r < kRows; ++r) {
    const int s = r * Tile::kWarps + int(warp);
    const int holder = s / kPerLane;
    const int lanes_before = __shfl_sync(kFullMask, segment_inclusive, holder > 0 ? holder - 1 : 0);
    int rank = (holder > 0 ? lanes_before : 0) + lane_prefix[r];
WARPSAFE_UNROLL
    for (int j = 0; j < kPerLane - 1; ++j) {
      if (holder * kPerLane + j < s) rank += segment_counts[holder * kPerLane + j];
    }
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
    const Count before = LookBack<Count>(state, tile, Sum{}, NoProbe(), Delays());
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
