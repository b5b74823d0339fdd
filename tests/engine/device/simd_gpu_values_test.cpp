// Every SIMD and DPX intrinsic of the engine against the GPU: each case of simd_cases.h evaluated
// on the host on the same 8192 operand tuples as tests/programs/simd/values.cu, its results hashed
// the same way and compared with the hash an H200 gave (simd_gpu_hashes.h). A mismatch names the
// case; simd_intrinsics_test.cpp and dpx_intrinsics_test.cpp check the lanes one by one.
#include "warpsafe/engine/device_functions.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../../programs/simd/Inputs/simd_cases.h"
#include "../../programs/simd/Inputs/simd_gpu_hashes.h"

namespace {

#define SIMD_NAME(name, expr) #name,
const char* const kNames[] = {SIMD_CASES(SIMD_NAME)};
constexpr int kCases = sizeof(kNames) / sizeof(kNames[0]);

TEST(SimdGpuValues, EveryCaseHasARecording) {
  ASSERT_EQ(kCases, static_cast<int>(sizeof(kSimdGpuHashes) / sizeof(kSimdGpuHashes[0])));
  for (int k = 0; k < kCases; ++k) EXPECT_EQ(std::string(kNames[k]), kSimdGpuHashes[k].name);
}

TEST(SimdGpuValues, EveryCaseMatchesTheGpu) {
  std::vector<std::uint32_t> ops(3 * kSimdTuples);
  SimdOperands(ops.data());
  std::vector<std::uint32_t> results(static_cast<std::size_t>(kCases) * kSimdTuples);
  for (int i = 0; i < kSimdTuples; ++i) {
    const unsigned int a = ops[3 * i], b = ops[3 * i + 1], c = ops[3 * i + 2];
    const int sa = static_cast<int>(a), sb = static_cast<int>(b), sc = static_cast<int>(c);
    bool p, q;
    int k = 0;
#define SIMD_EVALUATE(name, expr)                                   \
  p = false;                                                        \
  q = false;                                                        \
  results[k * kSimdTuples + i] = static_cast<unsigned>(expr);       \
  ++k;
    SIMD_CASES(SIMD_EVALUATE)
#undef SIMD_EVALUATE
  }
  for (int k = 0; k < kCases; ++k) {
    EXPECT_EQ(SimdHash(results.data() + k * kSimdTuples, kSimdTuples), kSimdGpuHashes[k].hash) << kNames[k];
  }
}

}  // namespace
