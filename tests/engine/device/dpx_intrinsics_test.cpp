// DPX intrinsics lane by lane: the edges (sums that wrap, the clamp at 0, ties of __vib*), and
// random words against a reference written here from the CUDA Math API text.
#include "warpsafe/engine/device_functions.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <random>

namespace {

TEST(DpxIntrinsics, Edges) {
  EXPECT_EQ(__viaddmax_s32(INT_MAX, 1, 0), 0);                  // the sum wraps to INT_MIN; 0 wins
  EXPECT_EQ(__viaddmin_s32(INT_MAX, 1, 0), INT_MIN);
  EXPECT_EQ(__viaddmax_u32(0xffffffffu, 2u, 0u), 1u);           // wraps to 1
  EXPECT_EQ(__viaddmax_s16x2(0x7fff0001u, 0x00010001u, 0x00000000u), 0x00000002u);  // 0x7fff + 1 wraps negative
  EXPECT_EQ(__viaddmax_u16x2(0xffff0001u, 0x00010001u, 0x00000000u), 0x00000002u);  // 0xffff + 1 wraps to 0
  EXPECT_EQ(__viaddmin_s16x2_relu(0x80000005u, 0x00000003u, 0x00040010u), 0x00000008u);
  EXPECT_EQ(__viaddmax_s32_relu(-5, 2, -1), 0);
  EXPECT_EQ(__vimax_s32_relu(-3, -7), 0);
  EXPECT_EQ(__vimin_s32_relu(3, 7), 3);
  EXPECT_EQ(__vimax_s16x2_relu(0x8000ffffu, 0xfffe0005u), 0x00000005u);
  EXPECT_EQ(__vimin_s16x2_relu(0x7fff0003u, 0x00010002u), 0x00010002u);
  EXPECT_EQ(__vimax3_s32(-1, INT_MIN, -2), -1);
  EXPECT_EQ(__vimax3_u32(1u, 0x80000000u, 2u), 0x80000000u);
  EXPECT_EQ(__vimin3_s16x2(0x7fff0001u, 0x8000ffffu, 0x00000000u), 0x8000ffffu);
  EXPECT_EQ(__vimin3_u16x2(0x7fff0001u, 0x8000ffffu, 0x00000000u), 0x00000000u);
  EXPECT_EQ(__vimax3_s16x2_relu(0x8000ffffu, 0x80018002u, 0xfff00003u), 0x00000003u);
  EXPECT_EQ(__vimin3_s32_relu(4, 9, 6), 4);
  bool p = false, q = true;
  EXPECT_EQ(__vibmax_s32(-1, 1, &p), 1);
  EXPECT_FALSE(p);
  EXPECT_EQ(__vibmax_u32(0xffffffffu, 1u, &p), 0xffffffffu);  // unsigned: -1 is the largest
  EXPECT_TRUE(p);
  EXPECT_EQ(__vibmin_s32(7, 7, &p), 7);  // a tie chooses a
  EXPECT_TRUE(p);
  EXPECT_EQ(__vibmax_s16x2(0x8000ffffu, 0x7fff0001u, &p, &q), 0x7fff0001u);
  EXPECT_FALSE(p);
  EXPECT_FALSE(q);
  EXPECT_EQ(__vibmax_u16x2(0x8000ffffu, 0x7fff0001u, &p, &q), 0x8000ffffu);
  EXPECT_TRUE(p);
  EXPECT_TRUE(q);
  EXPECT_EQ(__vibmin_u16x2(0x00050003u, 0x00050009u, &p, &q), 0x00050003u);  // hi tie, lo a smaller
  EXPECT_TRUE(p);
  EXPECT_TRUE(q);
  EXPECT_EQ(__vibmin_s16x2(0x00050003u, 0xfffb0009u, &p, &q), 0xfffb0003u);
  EXPECT_FALSE(p);
  EXPECT_TRUE(q);
}

// The reference: unpack into 64-bit values, compute, cut back to the lane.
long long Lane(unsigned w, int i, bool is_signed) {
  const long long v = (w >> (16 * i)) & 0xffff;
  return is_signed && v >= 0x8000 ? v - 0x10000 : v;
}
template <class Op>
unsigned Halves(unsigned a, unsigned b, unsigned c, bool is_signed, Op op) {
  unsigned r = 0;
  for (int i = 0; i < 2; ++i)
    r |= (static_cast<unsigned>(op(Lane(a, i, is_signed), Lane(b, i, is_signed), Lane(c, i, is_signed))) & 0xffffu)
         << (16 * i);
  return r;
}
long long Wrap16(long long v, bool is_signed) { return Lane(static_cast<unsigned>(v), 0, is_signed); }

TEST(DpxIntrinsics, RandomWordsMatchTheLaneReference) {
  std::mt19937 rng(11);
  for (int i = 0; i < 20000; ++i) {
    const unsigned a = rng(), b = rng(), c = rng();
    const long long sa = static_cast<int>(a), sb = static_cast<int>(b), sc = static_cast<int>(c);
    const auto wrap32 = [](long long v) { return static_cast<long long>(static_cast<int>(static_cast<unsigned>(v))); };
    ASSERT_EQ(__viaddmax_s32(static_cast<int>(a), static_cast<int>(b), static_cast<int>(c)), std::max(wrap32(sa + sb), sc));
    ASSERT_EQ(__viaddmin_u32(a, b, c), std::min(a + b, c));
    ASSERT_EQ(__vimin3_s32_relu(static_cast<int>(a), static_cast<int>(b), static_cast<int>(c)),
              std::max(std::min({sa, sb, sc}), 0ll));
    ASSERT_EQ(__viaddmax_s16x2(a, b, c),
              Halves(a, b, c, true, [](long long x, long long y, long long z) { return std::max(Wrap16(x + y, true), z); }));
    ASSERT_EQ(__viaddmin_u16x2(a, b, c),
              Halves(a, b, c, false, [](long long x, long long y, long long z) { return std::min(Wrap16(x + y, false), z); }));
    ASSERT_EQ(__vimax3_s16x2_relu(a, b, c),
              Halves(a, b, c, true, [](long long x, long long y, long long z) { return std::max({x, y, z, 0ll}); }));
    ASSERT_EQ(__vimin3_u16x2(a, b, c),
              Halves(a, b, c, false, [](long long x, long long y, long long z) { return std::min({x, y, z}); }));
    bool hi = false, lo = false;
    const unsigned m = __vibmax_s16x2(a, b, &hi, &lo);
    ASSERT_EQ(m, Halves(a, b, c, true, [](long long x, long long y, long long) { return std::max(x, y); }));
    ASSERT_EQ(hi, Lane(a, 1, true) >= Lane(b, 1, true));
    ASSERT_EQ(lo, Lane(a, 0, true) >= Lane(b, 0, true));
  }
}

}  // namespace
