// The host API against the GPU: makes the calls that gpu/curand_probe.cu made on an H100 (with
// and without --philox-wide), in the same order, and holds the results against the sample recorded there (gpu_host_samples.h):
// 32-bit values and uniforms bit for bit, normals within the bounds of gpu_compare.h, and the status of every call that must fail. Also checks that a host
// generator (curandCreateGeneratorHost) gives what the device generator gives. Prints one line
// per generator; exits 0 when everything holds.
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      mrg32k3a  32-bit values       425 of  425 bit-identical, worst 0 ulp
// CHECK-NEXT: mrg32k3a  uniform float        50 of   50 bit-identical, worst 0 ulp
// CHECK-NEXT: mrg32k3a  normal float {{[0-9]+}} of 119 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: mrg32k3a  normal double {{[0-9]+}} of 60 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: mrg32k3a  uniform double       60 of   60 bit-identical, worst 0 ulp
// CHECK-NEXT: mrg32k3a  log-normal float {{[0-9]+}} of 32 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: mrg32k3a  log-normal double {{[0-9]+}} of 28 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: philox    32-bit values       425 of  425 bit-identical, worst 0 ulp
// CHECK-NEXT: philox    uniform float        50 of   50 bit-identical, worst 0 ulp
// CHECK-NEXT: philox    normal float {{[0-9]+}} of 120 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: philox    normal double {{[0-9]+}} of 60 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: philox    uniform double       60 of   60 bit-identical, worst 0 ulp
// CHECK-NEXT: philox    log-normal float {{[0-9]+}} of 32 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: philox    log-normal double {{[0-9]+}} of 28 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: philox_wide normal float {{[0-9]+}} of 44 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: philox_wide normal double {{[0-9]+}} of 44 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: philox_wide uniform double       44 of   44 bit-identical, worst 0 ulp
// CHECK-NEXT: xorwow    32-bit values       424 of  424 bit-identical, worst 0 ulp
// CHECK-NEXT: xorwow    uniform float        49 of   49 bit-identical, worst 0 ulp
// CHECK-NEXT: xorwow    normal float {{[0-9]+}} of 120 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: xorwow    normal double {{[0-9]+}} of 60 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: xorwow    uniform double       60 of   60 bit-identical, worst 0 ulp
// CHECK-NEXT: xorwow    log-normal float {{[0-9]+}} of 32 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: xorwow    log-normal double {{[0-9]+}} of 28 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: ok
// CHECK-NOT:  {{.}}
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include <curand.h>

#include "Inputs/gpu_compare.h"
#include "Inputs/gpu_host_samples.h"

