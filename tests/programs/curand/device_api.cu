// The device API against the GPU: the kernels of curand_cases.cuh run on the engine, one lane per
// case, and every word they write is held against the word the same kernel wrote on an H100
// (gpu_device_cases.h), bit for bit or within gpu_compare.h's bounds. Prints one line per
// generator and kind of value; exits 0 when every word is within bounds.
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      XORWOW    32-bit values       168 of  168 bit-identical, worst 0 ulp
// CHECK-NEXT: XORWOW    uniform float        63 of   63 bit-identical, worst 0 ulp
// CHECK-NEXT: XORWOW    normal float {{[0-9]+}} of 126 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: XORWOW    normal double {{[0-9]+}} of 119 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: XORWOW    uniform double       56 of   56 bit-identical, worst 0 ulp
// CHECK-NEXT: XORWOW    log-normal float {{[0-9]+}} of 119 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: XORWOW    log-normal double {{[0-9]+}} of 56 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: XORWOW    Poisson              97 of   97 bit-identical, worst 0 ulp
// CHECK-NEXT: Philox    32-bit values       273 of  273 bit-identical, worst 0 ulp
// CHECK-NEXT: Philox    uniform float       119 of  119 bit-identical, worst 0 ulp
// CHECK-NEXT: Philox    normal float {{[0-9]+}} of 182 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: Philox    normal double {{[0-9]+}} of 119 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: Philox    uniform double       70 of   70 bit-identical, worst 0 ulp
// CHECK-NEXT: Philox    log-normal float {{[0-9]+}} of 147 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: Philox    log-normal double {{[0-9]+}} of 56 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: Philox    Poisson             120 of  120 bit-identical, worst 0 ulp
// CHECK-NEXT: MRG32k3a  32-bit values       168 of  168 bit-identical, worst 0 ulp
// CHECK-NEXT: MRG32k3a  uniform float        63 of   63 bit-identical, worst 0 ulp
// CHECK-NEXT: MRG32k3a  normal float {{[0-9]+}} of 126 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: MRG32k3a  normal double {{[0-9]+}} of 119 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: MRG32k3a  uniform double       56 of   56 bit-identical, worst 0 ulp
// CHECK-NEXT: MRG32k3a  log-normal float {{[0-9]+}} of 119 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: MRG32k3a  log-normal double {{[0-9]+}} of 56 bit-identical, worst {{[0-9]+}} ulp
// CHECK-NEXT: MRG32k3a  Poisson              98 of   98 bit-identical, worst 0 ulp
// CHECK-NEXT: ok
// CHECK-NOT:  {{.}}
#include <cstdio>
#include <vector>

#include <curand_kernel.h>

#include "Inputs/gpu_compare.h"
#include "Inputs/gpu_device_cases.h"

using namespace curand_cases;

static int Check(const char* gen, void (*kernel)(unsigned long long*), const unsigned long long (*gpu)[kSlots]) {
  unsigned long long* out = nullptr;
  const size_t words = kCaseCount * kSlots;
  if (cudaMalloc(&out, words * sizeof *out) != cudaSuccess) return 1;
  cudaMemset(out, 0, words * sizeof *out);
  kernel<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::vector<unsigned long long> host(words);
  cudaMemcpy(host.data(), out, words * sizeof *out, cudaMemcpyDeviceToHost);
  cudaFree(out);
  Tally tallies[8] = {};
  for (int c = 0; c < kCaseCount; ++c) {
    for (int s = 0; s < kSlots; ++s) {
      // Unused slots are 0 on both sides (Philox's own slots are used by Philox only).
      if (host[c * kSlots + s] == 0 && gpu[c][s] == 0) continue;
      CompareSlot(gen, c, s, host[c * kSlots + s], gpu[c][s], tallies);
    }
  }
  return Summarise(gen, tallies);
}

int main() {
  int failures = 0;
  failures += Check("XORWOW", RecordXorwow, kXorwowGpu);
  failures += Check("Philox", RecordPhiloxCases, kPhiloxGpu);
  failures += Check("MRG32k3a", RecordMrg, kMrgGpu);
  std::printf(failures == 0 ? "ok\n" : "%d values out of bounds\n", failures);
  return failures == 0 ? 0 : 1;
}
