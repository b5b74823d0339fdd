// WarpReduce: the reduction of a logical warp, for any associative operator (non-commutative ones
// included), with the result in every lane.
//
//   using Reduce = warpsafe::WarpReduce<float, 12>;       // logical warps of 12 lanes
//   float total = Reduce().Reduce(x, warpsafe::Sum{});    // every lane of the logical warp gets it
//
// Thread contract: every existing lane of the logical warp calls the same member function (see
// detail/logical_warp.cuh for the geometry: widths 1 to 32, several logical warps packed in one
// hardware warp, the tail of a partial hardware warp a shorter logical warp). With valid_items, only
// the first valid_items lanes (valid_items >= 1) contribute, but every lane still calls and gets the
// result. kContract (warp/warp_contract.cuh): kWholeWarps promises complete hardware warps (block
// size a multiple of 32, as CUB requires) and lets a 32-lane logical warp use the constant full
// member mask, and power-of-two widths the xor butterfly; without it, the same code runs in a block
// whose thread count is a multiple of 32 (detail::WithMemberMask, and for Reduce(x, op)
// detail::WithWholeWarpGeometry). kWholeWarpsCall also promises that every logical warp of the hardware
// warp calls, and gives every width the full mask. TempStorage is empty: everything goes through
// shuffles (or redux.sync for 32-bit integers in 32-lane warps; with sub-warp masks redux.sync
// measured 2 to 4 times slower than the shuffles on an H200).
#pragma once
#ifndef WARPSAFE_WARP_WARP_REDUCE_CUH_
#define WARPSAFE_WARP_WARP_REDUCE_CUH_

#include "warpsafe/detail/logical_warp.cuh"
#include "warpsafe/detail/segments.cuh"
#include "warpsafe/detail/warp_reduce_shfl.cuh"
#include "warpsafe/warp/operators.cuh"
#include "warpsafe/warp/warp_contract.cuh"

namespace warpsafe {

template <class T, int kWidth = kWarpThreads, WarpContract kContract = WarpContract::kPartialWarps>
class WarpReduce {
  static_assert(kWidth >= 1 && kWidth <= kWarpThreads, "WarpReduce: a logical warp has 1 to 32 lanes");
  static_assert(std::is_trivially_copyable<T>::value, "WarpReduce: T must be trivially copyable");

 public:
  struct TempStorage {};

  WARPSAFE_DEVICE WarpReduce() {}
  WARPSAFE_DEVICE explicit WarpReduce(TempStorage&) {}

  // op over every lane of the logical warp, in every lane.
  template <class Op>
  WARPSAFE_DEVICE T Reduce(T x, Op op) const {
    return detail::WithWholeWarpGeometry(warp_, [&](const auto& w) -> T {
      using W = std::decay_t<decltype(w)>;
      if constexpr (detail::kHasRedux && detail::kReduxable<T, Op> && kWidth == kWarpThreads) {
        return detail::ReduxReduce<T, Op>(w.mask, x);
      } else if constexpr (W::kWhole && W::kPowerOfTwo) {
        return detail::XorButterflyReduce<kWidth>(w.mask, x, w.rank, op);
      } else {
        return detail::ButterflyReduce<kWidth>(w.mask, x, w.rank, w.base, w.count, op);
      }
    });
  }
  // op over the first valid_items lanes (valid_items >= 1), in every lane.
  template <class Op>
  WARPSAFE_DEVICE T Reduce(T x, Op op, int valid_items) const {
    return detail::WithMemberMask(warp_, [&](const auto& w) -> T {
      const unsigned tail = w.LastValid(valid_items);
      if constexpr (detail::kHasRedux && detail::kReduxable<T, Op> && kWidth == kWarpThreads) {
        return detail::ReduxReduce<T, Op>(w.mask, w.lane <= tail ? x : detail::ReduxIdentity<T, Op>());
      } else {
        return detail::RangeReduce<kWidth>(w.mask, x, w.lane, w.base, tail, op);
      }
    });
  }
  WARPSAFE_DEVICE T Sum(T x) const { return Reduce(x, warpsafe::Sum{}); }
  WARPSAFE_DEVICE T Sum(T x, int valid_items) const { return Reduce(x, warpsafe::Sum{}, valid_items); }

  // Segments start at logical lane 0 and wherever head_flag is set; every lane gets op over its
  // own segment.
  template <class Op>
  WARPSAFE_DEVICE T HeadSegmentedReduce(T x, bool head_flag, Op op) const {
    return detail::WithMemberMask(warp_, [&](const auto& w) -> T {
      const detail::Segment s = detail::FindSegment(w.mask, w.lane, w.base, w.last, head_flag);
      return detail::RangeReduce<kWidth>(w.mask, x, w.lane, s.head, s.tail, op);
    });
  }

 private:
  detail::LogicalWarp<kWidth, kContract> warp_;
};

}  // namespace warpsafe

#endif  // WARPSAFE_WARP_WARP_REDUCE_CUH_
