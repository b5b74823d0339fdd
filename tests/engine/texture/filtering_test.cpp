// The linear filter's arithmetic (engine/src/texture/filtering.cpp, addressing.cpp): the rounding
// of each step, on cases chosen to tell one rounding from another. The GPU's own values are
// compared, fetch by fetch, in tests/programs/texture/filtering.cu.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "texture/addressing.h"
#include "texture/filtering.h"

namespace tx = warpsafe::engine::texture;

TEST(TextureFiltering, WeightRoundsToOne256thWithTiesUp) {
  EXPECT_EQ(tx::QuantizedWeight(0.0f), 0);
  EXPECT_EQ(tx::QuantizedWeight(1.0f / 1024), 0);
  EXPECT_EQ(tx::QuantizedWeight(2.0f / 1024), 1);   // 0.5/256: a tie, up
  EXPECT_EQ(tx::QuantizedWeight(10.0f / 1024), 3);  // 2.5/256: up, not to even
  EXPECT_EQ(tx::QuantizedWeight(1023.0f / 1024), 256);
}

TEST(TextureFiltering, FloatSumIsExactThenRoundedTiesAwayFromZero) {
  // 1 + 2^-24 is a tie between 1 and 1 + 2^-23: away from zero gives the larger.
  const float v[2] = {1.0f, 1.0f + std::ldexp(1.0f, -23)};
  const std::int32_t w[2] = {128, 128};
  EXPECT_EQ(tx::WeightedFloat(v, w, 2), 1.0f + std::ldexp(1.0f, -23));
  const float n[2] = {-1.0f, -1.0f - std::ldexp(1.0f, -23)};
  EXPECT_EQ(tx::WeightedFloat(n, w, 2), -1.0f - std::ldexp(1.0f, -23));
  // Terms far apart in magnitude: the small one decides the rounding of a near-tie.
  const float far[3] = {1.0f, 1.0f + std::ldexp(1.0f, -23), -std::ldexp(1.0f, -60)};
  const std::int32_t w3[3] = {128, 128, 256};
  EXPECT_EQ(tx::WeightedFloat(far, w3, 3), 1.0f);
  // A recorded fetch (tests/programs/texture, lin1d_f32[229]): weight 88/256 between two texels.
  const float t[2] = {-96.69043731689453f, 8.631156921386719f};
  const std::int32_t w2[2] = {256 - 88, 88};
  EXPECT_EQ(tx::WeightedFloat(t, w2, 2), -60.486141204833984f);
}

TEST(TextureFiltering, ProductWeightsRoundTheCornerUpAndShareOutTheRest) {
  // x weight 230/256, y weight 64/256: the all-upper corner 57.5 -> 58, the others by difference
  // (172, 6, 20), which no single rounding of each product gives.
  const std::int32_t upper[2] = {230, 64};
  EXPECT_EQ(tx::TapWeight(upper, 2, 3), 58);
  EXPECT_EQ(tx::TapWeight(upper, 2, 1), 172);
  EXPECT_EQ(tx::TapWeight(upper, 2, 2), 6);
  EXPECT_EQ(tx::TapWeight(upper, 2, 0), 20);
  // 157/256 and 128/256: 78.5 -> 79 for the corner, 49 beside it (a tie down there).
  const std::int32_t half[2] = {157, 128};
  EXPECT_EQ(tx::TapWeight(half, 2, 3), 79);
  EXPECT_EQ(tx::TapWeight(half, 2, 2), 49);
  const std::int32_t one[1] = {100};
  EXPECT_EQ(tx::TapWeight(one, 1, 1), 100);
  EXPECT_EQ(tx::TapWeight(one, 1, 0), 156);
}

TEST(TextureFiltering, NormalizedTexelsFilterIn16BitFixedPoint) {
  // Between 0 and 255 (u8, 0 and 65535 in 16 bits) at weight 133/256: 34047.48 -> 34047.
  const std::int64_t v[2] = {0, 255};
  const std::int32_t w[2] = {256 - 133, 133};
  EXPECT_EQ(tx::WeightedFixed(v, w, 2, 65535, 255), 34047);
  const std::int64_t s[2] = {-32768, 32767};
  const std::int32_t ws[2] = {253, 3};
  EXPECT_EQ(tx::WeightedFixed(s, ws, 2, 32767, 32767), -32000);
  // A tie rounds up, also below zero: -2.5 -> -2.
  const std::int64_t t[2] = {-5, 0};
  const std::int32_t wt[2] = {128, 128};
  EXPECT_EQ(tx::WeightedFixed(t, wt, 2, 32767, 32767), -2);
}

TEST(TextureFiltering, HalfTexelsRoundToHalf) {
  const float v[2] = {-2.3515625f, -0.344482421875f};
  const std::int32_t w[2] = {256 - 15, 15};
  EXPECT_EQ(tx::WeightedHalf(v, w, 2), -2.234375f);
  EXPECT_EQ(tx::HalfToFloat(0x3c00), 1.0f);
  EXPECT_EQ(tx::HalfToFloat(0x0001), std::ldexp(1.0f, -24));
}

TEST(TextureAddressing, ModesBringTexelsInsideOrReportThem) {
  tx::AxisTaps taps;
  EXPECT_EQ(tx::Address(-3.0f, {5, cudaAddressModeClamp, false, false}, &taps), nullptr);
  EXPECT_EQ(taps.index[0], 0);
  EXPECT_EQ(tx::Address(-0.1f, {5, cudaAddressModeWrap, true, false}, &taps), nullptr);  // x = -0.5
  EXPECT_EQ(taps.index[0], 4);
  EXPECT_EQ(tx::Address(1.1f, {5, cudaAddressModeMirror, true, false}, &taps), nullptr);  // x = 5.5
  EXPECT_EQ(taps.index[0], 4);
  EXPECT_EQ(tx::Address(7.0f, {5, cudaAddressModeBorder, false, false}, &taps), nullptr);
  EXPECT_TRUE(taps.border[0]);
  // Unnormalized coordinates: wrap and mirror are switched to clamp.
  EXPECT_EQ(tx::Address(7.0f, {5, cudaAddressModeWrap, false, false}, &taps), nullptr);
  EXPECT_EQ(taps.index[0], 4);
  EXPECT_EQ(tx::Address(-1.5f, {5, cudaAddressModeMirror, false, false}, &taps), nullptr);
  EXPECT_EQ(taps.index[0], 0);
  EXPECT_EQ(tx::Address(2.0f, {5, cudaAddressModeWrap, false, false}, &taps), nullptr);
  EXPECT_EQ(taps.index[0], 2);
  EXPECT_NE(tx::Address(NAN, {5, cudaAddressModeClamp, false, false}, &taps), nullptr);
}
