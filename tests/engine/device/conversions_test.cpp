// Conversions with an explicit rounding direction (device_functions.h): halfway and negative
// values in each direction, saturation, NaN, and that the caller's rounding mode is irrelevant.
#include "warpsafe/engine/device_functions.h"

#include <gtest/gtest.h>

#include <cfenv>
#include <cfloat>
#include <climits>
#include <cmath>

namespace {

TEST(FloatToInt, EachDirectionOnHalfwayAndNegativeValues) {
  const float in[] = {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f, 2.7f, -2.7f, -0.0f};
  const int rn[] = {0, 2, 2, 0, -2, -2, 3, -3, 0};
  const int rz[] = {0, 1, 2, 0, -1, -2, 2, -2, 0};
  const int ru[] = {1, 2, 3, 0, -1, -2, 3, -2, 0};
  const int rd[] = {0, 1, 2, -1, -2, -3, 2, -3, 0};
  for (int i = 0; i < 9; ++i) {
    EXPECT_EQ(__float2int_rn(in[i]), rn[i]) << in[i];
    EXPECT_EQ(__float2int_rz(in[i]), rz[i]) << in[i];
    EXPECT_EQ(__float2int_ru(in[i]), ru[i]) << in[i];
    EXPECT_EQ(__float2int_rd(in[i]), rd[i]) << in[i];
    EXPECT_EQ(__double2int_rn(in[i]), rn[i]) << in[i];
    EXPECT_EQ(__double2ll_rd(in[i]), rd[i]) << in[i];
    EXPECT_EQ(__float2ll_ru(in[i]), ru[i]) << in[i];
  }
  EXPECT_EQ(__double2ll_rn(2251799813685249.5), 2251799813685250LL);  // 2^51 + 1.5: tie to even
  EXPECT_EQ(__double2ll_rn(2251799813685250.5), 2251799813685250LL);
  EXPECT_EQ(__double2ll_rd(-2251799813685250.5), -2251799813685251LL);
}

// PTX cvt clamps to the destination range; NaN gives 0 from f32 to 32-bit, else 1 << (bits - 1).
TEST(FloatToInt, SaturatesAndMapsNaN) {
  EXPECT_EQ(__float2int_rz(3e9f), INT_MAX);
  EXPECT_EQ(__float2int_rz(-3e9f), INT_MIN);
  EXPECT_EQ(__float2int_rn(INFINITY), INT_MAX);
  EXPECT_EQ(__float2int_rn(-INFINITY), INT_MIN);
  EXPECT_EQ(__float2int_rn(2147483520.0f), 2147483520);
  EXPECT_EQ(__double2int_rn(2147483647.4), INT_MAX);
  EXPECT_EQ(__double2int_rn(2147483647.6), INT_MAX);
  EXPECT_EQ(__double2int_rd(-2147483648.5), INT_MIN);
  EXPECT_EQ(__float2uint_rn(-1.0f), 0u);
  EXPECT_EQ(__float2uint_rd(-0.5f), 0u);
  EXPECT_EQ(__float2uint_ru(-0.5f), 0u);
  EXPECT_EQ(__float2uint_rn(5e9f), UINT_MAX);
  EXPECT_EQ(__double2uint_rz(4294967295.9), UINT_MAX);
  EXPECT_EQ(__float2ull_rn(-5.0f), 0ull);
  EXPECT_EQ(__float2ull_rn(1e20f), ULLONG_MAX);
  EXPECT_EQ(__float2ll_rz(1e19f), LLONG_MAX);
  EXPECT_EQ(__double2ll_rz(-1e19), LLONG_MIN);
  EXPECT_EQ(__float2int_rn(NAN), 0);
  EXPECT_EQ(__float2uint_rn(NAN), 0u);
  EXPECT_EQ(__double2int_rn(NAN), INT_MIN);
  EXPECT_EQ(__double2uint_rz(NAN), 0x80000000u);
  EXPECT_EQ(__float2ll_rn(NAN), LLONG_MIN);
  EXPECT_EQ(__float2ull_rd(NAN), 0x8000000000000000ull);
  EXPECT_EQ(__double2ull_ru(NAN), 0x8000000000000000ull);
}

TEST(IntToFloat, EachDirectionPastTheSignificand) {
  EXPECT_EQ(__int2float_rn(16777217), 16777216.0f);  // tie to even
  EXPECT_EQ(__int2float_rz(16777217), 16777216.0f);
  EXPECT_EQ(__int2float_ru(16777217), 16777218.0f);
  EXPECT_EQ(__int2float_rd(16777217), 16777216.0f);
  EXPECT_EQ(__int2float_rn(16777219), 16777220.0f);  // tie to even, upwards
  EXPECT_EQ(__int2float_rn(-16777217), -16777216.0f);
  EXPECT_EQ(__int2float_rz(-16777217), -16777216.0f);
  EXPECT_EQ(__int2float_ru(-16777217), -16777216.0f);
  EXPECT_EQ(__int2float_rd(-16777217), -16777218.0f);
  EXPECT_EQ(__int2float_rn(INT_MIN), -2147483648.0f);
  EXPECT_EQ(__int2float_rn(INT_MAX), 2147483648.0f);
  EXPECT_EQ(__int2float_rz(INT_MAX), 2147483520.0f);
  EXPECT_EQ(__uint2float_rn(0xFFFFFFFFu), 4294967296.0f);
  EXPECT_EQ(__uint2float_rz(0xFFFFFFFFu), 4294967040.0f);
  EXPECT_EQ(__ull2float_ru(ULLONG_MAX), 18446744073709551616.0f);
  EXPECT_EQ(__ull2float_rz(ULLONG_MAX), 18446742974197923840.0f);
  EXPECT_EQ(__ll2float_rd(LLONG_MIN + 1), -9223372036854775808.0f);
  EXPECT_EQ(__ll2float_ru(LLONG_MIN + 1), -9223371487098961920.0f);
  EXPECT_EQ(__ll2double_rn((1LL << 53) + 1), 9007199254740992.0);
  EXPECT_EQ(__ll2double_ru((1LL << 53) + 1), 9007199254740994.0);
  EXPECT_EQ(__ll2double_rd(-(1LL << 53) - 1), -9007199254740994.0);
  EXPECT_EQ(__ull2double_rn((1ull << 53) + 3), 9007199254740996.0);
  EXPECT_EQ(__ull2double_rd(0), 0.0);
  EXPECT_FALSE(std::signbit(__ll2double_rd(0)));  // integer zero is +0 in every direction
  EXPECT_FALSE(std::signbit(__int2float_rd(0)));
  EXPECT_EQ(__int2double_rn(INT_MIN), -2147483648.0);
  EXPECT_EQ(__uint2double_rn(0xFFFFFFFFu), 4294967295.0);
}

TEST(DoubleToFloat, EachDirection) {
  EXPECT_EQ(__float_as_uint(__double2float_rn(0.1)), 0x3DCCCCCDu);
  EXPECT_EQ(__float_as_uint(__double2float_rz(0.1)), 0x3DCCCCCCu);
  EXPECT_EQ(__float_as_uint(__double2float_ru(0.1)), 0x3DCCCCCDu);
  EXPECT_EQ(__float_as_uint(__double2float_rd(0.1)), 0x3DCCCCCCu);
  EXPECT_EQ(__float_as_uint(__double2float_ru(-0.1)), 0xBDCCCCCCu);
  EXPECT_EQ(__float_as_uint(__double2float_rd(-0.1)), 0xBDCCCCCDu);
  EXPECT_EQ(__double2float_rn(1.0 + 0x1p-24), 1.0f);  // tie to even
  EXPECT_EQ(__double2float_rn(1.0 + 0x1.8p-23), 1.0f + 0x1p-22f);
  EXPECT_TRUE(std::isinf(__double2float_rn(1e300)));
  EXPECT_EQ(__double2float_rz(1e300), FLT_MAX);
  EXPECT_EQ(__double2float_rd(1e300), FLT_MAX);
  EXPECT_TRUE(std::isinf(__double2float_ru(1e300)));
  EXPECT_EQ(__double2float_ru(-1e300), -FLT_MAX);
  EXPECT_EQ(__double2float_rn(1e-46), 0.0f);
  EXPECT_EQ(__float_as_uint(__double2float_ru(1e-46)), 1u);  // smallest subnormal
  EXPECT_EQ(__float_as_uint(__double2float_rd(-1e-46)), 0x80000001u);
  EXPECT_TRUE(std::isnan(__double2float_rz(NAN)));
}

TEST(DoubleToFloat, IgnoresAndRestoresTheCallersRoundingMode) {
  ASSERT_EQ(std::fesetround(FE_UPWARD), 0);
  EXPECT_EQ(__float_as_uint(__double2float_rn(0.1)), 0x3DCCCCCDu);
  EXPECT_EQ(__float_as_uint(__double2float_rd(0.1)), 0x3DCCCCCCu);
  EXPECT_EQ(__int2float_rn(16777217), 16777216.0f);
  EXPECT_EQ(__float2int_rn(2.5f), 2);
  EXPECT_EQ(std::fegetround(), FE_UPWARD);
  std::fesetround(FE_TONEAREST);
}

}  // namespace
