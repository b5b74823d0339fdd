// curand's MRG32k3a: L'Ecuyer's combined multiple recursive generator, two third-order
// recurrences modulo the primes m1 = 2^32 - 209 and m2 = 2^32 - 22853, combined as
// (x - y) mod m1 with 0 mapped to m1, so each raw value lies in [1, m1]. curand_init starts both
// components at 12345 (scaled by the salted seed halves when the seed is not 0), then jumps
// 2^76 * subsequence + offset steps ahead.
#pragma once

#include <cstdint>

#include "warpsafe/engine/curand/jumps.h"

struct curandStateMRG32k3a {
  unsigned int s1[3];  // component 1, oldest first
  unsigned int s2[3];  // component 2, oldest first
  int spare_kind;
  int spare_kind_double;
  float spare;
  double spare_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

namespace warpsafe::engine::curand_detail {

// cuRAND's scale factors, as the double values of its definitions: raw value to (0, 1], and raw
// value to 32 bits (slightly above (2^32 - 1) / m1).
inline constexpr double kMrgToUnit = 0x1.000000d10000bp-32;
inline constexpr double kMrgToBits = 0x1.000000d1006f5p+0;

// One step of both components; returns the combined raw value in [1, m1].
inline std::uint32_t MrgStep(curandStateMRG32k3a_t* s) {
  const std::uint64_t m1 = kMrgModulus1;
  const std::uint64_t m2 = kMrgModulus2;
  const std::uint64_t x = (1403580ull * s->s1[1] + 810728ull * (m1 - s->s1[0])) % m1;
  s->s1[0] = s->s1[1];
  s->s1[1] = s->s1[2];
  s->s1[2] = static_cast<std::uint32_t>(x);
  const std::uint64_t y = (527612ull * s->s2[2] + 1370589ull * (m2 - s->s2[0])) % m2;
  s->s2[0] = s->s2[1];
  s->s2[1] = s->s2[2];
  s->s2[2] = static_cast<std::uint32_t>(y);
  return static_cast<std::uint32_t>(x > y ? x - y : x + m1 - y);
}

inline void MrgJump(curandStateMRG32k3a_t* s, unsigned long long n, int first_power) {
  for (int bit = 0; n != 0; ++bit, n >>= 1) {
    if (n & 1ull) {
      const MrgMatrixPair& p = MrgPower(first_power + bit);
      MrgApply(p.first, kMrgModulus1, s->s1);
      MrgApply(p.second, kMrgModulus2, s->s2);
    }
  }
}

}  // namespace warpsafe::engine::curand_detail

inline unsigned int curand(curandStateMRG32k3a_t* state) {
  namespace d = ::warpsafe::engine::curand_detail;
  return static_cast<unsigned int>(static_cast<double>(d::MrgStep(state)) * d::kMrgToBits);
}

inline void skipahead(unsigned long long n, curandStateMRG32k3a_t* state) {
  ::warpsafe::engine::curand_detail::MrgJump(state, n, 0);
}

inline void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t* state) {
  namespace d = ::warpsafe::engine::curand_detail;
  d::MrgJump(state, n, d::kMrgSubsequenceLog2);
}

inline void skipahead_sequence(unsigned long long n, curandStateMRG32k3a_t* state) {
  namespace d = ::warpsafe::engine::curand_detail;
  d::MrgJump(state, n, d::kMrgSequenceLog2);
}

inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                        curandStateMRG32k3a_t* state) {
  namespace d = ::warpsafe::engine::curand_detail;
  for (int i = 0; i < 3; ++i) state->s1[i] = state->s2[i] = 12345u;
  if (seed != 0) {
    const std::uint64_t lo = static_cast<std::uint32_t>(seed) ^ 0x55555555u;
    const std::uint64_t hi = static_cast<std::uint32_t>(seed >> 32) ^ 0xAAAAAAAAu;
    state->s1[0] = static_cast<unsigned int>(lo * 12345u % d::kMrgModulus1);
    state->s1[1] = static_cast<unsigned int>(hi * 12345u % d::kMrgModulus1);
    state->s1[2] = static_cast<unsigned int>(lo * 12345u % d::kMrgModulus1);
    state->s2[0] = static_cast<unsigned int>(hi * 12345u % d::kMrgModulus2);
    state->s2[1] = static_cast<unsigned int>(lo * 12345u % d::kMrgModulus2);
    state->s2[2] = static_cast<unsigned int>(hi * 12345u % d::kMrgModulus2);
  }
  skipahead_subsequence(subsequence, state);
  skipahead(offset, state);
  state->spare_kind = 0;
  state->spare_kind_double = 0;
  state->spare = 0.0f;
  state->spare_double = 0.0;
}
