// The device API's Sobol states against the GPU: the kernel of gpu/sobol_probe.cu runs on the
// engine, one lane per case (a dimension of the JOEKUO6 sets, an offset, a skip-ahead), and every
// word it writes is held against the word the same kernel wrote on an H200 (gpu_sobol_cases.h).
// The direction vectors come from curandGetDirectionVectors32/64, as a program gets them.
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      sobol32  integers         72 of  72 bit-identical
// CHECK-NEXT: sobol32  uniform float    24 of  24 bit-identical
// CHECK-NEXT: sobol32  uniform double   24 of  24 bit-identical
// CHECK-NEXT: sobol32  normal float   {{ *[0-9]+}} of  60 bit-identical
// CHECK-NEXT: sobol32  normal double  {{ *[0-9]+}} of  48 bit-identical
// CHECK-NEXT: sobol64  integers         72 of  72 bit-identical
// CHECK-NEXT: sobol64  uniform float    24 of  24 bit-identical
// CHECK-NEXT: sobol64  uniform double   24 of  24 bit-identical
// CHECK-NEXT: sobol64  normal float   {{ *[0-9]+}} of  60 bit-identical
// CHECK-NEXT: sobol64  normal double  {{ *[0-9]+}} of  48 bit-identical
// CHECK-NEXT: scrambled integers          4 of   4 bit-identical
// CHECK-NEXT: ok
// CHECK-NOT:  {{.}}
#include <cstdio>
#include <cstring>
#include <vector>

#include <curand.h>
#include <curand_kernel.h>

#include "Inputs/gpu_sobol_cases.h"
#include "Inputs/sobol_compare.h"

using namespace sobol_cases;

constexpr int kSlots = 40;
constexpr int kCaseCount = 6;
struct DeviceCase {
  int dim;
  unsigned long long offset;
  unsigned skip;
};
__constant__ DeviceCase kCases[kCaseCount] = {{0, 0, 0},           {1, 7, 13},           {2, 1000, 1},
                                              {100, 123456, 4096}, {3666, 0x80000005ull, 77}, {5, 0xfffffff0ull, 40}};

// The probe's kernel: words 0-7 curand, then skipahead, 8-11 curand, 12-15 uniform, 16-19
// uniform_double, 20-25 normal, 26-29 normal_double, 30-33 log_normal(0.5, 1.5), 34-37
// log_normal_double(0.5, 1.5). Sobol64 cases take a wider offset.
template <class State, class Vectors, class Word>
__global__ void DeviceKernel(const Vectors* vectors, unsigned long long* out, bool wide_offset) {
  const int c = threadIdx.x;
  if (c >= kCaseCount) return;
  unsigned long long* o = out + c * kSlots;
  State s;
  const unsigned long long offset = wide_offset ? kCases[c].offset * 3 + (1ull << 33) * (c % 2) : kCases[c].offset;
  curand_init(const_cast<Word*>(vectors[kCases[c].dim]), offset, &s);
  for (int i = 0; i < 8; ++i) o[i] = curand(&s);
  skipahead(kCases[c].skip, &s);
  for (int i = 8; i < 12; ++i) o[i] = curand(&s);
  for (int i = 12; i < 16; ++i) {
    float f = curand_uniform(&s);
    unsigned u;
    memcpy(&u, &f, 4);
    o[i] = u;
  }
  for (int i = 16; i < 20; ++i) {
    double d = curand_uniform_double(&s);
    memcpy(&o[i], &d, 8);
  }
  for (int i = 20; i < 26; ++i) {
    float f = curand_normal(&s);
    unsigned u;
    memcpy(&u, &f, 4);
    o[i] = u;
  }
  for (int i = 26; i < 30; ++i) {
    double d = curand_normal_double(&s);
    memcpy(&o[i], &d, 8);
  }
  for (int i = 30; i < 34; ++i) {
    float f = curand_log_normal(&s, 0.5f, 1.5f);
    unsigned u;
    memcpy(&u, &f, 4);
    o[i] = u;
  }
  for (int i = 34; i < 38; ++i) {
    double d = curand_log_normal_double(&s, 0.5, 1.5);
    memcpy(&o[i], &d, 8);
  }
}

