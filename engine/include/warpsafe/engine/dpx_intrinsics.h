// CUDA's DPX intrinsics (CUDA Math API, "SIMD Intrinsics", the __vi* functions of CUDA 12): the
// minimum or maximum of two or three integers, a sum followed by a minimum or maximum, each either
// on one 32-bit integer (_s32, _u32) or on the two 16-bit halves of a word (_s16x2, _u16x2), the
// signed forms optionally clamped below at zero (_relu), and __vibmax/__vibmin, which also say which
// operand was chosen. Hopper runs them as instructions, older GPUs as instruction sequences; the
// values are the same. The rules, in our words: docs/semantics/simd.md (SIMD-*); every function is
// checked against values recorded on a GPU (tests/programs/simd).
//
// CUDA declares them __host__ __device__: here plain inline functions, callable from both sides.
// Included by device_functions.h.
#pragma once

namespace warpsafe::engine::detail {

template <class T>
constexpr T DpxMax(T x, T y) {
  return x > y ? x : y;
}
template <class T>
constexpr T DpxMin(T x, T y) {
  return x < y ? x : y;
}
// A sum of two 32-bit integers in 32 bits: the GPU's adder wraps (SIMD-9), where C++'s signed `+`
// would be undefined.
inline int DpxAdd(int x, int y) { return static_cast<int>(static_cast<unsigned>(x) + static_cast<unsigned>(y)); }
// Half i (0 the low one) of w, as a signed or an unsigned 16-bit value.
template <bool kSigned>
inline int DpxHalf(unsigned w, int i) {
  const unsigned v = (w >> (16 * i)) & 0xFFFFu;
  return kSigned ? static_cast<int>(v ^ 0x8000u) - 0x8000 : static_cast<int>(v);
}
// A lane's sum cut to 16 bits and read back as the lane's type (the halves' adder wraps too).
template <bool kSigned>
inline int DpxWrap16(int v) {
  return DpxHalf<kSigned>(static_cast<unsigned>(v), 0);
}
// Applies op to the two halves of a, b and c (as kSigned 16-bit values) and packs the low 16 bits
// of each result.
template <bool kSigned, class Op>
inline unsigned DpxPerHalf(unsigned a, unsigned b, unsigned c, Op op) {
  unsigned r = 0;
  for (int i = 0; i < 2; ++i) {
    const int v = op(DpxHalf<kSigned>(a, i), DpxHalf<kSigned>(b, i), DpxHalf<kSigned>(c, i));
    r |= (static_cast<unsigned>(v) & 0xFFFFu) << (16 * i);
  }
  return r;
}

}  // namespace warpsafe::engine::detail

// One function per form over 32-bit integers (T the signed or unsigned type) and one over halves:
// `expr` computes a lane from x, y, z with the helpers above.
#define WARPSAFE_DPX_WORD_(name, T, expr)                   \
  inline T name(T a, T b, T c) {                            \
    using namespace ::warpsafe::engine::detail;             \
    const T x = a, y = b, z = c;                            \
    return expr;                                            \
  }
#define WARPSAFE_DPX_HALVES_(name, is_signed, expr)                                                        \
  inline unsigned int name(unsigned int a, unsigned int b, unsigned int c) {                               \
    using namespace ::warpsafe::engine::detail;                                                            \
    return DpxPerHalf<is_signed>(a, b, c, [](int x, int y, int z) { return expr; });                       \
  }

// max(a, b, c) and min(a, b, c); the _relu forms then clamp below at 0.
WARPSAFE_DPX_WORD_(__vimax3_s32, int, DpxMax(DpxMax(x, y), z))
WARPSAFE_DPX_WORD_(__vimax3_u32, unsigned int, DpxMax(DpxMax(x, y), z))
WARPSAFE_DPX_WORD_(__vimin3_s32, int, DpxMin(DpxMin(x, y), z))
WARPSAFE_DPX_WORD_(__vimin3_u32, unsigned int, DpxMin(DpxMin(x, y), z))
WARPSAFE_DPX_WORD_(__vimax3_s32_relu, int, DpxMax(DpxMax(DpxMax(x, y), z), 0))
WARPSAFE_DPX_WORD_(__vimin3_s32_relu, int, DpxMax(DpxMin(DpxMin(x, y), z), 0))
WARPSAFE_DPX_HALVES_(__vimax3_s16x2, true, DpxMax(DpxMax(x, y), z))
WARPSAFE_DPX_HALVES_(__vimax3_u16x2, false, DpxMax(DpxMax(x, y), z))
WARPSAFE_DPX_HALVES_(__vimin3_s16x2, true, DpxMin(DpxMin(x, y), z))
WARPSAFE_DPX_HALVES_(__vimin3_u16x2, false, DpxMin(DpxMin(x, y), z))
WARPSAFE_DPX_HALVES_(__vimax3_s16x2_relu, true, DpxMax(DpxMax(DpxMax(x, y), z), 0))
WARPSAFE_DPX_HALVES_(__vimin3_s16x2_relu, true, DpxMax(DpxMin(DpxMin(x, y), z), 0))

