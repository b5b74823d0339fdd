// The engine's Sobol direction vectors against cuRAND's JOEKUO6 sets as a GPU handed them out
// (tests/programs/curand/Inputs/gpu_sobol_cases.h: a few dimensions in full and a digest of the
// first 3667), and the Sobol states' skip-ahead against stepping.
#include <gtest/gtest.h>

#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>

#include "../../programs/curand/Inputs/gpu_sobol_cases.h"

namespace {

// FNV-1a over bytes, as the probe computed its digest.
unsigned long long Digest(const void* p, size_t bytes) {
  unsigned long long h = 0xcbf29ce484222325ull;
  const unsigned char* b = static_cast<const unsigned char*>(p);
  for (size_t i = 0; i < bytes; ++i) h = (h ^ b[i]) * 0x100000001b3ull;
  return h;
}

template <class Vectors>
void ExpectDimension(const Vectors* table, int dim, const unsigned long long* gpu) {
  constexpr int kWords = sizeof(Vectors) / sizeof(table[0][0]);
  for (int k = 0; k < kWords; ++k) EXPECT_EQ(table[dim][k], gpu[k]) << "dimension " << dim << ", vector " << k;
}

TEST(CurandSobol, DirectionVectors32MatchTheGpu) {
  curandDirectionVectors32_t* v = nullptr;
  ASSERT_EQ(curandGetDirectionVectors32(&v, CURAND_DIRECTION_VECTORS_32_JOEKUO6), CURAND_STATUS_SUCCESS);
  ExpectDimension(v, 0, sobol_cases::kVectors32Dim0);
  ExpectDimension(v, 1, sobol_cases::kVectors32Dim1);
  ExpectDimension(v, 2, sobol_cases::kVectors32Dim2);
  ExpectDimension(v, 3, sobol_cases::kVectors32Dim3);
  ExpectDimension(v, 100, sobol_cases::kVectors32Dim100);
  ExpectDimension(v, 1000, sobol_cases::kVectors32Dim1000);
  ExpectDimension(v, 3666, sobol_cases::kVectors32Dim3666);
  EXPECT_EQ(Digest(v, sizeof(curandDirectionVectors32_t) * 3667), sobol_cases::kVectors32Digest);
}

TEST(CurandSobol, DirectionVectors64MatchTheGpu) {
  curandDirectionVectors64_t* v = nullptr;
  ASSERT_EQ(curandGetDirectionVectors64(&v, CURAND_DIRECTION_VECTORS_64_JOEKUO6), CURAND_STATUS_SUCCESS);
  ExpectDimension(v, 0, sobol_cases::kVectors64Dim0);
  ExpectDimension(v, 1, sobol_cases::kVectors64Dim1);
  ExpectDimension(v, 2, sobol_cases::kVectors64Dim2);
  ExpectDimension(v, 3, sobol_cases::kVectors64Dim3);
  ExpectDimension(v, 100, sobol_cases::kVectors64Dim100);
  ExpectDimension(v, 1000, sobol_cases::kVectors64Dim1000);
  ExpectDimension(v, 3666, sobol_cases::kVectors64Dim3666);
  EXPECT_EQ(Digest(v, sizeof(curandDirectionVectors64_t) * 3667), sobol_cases::kVectors64Digest);
}

TEST(CurandSobol, WrongSetIsOutOfRange) {
  curandDirectionVectors32_t* v32 = nullptr;
  curandDirectionVectors64_t* v64 = nullptr;
  EXPECT_EQ(curandGetDirectionVectors32(&v32, CURAND_DIRECTION_VECTORS_64_JOEKUO6), CURAND_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(curandGetDirectionVectors64(&v64, CURAND_DIRECTION_VECTORS_32_JOEKUO6), CURAND_STATUS_OUT_OF_RANGE);
}

// The states' sizes are the GPU's, so arrays of them take the same memory.
static_assert(sizeof(curandStateSobol32_t) == 140, "Sobol32 state size");
static_assert(sizeof(curandStateSobol64_t) == 536, "Sobol64 state size");

template <class State, class Vectors>
void SkipaheadEqualsStepping(Vectors* table, unsigned long long start) {
  for (unsigned long long n : {0ull, 1ull, 2ull, 3ull, 7ull, 64ull, 1000ull, 4097ull}) {
    State stepped, jumped;
    curand_init(table[5], start, &stepped);
    jumped = stepped;
    for (unsigned long long i = 0; i < n; ++i) curand(&stepped);
    skipahead(n, &jumped);
    for (int i = 0; i < 8; ++i) ASSERT_EQ(curand(&stepped), curand(&jumped)) << "n " << n << ", value " << i;
  }
}

TEST(CurandSobol, SkipaheadEqualsStepping) {
  curandDirectionVectors32_t* v32 = nullptr;
  curandDirectionVectors64_t* v64 = nullptr;
  ASSERT_EQ(curandGetDirectionVectors32(&v32, CURAND_DIRECTION_VECTORS_32_JOEKUO6), CURAND_STATUS_SUCCESS);
  ASSERT_EQ(curandGetDirectionVectors64(&v64, CURAND_DIRECTION_VECTORS_64_JOEKUO6), CURAND_STATUS_SUCCESS);
  SkipaheadEqualsStepping<curandStateSobol32_t>(v32, 11);
  SkipaheadEqualsStepping<curandStateSobol64_t>(v64, (1ull << 40) + 3);
}

}  // namespace
