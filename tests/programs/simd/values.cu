// Every SIMD (__v*2, __v*4) and DPX (__vi*) intrinsic evaluated by lanes of a launch on 8192 operand
// tuples (Inputs/simd_cases.h: edge words, then pseudo-random ones), each case's results hashed.
// Built with nvcc it prints the GPU's hashes, as Inputs/simd_gpu_hashes.h holds them (and, given
// a path, writes every result there); built by warpsafe with WARPSAFE_EXPECTED it compares each
// case's hash with the GPU's. The output buffer is poisoned with two patterns in two launches,
// which must agree: a result not written is a failure.
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule random --seed 5 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all 126 cases match the GPU
// CHECK-NOT:  {{.}}
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "Inputs/simd_cases.h"
#ifdef WARPSAFE_EXPECTED
#include "Inputs/simd_gpu_hashes.h"
#endif

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      printf("FAIL %s (line %d): %s\n", #x, __LINE__, cudaGetErrorString(e_)); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

#define SIMD_NAME(name, expr) #name,
static const char* const kNames[] = {SIMD_CASES(SIMD_NAME)};
constexpr int kCases = sizeof(kNames) / sizeof(kNames[0]);

// Thread i evaluates every case on tuples i, i + stride, ...; case k's results go to row k.
__global__ void Evaluate(const std::uint32_t* ops, std::uint32_t* out) {
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < kSimdTuples; i += stride) {
    const unsigned int a = ops[3 * i], b = ops[3 * i + 1], c = ops[3 * i + 2];
    const int sa = static_cast<int>(a), sb = static_cast<int>(b), sc = static_cast<int>(c);
    bool p, q;
    int k = 0;
#define SIMD_EVALUATE(name, expr)                          \
  p = false;                                               \
  q = false;                                               \
  out[k * kSimdTuples + i] = static_cast<unsigned>(expr);  \
  ++k;
    SIMD_CASES(SIMD_EVALUATE)
  }
}

int main(int argc, char** argv) {
  static std::uint32_t ops[3 * kSimdTuples];
  SimdOperands(ops);
  constexpr std::size_t kOutBytes = sizeof(std::uint32_t) * kCases * kSimdTuples;
  static std::uint32_t first[kCases * kSimdTuples], second[kCases * kSimdTuples];
  std::uint32_t *d_ops, *d_out;
  CK(cudaMalloc(&d_ops, sizeof(ops)));
  CK(cudaMalloc(&d_out, kOutBytes));
  CK(cudaMemcpy(d_ops, ops, sizeof(ops), cudaMemcpyHostToDevice));
  std::uint32_t* results[2] = {first, second};
  const int poison[2] = {0xa5, 0x5a};
  for (int run = 0; run < 2; ++run) {
    CK(cudaMemset(d_out, poison[run], kOutBytes));
    Evaluate<<<8, 128>>>(d_ops, d_out);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(results[run], d_out, kOutBytes, cudaMemcpyDeviceToHost));
  }
  CK(cudaFree(d_ops));
  CK(cudaFree(d_out));
  if (std::memcmp(first, second, kOutBytes) != 0) {
    printf("FAIL: results differ between the two poisoned launches (a result not written)\n");
    return 1;
  }
#ifndef WARPSAFE_EXPECTED
  printf("static const SimdGpuHash kSimdGpuHashes[%d] = {\n", kCases);
  for (int k = 0; k < kCases; ++k)
    printf("    {\"%s\", 0x%016llxull},\n", kNames[k],
           static_cast<unsigned long long>(SimdHash(first + k * kSimdTuples, kSimdTuples)));
  printf("};\n");
  if (argc > 1) {
    FILE* f = fopen(argv[1], "wb");
    if (f == nullptr || fwrite(first, 1, kOutBytes, f) != kOutBytes || fclose(f) != 0) {
      printf("FAIL: cannot write %s\n", argv[1]);
      return 1;
    }
  }
#else
  (void)argc, (void)argv;
  int failures = 0;
  for (int k = 0; k < kCases; ++k) {
    const std::uint64_t h = SimdHash(first + k * kSimdTuples, kSimdTuples);
    if (std::strcmp(kSimdGpuHashes[k].name, kNames[k]) != 0 || h != kSimdGpuHashes[k].hash) {
      printf("MISMATCH %s: hash %016llx, the GPU's %016llx\n", kNames[k], static_cast<unsigned long long>(h),
             static_cast<unsigned long long>(kSimdGpuHashes[k].hash));
      ++failures;
    }
  }
  if (failures == 0) printf("all %d cases match the GPU\n", kCases);
#endif
  return 0;
}
