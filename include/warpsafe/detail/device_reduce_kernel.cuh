// The single-pass reduction kernel: a grid of a few blocks per multiprocessor, block b reducing the
// contiguous range of tiles [b * per_block, (b + 1) * per_block), its total left in partials[b];
// the last block to finish (an atomic count, after a fence) combines the partials in block order
// and writes op(initial, total). One launch, deterministic for a given grid.
//
// A commutative operator (warpsafe::Sum, Min, Max, the bit operators: IsCommutative) lets each
// thread fold every item it loads, tile after tile, with only the final block reduction ordered;
// any other operator is combined segment by segment in item order (detail/device_tile.cuh), with a
// barrier per tile.
#pragma once
#ifndef WARPSAFE_DETAIL_DEVICE_REDUCE_KERNEL_CUH_
#define WARPSAFE_DETAIL_DEVICE_REDUCE_KERNEL_CUH_

#include <cstdint>

#include "warpsafe/block/block_reduce.cuh"
#include "warpsafe/detail/block_storage.cuh"
#include "warpsafe/detail/device_memory_order.cuh"
#include "warpsafe/detail/device_tile.cuh"
#include "warpsafe/detail/lane.cuh"
#include "warpsafe/detail/warp_reduce_shfl.cuh"

namespace warpsafe::detail {

// 256 threads, 4 blocks an SM. A commutative operator folds 8 rows of 16 bytes a thread per tile
// (128 bytes of loads in flight a thread): on an H200, 1.004-1.039x CUB from 2^26 to 2^30 items
// where 4 rows gave 0.997-1.031x in the same runs (BENCHMARKS.md, `device_bench --reduce`). An
// ordered operator keeps 4 rows: warp 0 combines the tile's warps x rows segment totals, one a lane.
template <class T, class Op>
struct ReducePolicy {
  static constexpr int kBlockThreads = 256;
  static constexpr int kRows = IsCommutative<Op>::value ? 8 : 4;
  static constexpr int kBlocksPerSm = 4;
};

template <class T, class Op, int kBlockThreads, int kRows, bool kVectorized>
__global__ void __launch_bounds__(kBlockThreads)
    DeviceReduceKernel(const T* in, T* out, std::int64_t n, Op op, T initial, std::int64_t tiles_per_block,
                       T* partials, unsigned* finished) {
  using Tile = StripedTile<T, kBlockThreads, kRows>;
  constexpr int kVec = Tile::kVec;
  constexpr int kSegments = Tile::kSegments;
  __shared__ typename BlockReduce<T, kBlockThreads>::TempStorage reduce_storage;
  __shared__ Uninitialized<T> segment_totals[kSegments];
  __shared__ bool last_block;

  const int thread = int(threadIdx.x);
  const unsigned lane = LaneId();
  const unsigned warp = unsigned(thread) / kWarpThreads;
  const std::int64_t first = std::int64_t(blockIdx.x) * tiles_per_block * Tile::kTileItems;
  const std::int64_t end = first + tiles_per_block * Tile::kTileItems < n ? first + tiles_per_block * Tile::kTileItems : n;

  Maybe<T> total{T(), false};
  typename Tile::Items x;
  for (std::int64_t base = first; base < end; base += Tile::kTileItems) {
    const bool full = end - base >= Tile::kTileItems;
    if (full) Tile::template LoadFull<kVectorized>(in + base, thread, x);
    else Tile::LoadPartial(in + base, thread, int(end - base), x);
    if constexpr (IsCommutative<Op>::value) {
      // Order does not matter: the slots past the end repeat a real item, so leave them out.
WARPSAFE_UNROLL
      for (int r = 0; r < kRows; ++r) {
WARPSAFE_UNROLL
        for (int k = 0; k < kVec; ++k) {
          if (full || base + Tile::Offset(thread, r, k) < end) total = Combine(total, Maybe<T>{x[r][k], true}, op);
        }
      }
    } else {
      static_assert(kSegments <= kWarpThreads, "warp 0 combines a tile's segment totals, one a lane");
      // Segment by segment, in item order; past-the-end slots come after every real item, and the
      // segments that hold only such slots are left out.
WARPSAFE_UNROLL
      for (int r = 0; r < kRows; ++r) {
        T v = x[r][0];
WARPSAFE_UNROLL
        for (int k = 1; k < kVec; ++k) {
          if (full || base + Tile::Offset(thread, r, k) < end) v = op(v, x[r][k]);
        }
        const std::int64_t segment_first = base + r * Tile::kRowItems + std::int64_t(warp) * kWarpThreads * kVec;
        const std::int64_t valid = end - segment_first;  // items of this segment that exist
        const unsigned tail = valid >= kWarpThreads * kVec ? kWarpThreads - 1 : unsigned((valid - 1) / kVec);
        const T seg = valid > 0 ? RangeReduce<kWarpThreads>(kFullMask, v, lane, 0u, tail, op) : v;
        if (lane == 0) segment_totals[r * Tile::kWarps + warp].Alias() = seg;
      }
      __syncthreads();
      if (warp == 0) {
        const std::int64_t tile_valid = end - base;
        const int segments = tile_valid >= Tile::kTileItems
                                 ? kSegments
                                 : int(((tile_valid + kWarpThreads * kVec - 1) / (kWarpThreads * kVec)));
        const T s = segment_totals[lane < unsigned(kSegments) ? lane : 0u].Alias();
        const T tile_total = RangeReduce<kWarpThreads>(kFullMask, s, lane, 0u, unsigned(segments - 1), op);
        total = Combine(total, Maybe<T>{tile_total, true}, op);
      }
      __syncthreads();
    }
  }

  // The block's total: every thread's (commutative), or warp 0's running total (in order). With a
  // commutative operator, the threads that saw an item are the first ceil(items / kVec): thread t's
  // first slot is item t * kVec of the block's first tile.
  T block_total;
  if constexpr (IsCommutative<Op>::value) {
    const std::int64_t threads_with_items = (end - first + kVec - 1) / kVec;
    block_total = BlockReduce<T, kBlockThreads>(reduce_storage)
                      .Reduce(total.has ? total.value : x[0][0], op,
                              int(threads_with_items < kBlockThreads ? threads_with_items : kBlockThreads));
  } else {
    block_total = total.value;  // meaningful in warp 0
  }
  // Release the partial, count the block; the last one acquires every partial (the fence after the
  // atomic), and the barrier passes that on to its other threads.
  if (thread == 0) {
    partials[blockIdx.x] = block_total;
    __threadfence();
    const bool last = atomicAdd(finished, 1u) == gridDim.x - 1;
    __threadfence();
    last_block = last;
  }
  __syncthreads();
  if (!last_block) return;
  // The last block: partials in block order (kBlockThreads at a time, each chunk reduced in order).
  Maybe<T> grand{initial, true};
  for (unsigned start = 0; start < gridDim.x; start += kBlockThreads) {
    const unsigned i = start + unsigned(thread);
    const unsigned count = gridDim.x - start < unsigned(kBlockThreads) ? gridDim.x - start : unsigned(kBlockThreads);
    const T p = LoadCoherent(partials + (i < gridDim.x ? i : start));
    __syncthreads();  // the previous chunk's reads of reduce_storage are done
    // Thread order is block order, and BlockReduce keeps it.
    const T chunk = BlockReduce<T, kBlockThreads>(reduce_storage).Reduce(p, op, int(count));
    grand = Combine(grand, Maybe<T>{chunk, true}, op);
  }
  if (thread == 0) *out = grand.value;
}

// The reduction of no items: `initial`.
template <class T>
__global__ void WriteValueKernel(T* out, T value) {
  *out = value;
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_DEVICE_REDUCE_KERNEL_CUH_
