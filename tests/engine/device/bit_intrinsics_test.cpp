// Integer and bit intrinsics of device_functions.h against references written from the CUDA Math
// API and PTX ISA definitions.
#include "warpsafe/engine/device_functions.h"

#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <random>

namespace {

TEST(BitIntrinsics, CountingEdgeCases) {
  EXPECT_EQ(__clz(0), 32);
  EXPECT_EQ(__clz(1), 31);
  EXPECT_EQ(__clz(-1), 0);
  EXPECT_EQ(__clzll(0), 64);
  EXPECT_EQ(__clzll(1), 63);
  EXPECT_EQ(__clzll(LLONG_MIN), 0);
  EXPECT_EQ(__ffs(0), 0);
  EXPECT_EQ(__ffs(1), 1);
  EXPECT_EQ(__ffs(INT_MIN), 32);
  EXPECT_EQ(__ffsll(0), 0);
  EXPECT_EQ(__ffsll(LLONG_MIN), 64);
  EXPECT_EQ(__popc(0u), 0);
  EXPECT_EQ(__popc(0xFFFFFFFFu), 32);
  EXPECT_EQ(__popcll(~0ull), 64);
  EXPECT_EQ(__popcll(0x8000000000000001ull), 2);
}

TEST(BitIntrinsics, BitReverse) {
  EXPECT_EQ(__brev(1u), 0x80000000u);
  EXPECT_EQ(__brev(0x12345678u), 0x1E6A2C48u);
  EXPECT_EQ(__brev(0u), 0u);
  EXPECT_EQ(__brevll(1ull), 0x8000000000000000ull);
  EXPECT_EQ(__brevll(0x0123456789ABCDEFull), 0xF7B3D591E6A2C480ull);
  std::mt19937 rng(1);
  for (int i = 0; i < 1000; ++i) {
    const unsigned x = rng();
    unsigned ref = 0;
    for (int b = 0; b < 32; ++b) ref |= ((x >> b) & 1u) << (31 - b);
    ASSERT_EQ(__brev(x), ref) << x;
    ASSERT_EQ(__brev(__brev(x)), x);
  }
}

// result byte n = input[s<4n+2:4n>]; bit 3 of each selector nibble and s<31:16> are not used.
TEST(BitIntrinsics, BytePermSelectorModes) {
  const unsigned x = 0x33221100u, y = 0x77665544u;
  EXPECT_EQ(__byte_perm(x, y, 0x3210u), 0x33221100u);  // identity
  EXPECT_EQ(__byte_perm(x, y, 0x7654u), 0x77665544u);  // all from y
  EXPECT_EQ(__byte_perm(x, y, 0x0123u), 0x00112233u);  // byte reversal of x
  EXPECT_EQ(__byte_perm(x, y, 0x7531u), 0x77553311u);  // odd bytes
  EXPECT_EQ(__byte_perm(x, y, 0x1111u), 0x11111111u);  // broadcast
  EXPECT_EQ(__byte_perm(x, y, 0xFFFF3210u), 0x33221100u);  // upper 16 bits ignored
  EXPECT_EQ(__byte_perm(x, y, 0x8888u), 0x00000000u);  // bit 3 ignored: selects byte 0
  EXPECT_EQ(__byte_perm(x, y, 0xCDEFu), 0x44556677u);  // 0xC..0xF select 4..7
  std::mt19937 rng(2);
  for (int i = 0; i < 1000; ++i) {
    const unsigned a = rng(), b = rng(), s = rng();
    const std::uint8_t in[8] = {std::uint8_t(a), std::uint8_t(a >> 8), std::uint8_t(a >> 16), std::uint8_t(a >> 24),
                                std::uint8_t(b), std::uint8_t(b >> 8), std::uint8_t(b >> 16), std::uint8_t(b >> 24)};
    unsigned ref = 0;
    for (int n = 0; n < 4; ++n) ref |= unsigned{in[(s >> (4 * n)) & 7]} << (8 * n);
    ASSERT_EQ(__byte_perm(a, b, s), ref);
  }
}

// The _l/_r forms shift by shift & 31; the _lc/_rc forms by min(shift, 32).
TEST(BitIntrinsics, FunnelShiftWrapAndClamp) {
  const unsigned lo = 0x89ABCDEFu, hi = 0x01234567u;
  EXPECT_EQ(__funnelshift_l(lo, hi, 4), 0x12345678u);
  EXPECT_EQ(__funnelshift_l(lo, hi, 36), 0x12345678u);   // wraps to 4
  EXPECT_EQ(__funnelshift_l(lo, hi, 32), hi);            // wraps to 0
  EXPECT_EQ(__funnelshift_l(lo, hi, 0), hi);
  EXPECT_EQ(__funnelshift_lc(lo, hi, 4), 0x12345678u);
  EXPECT_EQ(__funnelshift_lc(lo, hi, 32), lo);           // clamps to 32
  EXPECT_EQ(__funnelshift_lc(lo, hi, 36), lo);
  EXPECT_EQ(__funnelshift_lc(lo, hi, 0xFFFFFFFFu), lo);
  EXPECT_EQ(__funnelshift_r(lo, hi, 4), 0x789ABCDEu);
  EXPECT_EQ(__funnelshift_r(lo, hi, 36), 0x789ABCDEu);
  EXPECT_EQ(__funnelshift_r(lo, hi, 32), lo);
  EXPECT_EQ(__funnelshift_rc(lo, hi, 4), 0x789ABCDEu);
  EXPECT_EQ(__funnelshift_rc(lo, hi, 32), hi);
  EXPECT_EQ(__funnelshift_rc(lo, hi, 100), hi);
  EXPECT_EQ(__funnelshift_rc(lo, hi, 31), (lo >> 31) | (hi << 1));
}

// PTX ISA fns.b32 examples and the not-found cases.
TEST(BitIntrinsics, FindNthSet) {
  EXPECT_EQ(__fns(0xAAAAAAAAu, 3, 1), 3u);
  EXPECT_EQ(__fns(0xAAAAAAAAu, 3, -1), 3u);
  EXPECT_EQ(__fns(0xAAAAAAAAu, 2, 1), 3u);
  EXPECT_EQ(__fns(0xAAAAAAAAu, 2, -1), 1u);
  EXPECT_EQ(__fns(0xAAAAAAAAu, 0, 16), 31u);
  EXPECT_EQ(__fns(0xAAAAAAAAu, 0, 17), 0xFFFFFFFFu);
  EXPECT_EQ(__fns(0xAAAAAAAAu, 31, -16), 1u);
  EXPECT_EQ(__fns(0x4u, 2, 0), 2u);
  EXPECT_EQ(__fns(0x4u, 1, 0), 0xFFFFFFFFu);
  EXPECT_EQ(__fns(0u, 0, 1), 0xFFFFFFFFu);
  EXPECT_EQ(__fns(0x80000000u, 0, 1), 31u);
  EXPECT_EQ(__fns(1u, 31, -1), 0u);
  EXPECT_EQ(__fns(1u, 31, INT_MIN), 0xFFFFFFFFu);
}

TEST(IntegerIntrinsics, Mul24TakesTheLow24BitsSigned) {
  EXPECT_EQ(__mul24(0x00800000, 2), -16777216);           // bit 23 is the sign: -2^23 * 2
  EXPECT_EQ(__mul24(0x7FFFFF, 0x7FFFFF), int(0xFF000001u));  // low 32 bits of (2^23-1)^2
  EXPECT_EQ(__mul24(0x7F000003, 5), 15);                   // high 8 bits ignored
  EXPECT_EQ(__mul24(-3, 5), -15);
  EXPECT_EQ(__umul24(0xFFFFFFFFu, 2u), 0x1FFFFFEu);
  EXPECT_EQ(__umul24(0xFFFFFFu, 0xFFFFFFu), 0xFE000001u);
}

TEST(IntegerIntrinsics, HighHalvesOfProducts) {
  EXPECT_EQ(__mulhi(-1, 1), -1);
  EXPECT_EQ(__mulhi(0x40000000, 4), 1);
  EXPECT_EQ(__mulhi(INT_MIN, INT_MIN), 0x40000000);
  EXPECT_EQ(__umulhi(0xFFFFFFFFu, 0xFFFFFFFFu), 0xFFFFFFFEu);
  EXPECT_EQ(__mul64hi(-1, 1), -1);
  EXPECT_EQ(__mul64hi(LLONG_MIN, 2), -1);
  EXPECT_EQ(__mul64hi(LLONG_MAX, LLONG_MAX), 0x3FFFFFFFFFFFFFFFLL);
  EXPECT_EQ(__umul64hi(~0ull, ~0ull), ~0ull - 1);
  EXPECT_EQ(__umul64hi(1ull << 32, 1ull << 32), 1ull);
}

TEST(IntegerIntrinsics, SumOfAbsoluteDifference) {
  EXPECT_EQ(__sad(-5, 3, 10u), 18u);
  EXPECT_EQ(__sad(3, -5, 10u), 18u);
  EXPECT_EQ(__sad(INT_MIN, INT_MAX, 0u), 0xFFFFFFFFu);
  EXPECT_EQ(__sad(INT_MIN, INT_MAX, 1u), 0u);  // wraps modulo 2^32
  EXPECT_EQ(__usad(1u, 3u, 1u), 3u);
  EXPECT_EQ(__usad(0xFFFFFFFFu, 0u, 0u), 0xFFFFFFFFu);
}

TEST(IntegerIntrinsics, HalvingAddsDoNotOverflow) {
  EXPECT_EQ(__hadd(INT_MAX, INT_MAX), INT_MAX);
  EXPECT_EQ(__hadd(INT_MIN, INT_MIN), INT_MIN);
  EXPECT_EQ(__hadd(-1, 0), -1);  // arithmetic shift: floor(-1/2)
  EXPECT_EQ(__hadd(3, 4), 3);
  EXPECT_EQ(__rhadd(-1, 0), 0);
  EXPECT_EQ(__rhadd(3, 4), 4);
  EXPECT_EQ(__rhadd(INT_MAX, INT_MAX), INT_MAX);
  EXPECT_EQ(__uhadd(0xFFFFFFFFu, 0xFFFFFFFFu), 0xFFFFFFFFu);
  EXPECT_EQ(__uhadd(0xFFFFFFFFu, 0u), 0x7FFFFFFFu);
  EXPECT_EQ(__urhadd(0xFFFFFFFFu, 0u), 0x80000000u);
}

TEST(IntegerIntrinsics, DotProducts) {
  // bytes of A: 3, 2, -1, 1; of B: 1, 1, 1, 1.
  EXPECT_EQ(__dp4a(0x01FF0203, 0x01010101, 10), 15);
  EXPECT_EQ(__dp4a(0x01FF0203u, 0x01010101u, 10u), 271u);
  EXPECT_EQ(__dp4a(make_char4(3, 2, -1, 1), make_char4(1, 1, 1, 1), 10), 15);
  EXPECT_EQ(__dp4a(make_uchar4(255, 255, 255, 255), make_uchar4(255, 255, 255, 255), 0u), 4u * 255u * 255u);
  EXPECT_EQ(__dp4a(int(0x80808080u), int(0x80808080u), 0), 4 * 128 * 128);
  // A halves: 5 (low), -2 (high); B bytes: 3, -4, 7, 9.
  const int a = int(0xFFFE0005u), b = 0x0907FC03;
  EXPECT_EQ(__dp2a_lo(a, b, 1), 5 * 3 + (-2) * (-4) + 1);
  EXPECT_EQ(__dp2a_hi(a, b, 1), 5 * 7 + (-2) * 9 + 1);
  EXPECT_EQ(__dp2a_lo(make_short2(5, -2), make_char4(3, -4, 7, 9), 1), 24);
  EXPECT_EQ(__dp2a_hi(make_short2(5, -2), make_char4(3, -4, 7, 9), 1), 18);
  EXPECT_EQ(__dp2a_lo(0xFFFF0001u, 0x0000FF02u, 0u), 2u + 0xFFFFu * 0xFFu);
  EXPECT_EQ(__dp2a_hi(make_ushort2(1, 2), make_uchar4(0, 0, 3, 4), 5u), 16u);
}

TEST(Reinterpretation, BitsAreKept) {
  EXPECT_EQ(__float_as_int(1.0f), 0x3F800000);
  EXPECT_EQ(__float_as_uint(-0.0f), 0x80000000u);
  EXPECT_TRUE(std::isinf(__int_as_float(0x7F800000)));
  EXPECT_EQ(__uint_as_float(0x3F800000u), 1.0f);
  EXPECT_EQ(__double_as_longlong(1.0), 0x3FF0000000000000LL);
  EXPECT_EQ(__longlong_as_double(0x4000000000000000LL), 2.0);
  EXPECT_EQ(__hiloint2double(0x3FF00000, 0), 1.0);
  EXPECT_EQ(__double2hiint(-2.0), int(0xC0000000u));
  EXPECT_EQ(__double2loint(__longlong_as_double(0x123456789ABCDEF0LL)), int(0x9ABCDEF0u));
  static_assert(__float_as_uint(2.0f) == 0x40000000u, "constexpr, as CUDART_* constants need");
}

TEST(CacheHintedAccess, PlainLoadsAndStores) {
  float4 v[2] = {make_float4(1, 2, 3, 4), make_float4(5, 6, 7, 8)};
  EXPECT_EQ(__ldg(&v[1]).y, 6.0f);
  EXPECT_EQ(__ldcs(&v[0]).w, 4.0f);
  int i = 0;
  __stcg(&i, 5);
  EXPECT_EQ(__ldcg(&i), 5);
  double d = 0;
  __stwt(&d, 1);  // the value converts to the pointee type, as in CUDA
  EXPECT_EQ(__ldlu(&d), 1.0);
}

}  // namespace
