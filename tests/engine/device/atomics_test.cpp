// atomics.h (and the 16-bit atomics of cuda_fp16.h / cuda_bf16.h), called from host threads: the
// engine's SchedulingPoint is a no-op there, so these check the operations and their atomicity
// under real concurrency between OS threads, as between blocks.
#include "warpsafe/engine/atomics.h"

#include <gtest/gtest.h>

#include <climits>
#include <thread>
#include <vector>

#include "cuda_bf16.h"
#include "cuda_fp16.h"

namespace {

// Runs body(t) on `threads` std::threads at once.
template <class Body>
void OnThreads(int threads, Body body) {
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(body, t);
  for (auto& th : pool) th.join();
}

// atomicInc: ((old >= val) ? 0 : (old + 1)).
TEST(Atomics, IncWrapsAtVal) {
  unsigned x = 3;
  EXPECT_EQ(atomicInc(&x, 5u), 3u);
  EXPECT_EQ(x, 4u);
  x = 5;
  EXPECT_EQ(atomicInc(&x, 5u), 5u);
  EXPECT_EQ(x, 0u);
  x = 7;  // above val: wraps too
  EXPECT_EQ(atomicInc_block(&x, 5u), 7u);
  EXPECT_EQ(x, 0u);
  x = 0;
  EXPECT_EQ(atomicInc_system(&x, 0u), 0u);
  EXPECT_EQ(x, 0u);
  x = UINT_MAX - 1;
  atomicInc(&x, UINT_MAX);
  EXPECT_EQ(x, UINT_MAX);
  atomicInc(&x, UINT_MAX);
  EXPECT_EQ(x, 0u);
}

// atomicDec: (((old == 0) || (old > val)) ? val : (old - 1)).
TEST(Atomics, DecWrapsAtZeroAndAboveVal) {
  unsigned x = 0;
  EXPECT_EQ(atomicDec(&x, 5u), 0u);
  EXPECT_EQ(x, 5u);
  x = 7;
  EXPECT_EQ(atomicDec(&x, 5u), 7u);
  EXPECT_EQ(x, 5u);
  x = 3;
  atomicDec_block(&x, 5u);
  EXPECT_EQ(x, 2u);
  x = 1;
  atomicDec_system(&x, 5u);
  EXPECT_EQ(x, 0u);
}

TEST(Atomics, CompareAndSwapReturnsTheOldValue) {
  int i = 3;
  EXPECT_EQ(atomicCAS(&i, 3, 9), 3);
  EXPECT_EQ(i, 9);
  EXPECT_EQ(atomicCAS(&i, 3, 1), 9);  // fails: memory unchanged
  EXPECT_EQ(i, 9);
  unsigned long long l = 1ull << 40;
  EXPECT_EQ(atomicCAS_system(&l, 1ull << 40, ~0ull), 1ull << 40);
  EXPECT_EQ(l, ~0ull);
  unsigned short s = 4;
  EXPECT_EQ(atomicCAS_block(&s, static_cast<unsigned short>(4), static_cast<unsigned short>(65535)), 4);
  EXPECT_EQ(s, 65535);
  unsigned u = 0;
  EXPECT_EQ(atomicCAS(&u, 1u, 2u), 0u);
  EXPECT_EQ(u, 0u);
}

TEST(Atomics, MinMaxFollowTheSignednessOfTheType) {
  int i = 1;
  EXPECT_EQ(atomicMin(&i, -1), 1);
  EXPECT_EQ(i, -1);
  unsigned u = 1;
  EXPECT_EQ(atomicMin(&u, 0xFFFFFFFFu), 1u);  // -1 as unsigned is the largest
  EXPECT_EQ(u, 1u);
  EXPECT_EQ(atomicMax(&u, 0xFFFFFFFFu), 1u);
  EXPECT_EQ(u, 0xFFFFFFFFu);
  long long ll = -5;
  atomicMax_block(&ll, -3LL);
  EXPECT_EQ(ll, -3);
  atomicMin_system(&ll, LLONG_MIN);
  EXPECT_EQ(ll, LLONG_MIN);
  unsigned long long ull = 1ull << 63;
  atomicMax(&ull, 5ull);
  EXPECT_EQ(ull, 1ull << 63);
  atomicMin(&ull, 5ull);
  EXPECT_EQ(ull, 5ull);
}

TEST(Atomics, ArithmeticAndBits) {
  unsigned u = 0;
  EXPECT_EQ(atomicSub(&u, 1u), 0u);
  EXPECT_EQ(u, 0xFFFFFFFFu);  // wraps
  int i = INT_MAX;
  EXPECT_EQ(atomicAdd(&i, 1), INT_MAX);
  EXPECT_EQ(i, INT_MIN);  // wraps, as the hardware does
  EXPECT_EQ(atomicSub(&i, INT_MIN), INT_MIN);
  EXPECT_EQ(i, 0);
  unsigned long long l = 0xF0;
  EXPECT_EQ(atomicAnd(&l, 0x3Cull), 0xF0ull);
  EXPECT_EQ(l, 0x30ull);
  EXPECT_EQ(atomicOr_block(&l, 0x1ull << 60), 0x30ull);
  EXPECT_EQ(atomicXor_system(&l, 0x30ull), (0x1ull << 60) | 0x30);
  EXPECT_EQ(l, 0x1ull << 60);
  int b = -1;
  EXPECT_EQ(atomicAnd(&b, 6), -1);
  EXPECT_EQ(b, 6);
  float f = 1.5f;
  EXPECT_EQ(atomicExch(&f, -2.0f), 1.5f);
  EXPECT_EQ(f, -2.0f);
  unsigned long long e = 7;
  EXPECT_EQ(atomicExch_system(&e, 9ull), 7ull);
  EXPECT_EQ(e, 9ull);
  double d = 0.25;
  EXPECT_EQ(atomicAdd(&d, 0.5), 0.25);
  EXPECT_EQ(d, 0.75);
  float4 v = make_float4(1, 2, 3, 4);
  const float4 old = atomicAdd(&v, make_float4(1, 1, 1, 1));
  EXPECT_EQ(old.w, 4.0f);
  EXPECT_EQ(v.x + v.y + v.z + v.w, 14.0f);
}

TEST(Atomics, FloatAddUnderContentionLosesNothing) {
  float f = 0;
  double d = 0;
  OnThreads(4, [&](int) {
    for (int k = 0; k < 100000; ++k) {
      atomicAdd(&f, 1.0f);
      atomicAdd_system(&d, 0.5);
    }
  });
  EXPECT_EQ(f, 400000.0f);  // integer-valued sums below 2^24 are exact
  EXPECT_EQ(d, 200000.0);
}

TEST(Atomics, IntegerOpsUnderContention) {
  unsigned long long sum = 0;
  unsigned ring = 0;
  int high = INT_MIN;
  OnThreads(4, [&](int t) {
    for (int k = 0; k < 25000; ++k) {
      atomicAdd(&sum, 3ull);
      atomicInc(&ring, 99u);  // counts modulo 100
      atomicMax(&high, t * 25000 + k);
    }
  });
  EXPECT_EQ(sum, 300000ull);
  EXPECT_EQ(ring, 100000u % 100u);
  EXPECT_EQ(high, 99999);
}

TEST(Atomics, CasLoopUnderContention) {
  int lock = 0;
  long long counter = 0;  // protected by the spin lock below
  OnThreads(4, [&](int) {
    for (int k = 0; k < 20000; ++k) {
      while (atomicCAS(&lock, 0, 1) != 0) {
      }
      ++counter;
      atomicExch(&lock, 0);
    }
  });
  EXPECT_EQ(counter, 80000);
}

TEST(Atomics, HalfAndBfloat16AddUnderContention) {
  __half h = __float2half(0.0f);
  __half2 h2 = __floats2half2_rn(0.0f, 0.0f);
  __nv_bfloat16 b = __float2bfloat16(0.0f);
  OnThreads(4, [&](int) {
    for (int k = 0; k < 500; ++k) {
      atomicAdd(&h, __float2half(1.0f));  // integers to 2048 are exact in half
      atomicAdd(&h2, __floats2half2_rn(1.0f, 0.5f));
    }
    for (int k = 0; k < 60; ++k) atomicAdd(&b, __float2bfloat16(1.0f));  // exact to 256 in bf16
  });
  EXPECT_EQ(__half2float(h), 2000.0f);
  EXPECT_EQ(__low2float(h2), 2000.0f);
  EXPECT_EQ(__high2float(h2), 1000.0f);
  EXPECT_EQ(__bfloat162float(b), 240.0f);
  EXPECT_EQ(__half2float(atomicAdd_block(&h, __float2half(-1.0f))), 2000.0f);
  EXPECT_EQ(__half2float(h), 1999.0f);
}

}  // namespace
