// cuda_fp16.h and cuda_bf16.h: round-to-nearest-even on exact halfway cases, subnormals,
// infinities and NaN, the directed conversions, integer conversions, arithmetic (fma included)
// against an exact reference, comparisons with NaN, operators and layout.
#include "cuda_bf16.h"
#include "cuda_fp16.h"

#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <cstdint>
#include <random>
#include <type_traits>

namespace {

// The CUDART_* values' bit patterns are CUDA's (IEEE binary16 and bfloat16 layouts; NaN with every
// exponent and fraction bit set), and usable in constant expressions.
static_assert(__half_as_ushort(CUDART_INF_FP16) == 0x7C00 && __half_as_ushort(CUDART_NAN_FP16) == 0x7FFF);
static_assert(__half_as_ushort(CUDART_MIN_DENORM_FP16) == 0x0001 && __half_as_ushort(CUDART_MAX_NORMAL_FP16) == 0x7BFF);
static_assert(__half_as_ushort(CUDART_NEG_ZERO_FP16) == 0x8000 && __half_as_ushort(CUDART_ZERO_FP16) == 0x0000);
static_assert(__half_as_ushort(CUDART_ONE_FP16) == 0x3C00);
static_assert(__bfloat16_as_ushort(CUDART_INF_BF16) == 0x7F80 && __bfloat16_as_ushort(CUDART_NAN_BF16) == 0x7FFF);
static_assert(__bfloat16_as_ushort(CUDART_MIN_DENORM_BF16) == 0x0001);
static_assert(__bfloat16_as_ushort(CUDART_MAX_NORMAL_BF16) == 0x7F7F);
static_assert(__bfloat16_as_ushort(CUDART_NEG_ZERO_BF16) == 0x8000 && __bfloat16_as_ushort(CUDART_ZERO_BF16) == 0x0000);
static_assert(__bfloat16_as_ushort(CUDART_ONE_BF16) == 0x3F80);

static_assert(sizeof(__half) == 2 && alignof(__half) == 2 && sizeof(__half2) == 4 && alignof(__half2) == 4);
static_assert(sizeof(__nv_bfloat16) == 2 && sizeof(__nv_bfloat162) == 4 && alignof(__nv_bfloat162) == 4);
static_assert(std::is_trivially_copyable_v<__half> && std::is_trivially_copyable_v<__half2>);
static_assert(std::is_trivially_copyable_v<__nv_bfloat16> && std::is_trivially_copyable_v<__nv_bfloat162>);
static_assert(std::is_trivially_default_constructible_v<__half> && std::is_trivial_v<__nv_bfloat162>);

unsigned Bits(__half h) { return __half_as_ushort(h); }
unsigned Bits(__nv_bfloat16 h) { return __bfloat16_as_ushort(h); }

TEST(Half, RoundsToNearestEvenOnHalfwayCases) {
  EXPECT_EQ(Bits(__float2half(1.0f)), 0x3C00u);
  EXPECT_EQ(Bits(__float2half(1.0f + 0x1p-11f)), 0x3C00u);              // tie: to even (down)
  EXPECT_EQ(Bits(__float2half(1.0f + 0x3p-11f)), 0x3C02u);              // tie: to even (up)
  EXPECT_EQ(Bits(__float2half(1.0f + 0x1p-11f + 0x1p-20f)), 0x3C01u);   // above the tie
  EXPECT_EQ(Bits(__float2half(-1.0f - 0x1p-11f)), 0xBC00u);
  EXPECT_EQ(Bits(__float2half(65504.0f)), 0x7BFFu);
  EXPECT_EQ(Bits(__float2half(65519.99f)), 0x7BFFu);
  EXPECT_EQ(Bits(__float2half(65520.0f)), 0x7C00u);  // tie between max and 2^16: to infinity
  EXPECT_EQ(Bits(__float2half(-1e6f)), 0xFC00u);
  // A double rounds once, directly: through float it would become a tie and round down.
  EXPECT_EQ(Bits(__double2half(1.0 + 0x1p-11 + 0x1p-40)), 0x3C01u);
  EXPECT_EQ(Bits(__half(1.0 + 0x1p-11 + 0x1p-40)), 0x3C01u);
}

TEST(Half, Subnormals) {
  EXPECT_EQ(Bits(__float2half(0x1p-24f)), 0x0001u);   // smallest subnormal
  EXPECT_EQ(Bits(__float2half(0x1p-25f)), 0x0000u);   // tie with 0: to even
  EXPECT_EQ(Bits(__float2half(0x1.000002p-25f)), 0x0001u);
  EXPECT_EQ(Bits(__float2half(0x3p-25f)), 0x0002u);   // tie between 1 and 2: to even
  EXPECT_EQ(Bits(__float2half(-0x1p-26f)), 0x8000u);  // rounds to -0
  EXPECT_EQ(Bits(__float2half(0x7FFp-25f)), 0x0400u);  // halfway past the largest subnormal: min normal
  EXPECT_EQ(__half2float(__ushort_as_half(0x0001)), 0x1p-24f);
  EXPECT_EQ(__half2float(__ushort_as_half(0x03FF)), 1023 * 0x1p-24f);
  EXPECT_EQ(__half2float(__ushort_as_half(0x0400)), 0x1p-14f);
}

TEST(Half, InfinityNaNAndSignedZero) {
  EXPECT_EQ(Bits(__float2half(INFINITY)), 0x7C00u);
  EXPECT_EQ(Bits(__float2half(-INFINITY)), 0xFC00u);
  EXPECT_EQ(Bits(__float2half(NAN)), 0x7FFFu);  // the canonical NaN
  EXPECT_EQ(Bits(__float2half(-0.0f)), 0x8000u);
  EXPECT_TRUE(std::isinf(__half2float(CUDART_INF_FP16)));
  EXPECT_TRUE(std::isnan(__half2float(CUDART_NAN_FP16)));
  EXPECT_TRUE(__hisnan(__ushort_as_half(0x7E00)));
  EXPECT_FALSE(__hisnan(CUDART_INF_FP16));
  EXPECT_EQ(__hisinf(CUDART_INF_FP16), 1);
  EXPECT_EQ(__hisinf(__hneg(CUDART_INF_FP16)), -1);
  EXPECT_EQ(__hisinf(CUDART_MAX_NORMAL_FP16), 0);
  EXPECT_TRUE(std::signbit(__half2float(CUDART_NEG_ZERO_FP16)));
  EXPECT_EQ(__half2float(CUDART_ONE_FP16), 1.0f);
}

TEST(Half, EveryHalfSurvivesTheRoundTripThroughFloat) {
  for (unsigned b = 0; b < 0x10000u; ++b) {
    const __half h = __ushort_as_half(static_cast<unsigned short>(b));
    const float f = __half2float(h);
    if (std::isnan(f)) {
      ASSERT_EQ(Bits(__float2half(f)), 0x7FFFu);
    } else {
      ASSERT_EQ(Bits(__float2half(f)), b);
      ASSERT_EQ(Bits(__double2half(f)), b);
    }
  }
}

// |f - h| is minimal over h's neighbours, and even on a tie; all values exact in double.
TEST(Half, RandomFloatsRoundToTheNearestEven) {
  std::mt19937 rng(4);
  for (int i = 0; i < 200000; ++i) {
    const float mantissa = 1.0f + static_cast<float>(rng() & 0x7FFFFFu) * 0x1p-23f;
    const float f = std::ldexp(mantissa, static_cast<int>(rng() % 43) - 27) * ((rng() & 1) != 0 ? -1.0f : 1.0f);
    if (std::fabs(f) >= 65520.0f) continue;
    const unsigned h = Bits(__float2half(f));
    const unsigned m = h & 0x7FFFu, sign = h & 0x8000u;
    const double d = std::fabs(double{f});
    const double here = std::fabs(d - std::fabs(__half2float(__ushort_as_half(m))));
    for (unsigned n : {m - 1, m + 1}) {
      if (n > 0x7BFFu) continue;
      const double there = std::fabs(d - std::fabs(__half2float(__ushort_as_half(static_cast<unsigned short>(n)))));
      ASSERT_TRUE(here < there || (here == there && (m & 1u) == 0)) << f;
    }
    ASSERT_TRUE(m == 0 || (sign != 0) == (f < 0)) << f;
  }
}

TEST(Half, DirectedConversions) {
  const float x = 1.0f + 0x1p-12f;  // a quarter ulp above 1
  EXPECT_EQ(Bits(__float2half_rn(x)), 0x3C00u);
  EXPECT_EQ(Bits(__float2half_rz(x)), 0x3C00u);
  EXPECT_EQ(Bits(__float2half_ru(x)), 0x3C01u);
  EXPECT_EQ(Bits(__float2half_rd(x)), 0x3C00u);
  EXPECT_EQ(Bits(__float2half_ru(-x)), 0xBC00u);
  EXPECT_EQ(Bits(__float2half_rd(-x)), 0xBC01u);
  EXPECT_EQ(Bits(__float2half_rz(1e6f)), 0x7BFFu);
  EXPECT_EQ(Bits(__float2half_rd(1e6f)), 0x7BFFu);
  EXPECT_EQ(Bits(__float2half_ru(1e6f)), 0x7C00u);
  EXPECT_EQ(Bits(__float2half_ru(-1e6f)), 0xFBFFu);
  EXPECT_EQ(Bits(__float2half_ru(1e-30f)), 0x0001u);
  EXPECT_EQ(Bits(__float2half_rd(1e-30f)), 0x0000u);
  EXPECT_EQ(Bits(__float2half_rd(-1e-30f)), 0x8001u);
  EXPECT_EQ(Bits(__float2half_rz(-1e-30f)), 0x8000u);
}

TEST(Half, IntegerConversions) {
  EXPECT_EQ(__half2float(__int2half_rn(2049)), 2048.0f);  // tie: to even
  EXPECT_EQ(__half2float(__int2half_rn(2051)), 2052.0f);
  EXPECT_EQ(__half2float(__int2half_ru(2049)), 2050.0f);
  EXPECT_EQ(__half2float(__int2half_rd(-2049)), -2050.0f);
  EXPECT_EQ(Bits(__int2half_rn(70000)), 0x7C00u);
  EXPECT_EQ(Bits(__int2half_rz(70000)), 0x7BFFu);
  EXPECT_EQ(Bits(__ull2half_rn(~0ull)), 0x7C00u);
  EXPECT_EQ(__half2int_rz(__float2half(-2.5f)), -2);
  EXPECT_EQ(__half2int_rn(__float2half(2.5f)), 2);
  EXPECT_EQ(__half2int_rn(__float2half(3.5f)), 4);
  EXPECT_EQ(__half2int_rd(__float2half(-0.5f)), -1);
  EXPECT_EQ(__half2int_ru(__float2half(-0.5f)), 0);
  EXPECT_EQ(__half2int_rn(CUDART_NAN_FP16), 0);
  EXPECT_EQ(__half2ll_rn(CUDART_NAN_FP16), LLONG_MIN);
  EXPECT_EQ(__half2uint_rz(__hneg(CUDART_INF_FP16)), 0u);
  EXPECT_EQ(__half2short_rz(CUDART_INF_FP16), SHRT_MAX);
  EXPECT_EQ(__half2short_rz(CUDART_NAN_FP16), 0);
  EXPECT_EQ(__half2ushort_rn(__float2half(65504.0f)), 65504);
  EXPECT_EQ(__half2char_rz(__float2half(300.0f)), 127);
  EXPECT_EQ(__half2uchar_rz(__float2half(-3.0f)), 0);
  const __half h = 3;  // constructors and conversions that CUDA's __half has
  const int i = __float2half(-7.9f);
  EXPECT_EQ(__half2float(h), 3.0f);
  EXPECT_EQ(i, -7);
  EXPECT_TRUE(static_cast<bool>(__float2half(0.5f)));
  EXPECT_FALSE(static_cast<bool>(CUDART_NEG_ZERO_FP16));
}

// The value of s rounded to half to nearest even, by comparing exact distances.
__float128 Exact(__half h) { return static_cast<__float128>(__half2float(h)); }
unsigned ReferenceRound(__float128 s) {
  const unsigned sign = s < 0 ? 0x8000u : 0u;
  const __float128 a = s < 0 ? -s : s;
  if (a >= 65520) return sign | 0x7C00u;  // max + half an ulp and beyond: infinity
  // The nearest half is a neighbour of the half nearest to a's double approximation.
  unsigned guess = __half_as_ushort(__double2half(static_cast<double>(a))) & 0x7FFFu;
  if (guess > 0x7BFFu) guess = 0x7BFFu;
  unsigned best = 0x7C00u;
  __float128 best_distance = 0;
  for (unsigned m : {guess - 1, guess, guess + 1}) {
    if (m > 0x7BFFu) continue;
    const __float128 v = Exact(__ushort_as_half(static_cast<unsigned short>(m)));
    const __float128 d = v > a ? v - a : a - v;
    if (best == 0x7C00u || d < best_distance || (d == best_distance && (m & 1u) == 0)) {
      best = m;
      best_distance = d;
    }
  }
  return sign | best;
}

TEST(Half, ArithmeticIsCorrectlyRounded) {
  std::mt19937 rng(5);
  // Bit 13 clear: exponent field <= 23, so |h| < 512 and finite.
  auto random_half = [&] { return __ushort_as_half(static_cast<unsigned short>(rng() & 0xDFFFu)); };
  int checked = 0;
  for (int i = 0; i < 100000; ++i) {
    const __half a = random_half(), b = random_half(), c = random_half();
    const __float128 fma = Exact(a) * Exact(b) + Exact(c);  // exact: at most ~60 significant bits
    if (fma != 0) {
      ASSERT_EQ(Bits(__hfma(a, b, c)), ReferenceRound(fma)) << __half2float(a) << " " << __half2float(b) << " " << __half2float(c);
      ++checked;
    }
    const __float128 sum = Exact(a) + Exact(b);
    if (sum != 0) {
      ASSERT_EQ(Bits(__hadd(a, b)), ReferenceRound(sum));
    }
    ASSERT_EQ(Bits(__hmul(a, b)), Exact(a) * Exact(b) == 0 ? Bits(__hmul(a, b)) : ReferenceRound(Exact(a) * Exact(b)));
  }
  EXPECT_GT(checked, 90000);
  EXPECT_EQ(Bits(__hadd(__float2half(1.0f), __ushort_as_half(0x1400))), 0x3C01u);  // 1 + 2^-10
  EXPECT_EQ(Bits(__hmul(__ushort_as_half(0x3C01), __ushort_as_half(0x3C01))), 0x3C02u);
  EXPECT_EQ(Bits(__hdiv(__float2half(1.0f), __float2half(3.0f))), 0x3555u);
  EXPECT_EQ(Bits(__hsub(__float2half(1.0f), __float2half(1.0f))), 0x0000u);
  EXPECT_EQ(Bits(__hadd(CUDART_INF_FP16, __hneg(CUDART_INF_FP16))), 0x7FFFu);
  EXPECT_EQ(Bits(__hadd_sat(__float2half(0.75f), __float2half(0.5f))), 0x3C00u);
  EXPECT_EQ(Bits(__hsub_sat(__float2half(0.25f), __float2half(0.5f))), 0x0000u);
  EXPECT_EQ(Bits(__hmul_sat(CUDART_NAN_FP16, CUDART_ONE_FP16)), 0x0000u);  // NaN flushes to +0
  EXPECT_EQ(Bits(__hfma_relu(__float2half(-1.0f), CUDART_ONE_FP16, CUDART_ZERO_FP16)), 0x0000u);
  EXPECT_EQ(Bits(__habs(__float2half(-2.0f))), 0x4000u);
  EXPECT_EQ(__half2float(hsqrt(__float2half(4.0f))), 2.0f);
  EXPECT_EQ(__half2float(hrsqrt(__float2half(4.0f))), 0.5f);
  EXPECT_EQ(__half2float(hrint(__float2half(2.5f))), 2.0f);
  EXPECT_EQ(Bits(hrint(__float2half(-0.25f))), 0x8000u);  // keeps the sign of a zero result
  EXPECT_EQ(__half2float(hfloor(__float2half(-2.5f))), -3.0f);
  EXPECT_NEAR(__half2float(hexp(__float2half(1.0f))), 2.71875f, 1e-3f);
}

TEST(Half, ComparisonsWithNaN) {
  const __half one = __float2half(1.0f), two = __float2half(2.0f), nan = CUDART_NAN_FP16;
  EXPECT_TRUE(__hlt(one, two));
  EXPECT_FALSE(__heq(nan, nan));
  EXPECT_FALSE(__hne(nan, one));  // ordered: false on NaN
  EXPECT_TRUE(__hneu(nan, one));  // unordered: true on NaN
  EXPECT_TRUE(__hltu(nan, one));
  EXPECT_FALSE(__hge(nan, one));
  EXPECT_TRUE(__heq(CUDART_ZERO_FP16, CUDART_NEG_ZERO_FP16));
  EXPECT_TRUE(one != nan);   // operator!= is __hneu
  EXPECT_FALSE(one == nan);
  EXPECT_TRUE(one < two && two > one && one <= one && !(nan < one));
  EXPECT_EQ(Bits(__hmax(nan, one)), Bits(one));  // a NaN operand gives the other
  EXPECT_EQ(Bits(__hmin(one, nan)), Bits(one));
  EXPECT_EQ(Bits(__hmax(nan, nan)), 0x7FFFu);
  EXPECT_TRUE(__hisnan(__hmax_nan(nan, one)));
  EXPECT_EQ(Bits(__hmax(CUDART_NEG_ZERO_FP16, CUDART_ZERO_FP16)), 0x0000u);  // +0 > -0
  EXPECT_EQ(Bits(__hmin(CUDART_ZERO_FP16, CUDART_NEG_ZERO_FP16)), 0x8000u);
}

TEST(Half2, LanewiseOperations) {
  const __half2 a = __floats2half2_rn(1.0f, -2.0f), b = __floats2half2_rn(0.5f, 4.0f);
  const __half2 s = __hadd2(a, b);
  EXPECT_EQ(__low2float(s), 1.5f);
  EXPECT_EQ(__high2float(s), 2.0f);
  const float2 p = __half22float2(__hmul2(a, b));
  EXPECT_EQ(p.x, 0.5f);
  EXPECT_EQ(p.y, -8.0f);
  EXPECT_EQ(__heq2_mask(a, __halves2half2(__float2half(1.0f), CUDART_ZERO_FP16)), 0x0000FFFFu);
  EXPECT_EQ(__hlt2_mask(b, a), 0x0000FFFFu);
  EXPECT_FALSE(__hbeq2(a, b));
  EXPECT_TRUE(__hbeq2(a, a));
  EXPECT_EQ(__high2float(__hlt2(a, b)), 1.0f);
  EXPECT_EQ(__low2float(__lowhigh2highlow(a)), -2.0f);
  EXPECT_EQ(__low2float(__float2half2_rn(3.0f)), 3.0f);
  const __half2 n = __hisnan2(make_half2(CUDART_NAN_FP16, CUDART_INF_FP16));
  EXPECT_EQ(__low2float(n), 1.0f);
  EXPECT_EQ(__high2float(n), 0.0f);
  const __half2 f = __hfma2(a, b, __half2half2(CUDART_ONE_FP16));
  EXPECT_EQ(__low2float(f), 1.5f);
  EXPECT_EQ(__high2float(f), -7.0f);
  __half2 c = a;
  c += b;
  c = -c;
  EXPECT_EQ(__low2float(c), -1.5f);
  EXPECT_TRUE(c == __hneg2(s));
  const __half2_raw raw = c;
  EXPECT_EQ(raw.x, Bits(__float2half(-1.5f)));
}

TEST(Half, Operators) {
  __half a = 1.5f;
  const __half b = __float2half(2.25f);
  EXPECT_EQ(__half2float(a + b), 3.75f);
  EXPECT_EQ(__half2float(a - b), -0.75f);
  EXPECT_EQ(__half2float(a * b), 3.375f);
  EXPECT_EQ(__half2float(b / a), 1.5f);
  EXPECT_EQ(__half2float(-a), -1.5f);
  a += b;
  EXPECT_EQ(static_cast<float>(a), 3.75f);
  ++a;
  EXPECT_EQ(static_cast<float>(a), 4.75f);
  const __half old = a--;
  EXPECT_EQ(static_cast<float>(old), 4.75f);
  EXPECT_EQ(static_cast<float>(a), 3.75f);
  half alias = 2.0;  // CUDA's typedef
  EXPECT_TRUE(alias == __float2half(2.0f));
}

TEST(Bfloat16, RoundsToNearestEven) {
  EXPECT_EQ(Bits(__float2bfloat16(1.0f)), 0x3F80u);
  EXPECT_EQ(Bits(__float2bfloat16(1.0f + 0x1p-8f)), 0x3F80u);   // tie: to even (down)
  EXPECT_EQ(Bits(__float2bfloat16(1.0f + 0x3p-8f)), 0x3F82u);   // tie: to even (up)
  EXPECT_EQ(Bits(__float2bfloat16(1.0f + 0x1p-8f + 0x1p-20f)), 0x3F81u);
  EXPECT_EQ(Bits(__float2bfloat16(__uint_as_float(0x7F7FFFFFu))), 0x7F80u);  // FLT_MAX: to infinity
  EXPECT_EQ(Bits(__float2bfloat16_rz(__uint_as_float(0x7F7FFFFFu))), 0x7F7Fu);
  EXPECT_EQ(Bits(__float2bfloat16(0x1p-133f)), 0x0001u);  // smallest bf16 subnormal
  EXPECT_EQ(Bits(__float2bfloat16(0x1p-134f)), 0x0000u);  // tie with 0
  EXPECT_EQ(Bits(__float2bfloat16(0x1p-149f)), 0x0000u);
  EXPECT_EQ(Bits(__float2bfloat16_ru(0x1p-149f)), 0x0001u);
  EXPECT_EQ(Bits(__float2bfloat16(NAN)), 0x7FFFu);
  EXPECT_EQ(Bits(__float2bfloat16(-INFINITY)), 0xFF80u);
  EXPECT_EQ(Bits(__double2bfloat16(1.0 + 0x1p-8 + 0x1p-40)), 0x3F81u);  // one rounding, from double
  // Every bf16 is the top half of a float: the round trip keeps it.
  for (unsigned b = 0; b < 0x10000u; ++b) {
    const float f = __bfloat162float(__ushort_as_bfloat16(static_cast<unsigned short>(b)));
    if (!std::isnan(f)) {
      ASSERT_EQ(Bits(__float2bfloat16(f)), b);
      ASSERT_EQ(__float_as_uint(f), b << 16);
    }
  }
  // Random floats: the reference is the classic bit trick for round-to-nearest-even.
  std::mt19937 rng(6);
  for (int i = 0; i < 200000; ++i) {
    const unsigned u = rng();
    const float f = __uint_as_float(u);
    if (std::isnan(f)) continue;
    const unsigned ref = (u + 0x7FFFu + ((u >> 16) & 1u)) >> 16;
    ASSERT_EQ(Bits(__float2bfloat16(f)), ref) << std::hex << u;
  }
}

TEST(Bfloat16, IntegersRoundOnceFrom64Bits) {
  // 2^63 + 2^55 + 1 lies just above a tie of bf16: through double it would become the tie.
  EXPECT_EQ(Bits(__ull2bfloat16_rn((1ull << 63) + (1ull << 55) + 1)), 0x5F01u);
  EXPECT_EQ(Bits(__ull2bfloat16_rn((1ull << 63) + (1ull << 55))), 0x5F00u);
  EXPECT_EQ(Bits(__ll2bfloat16_rz(LLONG_MIN + 1)), 0xDEFFu);
  EXPECT_EQ(__bfloat162int_rz(__float2bfloat16(-3.75f)), -3);
  EXPECT_EQ(__bfloat162int_rn(__float2bfloat16(1e10f)), INT_MAX);
}

TEST(Bfloat16, ArithmeticAndOperators) {
  const __nv_bfloat16 a = __float2bfloat16(1.0f), b = __float2bfloat16(0x1p-8f);
  EXPECT_EQ(Bits(__hadd(a, b)), 0x3F80u);  // tie: to even
  EXPECT_EQ(Bits(__hadd(__ushort_as_bfloat16(0x3F81), b)), 0x3F82u);
  EXPECT_EQ(Bits(a + a), 0x4000u);
  EXPECT_EQ(Bits(__hfma(a, a, b)), 0x3F80u);
  EXPECT_EQ(Bits(__hfma(a, a, __float2bfloat16(0x1.02p-8f))), 0x3F81u);  // just above the tie
  const __nv_bfloat162 p = __floats2bfloat162_rn(2.0f, 3.0f);
  const float2 q = __bfloat1622float2(__hmul2(p, p));
  EXPECT_EQ(q.x, 4.0f);
  EXPECT_EQ(q.y, 9.0f);
  EXPECT_TRUE(__hisnan(__hmax_nan(CUDART_NAN_BF16, a)));
  EXPECT_EQ(Bits(__hmax(CUDART_NAN_BF16, a)), 0x3F80u);
  EXPECT_TRUE(a < __float2bfloat16(2.0f));
  EXPECT_EQ(__low2float(__halves2bfloat162(a, b)), 1.0f);
  nv_bfloat16 c = 5;
  c *= __float2bfloat16(0.5f);
  EXPECT_EQ(static_cast<float>(c), 2.5f);
}

}  // namespace
