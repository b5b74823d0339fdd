// The jump-ahead machinery of the device API against plain stepping: skipahead(n) must land
// where n calls of curand() land, jumps must compose, and the subsequence strides must be the
// ones the generators define (2^67 XORWOW values, 2^76 MRG32k3a values, 2^64 Philox blocks).
#include <gtest/gtest.h>

#include <cuda_runtime.h>
#include <curand_kernel.h>

namespace {

template <class State>
void ExpectSameNext(State a, State b, int n = 8) {
  for (int i = 0; i < n; ++i) ASSERT_EQ(curand(&a), curand(&b)) << "value " << i;
}

template <class State>
void SkipaheadEqualsStepping() {
  for (unsigned long long n : {0ull, 1ull, 2ull, 3ull, 4ull, 5ull, 63ull, 64ull, 1000ull, 4097ull}) {
    State stepped, jumped;
    curand_init(1234ull, 2ull, 7ull, &stepped);
    jumped = stepped;
    for (unsigned long long i = 0; i < n; ++i) curand(&stepped);
    skipahead(n, &jumped);
    ExpectSameNext(stepped, jumped);
  }
}

TEST(CurandJumps, XorwowSkipaheadEqualsStepping) { SkipaheadEqualsStepping<curandStateXORWOW_t>(); }
TEST(CurandJumps, PhiloxSkipaheadEqualsStepping) { SkipaheadEqualsStepping<curandStatePhilox4_32_10_t>(); }
TEST(CurandJumps, MrgSkipaheadEqualsStepping) { SkipaheadEqualsStepping<curandStateMRG32k3a_t>(); }

template <class State>
void JumpsCompose() {
  State a, b;
  curand_init(99ull, 0ull, 0ull, &a);
  b = a;
  skipahead(0x123456789abull, &a);
  skipahead(0xfedcba98ull, &a);
  skipahead(0x123456789abull + 0xfedcba98ull, &b);
  ExpectSameNext(a, b);
  skipahead_sequence(5ull, &a);
  skipahead_sequence(3ull, &b);
  skipahead_sequence(2ull, &b);
  ExpectSameNext(a, b);
}

TEST(CurandJumps, XorwowJumpsCompose) { JumpsCompose<curandStateXORWOW_t>(); }
TEST(CurandJumps, PhiloxJumpsCompose) { JumpsCompose<curandStatePhilox4_32_10_t>(); }
TEST(CurandJumps, MrgJumpsCompose) { JumpsCompose<curandStateMRG32k3a_t>(); }

// curand_init(seed, s, o) is the seed's sequence jumped by s subsequences and then o values.
template <class State>
void InitIsJumps() {
  State a, b;
  curand_init(5ull, 3ull, 11ull, &a);
  curand_init(5ull, 0ull, 0ull, &b);
  skipahead_sequence(3ull, &b);
  skipahead(11ull, &b);
  ExpectSameNext(a, b);
}
TEST(CurandJumps, XorwowInitIsJumps) { InitIsJumps<curandStateXORWOW_t>(); }
TEST(CurandJumps, PhiloxInitIsJumps) { InitIsJumps<curandStatePhilox4_32_10_t>(); }

// MRG32k3a's curand_init jumps by subsequences of 2^76 values; skipahead_sequence by 2^127.
TEST(CurandJumps, MrgSubsequenceAndSequenceStrides) {
  curandStateMRG32k3a_t a, c;
  curand_init(5ull, 1ull, 0ull, &a);
  curand_init(5ull, 0ull, 0ull, &c);
  for (int i = 0; i < 8192; ++i) skipahead(1ull << 63, &c);  // 2^13 * 2^63 = 2^76 values
  ExpectSameNext(a, c);
  // 2^51 subsequences of 2^76 values are one sequence of 2^127.
  curandStateMRG32k3a_t d, e;
  curand_init(5ull, 0ull, 0ull, &d);
  e = d;
  skipahead_subsequence(1ull << 51, &d);
  skipahead_sequence(1ull, &e);
  ExpectSameNext(d, e);
}

// One XORWOW subsequence is 2^67 values: sixteen jumps of 2^63.
TEST(CurandJumps, XorwowSubsequenceIs2To67Values) {
  curandStateXORWOW_t a, b;
  curand_init(17ull, 0ull, 0ull, &a);
  b = a;
  for (int i = 0; i < 16; ++i) skipahead(1ull << 63, &a);
  skipahead_sequence(1ull, &b);
  ExpectSameNext(a, b);
}

// Philox's counter: a block jump carries from the low 64 bits into the upper half.
TEST(CurandJumps, PhiloxBlockCarry) {
  curandStatePhilox4_32_10_t a, b;
  curand_init(3ull, 0ull, 0ull, &a);
  b = a;
  // Four jumps of 2^62 - 1 blocks and three more blocks: the low 64 counter bits are all ones.
  for (int i = 0; i < 4; ++i) skipahead(0xfffffffffffffffcull, &a);
  skipahead(12ull, &a);
  skipahead(4ull, &a);  // one more block carries into the upper half: the next subsequence
  skipahead_sequence(1ull, &b);
  ExpectSameNext(a, b);
}

}  // namespace
