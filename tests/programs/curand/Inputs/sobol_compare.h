// Holds the engine's Sobol results against the GPU's (gpu_sobol_cases.h): integers and uniforms
// bit for bit, normals and log-normals within gpu_compare.h's bounds (they go through erfcinvf /
// erfcinv, which the engine computes more exactly than the GPU's own approximations).
#pragma once

#include <cmath>
#include <cstdio>
#include <cstring>

#include "gpu_compare.h"

namespace sobol_cases {

enum class Value { kBits, kUniform, kUniformDouble, kNormal, kNormalDouble };

struct Count {
  int values = 0, exact = 0, failures = 0;
};

inline bool Within(Value kind, unsigned long long engine, unsigned long long gpu) {
  if (engine == gpu) return true;
  if (kind == Value::kNormal) {
    const unsigned a32 = static_cast<unsigned>(engine), b32 = static_cast<unsigned>(gpu);
    float a, b;
    std::memcpy(&a, &a32, 4);
    std::memcpy(&b, &b32, 4);
    return std::fabs(static_cast<double>(a) - b) <= curand_cases::kFloatTolerance * std::fmax(1.0, std::fabs(b));
  }
  long long ulps = 0;
  if (kind == Value::kNormalDouble) return curand_cases::DoubleWithin(engine, gpu, &ulps);
  return false;
}

inline void Compare(const char* what, int i, Value kind, unsigned long long engine, unsigned long long gpu,
                    Count* count) {
  ++count->values;
  if (engine == gpu) ++count->exact;
  if (!Within(kind, engine, gpu)) {
    ++count->failures;
    std::printf("FAIL %s [%d]: engine 0x%llx, GPU 0x%llx\n", what, i, engine, gpu);
  }
}

inline const char* ValueName(Value kind) {
  switch (kind) {
    case Value::kBits: return "integers";
    case Value::kUniform: return "uniform float";
    case Value::kUniformDouble: return "uniform double";
    case Value::kNormal: return "normal float";
    case Value::kNormalDouble: return "normal double";
  }
  return "?";
}

// One line per kind that had values; returns the failures.
inline int Summarise(const char* gen, const Count* counts) {
  int failures = 0;
  for (int k = 0; k <= static_cast<int>(Value::kNormalDouble); ++k) {
    if (counts[k].values == 0) continue;
    std::printf("%-8s %-15s %3d of %3d bit-identical\n", gen, ValueName(static_cast<Value>(k)), counts[k].exact,
                counts[k].values);
    failures += counts[k].failures;
  }
  return failures;
}

}  // namespace sobol_cases
