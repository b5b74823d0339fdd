// device_math.h: the arithmetic intrinsics with a rounding direction, the functions beyond
// <cmath>, and the unqualified min/max that CUDA code calls next to `using namespace std`.
#include "warpsafe/engine/device_math.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cfenv>
#include <cfloat>
#include <cstddef>
#include <random>

using namespace std;  // as much CUDA code does: the global min/max must still be chosen

namespace {

TEST(RoundedArithmetic, FloatAddInEachDirection) {
  const float tiny = 0x1p-24f;  // half an ulp of 1
  EXPECT_EQ(__fadd_rn(1.0f, tiny), 1.0f);
  EXPECT_EQ(__fadd_rz(1.0f, tiny), 1.0f);
  EXPECT_EQ(__fadd_ru(1.0f, tiny), 1.0f + 0x1p-23f);
  EXPECT_EQ(__fadd_rd(1.0f, tiny), 1.0f);
  EXPECT_EQ(__fadd_rd(-1.0f, -tiny), -1.0f - 0x1p-23f);
  EXPECT_EQ(__fadd_rz(-1.0f, -tiny), -1.0f);
  EXPECT_EQ(__fadd_rn(1.0f + 0x1p-23f, tiny), 1.0f + 0x1p-22f);  // tie to even, upwards
  EXPECT_TRUE(std::signbit(__fadd_rd(1.0f, -1.0f)));   // x - x is -0 rounding down
  EXPECT_FALSE(std::signbit(__fadd_rn(1.0f, -1.0f)));
  EXPECT_EQ(__fsub_ru(1.0f, 0x1p-25f), 1.0f);  // below 1 the ulp is 2^-24
  EXPECT_EQ(__fsub_rd(1.0f, 0x1p-25f), 1.0f - 0x1p-24f);
  EXPECT_EQ(__fadd_rz(FLT_MAX, FLT_MAX), FLT_MAX);
  EXPECT_TRUE(std::isinf(__fadd_rn(FLT_MAX, FLT_MAX)));
}

TEST(RoundedArithmetic, BracketsTheExactResult) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> dist(-100.0f, 100.0f);
  for (int i = 0; i < 2000; ++i) {
    const float a = dist(rng), b = dist(rng), c = dist(rng);
    const double exact_mul = double{a} * b;  // exact in double
    const float d = __fmul_rd(a, b), u = __fmul_ru(a, b), z = __fmul_rz(a, b), n = __fmul_rn(a, b);
    ASSERT_LE(double{d}, exact_mul);
    ASSERT_GE(double{u}, exact_mul);
    ASSERT_TRUE(d == u || std::nextafter(d, INFINITY) == u);
    ASSERT_TRUE(z == (exact_mul < 0 ? u : d));
    ASSERT_EQ(n, a * b);
    const float qd = __fdiv_rd(a, b), qu = __fdiv_ru(a, b);
    const long double q = static_cast<long double>(a) / b;  // never rounds onto a float unless exact
    ASSERT_LE(static_cast<long double>(qd), q);
    ASSERT_GE(static_cast<long double>(qu), q);
    ASSERT_TRUE(qd == qu || std::nextafter(qd, INFINITY) == qu);
    const float fd = __fmaf_rd(a, b, c), fu = __fmaf_ru(a, b, c);
    ASSERT_TRUE(fd == fu || std::nextafter(fd, INFINITY) == fu);
    ASSERT_EQ(__fmaf_rn(a, b, c), std::fma(a, b, c));
    const float s = std::fabs(a);
    ASSERT_LE(double{__fsqrt_rd(s)} * __fsqrt_rd(s), double{s});
    ASSERT_GE(double{__fsqrt_ru(s)} * __fsqrt_ru(s), double{s});
  }
  EXPECT_EQ(__frcp_rn(3.0f), 1.0f / 3.0f);
  EXPECT_LT(__frcp_rd(3.0f), __frcp_ru(3.0f));
  EXPECT_EQ(__frsqrt_rn(4.0f), 0.5f);
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);
}

