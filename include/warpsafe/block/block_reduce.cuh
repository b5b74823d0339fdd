// BlockReduce: the reduction of a thread block's items, for any associative operator (non-commutative
// ones included: thread order is kept), several items per thread, any block size from 1 to 1024
// threads, and partial tiles (only the first valid_items threads contribute). Unlike CUB, whose
// result is defined in thread 0 only, every thread gets the result.
//
//   using Reduce = warpsafe::BlockReduce<float, 96>;
//   __shared__ Reduce::TempStorage temp;
//   float total = Reduce(temp).Sum(x);                  // in every thread of the block
//
// Thread contract: every thread of the block calls the same member function, and the block has
// exactly kBlockThreads threads (checked by a device assert). TempStorage may be reused only after
// a __syncthreads().
//
// Each warp reduces with shuffles (WarpReduce), its lane 0 puts the warp's total in shared memory,
// one __syncthreads, and every thread combines the warp totals in order (broadcast reads).
#pragma once
#ifndef WARPSAFE_BLOCK_BLOCK_REDUCE_CUH_
#define WARPSAFE_BLOCK_BLOCK_REDUCE_CUH_

#include <cassert>

#include "warpsafe/detail/block_storage.cuh"
#include "warpsafe/detail/lane.cuh"
#include "warpsafe/warp/operators.cuh"
#include "warpsafe/warp/warp_reduce.cuh"

namespace warpsafe {

template <class T, int kBlockThreads>
class BlockReduce {
  static_assert(kBlockThreads >= 1 && kBlockThreads <= 1024, "BlockReduce: a block has 1 to 1024 threads");
  static_assert(std::is_trivially_copyable<T>::value, "BlockReduce: T must be trivially copyable");

 public:
  static constexpr int kWarps = (kBlockThreads + kWarpThreads - 1) / kWarpThreads;

  struct TempStorage {
    detail::Uninitialized<T> warp_totals[kWarps];
  };

  WARPSAFE_DEVICE explicit BlockReduce(TempStorage& storage) : storage_(storage) {
    assert(blockDim.x * blockDim.y * blockDim.z == unsigned(kBlockThreads) &&
           "BlockReduce<T, kBlockThreads>: the block must have exactly kBlockThreads threads");
  }

  // op over every item of the block, in every thread.
  template <int kItems, class Op>
  WARPSAFE_DEVICE T Reduce(const T (&in)[kItems], Op op) const {
    return Reduce(Fold(in, op), op);
  }
  template <class Op>
  WARPSAFE_DEVICE T Reduce(T x, Op op) const {
    const unsigned warp = detail::LinearThreadId() / kWarpThreads;
    const T warp_total = WarpReduce<T, kWarpThreads, kContract>().Reduce(x, op);
    if (detail::LaneId() == 0) storage_.warp_totals[warp].Alias() = warp_total;
    __syncthreads();
    return Combine(kWarps, op);
  }
  // op over the items of the first valid_items threads (1 <= valid_items; more than the block
  // counts as the whole block), in every thread. Threads past valid_items still call.
  template <class Op>
  WARPSAFE_DEVICE T Reduce(T x, Op op, int valid_items) const {
    const int warp = int(detail::LinearThreadId() / kWarpThreads);
    const int valid_in_warp = valid_items - warp * kWarpThreads;
    if (valid_in_warp > 0) {
      const T warp_total = WarpReduce<T, kWarpThreads, kContract>().Reduce(x, op, valid_in_warp);
      if (detail::LaneId() == 0) storage_.warp_totals[warp].Alias() = warp_total;
    }
    __syncthreads();
    const int warps = (valid_items + kWarpThreads - 1) / kWarpThreads;
    return Combine(warps < kWarps ? warps : kWarps, op);
  }
  WARPSAFE_DEVICE T Sum(T x) const { return Reduce(x, warpsafe::Sum{}); }
  WARPSAFE_DEVICE T Sum(T x, int valid_items) const { return Reduce(x, warpsafe::Sum{}, valid_items); }
  template <int kItems>
  WARPSAFE_DEVICE T Sum(const T (&in)[kItems]) const {
    return Reduce(in, warpsafe::Sum{});
  }

 private:
  // Every thread of the block calls, so a block of complete warps can promise complete warps.
  static constexpr WarpContract kContract =
      kBlockThreads % kWarpThreads == 0 ? WarpContract::kWholeWarps : WarpContract::kPartialWarps;

  template <int kItems, class Op>
  static WARPSAFE_DEVICE T Fold(const T (&in)[kItems], Op op) {
    T total = in[0];
WARPSAFE_UNROLL
    for (int i = 1; i < kItems; ++i) total = op(total, in[i]);
    return total;
  }

  // The totals of warps 0 .. warps-1, in order (warps >= 1).
  template <class Op>
  WARPSAFE_DEVICE T Combine(int warps, Op op) const {
    T total = storage_.warp_totals[0].Alias();
WARPSAFE_UNROLL
    for (int w = 1; w < kWarps; ++w) {
      if (w < warps) total = op(total, storage_.warp_totals[w].Alias());
    }
    return total;
  }

  TempStorage& storage_;
};

}  // namespace warpsafe

#endif  // WARPSAFE_BLOCK_BLOCK_REDUCE_CUH_
