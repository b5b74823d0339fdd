// The single-pass scan kernel: one tile per block, tiles numbered in the order blocks start, the
// tile's prefix found by decoupled look-back (detail/device_tile_state.cuh).
//
// Per tile: every thread loads kRows 16-byte vectors (detail/device_tile.cuh), into registers or
// into shared memory (RegisterTile, SharedTile). Row by row, each thread scans its vector, the warp
// scans the vectors' totals with shuffles (the warp scan of the library), and each item is replaced
// by its scan within the row's segment; the last lane of each warp puts the segment's total in
// shared memory. One barrier; every warp scans the segment totals (one more warp scan), which gives
// each segment's prefix within the tile and the tile's aggregate. Warp 0 publishes the aggregate,
// looks back for the tile's prefix, publishes the inclusive prefix; one barrier hands the prefix to
// the block, and every thread adds it (with its segment's prefix) to its items and writes them.
// (In small grids a policy may have the whole block look back instead: BlockLookBackWalk.)
//
// Tile numbers come from an atomic ticket, not blockIdx: a tile then only ever waits for tiles
// whose blocks have already started, so the look-back completes whatever order the hardware (or
// the engine) starts blocks in.
#pragma once
#ifndef WARPSAFE_DETAIL_DEVICE_SCAN_KERNEL_CUH_
#define WARPSAFE_DETAIL_DEVICE_SCAN_KERNEL_CUH_

#include <cstdint>
#include <type_traits>

#include "warpsafe/detail/block_storage.cuh"
#include "warpsafe/detail/device_launch.cuh"
#include "warpsafe/detail/device_probe.cuh"
#include "warpsafe/detail/device_tile.cuh"
#include "warpsafe/detail/device_tile_state.cuh"
#include "warpsafe/detail/lane.cuh"
#include "warpsafe/detail/shfl.cuh"
#include "warpsafe/detail/warp_scan_shfl.cuh"

