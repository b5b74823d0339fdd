// curand's default generator, XORWOW: Marsaglia's xorshift on five words plus a Weyl counter
// (stride 362437) added to each output. curand_init salts the seed's two halves, mixes them by
// odd multipliers into the six words, then jumps 2^67 * subsequence + offset steps ahead
// (docs/semantics/curand.md).
#pragma once

#include <cstdint>

#include "warpsafe/engine/curand/jumps.h"

struct curandStateXORWOW {
  unsigned int weyl;   // the counter added to each output
  unsigned int x[5];   // the shift register, oldest word first
  int spare_kind;      // a float Box-Muller value waiting: 0, or which transform made it
  int spare_kind_double;
  float spare;
  double spare_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

namespace warpsafe::engine::curand_detail {

inline constexpr unsigned int kXorwowWeylStride = 362437u;

// The spare value of a Box-Muller pair, tagged with the transform that produced it.
inline constexpr int kSpareNormal = 1;
inline constexpr int kSpareLogNormal = 2;

inline void XorwowJump(curandStateXORWOW_t* s, unsigned long long n, int first_power) {
  for (int bit = 0; n != 0; ++bit, n >>= 1) {
    if (n & 1ull) XorwowApply(XorwowPower(first_power + bit), s->x);
  }
}

}  // namespace warpsafe::engine::curand_detail

inline unsigned int curand(curandStateXORWOW_t* state) {
  const unsigned int t = state->x[0] ^ (state->x[0] >> 2);
  const unsigned int newest = (state->x[4] ^ (state->x[4] << 4)) ^ (t ^ (t << 1));
  state->x[0] = state->x[1];
  state->x[1] = state->x[2];
  state->x[2] = state->x[3];
  state->x[3] = state->x[4];
  state->x[4] = newest;
  state->weyl += ::warpsafe::engine::curand_detail::kXorwowWeylStride;
  return newest + state->weyl;
}

// n values ahead: the register by the matrix powers of n's bits, the counter by n strides (mod 2^32).
inline void skipahead(unsigned long long n, curandStateXORWOW_t* state) {
  ::warpsafe::engine::curand_detail::XorwowJump(state, n, 0);
  state->weyl += ::warpsafe::engine::curand_detail::kXorwowWeylStride * static_cast<unsigned int>(n);
}

// n subsequences (2^67 values each) ahead; the counter moves by a multiple of 2^32, i.e. not at all.
inline void skipahead_sequence(unsigned long long n, curandStateXORWOW_t* state) {
  ::warpsafe::engine::curand_detail::XorwowJump(state, n,
                                                ::warpsafe::engine::curand_detail::kXorwowSubsequenceLog2);
}

inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                        curandStateXORWOW_t* state) {
  const unsigned int lo = static_cast<unsigned int>(seed) ^ 0xaad26b49u;
  const unsigned int hi = static_cast<unsigned int>(seed >> 32) ^ 0xf7dcefddu;
  const unsigned int a = lo * 1099087573u;
  const unsigned int b = hi * 2591861531u;
  // With seed 0 these are Marsaglia's published starting words.
  state->x[0] = a + 123456789u;
  state->x[1] = a ^ 362436069u;
  state->x[2] = b + 521288629u;
  state->x[3] = b ^ 88675123u;
  state->x[4] = a + 5783321u;
  state->weyl = a + b + 6615241u;
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
  state->spare_kind = 0;
  state->spare_kind_double = 0;
  state->spare = 0.0f;
  state->spare_double = 0.0;
}