namespace {

int g_failures = 0;

#define EXPECT_OK(call)                                                       \
  do {                                                                        \
    curandStatus_t s_ = (call);                                               \
    if (s_ != CURAND_STATUS_SUCCESS) {                                        \
      std::printf("FAIL %s:%d: %s gave %d\n", __FILE__, __LINE__, #call, s_); \
      ++g_failures;                                                           \
    }                                                                         \
  } while (0)

std::map<std::string, std::vector<unsigned char>> g_results;  // "generator/call" -> bytes
std::map<std::string, int> g_statuses;                         // "generator/call" -> status

void Keep(const char* gen, const std::string& what, const void* dev, size_t elem, size_t n) {
  std::vector<unsigned char> h(elem * n);
  cudaMemcpy(h.data(), dev, h.size(), cudaMemcpyDeviceToHost);
  g_results[std::string(gen) + "/" + what] = std::move(h);
}

// The probe's HostApi(), call for call.
void HostApi(curandRngType_t type, const char* gen) {
  const size_t kBig = 1u << 20;
  void* d = nullptr;
  cudaMalloc(&d, kBig * 8);
  auto make = [&](unsigned long long seed, unsigned long long offset) {
    curandGenerator_t g;
    EXPECT_OK(curandCreateGenerator(&g, type));
    EXPECT_OK(curandSetPseudoRandomGeneratorSeed(g, seed));
    if (offset) EXPECT_OK(curandSetGeneratorOffset(g, offset));
    return g;
  };
  unsigned* u = static_cast<unsigned*>(d);
  float* f = static_cast<float*>(d);
  double* dd = static_cast<double*>(d);
  curandGenerator_t g;
  const size_t sizes[] = {131072, 10000, 4096 * 3 + 5, kBig};
  for (size_t n : sizes) {
    g = make(1234, 0);
    EXPECT_OK(curandGenerate(g, u, n));
    Keep(gen, "u32_n" + std::to_string(n), u, 4, n);
    EXPECT_OK(curandDestroyGenerator(g));
  }
  g = make(1234, 100);
  EXPECT_OK(curandGenerate(g, u, 131072));
  Keep(gen, "u32_off100", u, 4, 131072);
  EXPECT_OK(curandDestroyGenerator(g));
  g = make(1234, 0);
  EXPECT_OK(curandGenerate(g, u, 1000));
  Keep(gen, "u32_first1000", u, 4, 1000);
  EXPECT_OK(curandGenerate(g, u, 131072));
  Keep(gen, "u32_after1000", u, 4, 131072);
  EXPECT_OK(curandDestroyGenerator(g));
  {
    curandGenerator_t g0;
    EXPECT_OK(curandCreateGenerator(&g0, type));
    EXPECT_OK(curandGenerate(g0, u, 4096));
    Keep(gen, "u32_defaultseed", u, 4, 4096);
    EXPECT_OK(curandDestroyGenerator(g0));
  }
  g = make(99, 0);
  EXPECT_OK(curandGenerateUniform(g, f, 131072));
  Keep(gen, "uniform", f, 4, 131072);
  EXPECT_OK(curandDestroyGenerator(g));
  g = make(99, 0);
  EXPECT_OK(curandGenerateUniformDouble(g, dd, 131072));
  Keep(gen, "uniform_double", dd, 8, 131072);
  EXPECT_OK(curandDestroyGenerator(g));
  g = make(99, 0);
  EXPECT_OK(curandGenerateNormal(g, f, 131072, 1.0f, 2.0f));
  Keep(gen, "normal", f, 4, 131072);
  EXPECT_OK(curandDestroyGenerator(g));
  g = make(99, 0);
  EXPECT_OK(curandGenerateNormal(g, f, 10002, 1.0f, 2.0f));
  Keep(gen, "normal_n10002", f, 4, 10002);
  EXPECT_OK(curandDestroyGenerator(g));
  g = make(99, 0);
  EXPECT_OK(curandGenerateNormalDouble(g, dd, 131072, 1.0, 2.0));
  Keep(gen, "normal_double", dd, 8, 131072);
  EXPECT_OK(curandDestroyGenerator(g));
  g = make(99, 0);
  EXPECT_OK(curandGenerateLogNormal(g, f, 131072, 0.5f, 1.5f));
  Keep(gen, "lognormal", f, 4, 131072);
  EXPECT_OK(curandDestroyGenerator(g));
  g = make(99, 0);
  EXPECT_OK(curandGenerateLogNormalDouble(g, dd, 65536, 0.5, 1.5));
  Keep(gen, "lognormal_double", dd, 8, 65536);
  EXPECT_OK(curandDestroyGenerator(g));
  g = make(99, 0);
  EXPECT_OK(curandGenerateUniform(g, f, 1000));
  Keep(gen, "uniform_first1000", f, 4, 1000);
  EXPECT_OK(curandGenerateNormal(g, f, 131072, 0.0f, 1.0f));
  Keep(gen, "normal_after_uniform1000", f, 4, 131072);
  EXPECT_OK(curandDestroyGenerator(g));

  struct Then {
    const char* name;
    int kind;
    size_t n;
    unsigned long long offset;
  };
  const Then thens[] = {{"then_after_u32_1001", 0, 1001, 0},    {"then_after_udouble_1000", 1, 1000, 0},
                        {"then_after_normal_1000", 2, 1000, 0}, {"then_after_ndouble_1000", 3, 1000, 0},
                        {"then_after_uniform_1001", 4, 1001, 0}, {"then_after_normal_1000_off5000", 2, 1000, 5000},
                        {"then_after_udouble_5000", 1, 5000, 0}};
  for (const Then& t : thens) {
    g = make(99, t.offset);
    switch (t.kind) {
      case 0: EXPECT_OK(curandGenerate(g, u, t.n)); break;
      case 1: EXPECT_OK(curandGenerateUniformDouble(g, dd, t.n)); break;
      case 2: EXPECT_OK(curandGenerateNormal(g, f, t.n, 0.0f, 1.0f)); break;
      case 3: EXPECT_OK(curandGenerateNormalDouble(g, dd, t.n, 0.0, 1.0)); break;
      case 4: EXPECT_OK(curandGenerateUniform(g, f, t.n)); break;
    }
    EXPECT_OK(curandGenerate(g, u, 3 * 4096));
    Keep(gen, t.name, u, 4, 3 * 4096);
    EXPECT_OK(curandDestroyGenerator(g));
  }
  for (int kind = 1; kind <= 3; ++kind) {
    g = make(99, 0);
    EXPECT_OK(curandGenerate(g, u, 1001));
    const size_t n = 3 * 4096;
    const char* names[] = {"", "udouble_after_u32_1001", "normal_after_u32_1001", "ndouble_after_u32_1001"};
    switch (kind) {
      case 1: EXPECT_OK(curandGenerateUniformDouble(g, dd, n)); Keep(gen, names[kind], dd, 8, n); break;
      case 2: EXPECT_OK(curandGenerateNormal(g, f, n, 0.0f, 1.0f)); Keep(gen, names[kind], f, 4, n); break;
      case 3: EXPECT_OK(curandGenerateNormalDouble(g, dd, n, 0.0, 1.0)); Keep(gen, names[kind], dd, 8, n); break;
    }
    EXPECT_OK(curandDestroyGenerator(g));
  }

  g = make(99, 0);
  const std::string p = std::string(gen) + "/";
  g_statuses[p + "normal_odd"] = curandGenerateNormal(g, f, 1001, 0.0f, 1.0f);
  g_statuses[p + "normal_double_odd"] = curandGenerateNormalDouble(g, dd, 1001, 0.0, 1.0);
  g_statuses[p + "lognormal_odd"] = curandGenerateLogNormal(g, f, 7, 0.0f, 1.0f);
  g_statuses[p + "generate_long_long"] = curandGenerateLongLong(g, static_cast<unsigned long long*>(d), 16);
  g_statuses[p + "set_dimensions"] = curandSetQuasiRandomGeneratorDimensions(g, 2);
  g_statuses[p + "generate_zero"] = curandGenerate(g, u, 0);
  EXPECT_OK(curandDestroyGenerator(g));
  cudaFree(d);
}

// The probe's PhiloxWide(): Philox's double kinds past the 4 * 65536 results where they wrap.
void PhiloxWide() {
  const size_t n = 1u << 19;
  void* d = nullptr;
  cudaMalloc(&d, n * 8);
  const char* names[] = {"uniform_double_n524288_off3", "normal_double_n524288_off3", "normal_n524288_off3"};
  for (int kind = 0; kind < 3; ++kind) {
    curandGenerator_t g;
    EXPECT_OK(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10));
    EXPECT_OK(curandSetPseudoRandomGeneratorSeed(g, 77));
    EXPECT_OK(curandSetGeneratorOffset(g, 3));
    switch (kind) {
      case 0: EXPECT_OK(curandGenerateUniformDouble(g, static_cast<double*>(d), n)); break;
      case 1: EXPECT_OK(curandGenerateNormalDouble(g, static_cast<double*>(d), n, 0.0, 1.0)); break;
      case 2: EXPECT_OK(curandGenerateNormal(g, static_cast<float*>(d), n, 0.0f, 1.0f)); break;
    }
    Keep("philox_wide", names[kind], d, kind == 2 ? 4 : 8, n);
    EXPECT_OK(curandDestroyGenerator(g));
  }
  cudaFree(d);
}

// What the sample's call name says about the kind of its values.
curand_cases::Kind KindOfCall(const std::string& call, unsigned bytes) {
  using curand_cases::Kind;
  if (call.rfind("u32_", 0) == 0 || call.rfind("then_", 0) == 0) return Kind::kBits;
  if (call.find("lognormal") != std::string::npos) return bytes == 8 ? Kind::kLogNormalDouble : Kind::kLogNormal;
  if (call.find("normal") != std::string::npos || call.find("ndouble") != std::string::npos) {
    return bytes == 8 ? Kind::kNormalDouble : Kind::kNormal;
  }
  return bytes == 8 ? Kind::kUniformDouble : Kind::kUniform;
}

void CompareSamples() {
  using namespace curand_host_samples;
  std::map<std::string, std::map<int, curand_cases::Tally>> tallies;
  for (const Sample& s : kSamples) {
    const std::vector<unsigned char>& r = g_results[std::string(s.generator) + "/" + s.call];
    if (r.size() < (s.index + 1) * s.bytes) {
      std::printf("FAIL %s %s: no result %lu\n", s.generator, s.call, s.index);
      ++g_failures;
      continue;
    }
    unsigned long long engine = 0;
    std::memcpy(&engine, r.data() + s.index * s.bytes, s.bytes);
    const curand_cases::Kind kind = KindOfCall(s.call, s.bytes);
    curand_cases::Tally& t = tallies[s.generator][static_cast<int>(kind)];
    ++t.values;
    if (engine == s.bits) {
      ++t.exact;
      continue;
    }
    bool ok = false;
    long long ulps = 0;
    if (kind == curand_cases::Kind::kNormal || kind == curand_cases::Kind::kLogNormal) {
      float a, b;
      const unsigned a32 = static_cast<unsigned>(engine), b32 = static_cast<unsigned>(s.bits);
      std::memcpy(&a, &a32, 4);
      std::memcpy(&b, &b32, 4);
      ulps = std::llabs(static_cast<long long>(a32) - static_cast<long long>(b32));
      ok = std::fabs(static_cast<double>(a) - b) <= curand_cases::kFloatTolerance * std::fmax(1.0, std::fabs(b));
    } else if (kind == curand_cases::Kind::kNormalDouble || kind == curand_cases::Kind::kLogNormalDouble) {
      ok = curand_cases::DoubleWithin(engine, s.bits, &ulps);
    }
    if (ulps > t.worst_ulps) t.worst_ulps = ulps;
    if (!ok) {
      ++t.failures;
      std::printf("FAIL %s %s[%lu]: engine 0x%llx, GPU 0x%llx\n", s.generator, s.call, s.index, engine, s.bits);
    }
  }
  for (auto& [gen, by_kind] : tallies) {
    curand_cases::Tally flat[8] = {};
    for (auto& [k, t] : by_kind) flat[k] = t;
    g_failures += curand_cases::Summarise(gen.c_str(), flat);
  }
  for (const Status& s : kStatuses) {
    if (s.generator[0] == '\0') continue;  // creation calls: checked below, the engine refuses some
    const int engine = g_statuses[std::string(s.generator) + "/" + s.call];
    if (engine != s.status) {
      std::printf("FAIL %s %s: status %d, GPU %d\n", s.generator, s.call, engine, s.status);
      ++g_failures;
    }
  }
}

// A host generator writes host memory, with the device generator's values.
void HostGeneratorMatchesDevice(curandRngType_t type, const char* gen) {
  const size_t n = 20000;
  std::vector<float> host(n), dev_copy(n);
  float* dev = nullptr;
  cudaMalloc(&dev, n * sizeof(float));
  curandGenerator_t a, b;
  EXPECT_OK(curandCreateGeneratorHost(&a, type));
  EXPECT_OK(curandCreateGenerator(&b, type));
  EXPECT_OK(curandSetPseudoRandomGeneratorSeed(a, 5));
  EXPECT_OK(curandSetPseudoRandomGeneratorSeed(b, 5));
  EXPECT_OK(curandGenerateNormal(a, host.data(), n, 0.0f, 1.0f));
  EXPECT_OK(curandGenerateNormal(b, dev, n, 0.0f, 1.0f));
  cudaMemcpy(dev_copy.data(), dev, n * sizeof(float), cudaMemcpyDeviceToHost);
  if (std::memcmp(host.data(), dev_copy.data(), n * sizeof(float)) != 0) {
    std::printf("FAIL %s: host and device generators differ\n", gen);
    ++g_failures;
  }
  EXPECT_OK(curandDestroyGenerator(a));
  EXPECT_OK(curandDestroyGenerator(b));
  cudaFree(dev);
}

}  // namespace