// max(a + b, c) and min(a + b, c), the sum wrapping in the lane's width.
WARPSAFE_DPX_WORD_(__viaddmax_s32, int, DpxMax(DpxAdd(x, y), z))
WARPSAFE_DPX_WORD_(__viaddmax_u32, unsigned int, DpxMax(x + y, z))
WARPSAFE_DPX_WORD_(__viaddmin_s32, int, DpxMin(DpxAdd(x, y), z))
WARPSAFE_DPX_WORD_(__viaddmin_u32, unsigned int, DpxMin(x + y, z))
WARPSAFE_DPX_WORD_(__viaddmax_s32_relu, int, DpxMax(DpxMax(DpxAdd(x, y), z), 0))
WARPSAFE_DPX_WORD_(__viaddmin_s32_relu, int, DpxMax(DpxMin(DpxAdd(x, y), z), 0))
WARPSAFE_DPX_HALVES_(__viaddmax_s16x2, true, DpxMax(DpxWrap16<true>(x + y), z))
WARPSAFE_DPX_HALVES_(__viaddmax_u16x2, false, DpxMax(DpxWrap16<false>(x + y), z))
WARPSAFE_DPX_HALVES_(__viaddmin_s16x2, true, DpxMin(DpxWrap16<true>(x + y), z))
WARPSAFE_DPX_HALVES_(__viaddmin_u16x2, false, DpxMin(DpxWrap16<false>(x + y), z))
WARPSAFE_DPX_HALVES_(__viaddmax_s16x2_relu, true, DpxMax(DpxMax(DpxWrap16<true>(x + y), z), 0))
WARPSAFE_DPX_HALVES_(__viaddmin_s16x2_relu, true, DpxMax(DpxMin(DpxWrap16<true>(x + y), z), 0))

#undef WARPSAFE_DPX_HALVES_
#undef WARPSAFE_DPX_WORD_

// The two-operand forms exist only with the clamp at 0 (a plain max or min is max()/min()).
inline int __vimax_s32_relu(int a, int b) {
  using namespace ::warpsafe::engine::detail;
  return DpxMax(DpxMax(a, b), 0);
}
inline int __vimin_s32_relu(int a, int b) {
  using namespace ::warpsafe::engine::detail;
  return DpxMax(DpxMin(a, b), 0);
}
inline unsigned int __vimax_s16x2_relu(unsigned int a, unsigned int b) {
  using namespace ::warpsafe::engine::detail;
  return DpxPerHalf<true>(a, b, 0u, [](int x, int y, int) { return DpxMax(DpxMax(x, y), 0); });
}
inline unsigned int __vimin_s16x2_relu(unsigned int a, unsigned int b) {
  using namespace ::warpsafe::engine::detail;
  return DpxPerHalf<true>(a, b, 0u, [](int x, int y, int) { return DpxMax(DpxMin(x, y), 0); });
}

// max(a, b) or min(a, b), and through `pred` whether a was the one chosen: a >= b for the maximum,
// a <= b for the minimum, so a tie chooses a. The _16x2 forms answer per half (pred_hi for the
// upper one). Each pointer is written exactly once.
inline int __vibmax_s32(int a, int b, bool* pred) {
  *pred = a >= b;
  return *pred ? a : b;
}
inline unsigned int __vibmax_u32(unsigned int a, unsigned int b, bool* pred) {
  *pred = a >= b;
  return *pred ? a : b;
}
inline int __vibmin_s32(int a, int b, bool* pred) {
  *pred = a <= b;
  return *pred ? a : b;
}
inline unsigned int __vibmin_u32(unsigned int a, unsigned int b, bool* pred) {
  *pred = a <= b;
  return *pred ? a : b;
}

namespace warpsafe::engine::detail {
// The __vib* forms on halves: `choose_a(x, y)` says whether half x of a wins over half y of b.
template <bool kSigned, class Choose>
inline unsigned DpxPickHalves(unsigned a, unsigned b, bool* pred_hi, bool* pred_lo, Choose choose_a) {
  const bool lo = choose_a(DpxHalf<kSigned>(a, 0), DpxHalf<kSigned>(b, 0));
  const bool hi = choose_a(DpxHalf<kSigned>(a, 1), DpxHalf<kSigned>(b, 1));
  *pred_hi = hi;
  *pred_lo = lo;
  return ((hi ? a : b) & 0xFFFF0000u) | ((lo ? a : b) & 0x0000FFFFu);
}
}  // namespace warpsafe::engine::detail

inline unsigned int __vibmax_s16x2(unsigned int a, unsigned int b, bool* pred_hi, bool* pred_lo) {
  return ::warpsafe::engine::detail::DpxPickHalves<true>(a, b, pred_hi, pred_lo, [](int x, int y) { return x >= y; });
}
inline unsigned int __vibmax_u16x2(unsigned int a, unsigned int b, bool* pred_hi, bool* pred_lo) {
  return ::warpsafe::engine::detail::DpxPickHalves<false>(a, b, pred_hi, pred_lo, [](int x, int y) { return x >= y; });
}
inline unsigned int __vibmin_s16x2(unsigned int a, unsigned int b, bool* pred_hi, bool* pred_lo) {
  return ::warpsafe::engine::detail::DpxPickHalves<true>(a, b, pred_hi, pred_lo, [](int x, int y) { return x <= y; });
}
inline unsigned int __vibmin_u16x2(unsigned int a, unsigned int b, bool* pred_hi, bool* pred_lo) {
  return ::warpsafe::engine::detail::DpxPickHalves<false>(a, b, pred_hi, pred_lo, [](int x, int y) { return x <= y; });
}
