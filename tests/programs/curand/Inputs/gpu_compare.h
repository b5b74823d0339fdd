// How an engine result is held against the GPU's. Integers, uniforms and Poisson counts must be
// bit-identical. Values that pass through transcendental functions differ where the engine's
// math library rounds differently from the GPU's (docs/semantics/curand.md), within these bounds:
//   - float normal and log-normal: the GPU's __sincosf is a hardware approximation (absolute
//     error about 2^-21.4) that a CPU cannot reproduce; |engine - gpu| <= kFloatTolerance *
//     max(1, |gpu|) (measured: at most 4.3e-6 over the 786,432 recorded host-API values, whose
//     stddev is up to 2 and whose log-normals scale the error by 1.5);
//   - double normal and log-normal: log, exp and sincospi are within 1-2 ulp on both sides; at
//     most kDoubleUlps apart, or, where mean + stddev * n cancels to near zero and ulps shrink,
//     |engine - gpu| <= kDoubleTolerance * max(1, |gpu|) (measured: at most 1.05e-15).
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "curand_cases.cuh"

namespace curand_cases {

inline constexpr double kFloatTolerance = 0x1p-17;
inline constexpr long long kDoubleUlps = 4;
inline constexpr double kDoubleTolerance = 0x1p-48;

inline bool DoubleWithin(unsigned long long engine, unsigned long long gpu, long long* ulps) {
  double a, b;
  std::memcpy(&a, &engine, 8);
  std::memcpy(&b, &gpu, 8);
  *ulps = std::llabs(static_cast<long long>(engine) - static_cast<long long>(gpu));
  return *ulps <= kDoubleUlps || std::fabs(a - b) <= kDoubleTolerance * std::fmax(1.0, std::fabs(b));
}

struct Tally {
  int values = 0;
  int exact = 0;
  int failures = 0;
  long long worst_ulps = 0;
};

inline const char* KindName(Kind k) {
  switch (k) {
    case Kind::kBits: return "32-bit values";
    case Kind::kUniform: return "uniform float";
    case Kind::kNormal: return "normal float";
    case Kind::kNormalDouble: return "normal double";
    case Kind::kUniformDouble: return "uniform double";
    case Kind::kLogNormal: return "log-normal float";
    case Kind::kLogNormalDouble: return "log-normal double";
    case Kind::kPoisson: return "Poisson";
  }
  return "?";
}

// Compares one slot; counts it in tallies[kind]; prints a failure.
inline void CompareSlot(const char* gen, int c, int slot, unsigned long long engine, unsigned long long gpu,
                        Tally* tallies) {
  const Kind kind = KindOf(slot);
  Tally& t = tallies[static_cast<int>(kind)];
  ++t.values;
  if (engine == gpu) {
    ++t.exact;
    return;
  }
  bool ok = false;
  long long ulps = 0;
  if (kind == Kind::kNormal || kind == Kind::kLogNormal) {
    const unsigned a32 = static_cast<unsigned>(engine), b32 = static_cast<unsigned>(gpu);
    float a, b;
    std::memcpy(&a, &a32, 4);
    std::memcpy(&b, &b32, 4);
    ulps = std::llabs(static_cast<long long>(a32) - static_cast<long long>(b32));
    ok = std::fabs(static_cast<double>(a) - b) <= kFloatTolerance * std::fmax(1.0, std::fabs(b));
  } else if (kind == Kind::kNormalDouble || kind == Kind::kLogNormalDouble) {
    ok = DoubleWithin(engine, gpu, &ulps);
  }
  if (ulps > t.worst_ulps) t.worst_ulps = ulps;
  if (!ok) {
    ++t.failures;
    std::printf("FAIL %s case %d slot %d (%s): engine 0x%llx, GPU 0x%llx\n", gen, c, slot, KindName(kind), engine,
                gpu);
  }
}

// Prints one line per kind; returns the number of failures.
inline int Summarise(const char* gen, const Tally* tallies) {
  int failures = 0;
  for (int k = 0; k <= static_cast<int>(Kind::kPoisson); ++k) {
    const Tally& t = tallies[k];
    if (t.values == 0) continue;
    std::printf("%-9s %-18s %4d of %4d bit-identical, worst %lld ulp\n", gen, KindName(static_cast<Kind>(k)), t.exact,
                t.values, t.worst_ulps);
    failures += t.failures;
  }
  return failures;
}

}  // namespace curand_cases
