// curand's distributions over the three generators, with the GPU's formulas operation for
// operation (docs/semantics/curand.md says which are bit-exact and which inherit the engine's
// math functions):
//   - uniform float: x * 2^-32 + 2^-33, in (0, 1];
//   - uniform double: 53 bits from two outputs (x ^ y << 21) * 2^-53 + 2^-54 for XORWOW, one
//     output x * 2^-32 + 2^-32 for Philox, the raw value over m1 for MRG32k3a;
//   - normal: Box-Muller on a pair, the second value kept as a spare for the next call;
//   - log-normal: exp(mean + stddev * normal), with its own spare;
//   - Poisson: Knuth's product of uniforms for lambda < 64, the rounded normal approximation for
//     lambda > 4000.
#pragma once

#include <cmath>

#include "vector_types.h"
#include "warpsafe/engine/curand/mrg32k3a.h"
#include "warpsafe/engine/curand/philox.h"
#include "warpsafe/engine/curand/refusals.h"
#include "warpsafe/engine/curand/xorwow.h"
#include "warpsafe/engine/device_math.h"

namespace warpsafe::engine::curand_detail {

inline constexpr float kTwoToMinus32f = 0x1p-32f;
inline constexpr double kTwoToMinus32 = 0x1p-32;
inline constexpr double kTwoToMinus53 = 0x1p-53;
// 2*pi rounded to float, then scaled by 2^-32 (exact), as cuRAND scales a 32-bit output to an angle.
inline constexpr float kTwoPif = 0x1.921fb6p+2f;
inline constexpr float kAnglePerUnit = kTwoPif * 0x1p-32f;

// The GPU compiles `a * b + c` to one fused multiply-add; so does everything here that must match.
inline float UnitFloat(unsigned int x) { return std::fma(static_cast<float>(x), kTwoToMinus32f, kTwoToMinus32f / 2); }
inline double UnitDouble53(unsigned int lo, unsigned int hi) {
  const unsigned long long z = static_cast<unsigned long long>(lo) ^ (static_cast<unsigned long long>(hi) << 21);
  return std::fma(static_cast<double>(z), kTwoToMinus53, kTwoToMinus53 / 2);
}

// Box-Muller's last step, shared by every generator: the radius from the uniform u, times the sine
// and cosine of the angle (in radians for float, in half turns for double, as the GPU computes them).
inline float2 Polar(float u, float angle) {
  const float radius = sqrtf(-2.0f * logf(u));
  float2 r;
  __sincosf(angle, &r.x, &r.y);
  r.x *= radius;
  r.y *= radius;
  return r;
}
inline double2 PolarHalfTurns(double u, double half_turns) {
  const double radius = ::sqrt(-2.0 * ::log(u));
  double2 r;
  sincospi(half_turns, &r.x, &r.y);
  r.x *= radius;
  r.y *= radius;
  return r;
}

// A pair from 32-bit outputs (XORWOW, Philox): the angle is the second output scaled to a turn.
inline float2 BoxMuller(unsigned int x, unsigned int y) {
  return Polar(UnitFloat(x), std::fma(static_cast<float>(y), kAnglePerUnit, kAnglePerUnit / 2));
}
inline double2 BoxMullerDouble(unsigned int x0, unsigned int x1, unsigned int y0, unsigned int y1) {
  const unsigned long long zy = static_cast<unsigned long long>(y0) ^ (static_cast<unsigned long long>(y1) << 21);
  return PolarHalfTurns(UnitDouble53(x0, x1), std::fma(static_cast<double>(zy), 2 * kTwoToMinus53, kTwoToMinus53));
}

inline float MrgUnit(curandStateMRG32k3a_t* s) { return static_cast<float>(MrgStep(s) * kMrgToUnit); }
inline double MrgUnitDouble(curandStateMRG32k3a_t* s) { return MrgStep(s) * kMrgToUnit; }

// A fresh Box-Muller pair for each generator, float and double. XORWOW and Philox draw 32-bit
// outputs one at a time (a double pair from Philox takes one curand4); MRG32k3a takes its uniforms
// already scaled. Each draw is its own statement: the order of the draws is the GPU's.
template <class State>
float2 NormalPair(State* s) {
  const unsigned int x = curand(s);
  const unsigned int y = curand(s);
  return BoxMuller(x, y);
}
inline float2 NormalPair(curandStateMRG32k3a_t* s) {
  const float u = MrgUnit(s);
  const float angle = MrgUnit(s) * kTwoPif;
  return Polar(u, angle);
}
inline double2 NormalPairDouble(curandStateXORWOW_t* s) {
  const unsigned int x0 = curand(s);
  const unsigned int x1 = curand(s);
  const unsigned int y0 = curand(s);
  const unsigned int y1 = curand(s);
  return BoxMullerDouble(x0, x1, y0, y1);
}
inline double2 NormalPairDouble(curandStatePhilox4_32_10_t* s) {
  const uint4 v = curand4(s);
  return BoxMullerDouble(v.x, v.y, v.z, v.w);
}
inline double2 NormalPairDouble(curandStateMRG32k3a_t* s) {
  const double u = MrgUnitDouble(s);
  const double half_turns = MrgUnitDouble(s) * 2.0;
  return PolarHalfTurns(u, half_turns);
}

// Where a state keeps its spare value of each precision.
template <class T> struct SpareSlot;
template <> struct SpareSlot<float> {
  template <class State> static float& Value(State* s) { return s->spare; }
  template <class State> static int& Kind(State* s) { return s->spare_kind; }
};
template <> struct SpareSlot<double> {
  template <class State> static double& Value(State* s) { return s->spare_double; }
  template <class State> static int& Kind(State* s) { return s->spare_kind_double; }
};

// One value of a pair per call: the first computes the pair and keeps the second, tagged with
// `kind`; the next call with the same kind returns it. A call of the other kind discards it.
// Float and double spares are kept apart.
template <class State, class Make>
auto Spare(State* s, int kind, Make make) -> decltype(make().x) {
  using T = decltype(make().x);
  int& tag = SpareSlot<T>::Kind(s);
  if (tag == kind) {
    tag = 0;
    return SpareSlot<T>::Value(s);
  }
  const auto v = make();
  SpareSlot<T>::Value(s) = v.y;
  tag = kind;
  return v.x;
}

inline float LogNormalOf(float normal, float mean, float stddev) { return expf(std::fma(stddev, normal, mean)); }
inline double LogNormalOf(double normal, double mean, double stddev) { return ::exp(std::fma(stddev, normal, mean)); }
// Both values of a normal pair made log-normal.
inline float2 LogNormalOf(float2 v, float mean, float stddev) {
  return make_float2(LogNormalOf(v.x, mean, stddev), LogNormalOf(v.y, mean, stddev));
}
inline double2 LogNormalOf(double2 v, double mean, double stddev) {
  return make_double2(LogNormalOf(v.x, mean, stddev), LogNormalOf(v.y, mean, stddev));
}

// Poisson for 64 <= lambda <= 4000: the GPU uses a rejection method built on its hardware
// approximations of exp2 and log2, which a CPU cannot reproduce. Reported, never approximated.
template <class State>
unsigned int PoissonKnuth(State* s, float lambda) {
  unsigned int k = 0;
  float p = expf(lambda);
  do {
    ++k;
    p *= curand_uniform(s);
  } while (p > 1.0f);
  return k - 1;
}

template <class State>
unsigned int Poisson(State* s, double lambda, ::warpsafe::engine::Site site) {
  if (lambda < 64) return PoissonKnuth(s, static_cast<float>(lambda));
  if (lambda > 4000) {
    return static_cast<unsigned int>(std::fma(::sqrt(lambda), curand_normal_double(s), lambda) + 0.5);
  }
  PoissonRangeUnsupported(lambda, site);
}

}  // namespace warpsafe::engine::curand_detail