TEST(RoundedArithmetic, DoubleInEachDirection) {
  EXPECT_EQ(__dadd_rn(1.0, 0x1p-60), 1.0);
  EXPECT_EQ(__dadd_ru(1.0, 0x1p-60), std::nextafter(1.0, 2.0));
  EXPECT_EQ(__dsub_rd(1.0, 0x1p-60), std::nextafter(1.0, 0.0));
  EXPECT_EQ(__dmul_rz(-1.0 / 3.0, 3.0), std::nextafter(-1.0, 0.0));
  EXPECT_EQ(__dmul_ru(1.0 / 3.0, 3.0), 1.0);
  EXPECT_LT(__ddiv_rd(1.0, 3.0), __ddiv_ru(1.0, 3.0));
  EXPECT_EQ(__drcp_rn(4.0), 0.25);
  EXPECT_EQ(__dsqrt_rn(2.0), std::sqrt(2.0));
  EXPECT_EQ(std::nextafter(__dsqrt_rd(2.0), 3.0), __dsqrt_ru(2.0));
  EXPECT_EQ(__fma_rn(0.1, 10.0, -1.0), std::fma(0.1, 10.0, -1.0));
  EXPECT_EQ(__fma_rd(0.1, 10.0, -1.0), __fma_ru(0.1, 10.0, -1.0));  // exactly 2^-54
  EXPECT_EQ(std::nextafter(__fma_rd(0.1, 0.1, 1.0), 2.0), __fma_ru(0.1, 0.1, 1.0));
}

TEST(RoundedArithmetic, IgnoresTheCallersRoundingMode) {
  ASSERT_EQ(std::fesetround(FE_DOWNWARD), 0);
  const float r = __fadd_ru(1.0f, 0x1p-30f);
  const float n = __fdiv_rn(1.0f, 3.0f);
  const int mode = std::fegetround();
  std::fesetround(FE_TONEAREST);
  EXPECT_EQ(r, 1.0f + 0x1p-23f);
  EXPECT_EQ(n, 1.0f / 3.0f);
  EXPECT_EQ(mode, FE_DOWNWARD);
}

TEST(MathFunctions, SpecialValues) {
  EXPECT_EQ(rsqrtf(4.0f), 0.5f);
  EXPECT_EQ(rsqrt(0.25), 2.0);
  EXPECT_TRUE(std::isinf(rsqrtf(0.0f)));
  EXPECT_EQ(rcbrtf(8.0f), 0.5f);
  EXPECT_EQ(rcbrt(-0.125), -2.0);
  EXPECT_EQ(exp10f(2.0f), 100.0f);
  EXPECT_DOUBLE_EQ(exp10(-1.0), 0.1);  // glibc's exp10 where it has one: not correctly rounded
  EXPECT_EQ(sinpi(1.0), 0.0);
  EXPECT_FALSE(std::signbit(sinpi(1.0)));
  EXPECT_TRUE(std::signbit(sinpi(-1.0)));
  EXPECT_TRUE(std::signbit(sinpif(-0.0f)));
  EXPECT_EQ(cospi(0.5), 0.0);
  EXPECT_EQ(cospi(1.0), -1.0);
  EXPECT_EQ(sinpif(0.5f), 1.0f);
  EXPECT_EQ(sinpi(1e300), 0.0);  // every double this large is an even integer
  EXPECT_DOUBLE_EQ(sinpi(1.0 / 6.0), 0.5);
  EXPECT_TRUE(std::isnan(cospif(INFINITY)));
  float s, c;
  sincospif(0.25f, &s, &c);
  EXPECT_FLOAT_EQ(s, c);
  double ds, dc;
  sincos(0.5, &ds, &dc);
  EXPECT_EQ(ds, std::sin(0.5));
  EXPECT_EQ(dc, std::cos(0.5));
  sincosf(0.5f, &s, &c);
  EXPECT_FLOAT_EQ(s, std::sin(0.5f));
  EXPECT_EQ(__saturatef(-1.0f), 0.0f);
  EXPECT_EQ(__saturatef(2.0f), 1.0f);
  EXPECT_EQ(__saturatef(0.25f), 0.25f);
  EXPECT_EQ(__saturatef(NAN), 0.0f);
  EXPECT_EQ(__fdividef(1.0f, 0x1p127f), 0.0f);  // 2^126 < |y| < 2^128 gives 0
  EXPECT_TRUE(std::isnan(__fdividef(INFINITY, 0x1p127f)));
  EXPECT_EQ(__fdividef(1.0f, 4.0f), 0.25f);
  EXPECT_FLOAT_EQ(norm3df(2, 3, 6), 7.0f);
  EXPECT_DOUBLE_EQ(rnorm4d(1, 1, 1, 1), 0.5);
  const float v[] = {3, 4};
  EXPECT_FLOAT_EQ(normf(2, v), 5.0f);
  EXPECT_DOUBLE_EQ(cyl_bessel_i0(0.0), 1.0);
  EXPECT_DOUBLE_EQ(cyl_bessel_i0(-1.0), cyl_bessel_i0(1.0));  // even
  EXPECT_DOUBLE_EQ(cyl_bessel_i1(-1.0), -cyl_bessel_i1(1.0));  // odd
  EXPECT_NEAR(cyl_bessel_i0f(1.0f), 1.2660658777520082f, 1e-6f);
  EXPECT_EQ(__fmaf_ieee_rd(1.0f, 1.0f, 0x1p-30f), 1.0f);
}

