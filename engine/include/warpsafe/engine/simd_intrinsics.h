// CUDA's SIMD video intrinsics (CUDA Math API, "SIMD Intrinsics"): a 32-bit word taken as two
// 16-bit halfwords (the ...2 forms) or four bytes (the ...4 forms), each lane computed on its own
// and the results packed back. The rules, in our words: docs/semantics/simd.md (SIMD-*); every
// function is checked against values recorded on a GPU (tests/programs/simd). Included by
// device_functions.h.
#pragma once

namespace warpsafe::engine::detail {

// Applies op to each kBits-wide lane of a and b (as unsigned lane values) and packs the low kBits
// of each result.
template <int kBits, class Op>
inline unsigned Lanewise(unsigned a, unsigned b, Op op) {
  constexpr unsigned kMask = (1u << kBits) - 1u;
  unsigned r = 0;
  for (int s = 0; s < 32; s += kBits) r |= (static_cast<unsigned>(op((a >> s) & kMask, (b >> s) & kMask)) & kMask) << s;
  return r;
}
// The lane value read as a signed kBits-bit integer.
template <int kBits>
inline int Signed(unsigned lane) {
  return static_cast<int>(lane << (32 - kBits)) >> (32 - kBits);
}
template <int kBits>
inline int Saturate(int v) {
  constexpr int kMax = (1 << (kBits - 1)) - 1;
  return v > kMax ? kMax : (v < -kMax - 1 ? -kMax - 1 : v);
}
template <int kBits>
inline unsigned SaturateUnsigned(int v) {
  constexpr int kMax = (1 << kBits) - 1;
  return static_cast<unsigned>(v > kMax ? kMax : (v < 0 ? 0 : v));
}
// Sum over the lanes of |a - b|.
template <int kBits, bool kSigned>
inline unsigned SumAbsDiff(unsigned a, unsigned b) {
  constexpr unsigned kMask = (1u << kBits) - 1u;
  unsigned sum = 0;
  for (int s = 0; s < 32; s += kBits) {
    const unsigned x = (a >> s) & kMask, y = (b >> s) & kMask;
    const int d = kSigned ? Signed<kBits>(x) - Signed<kBits>(y) : static_cast<int>(x) - static_cast<int>(y);
    sum += static_cast<unsigned>(d < 0 ? -d : d);
  }
  return sum;
}

}  // namespace warpsafe::engine::detail

// name2 on halfwords and name4 on bytes, from one lane expression over x, y (unsigned lane values)
// and sx, sy (the same read as signed); B is the lane width.
#define WARPSAFE_SIMD_(name, expr)                                                                          \
  inline unsigned int name##2(unsigned int a, unsigned int b) {                                              \
    using namespace ::warpsafe::engine::detail;                                                              \
    constexpr int B = 16;                                                                                    \
    return Lanewise<B>(a, b, [](unsigned x, unsigned y) {                                                    \
      const int sx = Signed<B>(x), sy = Signed<B>(y);                                                        \
      (void)sx;                                                                                              \
      (void)sy;                                                                                              \
      return static_cast<unsigned>(expr);                                                                    \
    });                                                                                                      \
  }                                                                                                          \
  inline unsigned int name##4(unsigned int a, unsigned int b) {                                              \
    using namespace ::warpsafe::engine::detail;                                                              \
    constexpr int B = 8;                                                                                     \
    return Lanewise<B>(a, b, [](unsigned x, unsigned y) {                                                    \
      const int sx = Signed<B>(x), sy = Signed<B>(y);                                                        \
      (void)sx;                                                                                              \
      (void)sy;                                                                                              \
      return static_cast<unsigned>(expr);                                                                    \
    });                                                                                                      \
  }
#define WARPSAFE_SIMD_UNARY_(name, expr)                                                                    \
  inline unsigned int name##2(unsigned int a) {                                                              \
    using namespace ::warpsafe::engine::detail;                                                              \
    constexpr int B = 16;                                                                                    \
    return Lanewise<B>(a, 0u, [](unsigned x, unsigned) {                                                     \
      const int sx = Signed<B>(x);                                                                           \
      return static_cast<unsigned>(expr);                                                                    \
    });                                                                                                      \
  }                                                                                                          \
  inline unsigned int name##4(unsigned int a) {                                                              \
    using namespace ::warpsafe::engine::detail;                                                              \
    constexpr int B = 8;                                                                                     \
    return Lanewise<B>(a, 0u, [](unsigned x, unsigned) {                                                     \
      const int sx = Signed<B>(x);                                                                           \
      return static_cast<unsigned>(expr);                                                                    \
    });                                                                                                      \
  }

