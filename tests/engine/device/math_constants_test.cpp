// math_constants.h: CUDA's bit patterns for the special values, usable in constant expressions.
#include "math_constants.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

static_assert(__float_as_uint(CUDART_INF_F) == 0x7F800000u);
static_assert(__float_as_uint(CUDART_NAN_F) == 0x7FFFFFFFu);
static_assert(__float_as_uint(CUDART_NEG_ZERO_F) == 0x80000000u);
static_assert(__float_as_uint(CUDART_MIN_DENORM_F) == 1u);
static_assert(__float_as_uint(CUDART_MAX_NORMAL_F) == 0x7F7FFFFFu);
static_assert(__double_as_longlong(CUDART_NAN) == static_cast<long long>(0xFFF8000000000000ULL));
static_assert(__double_as_longlong(CUDART_INF) == 0x7FF0000000000000LL);
static_assert(CUDART_REMQUO_MASK_F == 7u);

TEST(MathConstants, ValuesMatchTheirNames) {
  EXPECT_TRUE(std::isinf(CUDART_INF_F) && CUDART_INF_F > 0);
  EXPECT_TRUE(std::isnan(CUDART_NAN_F));
  EXPECT_TRUE(std::isnan(CUDART_NAN));
  EXPECT_TRUE(std::signbit(CUDART_NEG_ZERO));
  EXPECT_FLOAT_EQ(CUDART_PI_F, static_cast<float>(M_PI));
  EXPECT_EQ(CUDART_PI, M_PI);
  EXPECT_EQ(CUDART_PI_HI + CUDART_PI_LO, M_PI);
  EXPECT_EQ(CUDART_SQRT_TWO, std::sqrt(2.0));
  EXPECT_EQ(CUDART_LN2, std::log(2.0));
  EXPECT_DOUBLE_EQ(CUDART_L2E, 1.0 / std::log(2.0));
  EXPECT_EQ(CUDART_TWO_TO_M1022, std::ldexp(1.0, -1022));
  EXPECT_EQ(CUDART_TWO_TO_126_F, std::ldexp(1.0f, 126));
  EXPECT_EQ(CUDART_TWO_TO_M126_F, std::ldexp(1.0f, -126));
  EXPECT_EQ(CUDART_NORM_HUGE_F, 3.402823466e38F);
}

}  // namespace
