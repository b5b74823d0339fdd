// BlockScan: inclusive and exclusive scans across a thread block, for any associative operator
// (non-commutative ones included: operands are always combined in thread order), several items per
// thread, any block size from 1 to 1024 threads (a partial last warp included), and a prefix
// callback that carries a running total across the tiles of a loop.
//
//   using Scan = warpsafe::BlockScan<int, 200>;          // 200 threads: 6 full warps and 8 lanes
//   __shared__ Scan::TempStorage temp;
//   int items[4] = ...;                                 // thread t owns items 4t .. 4t+3
//   Scan(temp).InclusiveSum(items, items);              // in place is allowed
//
// Thread contract: every thread of the block calls the same member function, and the block has
// exactly kBlockThreads threads (threadIdx linearised x fastest, as CUDA forms warps; checked by a
// device assert). Items are in blocked order: thread t's kItems items precede thread t+1's.
// TempStorage may be reused by the next scan only after a __syncthreads() (as in CUB): the last
// reads of one call race with the first writes of the next otherwise (`warpsafe check` says so).
//
// Two levels of shuffle scans (the usual shape of a block scan): each thread folds its items,
// each warp scans the thread totals with shuffles (WarpScan), the last lane of every warp puts the
// warp's total in shared memory, one __syncthreads, and then every thread combines the totals of
// the warps before its own (an unrolled broadcast read per warp, no second barrier). With a prefix
// callback, warp 0 calls it with the block's aggregate, and one more barrier hands lane 0's answer
// to the block.
#pragma once
#ifndef WARPSAFE_BLOCK_BLOCK_SCAN_CUH_
#define WARPSAFE_BLOCK_BLOCK_SCAN_CUH_

#include <cassert>

#include "warpsafe/detail/block_storage.cuh"
#include "warpsafe/detail/logical_warp.cuh"
#include "warpsafe/detail/shfl.cuh"
#include "warpsafe/detail/warp_scan_shfl.cuh"
#include "warpsafe/warp/operators.cuh"

namespace warpsafe {

template <class T, int kBlockThreads>
class BlockScan {
  static_assert(kBlockThreads >= 1 && kBlockThreads <= 1024, "BlockScan: a block has 1 to 1024 threads");
  static_assert(std::is_trivially_copyable<T>::value, "BlockScan: T must be trivially copyable");

 public:
  static constexpr int kWarps = (kBlockThreads + kWarpThreads - 1) / kWarpThreads;

  struct TempStorage {
    detail::Uninitialized<T> warp_totals[kWarps];
    detail::Uninitialized<T> block_prefix;
  };

  WARPSAFE_DEVICE explicit BlockScan(TempStorage& storage) : storage_(storage) {
    assert(blockDim.x * blockDim.y * blockDim.z == unsigned(kBlockThreads) &&
           "BlockScan<T, kBlockThreads>: the block must have exactly kBlockThreads threads");
  }

  // ---- inclusive ------------------------------------------------------------------------------
  // Item j (in blocked order over the block) gets op(x_0, ..., x_j).
  template <int kItems, class Op>
  WARPSAFE_DEVICE void InclusiveScan(const T (&in)[kItems], T (&out)[kItems], Op op) const {
    T aggregate;
    Scan<false>(in, out, op, detail::Maybe<T>{T(), false}, aggregate, static_cast<NoCallback*>(nullptr));
  }
  // ... and `block_aggregate` = op over every item of the block, in every thread.
  template <int kItems, class Op>
  WARPSAFE_DEVICE void InclusiveScan(const T (&in)[kItems], T (&out)[kItems], Op op, T& block_aggregate) const {
    Scan<false>(in, out, op, detail::Maybe<T>{T(), false}, block_aggregate, static_cast<NoCallback*>(nullptr));
  }
  // Item j gets op(prefix, x_0, ..., x_j), where prefix is what lane 0 of warp 0 returned from
  // `prefix_callback(block_aggregate)`, a call every lane of warp 0 makes (CUB's contract). The
  // callback keeps a running total across the tiles of a loop.
  template <int kItems, class Op, class PrefixCallback>
  WARPSAFE_DEVICE void InclusiveScan(const T (&in)[kItems], T (&out)[kItems], Op op,
                                     PrefixCallback& prefix_callback) const {
    T aggregate;
    Scan<false>(in, out, op, detail::Maybe<T>{T(), false}, aggregate, &prefix_callback);
  }
  template <int kItems>
  WARPSAFE_DEVICE void InclusiveSum(const T (&in)[kItems], T (&out)[kItems]) const {
    InclusiveScan(in, out, Sum{});
  }
  template <int kItems>
  WARPSAFE_DEVICE void InclusiveSum(const T (&in)[kItems], T (&out)[kItems], T& block_aggregate) const {
    InclusiveScan(in, out, Sum{}, block_aggregate);
  }