TEST(MathFunctions, ErrorFunctionInverses) {
  for (double y : {-0.999999, -0.5, -1e-10, 1e-300, 0.1, 0.49, 0.5, 0.9, 0.999999999}) {
    const double x = erfinv(y);
    EXPECT_NEAR(std::erf(x), y, 4e-16 * std::fabs(y) + 1e-300) << y;
  }
  for (double z : {1e-300, 1e-20, 1e-7, 0.001, 0.5, 1.0, 1.5, 1.9999}) {
    const double x = erfcinv(z);
    // erfc's relative slope is about 2x: one ulp of x moves erfc(x) by 2 x ulp(x) relatively.
    const double tolerance = 4 * (2 * std::fabs(x) * std::fabs(x) * 2.3e-16 + 2.3e-16);
    EXPECT_NEAR(std::erfc(x) / z, 1.0, tolerance) << z;
  }
  EXPECT_TRUE(std::isinf(erfinv(1.0)) && erfinv(1.0) > 0);
  EXPECT_TRUE(std::isinf(erfinvf(-1.0f)) && erfinvf(-1.0f) < 0);
  EXPECT_TRUE(std::isnan(erfinv(1.5)));
  EXPECT_TRUE(std::signbit(erfinv(-0.0)));
  EXPECT_TRUE(std::isinf(erfcinv(0.0)));
  EXPECT_TRUE(std::isnan(erfcinvf(-0.1f)));
  EXPECT_EQ(erfcinv(1.0), 0.0);
  EXPECT_NEAR(normcdfinv(0.975), 1.959963984540054, 1e-15);
  EXPECT_NEAR(normcdfinvf(0.5f), 0.0f, 1e-7);
  EXPECT_NEAR(normcdf(1.959963984540054), 0.975, 1e-15);
  EXPECT_FLOAT_EQ(normcdff(0.0f), 0.5f);
  EXPECT_NEAR(erfcx(0.0), 1.0, 1e-16);
  EXPECT_NEAR(erfcx(30.0) * 30.0 * std::sqrt(M_PI), 1.0 - 1.0 / 1800.0, 2e-6);
  EXPECT_NEAR(erfcx(1e10) * 1e10 * std::sqrt(M_PI), 1.0, 1e-15);
  EXPECT_TRUE(std::isinf(erfcxf(-30.0f)));
}

TEST(MinMax, GlobalOverloadsWinOverStdWithUsingNamespaceStd) {
  EXPECT_EQ(min(1, 2), 1);
  EXPECT_EQ(max(-1, -2), -1);
  // Mixed signedness converts to unsigned, as CUDA's overloads do.
  EXPECT_EQ(min(1u, -1), 1u);
  EXPECT_EQ(max(-1, 1u), 0xFFFFFFFFu);
  EXPECT_EQ(min(-1LL, 1ULL), 1ULL);
  const std::size_t a = 3, b = 4;
  EXPECT_EQ(min(a, b), 3u);
  EXPECT_EQ(max(5L, 6L), 6L);
  EXPECT_EQ(min(2.0f, NAN), 2.0f);  // fminf semantics
  EXPECT_EQ(max(NAN, 2.0), 2.0);
  EXPECT_EQ(min(1.0f, 0.5), 0.5);
  static_assert(std::is_same_v<decltype(min(1.0f, 0.5)), double>);
  static_assert(std::is_same_v<decltype(min(1, 2u)), unsigned int>);
  EXPECT_EQ(umin(1u, 2u), 1u);
  EXPECT_EQ(umax(1u, 2u), 2u);
  EXPECT_EQ(llmin(-1, 2), -1);
  EXPECT_EQ(llmax(-1, 2), 2);
  EXPECT_EQ(ullmin(1, 2), 1u);
  EXPECT_EQ(ullmax(1, ~0ull), ~0ull);
  EXPECT_EQ(std::min(1, 2), 1);  // std's are untouched
}

}  // namespace
