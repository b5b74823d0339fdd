// The host API's Sobol32 and Sobol64 generators against the GPU: the calls of gpu/sobol_probe.cu,
// in the same order, held against what an H200 wrote (gpu_sobol_cases.h): the layout across 1, 2
// and 3 dimensions with offsets and a second call that continues, every distribution, and the
// status of each call that must fail. (The probe also set 20000 dimensions, which cuRAND accepts
// and the engine refuses: sobol_dimensions_refused.cu.)
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      sobol32  integers        132 of 132 bit-identical
// CHECK-NEXT: sobol32  uniform float    24 of  24 bit-identical
// CHECK-NEXT: sobol32  uniform double   24 of  24 bit-identical
// CHECK-NEXT: sobol32  normal float   {{ *[0-9]+}} of  48 bit-identical
// CHECK-NEXT: sobol32  normal double  {{ *[0-9]+}} of  48 bit-identical
// CHECK-NEXT: sobol64  integers        132 of 132 bit-identical
// CHECK-NEXT: sobol64  uniform float    24 of  24 bit-identical
// CHECK-NEXT: sobol64  uniform double   24 of  24 bit-identical
// CHECK-NEXT: sobol64  normal float   {{ *[0-9]+}} of  48 bit-identical
// CHECK-NEXT: sobol64  normal double  {{ *[0-9]+}} of  48 bit-identical
// CHECK-NEXT: quasi default integers          4 of   4 bit-identical
// CHECK-NEXT: ok
// CHECK-NOT:  {{.}}
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <curand.h>

#include "Inputs/gpu_sobol_cases.h"
#include "Inputs/sobol_compare.h"

using namespace sobol_cases;

namespace {

int g_failures = 0;

void ExpectStatus(const char* what, curandStatus_t got, int want) {
  if (static_cast<int>(got) != want) {
    std::printf("FAIL %s: status %d, the GPU's %d\n", what, static_cast<int>(got), want);
    ++g_failures;
  }
}

curandGenerator_t Make(curandRngType_t type, unsigned dims, unsigned long long offset) {
  curandGenerator_t g;
  ExpectStatus("create", curandCreateGenerator(&g, type), 0);
  ExpectStatus("dimensions", curandSetQuasiRandomGeneratorDimensions(g, dims), 0);
  if (offset) ExpectStatus("offset", curandSetGeneratorOffset(g, offset), 0);
  return g;
}

template <class T>
std::vector<unsigned long long> Words(const T* dev, size_t n) {
  std::vector<T> h(n);
  cudaMemcpy(h.data(), dev, n * sizeof(T), cudaMemcpyDeviceToHost);
  std::vector<unsigned long long> w(n, 0);
  for (size_t i = 0; i < n; ++i) std::memcpy(&w[i], &h[i], sizeof(T));
  return w;
}

void Hold(const char* what, const std::vector<unsigned long long>& engine, const unsigned long long* gpu,
          Value kind, Count* counts) {
  for (size_t i = 0; i < engine.size(); ++i)
    Compare(what, static_cast<int>(i), kind, engine[i], gpu[i], &counts[static_cast<int>(kind)]);
}

template <class Word>
std::vector<unsigned long long> Bits(curandGenerator_t g, Word* d, size_t n) {
  if constexpr (sizeof(Word) == 4) {
    ExpectStatus("curandGenerate", curandGenerate(g, d, n), 0);
  } else {
    ExpectStatus("curandGenerateLongLong", curandGenerateLongLong(g, d, n), 0);
  }
  return Words(d, n);
}

template <class Word>
int HostApi(curandRngType_t type, const char* gen, const unsigned long long* const* bits,
            const unsigned long long* const* dists) {
  Count counts[5];
  Word* d = nullptr;
  cudaMalloc(&d, 2 * 20000 * sizeof(Word));
  struct Layout {
    unsigned dims;
    unsigned long long offset;
    size_t first, second;
  } layouts[] = {{1, 0, 40, 8}, {3, 5, 3 * 16, 3 * 4}, {2, 1000, 2 * 20000, 2 * 6}};
  for (int l = 0; l < 3; ++l) {
    const Layout& lay = layouts[l];
    curandGenerator_t g = Make(type, lay.dims, lay.offset);
    std::vector<unsigned long long> h = Bits(g, d, lay.first);
    if (lay.first > 64) {  // the probe kept the first 3 and last 3 values of each dimension
      std::vector<unsigned long long> s;
      const size_t per = lay.first / lay.dims;
      for (unsigned dim = 0; dim < lay.dims; ++dim)
        for (size_t i : {size_t(0), size_t(1), size_t(2), per - 3, per - 2, per - 1}) s.push_back(h[dim * per + i]);
      h = s;
    }
    const std::vector<unsigned long long> h2 = Bits(g, d, lay.second);
    h.insert(h.end(), h2.begin(), h2.end());
    Hold(gen, h, bits[l], Value::kBits, counts);
    curandDestroyGenerator(g);
  }
  const size_t n = 24;
  float* f = reinterpret_cast<float*>(d);
  double* dd = reinterpret_cast<double*>(d);
  curandGenerator_t g = Make(type, 2, 3);
  ExpectStatus("uniform", curandGenerateUniform(g, f, n), 0);
  Hold(gen, Words(f, n), dists[0], Value::kUniform, counts);
  curandDestroyGenerator(g);
  g = Make(type, 2, 3);
  ExpectStatus("uniform double", curandGenerateUniformDouble(g, dd, n), 0);
  Hold(gen, Words(dd, n), dists[1], Value::kUniformDouble, counts);
  curandDestroyGenerator(g);
  g = Make(type, 2, 3);
  ExpectStatus("normal", curandGenerateNormal(g, f, n, 1.0f, 2.0f), 0);
  Hold(gen, Words(f, n), dists[2], Value::kNormal, counts);
  curandDestroyGenerator(g);
  g = Make(type, 2, 3);
  ExpectStatus("normal double", curandGenerateNormalDouble(g, dd, n, 1.0, 2.0), 0);
  Hold(gen, Words(dd, n), dists[3], Value::kNormalDouble, counts);
  curandDestroyGenerator(g);
  g = Make(type, 2, 3);
  ExpectStatus("log-normal", curandGenerateLogNormal(g, f, n, 0.5f, 1.5f), 0);
  Hold(gen, Words(f, n), dists[4], Value::kNormal, counts);
  curandDestroyGenerator(g);
  g = Make(type, 2, 3);
  ExpectStatus("log-normal double", curandGenerateLogNormalDouble(g, dd, n, 0.5, 1.5), 0);
  Hold(gen, Words(dd, n), dists[5], Value::kNormalDouble, counts);
  curandDestroyGenerator(g);

  // The statuses the probe printed (gpu_sobol_cases.h, "statuses" comments).
  const bool is64 = sizeof(Word) == 8;
  unsigned* u = reinterpret_cast<unsigned*>(d);
  unsigned long long* ull = reinterpret_cast<unsigned long long*>(d);
  ExpectStatus("create", curandCreateGenerator(&g, type), 0);
  ExpectStatus("seed", curandSetPseudoRandomGeneratorSeed(g, 5), 103);
  ExpectStatus("pseudo ordering", curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_DEFAULT), 104);
  ExpectStatus("quasi ordering", curandSetGeneratorOrdering(g, CURAND_ORDERING_QUASI_DEFAULT), 0);
  ExpectStatus("0 dimensions", curandSetQuasiRandomGeneratorDimensions(g, 0), 104);
  ExpectStatus("20001 dimensions", curandSetQuasiRandomGeneratorDimensions(g, 20001), 104);
  ExpectStatus("3 dimensions", curandSetQuasiRandomGeneratorDimensions(g, 3), 0);
  ExpectStatus("4 of 3 dimensions", curandGenerate(g, u, 4), is64 ? 103 : 105);
  ExpectStatus("4 normals of 3 dimensions", curandGenerateNormal(g, f, 4, 0, 1), 105);
  ExpectStatus("no values", curandGenerate(g, u, 0), 0);
  ExpectStatus("32-bit values", curandGenerate(g, u, 3), is64 ? 103 : 0);
  ExpectStatus("64-bit values", curandGenerateLongLong(g, ull, 3), is64 ? 0 : 103);
  ExpectStatus("1 dimension", curandSetQuasiRandomGeneratorDimensions(g, 1), 0);
  ExpectStatus("3 normals of 1 dimension", curandGenerateNormal(g, f, 3, 0, 1), 0);
  curandDestroyGenerator(g);
  cudaFree(d);
  return Summarise(gen, counts);
}

}  // namespace

