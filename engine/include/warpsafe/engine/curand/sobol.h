// cuRAND's Sobol states for the device API (docs/semantics/curand.md, RAND-12..RAND-14). A state
// holds one dimension's direction vectors, its index i in the sequence, the current point x and a
// scramble word c (zero for the plain states). Point i of a dimension is c XOR the direction
// vectors picked by the set bits of i's Gray code, i ^ (i >> 1); stepping from i to i + 1 flips
// the lowest zero bit of i in the Gray code, so one vector is XORed in per value. The layout
// (three words, then the vectors) gives the states the GPU's sizes: 140 and 536 bytes.
#pragma once

#include <cmath>

#include "curand.h"
#include "warpsafe/engine/device_math.h"

namespace warpsafe::engine::curand_detail {

// Index of the lowest zero bit of i; the top bit's index when i has none (the GPU's choice for an
// index about to wrap around).
template <class Word>
inline unsigned LowestZeroBit(Word i) {
  constexpr unsigned kBits = sizeof(Word) * 8;
  const Word inverted = static_cast<Word>(~i);
  if (inverted == 0) return kBits - 1;
  unsigned k = 0;
  while (((inverted >> k) & 1) == 0) ++k;
  return k;
}

template <class State, class Word>
inline void SobolSeek(State* s, Word n) {
  constexpr unsigned kBits = sizeof(Word) * 8;
  s->index = static_cast<Word>(s->index + n);
  const Word gray = static_cast<Word>(s->index ^ (s->index >> 1));
  Word x = s->scramble;
  for (unsigned k = 0; k < kBits; ++k)
    if ((gray >> k) & 1) x ^= s->vectors[k];
  s->point = x;
}

template <class State, class Word>
inline void SobolInit(const Word* vectors, Word scramble, Word offset, State* s) {
  constexpr unsigned kBits = sizeof(Word) * 8;
  s->index = 0;
  s->scramble = scramble;
  for (unsigned k = 0; k < kBits; ++k) s->vectors[k] = vectors[k];
  SobolSeek(s, offset);
}

template <class State>
inline auto SobolNext(State* s) -> decltype(s->point) {
  const auto value = s->point;
  s->point ^= s->vectors[LowestZeroBit(s->index)];
  ++s->index;
  return value;
}

}  // namespace warpsafe::engine::curand_detail

struct curandStateSobol32 {
  unsigned int index, point, scramble;
  unsigned int vectors[32];
};
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateScrambledSobol32 {
  unsigned int index, point, scramble;
  unsigned int vectors[32];
};
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
struct curandStateSobol64 {
  unsigned long long index, point, scramble;
  unsigned long long vectors[64];
};
typedef struct curandStateSobol64 curandStateSobol64_t;
struct curandStateScrambledSobol64 {
  unsigned long long index, point, scramble;
  unsigned long long vectors[64];
};
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;

// curand_init from one dimension's vectors (as curandGetDirectionVectors32/64 hand them out) and
// an absolute offset into the sequence; the scrambled forms also take the scramble word.
inline void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int offset,
                        curandStateSobol32_t* state) {
  ::warpsafe::engine::curand_detail::SobolInit<curandStateSobol32_t, unsigned int>(direction_vectors, 0u, offset,
                                                                                   state);
}
inline void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int scramble_c, unsigned int offset,
                        curandStateScrambledSobol32_t* state) {
  ::warpsafe::engine::curand_detail::SobolInit<curandStateScrambledSobol32_t, unsigned int>(
      direction_vectors, scramble_c, offset, state);
}
inline void curand_init(curandDirectionVectors64_t direction_vectors, unsigned long long offset,
                        curandStateSobol64_t* state) {
  ::warpsafe::engine::curand_detail::SobolInit<curandStateSobol64_t, unsigned long long>(direction_vectors, 0ull,
                                                                                         offset, state);
}
inline void curand_init(curandDirectionVectors64_t direction_vectors, unsigned long long scramble_c,
                        unsigned long long offset, curandStateScrambledSobol64_t* state) {
  ::warpsafe::engine::curand_detail::SobolInit<curandStateScrambledSobol64_t, unsigned long long>(
      direction_vectors, scramble_c, offset, state);
}

// skipahead moves the index by n (wrapping at the word's width) and recomputes the point from it.
inline void skipahead(unsigned int n, curandStateSobol32_t* state) {
  ::warpsafe::engine::curand_detail::SobolSeek(state, n);
}
inline void skipahead(unsigned int n, curandStateScrambledSobol32_t* state) {
  ::warpsafe::engine::curand_detail::SobolSeek(state, n);
}
inline void skipahead(unsigned long long n, curandStateSobol64_t* state) {
  ::warpsafe::engine::curand_detail::SobolSeek(state, n);
}
inline void skipahead(unsigned long long n, curandStateScrambledSobol64_t* state) {
  ::warpsafe::engine::curand_detail::SobolSeek(state, n);
}