  // ---- exclusive ------------------------------------------------------------------------------
  // Item 0 gets `initial`, item j > 0 gets op(initial, x_0, ..., x_{j-1}).
  template <int kItems, class Op>
  WARPSAFE_DEVICE void ExclusiveScan(const T (&in)[kItems], T (&out)[kItems], T initial, Op op) const {
    T aggregate;
    Scan<true>(in, out, op, detail::Maybe<T>{initial, true}, aggregate, static_cast<NoCallback*>(nullptr));
  }
  // ... and `block_aggregate` = op(x_0, ..., x_last), without `initial`, in every thread.
  template <int kItems, class Op>
  WARPSAFE_DEVICE void ExclusiveScan(const T (&in)[kItems], T (&out)[kItems], T initial, Op op,
                                     T& block_aggregate) const {
    Scan<true>(in, out, op, detail::Maybe<T>{initial, true}, block_aggregate, static_cast<NoCallback*>(nullptr));
  }
  // Item 0 gets the callback's prefix (see InclusiveScan), item j > 0 op(prefix, x_0, ..., x_{j-1}).
  template <int kItems, class Op, class PrefixCallback>
  WARPSAFE_DEVICE void ExclusiveScan(const T (&in)[kItems], T (&out)[kItems], Op op,
                                     PrefixCallback& prefix_callback) const {
    T aggregate;
    Scan<true>(in, out, op, detail::Maybe<T>{T(), false}, aggregate, &prefix_callback);
  }
  template <int kItems>
  WARPSAFE_DEVICE void ExclusiveSum(const T (&in)[kItems], T (&out)[kItems]) const {
    ExclusiveScan(in, out, T{}, Sum{});
  }
  template <int kItems>
  WARPSAFE_DEVICE void ExclusiveSum(const T (&in)[kItems], T (&out)[kItems], T& block_aggregate) const {
    ExclusiveScan(in, out, T{}, Sum{}, block_aggregate);
  }

  // ---- one item per thread --------------------------------------------------------------------
  template <class Op>
  WARPSAFE_DEVICE T InclusiveScan(T x, Op op) const {
    T in[1] = {x}, out[1];
    InclusiveScan(in, out, op);
    return out[0];
  }
  template <class Op>
  WARPSAFE_DEVICE T InclusiveScan(T x, Op op, T& block_aggregate) const {
    T in[1] = {x}, out[1];
    InclusiveScan(in, out, op, block_aggregate);
    return out[0];
  }
  template <class Op>
  WARPSAFE_DEVICE T ExclusiveScan(T x, T initial, Op op) const {
    T in[1] = {x}, out[1];
    ExclusiveScan(in, out, initial, op);
    return out[0];
  }
  template <class Op>
  WARPSAFE_DEVICE T ExclusiveScan(T x, T initial, Op op, T& block_aggregate) const {
    T in[1] = {x}, out[1];
    ExclusiveScan(in, out, initial, op, block_aggregate);
    return out[0];
  }
  WARPSAFE_DEVICE T InclusiveSum(T x) const { return InclusiveScan(x, Sum{}); }
  WARPSAFE_DEVICE T ExclusiveSum(T x) const { return ExclusiveScan(x, T{}, Sum{}); }

 private:
  struct NoCallback {
    WARPSAFE_DEVICE T operator()(const T& x) const { return x; }
  };

  // `initial` (present for the exclusive scans without a callback) goes before every item.
  template <bool kExclusive, int kItems, class Op, class Callback>
  WARPSAFE_DEVICE void Scan(const T (&in)[kItems], T (&out)[kItems], Op op, detail::Maybe<T> initial,
                            T& block_aggregate, Callback* callback) const {
    static_assert(kItems >= 1, "BlockScan: at least one item per thread");
    constexpr WarpContract kContract =
        kBlockThreads % kWarpThreads == 0 ? WarpContract::kWholeWarps : WarpContract::kPartialWarps;
    const detail::LogicalWarp<kWarpThreads, kContract> warp;
    const unsigned warp_index = detail::LinearThreadId() / kWarpThreads;

    // 1. The thread's total, 2. its inclusive scan across the warp.
    T total = in[0];
WARPSAFE_UNROLL
    for (int i = 1; i < kItems; ++i) total = op(total, in[i]);
    const T inclusive = detail::ShflInclusiveScan<kWarpThreads>(warp.mask, total, warp.lane, 0u, op);
    detail::Maybe<T> lane_prefix;
    lane_prefix.value = detail::ShflUpClamped(warp.mask, inclusive, warp.lane, 1u, 0u, lane_prefix.has);
    if (warp.lane == warp.last) storage_.warp_totals[warp_index].Alias() = inclusive;
    __syncthreads();

    // 3. The warps before this one, and the whole block: broadcast reads of every warp's total.
    detail::Maybe<T> warp_prefix{T(), false};
    T running = storage_.warp_totals[0].Alias();
WARPSAFE_UNROLL
    for (int w = 1; w < kWarps; ++w) {
      if (unsigned(w) == warp_index) warp_prefix = detail::Maybe<T>{running, true};
      running = op(running, storage_.warp_totals[w].Alias());
    }
    block_aggregate = running;

    // 4. The block's own prefix: `initial`, or the callback's answer.
    detail::Maybe<T> block_prefix = initial;
    if constexpr (!std::is_same<Callback, NoCallback>::value) {
      if (warp_index == 0) {
        const T prefix = (*callback)(running);
        if (warp.lane == 0) storage_.block_prefix.Alias() = prefix;
      }
      __syncthreads();
      block_prefix = detail::Maybe<T>{storage_.block_prefix.Alias(), true};
    }

    // 5. Everything before the thread's first item, then its items in order.
    detail::Maybe<T> prefix = detail::Combine(detail::Combine(block_prefix, warp_prefix, op), lane_prefix, op);
    if constexpr (kExclusive) {
      // Every exclusive form has a block prefix (initial or callback), so `prefix` is present.
      T carry = prefix.value;
WARPSAFE_UNROLL
      for (int i = 0; i < kItems; ++i) {
        const T item = in[i];
        out[i] = carry;
        carry = op(carry, item);
      }
    } else {
      T carry = prefix.has ? T(op(prefix.value, in[0])) : in[0];
      out[0] = carry;
WARPSAFE_UNROLL
      for (int i = 1; i < kItems; ++i) {
        carry = op(carry, in[i]);
        out[i] = carry;
      }
    }
  }

  TempStorage& storage_;
};

}  // namespace warpsafe

#endif  // WARPSAFE_BLOCK_BLOCK_SCAN_CUH_
