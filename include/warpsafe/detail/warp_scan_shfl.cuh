// The shuffle form of the inclusive warp scan: the CUDA Handbook's scanWarpShuffle (listing 13-17),
// with shfl.sync, the logical warp's member mask, and a per-lane clamp (segment start) instead of a
// fixed lane 0. Each step is one `shfl.sync.up.b32 r|p` per 32-bit word and an operator applied
// under the predicate p: for a sum of 32-bit values the step is written in PTX as in the Handbook
// (`@p add`), so the loop compiles to 2 instructions a step.
#pragma once
#ifndef WARPSAFE_DETAIL_WARP_SCAN_SHFL_CUH_
#define WARPSAFE_DETAIL_WARP_SCAN_SHFL_CUH_

#include "warpsafe/detail/shfl.cuh"
#include "warpsafe/warp/operators.cuh"

namespace warpsafe::detail {

template <class T, class Op>
struct ShflScanStep {
  // One Kogge-Stone step: value = op(value of lane - delta, value) when lane - delta >= clamp.
  static WARPSAFE_DEVICE T Apply(std::uint32_t mask, T value, unsigned lane, unsigned delta, unsigned clamp, Op op) {
    bool pred;
    const T other = ShflUpClamped(mask, value, lane, delta, clamp, pred);
    return pred ? T(op(other, value)) : value;
  }
};

#if defined(__CUDA_ARCH__)
#define WARPSAFE_DETAIL_SUM_STEP(TYPE, REG, ADD)                                                        \
  template <>                                                                                           \
  struct ShflScanStep<TYPE, Sum> {                                                                      \
    static WARPSAFE_DEVICE TYPE Apply(std::uint32_t mask, TYPE value, unsigned, unsigned delta,          \
                                      unsigned clamp, Sum) {                                            \
      TYPE out;                                                                                         \
      asm volatile(                                                                                     \
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
#undef WARPSAFE_DETAIL_SUM_STEP
#undef WARPSAFE_DETAIL_CONSTRAINT_b32
#undef WARPSAFE_DETAIL_CONSTRAINT_f32
#endif

// Inclusive scan over the lanes [clamp, lane] of a logical warp of at most kWidth lanes.
template <int kWidth, class T, class Op>
WARPSAFE_DEVICE T ShflInclusiveScan(std::uint32_t mask, T value, unsigned lane, unsigned clamp, Op op) {
WARPSAFE_UNROLL
  for (unsigned delta = 1; delta < unsigned(kWidth); delta <<= 1)
    value = ShflScanStep<T, Op>::Apply(mask, value, lane, delta, clamp, op);
  return value;
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_WARP_SCAN_SHFL_CUH_
