// The shuffle form of the inclusive warp scan (Kogge-Stone), with shfl.sync, the logical warp's
// member mask, and a per-lane clamp (segment start) instead of a fixed lane 0. Each step is one
// `shfl.sync.up.b32 r|p` per 32-bit word and an operator applied under the predicate p: for a sum
// of 32-bit values the step is written in PTX (`@p add`), so the loop compiles to 2 instructions a
// step.
//
// Types of several words (a sum of doubles included) take the predicate from the lane instead
// (lane - delta >= the clamp lane, the same condition the hardware computes), as CUB's generic step
// does: with the shuffle's predicate (of one word) ptxas computed each word's op into a temporary
// and copied it back under the predicate, one MOV per word per step (struct16 at width 16: 197
// instructions a round against CUB's 136, SASS in BENCHMARKS.md); with the lane's, the op is
// written in place and the predicates are computed once, outside the caller's loop.
//
// The inline PTX is not `volatile`: its outputs are its only effect, and a volatile asm keeps
// NVVM from unswitching the caller's loop on WithMemberMask's blockDim test (every call then
// branched, and the shuffles of independent scans could not be interleaved). Non-volatile asm is
// still kept where it is written: NVVM does not sink it into a branch (checked: a pure
// `add.s32` asm whose result is used only under an `if` stays before the branch, where the same
// add written in C++ is sunk), so no lane of the member mask can skip a shuffle it names.
#pragma once
#ifndef WARPSAFE_DETAIL_WARP_SCAN_SHFL_CUH_
#define WARPSAFE_DETAIL_WARP_SCAN_SHFL_CUH_

#include <type_traits>

#include "warpsafe/detail/shfl.cuh"
#include "warpsafe/warp/operators.cuh"