// ---- uniform ------------------------------------------------------------------------------------
inline float curand_uniform(curandStateXORWOW_t* state) {
  return ::warpsafe::engine::curand_detail::UnitFloat(curand(state));
}
inline float curand_uniform(curandStatePhilox4_32_10_t* state) {  // the same formula on Philox's output
  return ::warpsafe::engine::curand_detail::UnitFloat(curand(state));
}
inline float curand_uniform(curandStateMRG32k3a_t* state) {
  return ::warpsafe::engine::curand_detail::MrgUnit(state);
}
inline float4 curand_uniform4(curandStatePhilox4_32_10_t* state) {
  namespace d = ::warpsafe::engine::curand_detail;
  const uint4 v = curand4(state);
  return make_float4(d::UnitFloat(v.x), d::UnitFloat(v.y), d::UnitFloat(v.z), d::UnitFloat(v.w));
}
inline double curand_uniform_double(curandStateXORWOW_t* state) {
  const unsigned int x = curand(state);
  const unsigned int y = curand(state);
  return ::warpsafe::engine::curand_detail::UnitDouble53(x, y);
}
inline double curand_uniform_double(curandStatePhilox4_32_10_t* state) {
  namespace d = ::warpsafe::engine::curand_detail;
  return std::fma(static_cast<double>(curand(state)), d::kTwoToMinus32, d::kTwoToMinus32);
}
inline double curand_uniform_double(curandStateMRG32k3a_t* state) {
  return ::warpsafe::engine::curand_detail::MrgUnitDouble(state);
}
inline double2 curand_uniform2_double(curandStatePhilox4_32_10_t* state) {
  namespace d = ::warpsafe::engine::curand_detail;
  const uint4 v = curand4(state);
  return make_double2(d::UnitDouble53(v.x, v.y), d::UnitDouble53(v.z, v.w));
}

