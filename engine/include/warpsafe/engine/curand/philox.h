// curand's Philox4_32_10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3"): a
// counter-based generator. A 128-bit counter is encrypted under the 64-bit seed by ten rounds;
// each block gives four outputs. A subsequence is 2^64 blocks (2^66 values): it is the upper half
// of the counter.
#pragma once

#include "vector_types.h"

struct curandStatePhilox4_32_10 {
  uint4 counter;  // the block being consumed
  uint4 block;    // its four outputs
  uint2 key;      // the seed
  unsigned int index;  // the next output of `block` to return, 0..3
  int spare_kind;
  int spare_kind_double;
  float spare;
  double spare_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

namespace warpsafe::engine::curand_detail {

inline constexpr unsigned int kPhiloxMultiplier0 = 0xD2511F53u;
inline constexpr unsigned int kPhiloxMultiplier1 = 0xCD9E8D57u;
inline constexpr unsigned int kPhiloxKeyStep0 = 0x9E3779B9u;  // the golden ratio, 32 bits
inline constexpr unsigned int kPhiloxKeyStep1 = 0xBB67AE85u;  // sqrt(3) - 1, 32 bits

inline uint4 PhiloxRound(uint4 c, uint2 k) {
  const unsigned long long p0 = static_cast<unsigned long long>(kPhiloxMultiplier0) * c.x;
  const unsigned long long p1 = static_cast<unsigned long long>(kPhiloxMultiplier1) * c.z;
  uint4 r;
  r.x = static_cast<unsigned int>(p1 >> 32) ^ c.y ^ k.x;
  r.y = static_cast<unsigned int>(p1);
  r.z = static_cast<unsigned int>(p0 >> 32) ^ c.w ^ k.y;
  r.w = static_cast<unsigned int>(p0);
  return r;
}

inline uint4 PhiloxBlock(uint4 c, uint2 k) {
  for (int round = 0; round < 9; ++round) {
    c = PhiloxRound(c, k);
    k.x += kPhiloxKeyStep0;
    k.y += kPhiloxKeyStep1;
  }
  return PhiloxRound(c, k);
}

inline void PhiloxNextBlock(curandStatePhilox4_32_10_t* s) {
  if (++s->counter.x != 0) return;
  if (++s->counter.y != 0) return;
  if (++s->counter.z != 0) return;
  ++s->counter.w;
}

// Adds n to the counter's lower 64 bits. The carry into the upper half is taken as the GPU takes
// it: a carry out of the low word is folded into n's high word first, so a high word of all ones
// plus that carry wraps to zero and carries nothing.
inline void PhiloxAddBlocks(curandStatePhilox4_32_10_t* s, unsigned long long n) {
  const unsigned int low = static_cast<unsigned int>(n);
  unsigned int high = static_cast<unsigned int>(n >> 32);
  s->counter.x += low;
  if (s->counter.x < low) ++high;
  s->counter.y += high;
  if (s->counter.y >= high) return;
  if (++s->counter.z != 0) return;
  ++s->counter.w;
}

// Adds n to the counter's upper 64 bits (mod 2^64).
inline void PhiloxAddSubsequences(curandStatePhilox4_32_10_t* s, unsigned long long n) {
  const unsigned int low = static_cast<unsigned int>(n);
  unsigned int high = static_cast<unsigned int>(n >> 32);
  s->counter.z += low;
  if (s->counter.z < low) ++high;
  s->counter.w += high;
}

}  // namespace warpsafe::engine::curand_detail

inline unsigned int curand(curandStatePhilox4_32_10_t* state) {
  namespace d = ::warpsafe::engine::curand_detail;
  const uint4 b = state->block;
  const unsigned int i = state->index;
  const unsigned int r = i == 0 ? b.x : i == 1 ? b.y : i == 2 ? b.z : b.w;
  if (++state->index == 4) {
    d::PhiloxNextBlock(state);
    state->block = d::PhiloxBlock(state->counter, state->key);
    state->index = 0;
  }
  return r;
}

// The next four values, which may straddle two blocks; the position moves on by four.
inline uint4 curand4(curandStatePhilox4_32_10_t* state) {
  namespace d = ::warpsafe::engine::curand_detail;
  const uint4 a = state->block;
  d::PhiloxNextBlock(state);
  state->block = d::PhiloxBlock(state->counter, state->key);
  const uint4 b = state->block;
  switch (state->index) {
    case 1: return make_uint4(a.y, a.z, a.w, b.x);
    case 2: return make_uint4(a.z, a.w, b.x, b.y);
    case 3: return make_uint4(a.w, b.x, b.y, b.z);
  }
  return a;
}

inline void skipahead(unsigned long long n, curandStatePhilox4_32_10_t* state) {
  namespace d = ::warpsafe::engine::curand_detail;
  unsigned long long blocks = n / 4;
  state->index += static_cast<unsigned int>(n & 3u);
  if (state->index > 3) {
    state->index -= 4;
    ++blocks;
  }
  d::PhiloxAddBlocks(state, blocks);
  state->block = d::PhiloxBlock(state->counter, state->key);
}

inline void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t* state) {
  namespace d = ::warpsafe::engine::curand_detail;
  d::PhiloxAddSubsequences(state, n);
  state->block = d::PhiloxBlock(state->counter, state->key);
}

inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                        curandStatePhilox4_32_10_t* state) {
  state->counter = make_uint4(0u, 0u, 0u, 0u);
  state->key.x = static_cast<unsigned int>(seed);
  state->key.y = static_cast<unsigned int>(seed >> 32);
  state->index = 0;
  state->spare_kind = 0;
  state->spare_kind_double = 0;
  state->spare = 0.0f;
  state->spare_double = 0.0;
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
}
