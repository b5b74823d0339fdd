// WarpScan: inclusive and exclusive scans across a logical warp, for any associative operator
// (non-commutative ones included: operands are always combined in lane order).
//
//   using Scan = warpsafe::WarpScan<int, 16>;   // logical warps of 16 lanes, 2 per hardware warp
//   __shared__ Scan::TempStorage temp[4];       // one per hardware warp (blocks of up to 128 threads);
//                                               // empty for the shuffle form, so Scan() works too
//   int prefix = Scan(temp[threadIdx.x / 32]).ExclusiveSum(x);
//
// Thread contract: every existing lane of the logical warp calls the same member function (the
// collective is a rendezvous of the logical warp's member mask). A logical warp is kWidth
// consecutive lanes of a hardware warp (detail/logical_warp.cuh): 1 to 32 lanes, not necessarily a
// power of two, several packed in one hardware warp; the tail of a partial hardware warp is a
// shorter logical warp and scans just the lanes that exist. TempStorage, where it is not empty,
// covers one hardware warp and may be reused by the next call without a barrier.
//
// kContract (warp/warp_contract.cuh) is what the caller promises beyond that. kWholeWarps: complete
// hardware warps (block size a multiple of 32, as CUB requires); a 32-lane logical warp then uses
// the constant full member mask. Without the promise, a 32-lane logical warp takes the same
// constant-mask code in a block whose thread count is a multiple of 32 (a run-time test on
// blockDim), and the general code otherwise. kWholeWarpsCall: also every logical warp of the
// hardware warp calls, so narrower ones shuffle under the full mask too (each within its own lanes,
// by the shuffles' clamp) and need no convergence check either.
//
// Algorithms (chosen at compile time):
//  - kShuffle (default): Kogge-Stone with shfl.sync.up and its predicate (detail/warp_scan_shfl.cuh)
//  - kSmemGuarded, kSmemZeroPadded: Kogge-Stone through shared memory, with __syncwarp
//    (detail/warp_scan_smem.cuh). kSmemZeroPadded needs T{} to be an identity of the operator for
//    the unsegmented scans; its segmented scans use the guarded steps.
// Exclusive results, aggregates and several items per thread are built on the inclusive scan with
// shuffles in every algorithm.
#pragma once
#ifndef WARPSAFE_WARP_WARP_SCAN_CUH_
#define WARPSAFE_WARP_WARP_SCAN_CUH_

#include "warpsafe/detail/logical_warp.cuh"
#include "warpsafe/detail/segments.cuh"
#include "warpsafe/detail/shfl.cuh"
#include "warpsafe/detail/warp_scan_shfl.cuh"
#include "warpsafe/detail/warp_scan_smem.cuh"
#include "warpsafe/warp/operators.cuh"
#include "warpsafe/warp/warp_contract.cuh"

namespace warpsafe {

enum class WarpScanAlgorithm { kShuffle, kSmemGuarded, kSmemZeroPadded };

namespace detail {
struct EmptyStorage {};
template <class T, int kWidth, WarpScanAlgorithm kAlgorithm>
struct WarpScanStorage {
  using Type = EmptyStorage;
};
template <class T, int kWidth>
struct WarpScanStorage<T, kWidth, WarpScanAlgorithm::kSmemGuarded> {
  using Type = SmemGuardedStorage<T, kWidth>;
};
template <class T, int kWidth>
struct WarpScanStorage<T, kWidth, WarpScanAlgorithm::kSmemZeroPadded> {
  using Type = SmemZeroPaddedStorage<T, kWidth>;
};
}  // namespace detail

template <class T, int kWidth = kWarpThreads, WarpScanAlgorithm kAlgorithm = WarpScanAlgorithm::kShuffle,
          WarpContract kContract = WarpContract::kPartialWarps>
class WarpScan {
  static_assert(kWidth >= 1 && kWidth <= kWarpThreads, "WarpScan: a logical warp has 1 to 32 lanes");
  static_assert(std::is_trivially_copyable<T>::value, "WarpScan: T must be trivially copyable");

 public:
  // Shared memory for one hardware warp's scans (an empty struct for kShuffle).
  using TempStorage = typename detail::WarpScanStorage<T, kWidth, kAlgorithm>::Type;

  WARPSAFE_DEVICE WarpScan() : storage_(nullptr) {
    static_assert(kAlgorithm == WarpScanAlgorithm::kShuffle, "WarpScan: the shared-memory forms need a TempStorage");
  }
  WARPSAFE_DEVICE explicit WarpScan(TempStorage& storage) : storage_(&storage) {}