int main() {
  const unsigned long long* bits32[] = {kHostBits32_d1_o0, kHostBits32_d3_o5, kHostBits32_d2_o1000};
  const unsigned long long* dists32[] = {kHostUniform32, kHostUniformDouble32, kHostNormal32,
                                         kHostNormalDouble32, kHostLogNormal32, kHostLogNormalDouble32};
  const unsigned long long* bits64[] = {kHostBits64_d1_o0, kHostBits64_d3_o5, kHostBits64_d2_o1000};
  const unsigned long long* dists64[] = {kHostUniform64, kHostUniformDouble64, kHostNormal64,
                                         kHostNormalDouble64, kHostLogNormal64, kHostLogNormalDouble64};
  int failures = HostApi<unsigned>(CURAND_RNG_QUASI_SOBOL32, "sobol32", bits32, dists32);
  failures += HostApi<unsigned long long>(CURAND_RNG_QUASI_SOBOL64, "sobol64", bits64, dists64);
  // CURAND_RNG_QUASI_DEFAULT is Sobol32 in one dimension.
  curandGenerator_t g;
  unsigned* d = nullptr;
  cudaMalloc(&d, 4 * sizeof *d);
  ExpectStatus("quasi default", curandCreateGenerator(&g, CURAND_RNG_QUASI_DEFAULT), 0);
  ExpectStatus("quasi default values", curandGenerate(g, d, 4), 0);
  Count counts[5];
  Hold("quasi default", Words(d, 4), kHostQuasiDefault, Value::kBits, counts);
  failures += Summarise("quasi default", counts);
  failures += g_failures;
  std::printf(failures == 0 ? "ok\n" : "FAILED\n");
  return failures == 0 ? 0 : 1;
}