int main() {
  HostApi(CURAND_RNG_PSEUDO_XORWOW, "xorwow");
  HostApi(CURAND_RNG_PSEUDO_PHILOX4_32_10, "philox");
  HostApi(CURAND_RNG_PSEUDO_MRG32K3A, "mrg32k3a");
  PhiloxWide();
  CompareSamples();
  HostGeneratorMatchesDevice(CURAND_RNG_PSEUDO_DEFAULT, "default");
  HostGeneratorMatchesDevice(CURAND_RNG_PSEUDO_PHILOX4_32_10, "philox");
  HostGeneratorMatchesDevice(CURAND_RNG_PSEUDO_MRG32K3A, "mrg32k3a");
  curandGenerator_t bad;
  if (curandCreateGenerator(&bad, static_cast<curandRngType_t>(12345)) != CURAND_STATUS_TYPE_ERROR) {
    std::printf("FAIL an unknown generator type is not CURAND_STATUS_TYPE_ERROR\n");
    ++g_failures;
  }
  if (curandGenerate(nullptr, nullptr, 4) != CURAND_STATUS_NOT_INITIALIZED) {
    std::printf("FAIL a null generator is not CURAND_STATUS_NOT_INITIALIZED\n");
    ++g_failures;
  }
  std::printf(g_failures == 0 ? "ok\n" : "%d failures\n", g_failures);
  return g_failures == 0 ? 0 : 1;
}