  // ---- inclusive ------------------------------------------------------------------------------
  // Lane i gets op(x_0, ..., x_i) over the logical warp.
  template <class Op>
  WARPSAFE_DEVICE T InclusiveScan(T x, Op op) const {
    return Run([&](const auto& w) { return Core<false>(w, x, w.base, op); });
  }
  // ... and `aggregate` = op over every lane (over the first valid_items lanes when given).
  template <class Op>
  WARPSAFE_DEVICE T InclusiveScan(T x, Op op, T& aggregate) const {
    return Run([&](const auto& w) {
      const T inclusive = Core<false>(w, x, w.base, op);
      aggregate = detail::ShflIdx(w.mask, inclusive, w.last);
      return inclusive;
    });
  }
  template <class Op>
  WARPSAFE_DEVICE T InclusiveScan(T x, Op op, T& aggregate, int valid_items) const {
    return Run([&](const auto& w) {
      const T inclusive = Core<false>(w, x, w.base, op);
      aggregate = detail::ShflIdx(w.mask, inclusive, w.LastValid(valid_items));
      return inclusive;
    });
  }
  // Lane i gets op(initial, x_0, ..., x_i).
  template <class Op>
  WARPSAFE_DEVICE T InclusiveScan(T x, T initial, Op op) const {
    return Run([&](const auto& w) { return T(op(initial, Core<false>(w, x, w.base, op))); });
  }
  WARPSAFE_DEVICE T InclusiveSum(T x) const { return InclusiveScan(x, Sum{}); }
  WARPSAFE_DEVICE T InclusiveSum(T x, T& aggregate) const { return InclusiveScan(x, Sum{}, aggregate); }

  // ---- exclusive ------------------------------------------------------------------------------
  // Lane 0 gets `initial`, lane i > 0 gets op(initial, x_0, ..., x_{i-1}).
  template <class Op>
  WARPSAFE_DEVICE T ExclusiveScan(T x, T initial, Op op) const {
    return Run([&](const auto& w) { return Shift(w, Core<false>(w, x, w.base, op), w.base, initial, op); });
  }
  // ... and `aggregate` = op(x_0, ..., x_last), without `initial`.
  template <class Op>
  WARPSAFE_DEVICE T ExclusiveScan(T x, T initial, Op op, T& aggregate) const {
    return Run([&](const auto& w) {
      const T inclusive = Core<false>(w, x, w.base, op);
      aggregate = detail::ShflIdx(w.mask, inclusive, w.last);
      return Shift(w, inclusive, w.base, initial, op);
    });
  }
  WARPSAFE_DEVICE T ExclusiveSum(T x) const { return ExclusiveScan(x, T{}, Sum{}); }
  WARPSAFE_DEVICE T ExclusiveSum(T x, T& aggregate) const { return ExclusiveScan(x, T{}, Sum{}, aggregate); }

  // ---- head-flag segmented --------------------------------------------------------------------
  // A segment starts at logical lane 0 and at every lane whose head_flag is set; each lane gets
  // the scan of its own segment (the exclusive form restarts from `initial` at each head).
  template <class Op>
  WARPSAFE_DEVICE T HeadSegmentedInclusiveScan(T x, bool head_flag, Op op) const {
    return Run([&](const auto& w) {
      const detail::Segment s = detail::FindSegment(w.mask, w.lane, w.base, w.last, head_flag);
      return Core<true>(w, x, s.head, op);
    });
  }
  template <class Op>
  WARPSAFE_DEVICE T HeadSegmentedExclusiveScan(T x, bool head_flag, T initial, Op op) const {
    return Run([&](const auto& w) {
      const detail::Segment s = detail::FindSegment(w.mask, w.lane, w.base, w.last, head_flag);
      return Shift(w, Core<true>(w, x, s.head, op), s.head, initial, op);
    });
  }

