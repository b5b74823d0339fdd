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
// result. kWholeWarps = true promises complete hardware warps (block size a multiple of 32, as CUB
// requires) and lets a 32-lane logical warp use the constant full member mask. TempStorage is
// empty: everything goes through shuffles (or redux.sync for 32-bit integers in 32-lane warps;
// with sub-warp masks redux.sync measured 2 to 4 times slower than the shuffles on an H200).
#pragma once

#include "warpsafe/detail/logical_warp.cuh"
#include "warpsafe/detail/segments.cuh"
#include "warpsafe/detail/warp_reduce_shfl.cuh"
#include "warpsafe/warp/operators.cuh"

namespace warpsafe {

template <class T, int kWidth = kWarpThreads, bool kWholeWarps = false>
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
    if constexpr (detail::kHasRedux && detail::kReduxable<T, Op> && kWidth == kWarpThreads) {
      return detail::ReduxReduce<T, Op>(warp_.mask, x);
    } else if constexpr (kWholeWarps && detail::LogicalWarp<kWidth>::kPowerOfTwo) {
      return detail::XorButterflyReduce<kWidth>(warp_.mask, x, warp_.rank, op);
    } else {
      return detail::ButterflyReduce<kWidth>(warp_.mask, x, warp_.rank, warp_.base, warp_.count, op);
    }
  }
  // op over the first valid_items lanes (valid_items >= 1), in every lane.
  template <class Op>
  WARPSAFE_DEVICE T Reduce(T x, Op op, int valid_items) const {
    const unsigned tail = warp_.LastValid(valid_items);
    if constexpr (detail::kHasRedux && detail::kReduxable<T, Op> && kWidth == kWarpThreads) {
      return detail::ReduxReduce<T, Op>(warp_.mask, warp_.lane <= tail ? x : detail::ReduxIdentity<T, Op>());
    } else {
      return detail::RangeReduce<kWidth>(warp_.mask, x, warp_.lane, warp_.base, tail, op);
    }
  }
  WARPSAFE_DEVICE T Sum(T x) const { return Reduce(x, warpsafe::Sum{}); }
  WARPSAFE_DEVICE T Sum(T x, int valid_items) const { return Reduce(x, warpsafe::Sum{}, valid_items); }

  // Segments start at logical lane 0 and wherever head_flag is set; every lane gets op over its
  // own segment.
  template <class Op>
  WARPSAFE_DEVICE T HeadSegmentedReduce(T x, bool head_flag, Op op) const {
    const detail::Segment s = detail::FindSegment(warp_.mask, warp_.lane, warp_.base, warp_.last, head_flag);
    return detail::RangeReduce<kWidth>(warp_.mask, x, warp_.lane, s.head, s.tail, op);
  }

 private:
  detail::LogicalWarp<kWidth, kWholeWarps> warp_;
};

}  // namespace warpsafe