inline unsigned int curand(curandStateSobol32_t* state) { return ::warpsafe::engine::curand_detail::SobolNext(state); }
inline unsigned int curand(curandStateScrambledSobol32_t* state) {
  return ::warpsafe::engine::curand_detail::SobolNext(state);
}
inline unsigned long long curand(curandStateSobol64_t* state) {
  return ::warpsafe::engine::curand_detail::SobolNext(state);
}
inline unsigned long long curand(curandStateScrambledSobol64_t* state) {
  return ::warpsafe::engine::curand_detail::SobolNext(state);
}

// ---- distributions: one value per draw, so a point keeps its place in the sequence ------------
namespace warpsafe::engine::curand_detail {

// The 32 bits a float draw uses: a 64-bit value gives its upper half.
inline unsigned int Upper32(unsigned int x) { return x; }
inline unsigned int Upper32(unsigned long long x) { return static_cast<unsigned int>(x >> 32); }

inline float SobolUnit(unsigned int x) { return std::fma(static_cast<float>(x), 0x1p-32f, 0x1p-33f); }
// Doubles: a 32-bit value x gives x * 2^-32 + 2^-32; a 64-bit value its upper 53 bits k as
// k * 2^-53 + 2^-54 (both in (0, 1]).
inline double SobolUnitDouble(unsigned int x) { return std::fma(static_cast<double>(x), 0x1p-32, 0x1p-32); }
inline double SobolUnitDouble(unsigned long long x) {
  return std::fma(static_cast<double>(x >> 11), 0x1p-53, 0x1p-54);
}

// Normal values by the inverse of the normal distribution function (not Box-Muller: a point's
// coordinates stay one value each). The lower half of the range is computed directly and the
// upper half mirrored onto it, with the sign flipped: sqrt(2) * erfcinv(2p) for p in (0, 1/2].
// sqrt(2) is rounded to the value's precision before the product, as on the GPU.
inline float SobolNormal(unsigned int x) {
  float sign = -1.41421354f;
  if (x > 0x80000000u) {
    x = 0xffffffffu - x;
    sign = -sign;
  }
  return sign * erfcinvf(2.0f * SobolUnit(x));
}
inline double SobolNormalDouble32(unsigned int x) {
  double sign = -1.4142135623730951;
  if (x > 0x80000000u) {
    x = 0xffffffffu - x;
    sign = -sign;
  }
  return sign * erfcinv(2.0 * std::fma(static_cast<double>(x), 0x1p-32, 0x1p-33));
}
inline double SobolNormalDouble64(unsigned long long x) {
  unsigned long long k = x >> 11;
  double sign = -1.4142135623730951;
  if (k > (1ull << 52)) {
    k = (1ull << 53) - 1 - k;
    sign = -sign;
  }
  return sign * erfcinv(2.0 * std::fma(static_cast<double>(k), 0x1p-53, 0x1p-54));
}
inline float SobolNormalOf(unsigned int x) { return SobolNormal(x); }
inline float SobolNormalOf(unsigned long long x) { return SobolNormal(Upper32(x)); }
inline double SobolNormalDoubleOf(unsigned int x) { return SobolNormalDouble32(x); }
inline double SobolNormalDoubleOf(unsigned long long x) { return SobolNormalDouble64(x); }

}  // namespace warpsafe::engine::curand_detail

#define WARPSAFE_CURAND_SOBOL_DISTRIBUTIONS_(State)                                                  \
  inline float curand_uniform(State* state) {                                                        \
    namespace d = ::warpsafe::engine::curand_detail;                                                 \
    return d::SobolUnit(d::Upper32(curand(state)));                                                  \
  }                                                                                                  \
  inline double curand_uniform_double(State* state) {                                                \
    return ::warpsafe::engine::curand_detail::SobolUnitDouble(curand(state));                        \
  }                                                                                                  \
  inline float curand_normal(State* state) {                                                         \
    return ::warpsafe::engine::curand_detail::SobolNormalOf(curand(state));                          \
  }                                                                                                  \
  inline double curand_normal_double(State* state) {                                                 \
    return ::warpsafe::engine::curand_detail::SobolNormalDoubleOf(curand(state));                    \
  }                                                                                                  \
  inline float curand_log_normal(State* state, float mean, float stddev) {                           \
    return expf(std::fma(stddev, ::warpsafe::engine::curand_detail::SobolNormalOf(curand(state)), mean)); \
  }                                                                                                  \
  inline double curand_log_normal_double(State* state, double mean, double stddev) {                 \
    return ::exp(std::fma(stddev, ::warpsafe::engine::curand_detail::SobolNormalDoubleOf(curand(state)), mean)); \
  }
WARPSAFE_CURAND_SOBOL_DISTRIBUTIONS_(curandStateSobol32_t)
WARPSAFE_CURAND_SOBOL_DISTRIBUTIONS_(curandStateScrambledSobol32_t)
WARPSAFE_CURAND_SOBOL_DISTRIBUTIONS_(curandStateSobol64_t)
WARPSAFE_CURAND_SOBOL_DISTRIBUTIONS_(curandStateScrambledSobol64_t)
#undef WARPSAFE_CURAND_SOBOL_DISTRIBUTIONS_
