// SIMD video intrinsics against a lane-by-lane reference written from the CUDA Math API text.
#include "warpsafe/engine/device_functions.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <random>

namespace {

TEST(SimdIntrinsics, EdgeLanes) {
  EXPECT_EQ(__vadd2(0xFFFF0001u, 0x00010001u), 0x00000002u);  // no carry between halfwords
  EXPECT_EQ(__vadd4(0xFF01FF01u, 0x01010101u), 0x00020002u);
  EXPECT_EQ(__vsub4(0x00000000u, 0x01010101u), 0xFFFFFFFFu);
  EXPECT_EQ(__vaddss2(0x7FFF8000u, 0x00018000u), 0x7FFF8000u);  // 32767 + 1, -32768 - 32768: saturate
  EXPECT_EQ(__vaddus4(0xFF7F0102u, 0x01810203u), 0xFFFF0305u);
  EXPECT_EQ(__vsubus2(0x00010005u, 0x00020003u), 0x00000002u);
  EXPECT_EQ(__vsubss4(0x807F0000u, 0x01FF0000u), 0x807F0000u);
  EXPECT_EQ(__vabs2(0x8000FFFFu), 0x80000001u);    // |-32768| wraps to itself
  EXPECT_EQ(__vabsss2(0x8000FFFFu), 0x7FFF0001u);  // saturates
  EXPECT_EQ(__vneg4(0x80FF0102u), 0x8001FFFEu);
  EXPECT_EQ(__vnegss4(0x80FF0102u), 0x7F01FFFEu);
  EXPECT_EQ(__vabsdiffs4(0x807F0000u, 0x7F800000u), 0xFFFF0000u);  // |-128 - 127| = 255
  EXPECT_EQ(__vabsdiffu2(0x0000FFFFu, 0xFFFF0000u), 0xFFFFFFFFu);
  EXPECT_EQ(__vavgu4(0xFF000102u, 0xFF010203u), 0xFF010203u);  // (x + y + 1) >> 1
  EXPECT_EQ(__vhaddu4(0xFF000102u, 0xFF010203u), 0xFF000102u);  // (x + y) >> 1
  EXPECT_EQ(__vavgs4(0xFF01FE03u, 0xFE0001FEu), 0xFE01FF01u);  // -1.5 to -2, 0.5 to 1, -0.5 to -1
  EXPECT_EQ(__vavgs2(0x8000FFFFu, 0x80000000u), 0x8000FFFFu);  // -32768, -0.5 to -1
  EXPECT_EQ(__vcmpgts2(0x00018000u, 0xFFFF7FFFu), 0xFFFF0000u);  // signed: 1 > -1, -32768 < 32767
  EXPECT_EQ(__vcmpgtu2(0x00018000u, 0xFFFF7FFFu), 0x0000FFFFu);  // unsigned
  EXPECT_EQ(__vseteq4(0x01020304u, 0x01000304u), 0x01000101u);
  EXPECT_EQ(__vmaxs4(0x80FF7F00u, 0x7F0080FFu), 0x7F007F00u);
  EXPECT_EQ(__vminu4(0x80FF7F00u, 0x7F0080FFu), 0x7F007F00u);
  EXPECT_EQ(__vsads2(0x80007FFFu, 0x7FFF8000u), 2u * 65535u);
  EXPECT_EQ(__vsadu4(0xFF00FF00u, 0x00FF00FFu), 4u * 255u);
}

// Reference: unpack, compute on ints, pack.
template <int kBits, class Op>
unsigned Reference(unsigned a, unsigned b, bool is_signed, Op op) {
  const unsigned mask = (1u << kBits) - 1;
  unsigned r = 0;
  for (int s = 0; s < 32; s += kBits) {
    long long x = (a >> s) & mask, y = (b >> s) & mask;
    if (is_signed) {
      if (x >> (kBits - 1)) x -= (1ll << kBits);
      if (y >> (kBits - 1)) y -= (1ll << kBits);
    }
    r |= (static_cast<unsigned>(op(x, y, kBits)) & mask) << s;
  }
  return r;
}

TEST(SimdIntrinsics, RandomWordsMatchTheLaneReference) {
  auto clamp_s = [](long long v, int bits) { const long long m = (1ll << (bits - 1)); return v < -m ? -m : (v > m - 1 ? m - 1 : v); };
  auto clamp_u = [](long long v, int bits) { const long long m = (1ll << bits) - 1; return v < 0 ? 0 : (v > m ? m : v); };
  std::mt19937 rng(7);
  for (int i = 0; i < 20000; ++i) {
    const unsigned a = rng(), b = rng();
    ASSERT_EQ(__vaddss2(a, b), Reference<16>(a, b, true, [&](long long x, long long y, int n) { return clamp_s(x + y, n); }));
    ASSERT_EQ(__vaddss4(a, b), Reference<8>(a, b, true, [&](long long x, long long y, int n) { return clamp_s(x + y, n); }));
    ASSERT_EQ(__vsubus4(a, b), Reference<8>(a, b, false, [&](long long x, long long y, int n) { return clamp_u(x - y, n); }));
    ASSERT_EQ(__vabsdiffs2(a, b), Reference<16>(a, b, true, [](long long x, long long y, int) { return std::llabs(x - y); }));
    ASSERT_EQ(__vmins2(a, b), Reference<16>(a, b, true, [](long long x, long long y, int) { return x < y ? x : y; }));
    ASSERT_EQ(__vcmpleu4(a, b), Reference<8>(a, b, false, [](long long x, long long y, int) { return x <= y ? -1 : 0; }));
    ASSERT_EQ(__vsetlts2(a, b), Reference<16>(a, b, true, [](long long x, long long y, int) { return x < y ? 1 : 0; }));
    ASSERT_EQ(__vavgu2(a, b), Reference<16>(a, b, false, [](long long x, long long y, int) { return (x + y + 1) >> 1; }));
    ASSERT_EQ(__vnegss2(a), Reference<16>(a, 0, true, [&](long long x, long long, int n) { return clamp_s(-x, n); }));
  }
}

}  // namespace