template <class State, class Word>
__global__ void ScrambledKernel(const Word* vectors, Word constant, unsigned long long* out) {
  State s;
  curand_init(const_cast<Word*>(vectors), constant, 9, &s);
  out[0] = curand(&s);
  skipahead(3, &s);
  out[1] = curand(&s);
}

Value KindOfSlot(int slot) {
  if (slot < 12) return Value::kBits;
  if (slot < 16) return Value::kUniform;
  if (slot < 20) return Value::kUniformDouble;
  if (slot < 26 || (slot >= 30 && slot < 34)) return Value::kNormal;
  return Value::kNormalDouble;
}

template <class State, class Vectors, class Word>
int Check(const char* gen, const Vectors* host_vectors, const unsigned long long* gpu, bool wide_offset) {
  const size_t dims = 3667;
  Vectors* dv = nullptr;
  unsigned long long* out = nullptr;
  cudaMalloc(&dv, sizeof(Vectors) * dims);
  cudaMemcpy(dv, host_vectors, sizeof(Vectors) * dims, cudaMemcpyHostToDevice);
  cudaMalloc(&out, kCaseCount * kSlots * sizeof *out);
  cudaMemset(out, 0, kCaseCount * kSlots * sizeof *out);
  DeviceKernel<State, Vectors, Word><<<1, 32>>>(dv, out, wide_offset);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::vector<unsigned long long> h(kCaseCount * kSlots);
  cudaMemcpy(h.data(), out, h.size() * sizeof h[0], cudaMemcpyDeviceToHost);
  Count counts[5];
  for (int c = 0; c < kCaseCount; ++c)
    for (int slot = 0; slot < 38; ++slot) {
      const Value kind = KindOfSlot(slot);
      Compare(gen, c * kSlots + slot, kind, h[c * kSlots + slot], gpu[c * kSlots + slot],
              &counts[static_cast<int>(kind)]);
    }
  cudaFree(dv);
  cudaFree(out);
  return Summarise(gen, counts);
}

int main() {
  curandDirectionVectors32_t* v32 = nullptr;
  curandDirectionVectors64_t* v64 = nullptr;
  if (curandGetDirectionVectors32(&v32, CURAND_DIRECTION_VECTORS_32_JOEKUO6) != CURAND_STATUS_SUCCESS ||
      curandGetDirectionVectors64(&v64, CURAND_DIRECTION_VECTORS_64_JOEKUO6) != CURAND_STATUS_SUCCESS) {
    std::printf("FAIL: no direction vectors\n");
    return 1;
  }
  int failures = Check<curandStateSobol32_t, curandDirectionVectors32_t, unsigned>("sobol32", v32, kDevice32, false);
  failures += Check<curandStateSobol64_t, curandDirectionVectors64_t, unsigned long long>("sobol64", v64, kDevice64,
                                                                                          true);
  // The scrambled states with a constant of the program's own choosing (dimension 4).
  unsigned long long* out = nullptr;
  unsigned* d32 = nullptr;
  unsigned long long* d64 = nullptr;
  cudaMalloc(&out, 4 * sizeof *out);
  cudaMalloc(&d32, sizeof(curandDirectionVectors32_t));
  cudaMalloc(&d64, sizeof(curandDirectionVectors64_t));
  cudaMemcpy(d32, v32[4], sizeof(curandDirectionVectors32_t), cudaMemcpyHostToDevice);
  cudaMemcpy(d64, v64[4], sizeof(curandDirectionVectors64_t), cudaMemcpyHostToDevice);
  ScrambledKernel<curandStateScrambledSobol32_t, unsigned><<<1, 1>>>(d32, 0x12345678u, out);
  ScrambledKernel<curandStateScrambledSobol64_t, unsigned long long><<<1, 1>>>(d64, 0x123456789abcdefull, out + 2);
  unsigned long long h[4];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  Count counts[5];
  for (int i = 0; i < 4; ++i) Compare("scrambled", i, Value::kBits, h[i], kDeviceScrambled[i], &counts[0]);
  failures += Summarise("scrambled", counts);
  std::printf(failures == 0 ? "ok\n" : "FAILED\n");
  return failures == 0 ? 0 : 1;
}