namespace warpsafe::detail {

template <class T, class Op>
struct ShflScanStep {
  // One Kogge-Stone step: value = op(value of lane - delta, value) when lane - delta >= clamp.
  static WARPSAFE_DEVICE T Apply(std::uint32_t mask, T value, unsigned lane, unsigned delta, unsigned clamp, Op op) {
    bool pred;
    const T other = ShflUpClamped(mask, value, lane, delta, clamp, pred);
    if constexpr (Words<T>::kCount == 1) {
      return pred ? T(op(other, value)) : value;
    } else {
      T out = op(other, value);  // in place under the lane's predicate (see the top of the file)
      if (lane < UpClampLane(clamp, lane) + delta) out = value;
      return out;
    }
  }
};

#if defined(__CUDA_ARCH__)
#define WARPSAFE_DETAIL_SUM_STEP(TYPE, REG, ADD)                                                        \
  template <>                                                                                           \
  struct ShflScanStep<TYPE, Sum> {                                                                      \
    static WARPSAFE_DEVICE TYPE Apply(std::uint32_t mask, TYPE value, unsigned, unsigned delta,          \
                                      unsigned clamp, Sum) {                                            \
      TYPE out;                                                                                         \
      asm(                                                                                              \
          "{\n\t.reg ." #REG " r0;\n\t.reg .pred p;\n\t"                                                \
          "shfl.sync.up.b32 r0|p, %1, %2, %3, %4;\n\t"                                                  \
          "@p " ADD " r0, r0, %1;\n\t"                                                                  \
          "mov." #REG " %0, r0;\n\t}"                                                                   \
          : "=" WARPSAFE_DETAIL_CONSTRAINT_##REG(out)                                                    \
          : WARPSAFE_DETAIL_CONSTRAINT_##REG(value), "r"(delta), "r"(clamp), "r"(mask));               \
      return out;                                                                                       \
    }                                                                                                   \
  };
#define WARPSAFE_DETAIL_CONSTRAINT_b32(x) "r"(x)
#define WARPSAFE_DETAIL_CONSTRAINT_f32(x) "f"(x)
WARPSAFE_DETAIL_SUM_STEP(int, b32, "add.s32")
WARPSAFE_DETAIL_SUM_STEP(unsigned, b32, "add.u32")
WARPSAFE_DETAIL_SUM_STEP(float, f32, "add.f32")
// A sum of 8-byte values (double, and 64-bit integers).
template <class T>
struct PairSumStep {
  static_assert(sizeof(T) == 8, "a pair of 32-bit words");
  static WARPSAFE_DEVICE T Apply(std::uint32_t mask, T value, unsigned lane, unsigned delta, unsigned clamp) {
    // Both halves in one asm, so that ptxas receives them as a register pair for the add (as two
    // word shuffles in C++ they cost up to 10 moves a round at width 16), and the predicate from
    // the lane, as cooperative groups' scan has it. The alternative, `@p add.f64` under the
    // predicate of the second shuffle (CUB's double step), compiles to as many instructions, but
    // its selects wait on the shuffle's predicate: the lane's, computed once, runs 1.12x as fast at
    // width 32 and 1.06x at 16 on an H200 (BENCHMARKS.md). For int64, `@p add.s64` makes the device
    // scan 1-2% slower than the generic step.
    T other;
    if constexpr (std::is_floating_point<T>::value) {
      asm("{\n\t.reg .u32 lo, hi;\n\tmov.b64 {lo, hi}, %1;\n\t"
          "shfl.sync.up.b32 lo, lo, %2, %3, %4;\n\tshfl.sync.up.b32 hi, hi, %2, %3, %4;\n\t"
          "mov.b64 %0, {lo, hi};\n\t}"
          : "=d"(other)
          : "d"(value), "r"(delta), "r"(clamp), "r"(mask));
    } else {
      asm("{\n\t.reg .u32 lo, hi;\n\tmov.b64 {lo, hi}, %1;\n\t"
          "shfl.sync.up.b32 lo, lo, %2, %3, %4;\n\tshfl.sync.up.b32 hi, hi, %2, %3, %4;\n\t"
          "mov.b64 %0, {lo, hi};\n\t}"
          : "=l"(other)
          : "l"(value), "r"(delta), "r"(clamp), "r"(mask));
    }
    T out = other + value;
    if (lane < UpClampLane(clamp, lane) + delta) out = value;
    return out;
  }
};
#define WARPSAFE_DETAIL_PAIR_SUM_STEP(TYPE)                                                             \
  template <>                                                                                           \
  struct ShflScanStep<TYPE, Sum> {                                                                      \
    static WARPSAFE_DEVICE TYPE Apply(std::uint32_t mask, TYPE value, unsigned lane, unsigned delta,    \
                                      unsigned clamp, Sum) {                                            \
      return PairSumStep<TYPE>::Apply(mask, value, lane, delta, clamp);                                 \
    }                                                                                                   \
  };
WARPSAFE_DETAIL_PAIR_SUM_STEP(double)
WARPSAFE_DETAIL_PAIR_SUM_STEP(long long)
WARPSAFE_DETAIL_PAIR_SUM_STEP(unsigned long long)
#if defined(__SIZEOF_LONG__) && __SIZEOF_LONG__ == 8
WARPSAFE_DETAIL_PAIR_SUM_STEP(long)
WARPSAFE_DETAIL_PAIR_SUM_STEP(unsigned long)
#endif
#undef WARPSAFE_DETAIL_PAIR_SUM_STEP
#undef WARPSAFE_DETAIL_SUM_STEP
#undef WARPSAFE_DETAIL_CONSTRAINT_b32
#undef WARPSAFE_DETAIL_CONSTRAINT_f32
#endif

// Inclusive scan over the lanes [UpClampLane(clamp, lane), lane] of a logical warp of at most kWidth
// lanes; `clamp` is shfl.sync.up's c operand (shfl.cuh).
template <int kWidth, class T, class Op>
WARPSAFE_DEVICE T ShflInclusiveScan(std::uint32_t mask, T value, unsigned lane, unsigned clamp, Op op) {
WARPSAFE_UNROLL
  for (unsigned delta = 1; delta < unsigned(kWidth); delta <<= 1)
    value = ShflScanStep<T, Op>::Apply(mask, value, lane, delta, clamp, op);
  return value;
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_WARP_SCAN_SHFL_CUH_