  // ---- several items per thread ---------------------------------------------------------------
  // The logical warp's kItems * count values in lane-major order (lane 0's items first).
  template <int kItems, class Op>
  WARPSAFE_DEVICE void InclusiveScan(const T (&in)[kItems], T (&out)[kItems], Op op, T& aggregate) const {
    static_assert(kItems >= 1, "WarpScan: at least one item per thread");
    Run([&](const auto& w) {
      T total = in[0];
WARPSAFE_UNROLL
      for (int i = 1; i < kItems; ++i) total = op(total, in[i]);
      const T inclusive = Core<false>(w, total, w.base, op);
      aggregate = detail::ShflIdx(w.mask, inclusive, w.last);
      bool has_prefix;
      const T prefix = detail::ShflUpClamped(w.mask, inclusive, w.lane, 1u, w.base, has_prefix);
      T running = has_prefix ? T(op(prefix, in[0])) : in[0];
      out[0] = running;
WARPSAFE_UNROLL
      for (int i = 1; i < kItems; ++i) {
        running = op(running, in[i]);
        out[i] = running;
      }
    });
  }
  template <int kItems, class Op>
  WARPSAFE_DEVICE void InclusiveScan(const T (&in)[kItems], T (&out)[kItems], Op op) const {
    T aggregate;
    InclusiveScan(in, out, op, aggregate);
  }
  template <int kItems, class Op>
  WARPSAFE_DEVICE void ExclusiveScan(const T (&in)[kItems], T (&out)[kItems], T initial, Op op, T& aggregate) const {
    static_assert(kItems >= 1, "WarpScan: at least one item per thread");
    Run([&](const auto& w) {
      T total = in[0];
WARPSAFE_UNROLL
      for (int i = 1; i < kItems; ++i) total = op(total, in[i]);
      const T inclusive = Core<false>(w, total, w.base, op);
      aggregate = detail::ShflIdx(w.mask, inclusive, w.last);
      T running = Shift(w, inclusive, w.base, initial, op);
WARPSAFE_UNROLL
      for (int i = 0; i < kItems; ++i) {
        const T item = in[i];
        out[i] = running;
        running = op(running, item);
      }
    });
  }
  template <int kItems, class Op>
  WARPSAFE_DEVICE void ExclusiveScan(const T (&in)[kItems], T (&out)[kItems], T initial, Op op) const {
    T aggregate;
    ExclusiveScan(in, out, initial, op, aggregate);
  }

 private:
  // f(w) on the caller's logical warp; a constant full member mask where the block allows
  // (detail::WithMemberMask).
  template <class F>
  WARPSAFE_DEVICE decltype(auto) Run(F&& f) const {
    return detail::WithMemberMask(warp_, f);
  }

  // The inclusive scan of lanes [clamp, lane] of logical warp w; kSegmented says whether clamp may
  // differ from w.base.
  template <bool kSegmented, class W, class Op>
  WARPSAFE_DEVICE T Core(const W& w, T x, unsigned clamp, Op op) const {
    if constexpr (kAlgorithm == WarpScanAlgorithm::kShuffle) {
      // Unsegmented, a power-of-two logical warp starts at lane & ~(kWidth - 1), so its clamp is the
      // constant segment-mask form (an immediate in the SASS, as in CUB) instead of w.base.
      if constexpr (!kSegmented && W::kPowerOfTwo)
        return detail::ShflInclusiveScan<kWidth>(w.mask, x, w.lane, detail::UpClampOfSegment<kWidth>(), op);
      else
        return detail::ShflInclusiveScan<kWidth>(w.mask, x, w.lane, clamp, op);
    } else if constexpr (kAlgorithm == WarpScanAlgorithm::kSmemGuarded) {
      return detail::SmemGuardedInclusiveScan<kWidth>(storage_->slots + w.base, w.mask, x, w.rank, clamp - w.base,
                                                      op);
    } else {
      constexpr int kStride = TempStorage::kPad + kWidth;
      T* slots = storage_->slots + w.Index() * kStride + TempStorage::kPad;
      if constexpr (kSegmented) {
        return detail::SmemGuardedInclusiveScan<kWidth>(slots, w.mask, x, w.rank, clamp - w.base, op);
      } else {
        static_assert(ZeroIsIdentity<Op>::value,
                      "WarpScan<kSmemZeroPadded>: the zero padding needs an operator whose identity is T{} "
                      "(Sum, BitOr, BitXor)");
        return detail::SmemZeroPaddedInclusiveScan<kWidth>(slots, w.mask, x, w.rank, w.count, op);
      }
    }
  }

  // Exclusive from inclusive: the inclusive value of the lane before, within [clamp, ...].
  template <class W, class Op>
  WARPSAFE_DEVICE T Shift(const W& w, const T& inclusive, unsigned clamp, const T& initial, Op op) const {
    bool has_prefix;
    const T prefix = detail::ShflUpClamped(w.mask, inclusive, w.lane, 1u, clamp, has_prefix);
    return has_prefix ? T(op(initial, prefix)) : initial;
  }

  TempStorage* storage_;
  detail::LogicalWarp<kWidth, kContract> warp_;
};

}  // namespace warpsafe

#endif  // WARPSAFE_WARP_WARP_SCAN_CUH_
