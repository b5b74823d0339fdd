// The error state (errors.cpp) and the error texts (error_strings.cpp).
#include <cstring>
#include <thread>

#include "cuda_runtime_api.h"
#include "runtime_fixture.h"
#include "runtime/runtime_call.h"

namespace warpsafe::engine::runtime {
namespace {

using ErrorsTest = RuntimeTest;

TEST_F(ErrorsTest, EnumValuesAreCudas) {
  EXPECT_EQ(cudaSuccess, 0);
  EXPECT_EQ(cudaErrorInvalidValue, 1);
  EXPECT_EQ(cudaErrorMemoryAllocation, 2);
  EXPECT_EQ(cudaErrorInvalidConfiguration, 9);
  EXPECT_EQ(cudaErrorInvalidSymbol, 13);
  EXPECT_EQ(cudaErrorInvalidMemcpyDirection, 21);
  EXPECT_EQ(cudaErrorInvalidDeviceFunction, 98);
  EXPECT_EQ(cudaErrorInvalidDevice, 101);
  EXPECT_EQ(cudaErrorInvalidResourceHandle, 400);
  EXPECT_EQ(cudaErrorNotReady, 600);
  EXPECT_EQ(cudaErrorIllegalAddress, 700);
  EXPECT_EQ(cudaErrorLaunchOutOfResources, 701);
  EXPECT_EQ(cudaErrorAssert, 710);
  EXPECT_EQ(cudaErrorLaunchFailure, 719);
  EXPECT_EQ(cudaErrorUnknown, 999);
}

TEST_F(ErrorsTest, StringsAndNames) {
  EXPECT_STREQ(cudaGetErrorString(cudaSuccess), "no error");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorInvalidValue), "invalid argument");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorMemoryAllocation), "out of memory");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorInvalidConfiguration), "invalid configuration argument");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorInvalidDevice), "invalid device ordinal");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorInvalidResourceHandle), "invalid resource handle");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorAssert), "device-side assert triggered");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorLaunchFailure), "unspecified launch failure");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorIllegalAddress), "an illegal memory access was encountered");
  EXPECT_STREQ(cudaGetErrorName(cudaSuccess), "cudaSuccess");
  EXPECT_STREQ(cudaGetErrorName(cudaErrorInvalidValue), "cudaErrorInvalidValue");
  EXPECT_STREQ(cudaGetErrorName(cudaErrorLaunchFailure), "cudaErrorLaunchFailure");
}

TEST_F(ErrorsTest, EveryCodeHasAName) {
  for (int code = 0; code <= 1000; ++code) {
    const char* name = cudaGetErrorName(static_cast<cudaError_t>(code));
    const char* text = cudaGetErrorString(static_cast<cudaError_t>(code));
    ASSERT_NE(name, nullptr);
    ASSERT_NE(text, nullptr);
    if (std::strcmp(name, "unrecognized error code") != 0) {
      EXPECT_EQ(std::strncmp(name, "cuda", 4), 0) << code;
      EXPECT_STRNE(text, "unrecognized error code") << code;
    }
  }
  EXPECT_STREQ(cudaGetErrorString(static_cast<cudaError_t>(12345)), "unrecognized error code");
}

TEST_F(ErrorsTest, GetLastErrorReturnsAndClears) {
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(cudaSetDevice(3), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaPeekAtLastError(), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaPeekAtLastError(), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST_F(ErrorsTest, SuccessDoesNotClearTheLastError) {
  EXPECT_EQ(cudaSetDevice(1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaSetDevice(0), cudaSuccess);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDevice);
}

TEST_F(ErrorsTest, StickyErrorIsNeverCleared) {
  SetStickyError(cudaErrorAssert);
  EXPECT_EQ(cudaGetLastError(), cudaErrorAssert);
  EXPECT_EQ(cudaGetLastError(), cudaErrorAssert);
  EXPECT_EQ(cudaPeekAtLastError(), cudaErrorAssert);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorAssert);
  void* p = nullptr;
  EXPECT_EQ(cudaMalloc(&p, 16), cudaErrorAssert);
  EXPECT_EQ(p, nullptr);
  EXPECT_EQ(cudaDeviceReset(), cudaErrorAssert);
  EXPECT_EQ(cudaGetLastError(), cudaErrorAssert);
  // The first sticky error stays.
  SetStickyError(cudaErrorLaunchFailure);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorAssert);
  // Queries that need no device still answer.
  int n = 0;
  EXPECT_EQ(cudaGetDeviceCount(&n), cudaSuccess);
  EXPECT_EQ(n, 1);
  int v = 0;
  EXPECT_EQ(cudaRuntimeGetVersion(&v), cudaSuccess);
}

TEST_F(ErrorsTest, LastErrorIsPerThread) {
  EXPECT_EQ(cudaSetDevice(2), cudaErrorInvalidDevice);
  cudaError_t other = cudaErrorUnknown;
  std::thread([&] { other = cudaGetLastError(); }).join();
  EXPECT_EQ(other, cudaSuccess);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDevice);
}

}  // namespace
}  // namespace warpsafe::engine::runtime