// ---- normal -------------------------------------------------------------------------------------
#define WARPSAFE_CURAND_NORMALS_(State)                                                             \
  inline float curand_normal(State* state) {                                                        \
    namespace d = ::warpsafe::engine::curand_detail;                                                \
    return d::Spare(state, d::kSpareNormal, [&] { return d::NormalPair(state); });                  \
  }                                                                                                 \
  inline float2 curand_normal2(State* state) { return ::warpsafe::engine::curand_detail::NormalPair(state); } \
  inline double curand_normal_double(State* state) {                                                \
    namespace d = ::warpsafe::engine::curand_detail;                                                \
    return d::Spare(state, d::kSpareNormal, [&] { return d::NormalPairDouble(state); });            \
  }                                                                                                 \
  inline double2 curand_normal2_double(State* state) {                                              \
    return ::warpsafe::engine::curand_detail::NormalPairDouble(state);                              \
  }                                                                                                 \
  inline float curand_log_normal(State* state, float mean, float stddev) {                          \
    namespace d = ::warpsafe::engine::curand_detail;                                                \
    return d::Spare(state, d::kSpareLogNormal,                                                      \
                    [&] { return d::LogNormalOf(d::NormalPair(state), mean, stddev); });            \
  }                                                                                                 \
  inline float2 curand_log_normal2(State* state, float mean, float stddev) {                        \
    namespace d = ::warpsafe::engine::curand_detail;                                                \
    return d::LogNormalOf(d::NormalPair(state), mean, stddev);                                      \
  }                                                                                                 \
  inline double curand_log_normal_double(State* state, double mean, double stddev) {                \
    namespace d = ::warpsafe::engine::curand_detail;                                                \
    return d::Spare(state, d::kSpareLogNormal,                                                      \
                    [&] { return d::LogNormalOf(d::NormalPairDouble(state), mean, stddev); });      \
  }                                                                                                 \
  inline double2 curand_log_normal2_double(State* state, double mean, double stddev) {              \
    namespace d = ::warpsafe::engine::curand_detail;                                                \
    return d::LogNormalOf(d::NormalPairDouble(state), mean, stddev);                                \
  }                                                                                                 \
  inline unsigned int curand_poisson(State* state, double lambda,                                   \
                                     ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) { \
    return ::warpsafe::engine::curand_detail::Poisson(state, lambda, site);                         \
  }
WARPSAFE_CURAND_NORMALS_(curandStateXORWOW_t)
WARPSAFE_CURAND_NORMALS_(curandStatePhilox4_32_10_t)
WARPSAFE_CURAND_NORMALS_(curandStateMRG32k3a_t)
#undef WARPSAFE_CURAND_NORMALS_

// Philox's four-at-a-time forms: two Box-Muller pairs from one curand4.
inline float4 curand_normal4(curandStatePhilox4_32_10_t* state) {
  namespace d = ::warpsafe::engine::curand_detail;
  const uint4 v = curand4(state);
  const float2 a = d::BoxMuller(v.x, v.y);
  const float2 b = d::BoxMuller(v.z, v.w);
  return make_float4(a.x, a.y, b.x, b.y);
}
inline float4 curand_log_normal4(curandStatePhilox4_32_10_t* state, float mean, float stddev) {
  namespace d = ::warpsafe::engine::curand_detail;
  const float4 n = curand_normal4(state);
  return make_float4(d::LogNormalOf(n.x, mean, stddev), d::LogNormalOf(n.y, mean, stddev),
                     d::LogNormalOf(n.z, mean, stddev), d::LogNormalOf(n.w, mean, stddev));
}
inline uint4 curand_poisson4(curandStatePhilox4_32_10_t* state, double lambda,
                             ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  namespace d = ::warpsafe::engine::curand_detail;
  if (lambda < 64) {
    const float l = static_cast<float>(lambda);
    unsigned int k[4];
    // Each of the four restarts from exp(lambda): four independent Knuth draws, in order.
    for (unsigned int& ki : k) ki = d::PoissonKnuth(state, l);
    return make_uint4(k[0], k[1], k[2], k[3]);
  }
  if (lambda > 4000) {
    unsigned int k[4];
    const double r = ::sqrt(lambda);
    const double2 a = d::NormalPairDouble(state);
    const double2 b = d::NormalPairDouble(state);
    const double n[4] = {a.x, a.y, b.x, b.y};
    for (int i = 0; i < 4; ++i) k[i] = static_cast<unsigned int>(std::fma(r, n[i], lambda) + 0.5);
    return make_uint4(k[0], k[1], k[2], k[3]);
  }
  d::PoissonRangeUnsupported(lambda, site);
}