WARPSAFE_SIMD_(__vadd, x + y)
WARPSAFE_SIMD_(__vsub, x - y)
WARPSAFE_SIMD_(__vaddss, Saturate<B>(sx + sy))
WARPSAFE_SIMD_(__vsubss, Saturate<B>(sx - sy))
WARPSAFE_SIMD_(__vaddus, SaturateUnsigned<B>(static_cast<int>(x + y)))
WARPSAFE_SIMD_(__vsubus, SaturateUnsigned<B>(static_cast<int>(x) - static_cast<int>(y)))
WARPSAFE_SIMD_(__vabsdiffs, sx > sy ? sx - sy : sy - sx)
WARPSAFE_SIMD_(__vabsdiffu, x > y ? x - y : y - x)
WARPSAFE_SIMD_(__vavgu, (x + y + 1) >> 1)
// The signed average rounds a half away from zero (-1.5 to -2, 1.5 to 2), as the GPU does (SIMD-4).
WARPSAFE_SIMD_(__vavgs, (sx + sy + (sx + sy >= 0 ? 1 : 0)) >> 1)
WARPSAFE_SIMD_(__vhaddu, (x + y) >> 1)
WARPSAFE_SIMD_(__vmaxs, sx > sy ? sx : sy)
WARPSAFE_SIMD_(__vmaxu, x > y ? x : y)
WARPSAFE_SIMD_(__vmins, sx < sy ? sx : sy)
WARPSAFE_SIMD_(__vminu, x < y ? x : y)
// Comparisons: __vcmp* gives an all-ones lane where true, __vset* gives 1.
WARPSAFE_SIMD_(__vcmpeq, x == y ? ~0u : 0u)
WARPSAFE_SIMD_(__vcmpne, x != y ? ~0u : 0u)
WARPSAFE_SIMD_(__vcmpges, sx >= sy ? ~0u : 0u)
WARPSAFE_SIMD_(__vcmpgeu, x >= y ? ~0u : 0u)
WARPSAFE_SIMD_(__vcmpgts, sx > sy ? ~0u : 0u)
WARPSAFE_SIMD_(__vcmpgtu, x > y ? ~0u : 0u)
WARPSAFE_SIMD_(__vcmples, sx <= sy ? ~0u : 0u)
WARPSAFE_SIMD_(__vcmpleu, x <= y ? ~0u : 0u)
WARPSAFE_SIMD_(__vcmplts, sx < sy ? ~0u : 0u)
WARPSAFE_SIMD_(__vcmpltu, x < y ? ~0u : 0u)
WARPSAFE_SIMD_(__vseteq, x == y ? 1u : 0u)
WARPSAFE_SIMD_(__vsetne, x != y ? 1u : 0u)
WARPSAFE_SIMD_(__vsetges, sx >= sy ? 1u : 0u)
WARPSAFE_SIMD_(__vsetgeu, x >= y ? 1u : 0u)
WARPSAFE_SIMD_(__vsetgts, sx > sy ? 1u : 0u)
WARPSAFE_SIMD_(__vsetgtu, x > y ? 1u : 0u)
WARPSAFE_SIMD_(__vsetles, sx <= sy ? 1u : 0u)
WARPSAFE_SIMD_(__vsetleu, x <= y ? 1u : 0u)
WARPSAFE_SIMD_(__vsetlts, sx < sy ? 1u : 0u)
WARPSAFE_SIMD_(__vsetltu, x < y ? 1u : 0u)
// Unary: absolute value and negation, wrapping (abs of the most negative lane is itself) or
// saturating (the ss forms).
WARPSAFE_SIMD_UNARY_(__vabs, sx < 0 ? -sx : sx)
WARPSAFE_SIMD_UNARY_(__vabsss, Saturate<B>(sx < 0 ? -sx : sx))
WARPSAFE_SIMD_UNARY_(__vneg, -sx)
WARPSAFE_SIMD_UNARY_(__vnegss, Saturate<B>(-sx))

#undef WARPSAFE_SIMD_UNARY_
#undef WARPSAFE_SIMD_

inline unsigned int __vsads2(unsigned int a, unsigned int b) { return ::warpsafe::engine::detail::SumAbsDiff<16, true>(a, b); }
inline unsigned int __vsads4(unsigned int a, unsigned int b) { return ::warpsafe::engine::detail::SumAbsDiff<8, true>(a, b); }
inline unsigned int __vsadu2(unsigned int a, unsigned int b) { return ::warpsafe::engine::detail::SumAbsDiff<16, false>(a, b); }
inline unsigned int __vsadu4(unsigned int a, unsigned int b) { return ::warpsafe::engine::detail::SumAbsDiff<8, false>(a, b); }
