// Reduction cores for WarpReduce.
//
//  - Butterfly: a whole logical warp of any width, full or partial; ceil(log2(width)) shuffles
//    after which every lane holds the total. XorButterfly: the same for complete power-of-two
//    logical warps (kWholeWarps), with immediate xor lane masks.
//  - Range: lanes [head, tail] of a logical warp (valid_items, head-flag segments); Kogge-Stone with
//    shfl.sync.down's predicate clamped at `tail` leaves the total in lane `head`, which one more
//    shuffle gives to every lane.
//  - Redux: on sm_80 and later, redux.sync (__reduce_*_sync) for 32-bit integer sums, minima,
//    maxima and bit operations over any member mask; the engine takes the shuffle forms.
#pragma once
#ifndef WARPSAFE_DETAIL_WARP_REDUCE_SHFL_CUH_
#define WARPSAFE_DETAIL_WARP_REDUCE_SHFL_CUH_

#include "warpsafe/detail/shfl.cuh"
#include "warpsafe/warp/operators.cuh"

namespace warpsafe::detail {

// The logical warp [base, base + count) of at most kWidth lanes, any width. Each step d = 1, 2, 4, ...
// combines the caller's aligned block of d logical lanes with the neighbouring block (lower block
// on the left, so non-commutative operators work). The partner is logical lane rank ^ d, or, when
// that lane does not exist, the last lane that does (count - 1) if it lies in the neighbouring
// block; if no lane of that block exists the step is skipped. By induction every existing lane
// holds the reduction of the existing lanes of its block after each step, so all of them end with
// the total: no final broadcast, whatever the width or the number of existing lanes. The sources
// depend only on the geometry, so in a loop the compiler computes them once.
//
// The step is written as CUB writes its generic scan step: the operator applied unconditionally,
// then its result kept under `take`. `if (take) value = op(...)` made ptxas compute each word into
// a temporary and copy it back under the predicate, and recompute the geometry inside the caller's
// loop (struct16 at width 16: 267 instructions a round, 44 registers; now 168 and 39; CUB's shfl.down
// tree, result in lane 0 only, 201). `take` is a comparison, not a bit test: src and rank lie in
// the same block of 2d lanes, so bit d of src ^ rank is set exactly when src ^ rank >= d, and LLVM
// keeps a comparison as a predicate where it turned the bit test into a shifted mask (2 more ALU
// instructions a step).
template <int kWidth, class T, class Op>
WARPSAFE_DEVICE T ButterflyReduce(std::uint32_t mask, T value, unsigned rank, unsigned base, unsigned count, Op op) {
  WARPSAFE_UNROLL
  for (unsigned distance = 1; distance < unsigned(kWidth); distance <<= 1) {
    const unsigned partner = rank ^ distance;
    const unsigned src = partner < count ? partner : count - 1;
    const bool take = (src ^ rank) >= distance;
    const T other = ShflIdx(mask, value, base + src);
    T out;
    if constexpr (IsCommutative<Op>::value) {
      out = op(value, other);
    } else {
      out = (rank & distance) ? T(op(other, value)) : T(op(value, other));
    }
    if (take) value = out;
  }
  return value;
}

// A complete power-of-two logical warp (every lane exists, known at compile time): the plain xor
// butterfly, distances 1, 2, 4, ... with the lower block on the left. No per-step source lanes or
// predicates, so fewer registers than ButterflyReduce.
template <int kWidth, class T, class Op>
WARPSAFE_DEVICE T XorButterflyReduce(std::uint32_t mask, T value, unsigned rank, Op op) {
  WARPSAFE_UNROLL
  for (unsigned distance = 1; distance < unsigned(kWidth); distance <<= 1) {
    const T other = ShflXor(mask, value, distance);
    if constexpr (IsCommutative<Op>::value) {
      value = op(value, other);
    } else {
      value = (rank & distance) ? T(op(other, value)) : T(op(value, other));
    }
  }
  return value;
}

// Total of lanes [head, tail] in every lane whose segment is [head, tail]; at most kWidth lanes.
template <int kWidth, class T, class Op>
WARPSAFE_DEVICE T RangeReduce(std::uint32_t mask, T value, unsigned lane, unsigned head, unsigned tail, Op op) {
WARPSAFE_UNROLL
  for (unsigned delta = 1; delta < unsigned(kWidth); delta <<= 1) {
    bool pred;
    const T other = ShflDownClamped(mask, value, lane, delta, tail, pred);
    if (pred) value = op(value, other);
  }
  return ShflIdx(mask, value, head);
}

// redux.sync applies to 32-bit integers and these operators.
template <class T, class Op>
inline constexpr bool kReduxable =
    (std::is_same<T, int>::value || std::is_same<T, unsigned>::value) &&
    (std::is_same<Op, Sum>::value || std::is_same<Op, Min>::value || std::is_same<Op, Max>::value ||
     std::is_same<Op, BitAnd>::value || std::is_same<Op, BitOr>::value || std::is_same<Op, BitXor>::value);

template <class T, class Op>
WARPSAFE_DEVICE T ReduxIdentity() {
  if constexpr (std::is_same<Op, Min>::value) return std::is_same<T, int>::value ? T(0x7fffffff) : T(0xffffffffu);
  else if constexpr (std::is_same<Op, Max>::value) return std::is_same<T, int>::value ? T(-0x7fffffff - 1) : T(0);
  else if constexpr (std::is_same<Op, BitAnd>::value) return T(~0u);
  else return T(0);
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
template <class T, class Op>
WARPSAFE_DEVICE T ReduxReduce(std::uint32_t mask, T value) {
  if constexpr (std::is_same<Op, Sum>::value) return T(__reduce_add_sync(mask, value));
  else if constexpr (std::is_same<Op, Min>::value) return T(__reduce_min_sync(mask, value));
  else if constexpr (std::is_same<Op, Max>::value) return T(__reduce_max_sync(mask, value));
  else if constexpr (std::is_same<Op, BitAnd>::value) return T(__reduce_and_sync(mask, unsigned(value)));
  else if constexpr (std::is_same<Op, BitOr>::value) return T(__reduce_or_sync(mask, unsigned(value)));
  else return T(__reduce_xor_sync(mask, unsigned(value)));
}
inline constexpr bool kHasRedux = true;
#else
template <class T, class Op>
WARPSAFE_DEVICE T ReduxReduce(std::uint32_t, T value) {
  return value;  // never called: kHasRedux is false
}
inline constexpr bool kHasRedux = false;
#endif

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_WARP_REDUCE_SHFL_CUH_
