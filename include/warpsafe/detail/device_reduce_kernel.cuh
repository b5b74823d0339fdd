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
  // The last block: the partials in block order. Each thread folds kPartialsPerThread consecutive
  // ones, all loaded at once, then the block combines the threads' folds in thread order: one
  // round trip to L2 for up to kBlockThreads * kPartialsPerThread blocks, where one partial a
  // thread took a round trip per kBlockThreads blocks (3 for the 521 of a 2^28-item float sum on
  // an H200).
  constexpr unsigned kPartialsPerThread = 4;
  constexpr unsigned kChunk = unsigned(kBlockThreads) * kPartialsPerThread;
  Maybe<T> grand{initial, true};
  for (unsigned start = 0; start < gridDim.x; start += kChunk) {
    const unsigned count = gridDim.x - start < kChunk ? gridDim.x - start : kChunk;
    const unsigned mine = unsigned(thread) * kPartialsPerThread;  // this thread's first, within the chunk
    T p[kPartialsPerThread];
WARPSAFE_UNROLL
    for (unsigned j = 0; j < kPartialsPerThread; ++j) {
      p[j] = LoadCoherent(partials + start + (mine + j < count ? mine + j : 0u));
    }
    T run = p[0];
WARPSAFE_UNROLL
    for (unsigned j = 1; j < kPartialsPerThread; ++j) {
      if (mine + j < count) run = op(run, p[j]);
    }
    __syncthreads();  // the previous chunk's reads of reduce_storage are done
    const int threads_with = int((count + kPartialsPerThread - 1) / kPartialsPerThread);
    const T chunk = BlockReduce<T, kBlockThreads>(reduce_storage).Reduce(run, op, threads_with);
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