namespace warpsafe::detail {

// Launch shape of the scan for T (BENCHMARKS.md has every shape tried on an H200, and why these win).
// 4-byte items: 256 threads of 12 rows in registers, 48 KB a tile (12288 items), 80 registers a
// thread, three blocks an SM; a tile's look-back is paid once per 48 KB, and at 2^28 items this
// runs (without the look-back's first sleep) at 89.6-90.7% of copy against 87.5-87.7% for 256 x 8 (32 KB) in the
// same runs, and no slower from 2^20 up.
//
// 8-byte items: 128 threads of 16 rows in registers (32 KB, 4096 items; 128 registers a thread,
// four blocks an SM) from 2^24 items, and 128 threads of 8 rows (16 KB) below, where more, smaller
// tiles spread better over the SMs. Measured with every run after an L2 flush, beside CUB in the
// same rounds (`device_bench --cold`): int64 at 2^26 / 2^28 / 2^30 1.029x / 1.050x / 1.050x CUB
// against 1.001x / 1.024x / 1.029x for 256 x 8 in shared memory, double
// 1.093x / 1.108x / 1.112x against 1.051x / 1.078x / 1.084x; at 2^24 int64 0.989x against 0.964x
// for 128 x 8; below 2^24 128 x 8 stays ahead (int64 2^23 0.924x against 0.898x).
//
// kSlotBytes: the bytes of a tile's look-back state (detail/device_tile_state.cuh says why 128);
// LookBackTuning: the look-back's waits and width (a LookBackDelays; void: TunedLookBackDelays).
template <int kThreads, int kRowCount, bool kInShared, int kSlotBytes = 128, class LookBackTuning = void>
struct ScanShape {
  static constexpr int kBlockThreads = kThreads;
  static constexpr int kRows = kRowCount;
  static constexpr bool kStaged = kInShared;
  static constexpr int kStateBytes = kSlotBytes;
  using Delays = LookBackTuning;
};
template <class T>
using ScanPolicy = typename std::conditional<sizeof(T) == 8, ScanShape<128, 16, false>, ScanShape<256, 12, false>>::type;
//
// Doubles from 2^21 to 2^24 items: the same tile, and below 4096 tiles (2^23 items) the whole
// block reads the look-back, one tile a thread (windows of 128): double at 2^21 / 2^22 0.992x /
// 0.985x CUB against 0.954x / 0.960x with the first warp's windows of 32 (`device_bench
// --cold-small`, the same rounds; alike in a second run). int64 lost with it (0.905x / 0.902x
// against 0.945x / 0.969x), so int64 keeps the warp's walk. At 2^23 (4096 tiles) both kernels take
// the warp's walk, and still the one with the block's walk compiled in read 1.025x against 0.978x
// for doubles and 0.952x against 0.985x for int64: code generation moves these cells by ~3%.
template <class T>
using SmallScanPolicy = typename std::conditional<
    sizeof(T) == 8,
    typename std::conditional<std::is_floating_point<T>::value,
                              ScanShape<128, 8, false, 128, LookBackDelays<1290, 32, 256, 4096, 1, 1>>,
                              ScanShape<128, 8, false>>::type,
    ScanPolicy<T>>::type;
template <class T>
constexpr bool UseSmallScanPolicy(std::int64_t n) {
  return sizeof(T) == 8 && n < (std::int64_t(1) << 24);
}
// 8-byte items below 2^21: 256 threads of 8 rows (4096 items), at most 512 tiles, whose look-back
// the whole block reads, 2 tiles a thread: one window of 512 tiles reaches back to tile 0, so a tile
// waits for its predecessors' aggregates only, never for a chain of prefixes. On an H200 at 2^20
// (`device_bench --cold-small`, beside CUB in the same rounds): int64 0.990x CUB and double 1.008x,
// against 0.925x and 0.931x for 128 x 8 with the first warp walking windows of 32; 256 x 8 with the
// warp walk ran 0.945x / 0.971x. From 2^21 it lost (int64 0.874x against 0.935x).
template <class T>
using TinyScanPolicy =
    typename std::conditional<sizeof(T) == 8, ScanShape<256, 8, false, 128, LookBackDelays<1290, 32, 256, 4096, 1, 2>>,
                              ScanPolicy<T>>::type;
template <class T>
constexpr bool UseTinyScanPolicy(std::int64_t n) {
  return sizeof(T) == 8 && n < (std::int64_t(1) << 21);
}

// Blocks an SM must hold, which caps the registers of a thread. A tile in registers holds 4 words
// a row: up to 8 rows, 1024 threads (64 registers a thread) for 4-byte items and 768 (80) for
// 8-byte ones; more rows, 768 threads (80) up to 12 rows and 512 (128) beyond. A tile in shared
// memory: as many as fit in 227 KB with 1 KB reserved per block, and 2048 threads.
template <class T>
__host__ __device__ constexpr int ScanMinBlocks(int threads, int rows, bool staged) {
  if (!staged) {
    const int per_sm = rows > 12 ? 512 : rows > 8 ? 768 : sizeof(T) == 4 ? 1024 : 768;
    return per_sm / threads > 0 ? per_sm / threads : 1;
  }
  const int by_smem = (227 * 1024) / (threads * rows * 16 + 1024 + 512);
  return by_smem < 2048 / threads ? by_smem : 2048 / threads;
}

template <class T, class Op, int kBlockThreads, int kRows, bool kStaged, bool kExclusive, bool kVectorized,
          class State, class Probe, class Delays = TunedLookBackDelays<T>>
__global__ void __launch_bounds__(kBlockThreads, ScanMinBlocks<T>(kBlockThreads, kRows, kStaged))
    DeviceScanKernel(const T* in, T* out, std::int64_t n, Op op, T initial, State state, unsigned* ticket,
                     Probe probe) {
  using Tile = StripedTile<T, kBlockThreads, kRows>;
  using Held = typename std::conditional<kStaged, SharedTile<T, kBlockThreads, kRows>,
                                         RegisterTile<T, kBlockThreads, kRows>>::type;
  constexpr int kVec = Tile::kVec;
  constexpr int kSegments = Tile::kSegments;
  // One warp scans the segment totals, each lane folding kPerLane consecutive segments first.
  constexpr int kPerLane = (kSegments + kWarpThreads - 1) / kWarpThreads;
  static_assert(kPerLane <= 4, "at most 128 segments (warps x rows) a tile");
  __shared__ unsigned tile_ticket;
  __shared__ Uninitialized<T> segment_totals[kSegments];
  __shared__ Uninitialized<T> tile_prefix;
  __shared__ typename Held::Storage held_storage;
  __shared__ BlockLookBackScratch<T, Tile::kWarps> lookback_scratch;

  const int thread = int(threadIdx.x);
  const unsigned lane = LaneId();
  const unsigned warp = unsigned(thread) / kWarpThreads;
  WaitForPriorGrid();  // the ticket and the tile states were cleared by the kernel before this one
  const std::int64_t tile = TakeTicket(ticket, tile_ticket);
  if (thread == 0) probe.Phase(tile, kProbeStarted);
  const std::int64_t tile_base = tile * Tile::kTileItems;
  const std::int64_t remaining = n - tile_base;
  Held held(held_storage);
  held.template Load<kVectorized>(in, n, tile, thread);

  // Each row: the vector scanned in registers, the vectors' totals scanned across the warp, and
  // each item replaced by its scan within the segment: inclusive, or exclusive (the items before it;
  // none for the segment's first item, which the store pass gives the prefix alone).
WARPSAFE_UNROLL
  for (int r = 0; r < kRows; ++r) {
    T v[kVec];
    held.Read(thread, r, v);
    T scanned[kVec];
    scanned[0] = v[0];
WARPSAFE_UNROLL
    for (int k = 1; k < kVec; ++k) scanned[k] = op(scanned[k - 1], v[k]);
    const T row_inclusive = ShflInclusiveScan<kWarpThreads>(kFullMask, scanned[kVec - 1], lane, 0u, op);
    bool has;
    const T lane_prefix = ShflUpClamped(kFullMask, row_inclusive, lane, 1u, 0u, has);
    if (lane == kWarpThreads - 1) segment_totals[r * Tile::kWarps + warp].Alias() = row_inclusive;
    ReconvergeAfterBranch(kFullMask);  // keeps the next rows' shuffles out of the branch
    if constexpr (kExclusive) {
      v[0] = lane_prefix;
WARPSAFE_UNROLL
      for (int k = 1; k < kVec; ++k) v[k] = has ? T(op(lane_prefix, scanned[k - 1])) : scanned[k - 1];
    } else {
WARPSAFE_UNROLL
      for (int k = 0; k < kVec; ++k) v[k] = has ? T(op(lane_prefix, scanned[k])) : scanned[k];
    }
    held.Write(thread, r, v);
  }
  if (thread == 0) probe.Phase(tile, kProbeScanned);
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
  } else if (UseBlockLookBack<Delays>()) {
    if (thread == 0) {
      state.Publish(tile, kTileAggregate, aggregate);
      probe.Phase(tile, kProbeAggregate);
    }
    constexpr int kPerThread = Delays::kSmallGridTilesPerThread > 0 ? Delays::kSmallGridTilesPerThread : 1;
    const T exclusive = BlockLookBackWalk<kBlockThreads, kPerThread, T>(state, tile, op, probe, lookback_scratch);
    if (thread == 0) state.Publish(tile, kTilePrefix, T(op(exclusive, aggregate)));
    block_prefix = Maybe<T>{exclusive, true};
  } else {
    if (warp == 0) {
      if (lane == 0) {
        state.Publish(tile, kTileAggregate, aggregate);
        probe.Phase(tile, kProbeAggregate);
      }
      const T exclusive = LookBack<T>(state, tile, op, probe, Delays());
      if (lane == 0) {
        state.Publish(tile, kTilePrefix, T(op(exclusive, aggregate)));
        tile_prefix.Alias() = exclusive;
      }
    }
    __syncthreads();
    block_prefix = Maybe<T>{tile_prefix.Alias(), true};
  }
  if (thread == 0) probe.Phase(tile, kProbePrefix);

  // Each item: the tile's prefix, the segment's prefix, then its scan within the segment.
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
    // Present for exclusive scans (they start from `initial`), so the segment's first item has one.
    const Maybe<T> prefix = Combine(block_prefix, segment_prefix, op);
    T v[kVec];
    held.Read(thread, r, v);
WARPSAFE_UNROLL
    for (int k = 0; k < kVec; ++k) {
      if (kExclusive && k == 0 && lane == 0) v[k] = prefix.value;
      else if (prefix.has) v[k] = op(prefix.value, v[k]);
    }
    if (remaining >= Tile::kTileItems) Tile::template StoreFullRow<kVectorized>(out + tile_base, thread, r, v);
    else Tile::StorePartialRow(out + tile_base, thread, r, int(remaining), v);
  }
  if (thread == 0) probe.Phase(tile, kProbeStored);
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_DEVICE_SCAN_KERNEL_CUH_
