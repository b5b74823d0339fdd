// cuGetErrorName and cuGetErrorString (engine/src/driver/errors.cpp) against the driver's own, as
// recorded on a GPU (data/driver_error_strings.txt), and the translation of runtime errors.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>
#include <utility>

#include "cuda.h"
#include "driver/driver_call.h"

namespace warpsafe::engine::driver {
namespace {

std::map<int, std::pair<std::string, std::string>> Recorded() {
  std::map<int, std::pair<std::string, std::string>> out;
  std::ifstream in(WARPSAFE_DRIVER_TEST_DATA "/driver_error_strings.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto a = line.find('|');
    const auto b = line.find('|', a + 1);
    out[std::stoi(line.substr(0, a))] = {line.substr(a + 1, b - a - 1), line.substr(b + 1)};
  }
  return out;
}

TEST(DriverErrors, EveryCodeNamedAsTheDriverNamesIt) {
  const auto recorded = Recorded();
  ASSERT_EQ(recorded.size(), 101u);
  for (int code = 0; code <= 1000; ++code) {
    const char* name = "unset";
    const char* text = "unset";
    const CUresult rn = cuGetErrorName(static_cast<CUresult>(code), &name);
    const CUresult rs = cuGetErrorString(static_cast<CUresult>(code), &text);
    const auto it = recorded.find(code);
    if (it == recorded.end()) {
      EXPECT_EQ(rn, CUDA_ERROR_INVALID_VALUE) << code;
      EXPECT_EQ(rs, CUDA_ERROR_INVALID_VALUE) << code;
      EXPECT_EQ(name, nullptr) << code;
      EXPECT_EQ(text, nullptr) << code;
      continue;
    }
    ASSERT_EQ(rn, CUDA_SUCCESS) << code;
    ASSERT_EQ(rs, CUDA_SUCCESS) << code;
    EXPECT_EQ(name, it->second.first) << code;
    EXPECT_EQ(text, it->second.second) << code;
  }
}

TEST(DriverErrors, EnumeratorsHaveTheDriversValues) {
  // Each recorded name is an enumerator of CUresult with the recorded value: spot-check a few by
  // name, the table above checks that each value has the recorded name.
  EXPECT_EQ(CUDA_ERROR_NOT_INITIALIZED, 3);
  EXPECT_EQ(CUDA_ERROR_INVALID_CONTEXT, 201);
  EXPECT_EQ(CUDA_ERROR_FILE_NOT_FOUND, 301);
  EXPECT_EQ(CUDA_ERROR_NOT_FOUND, 500);
  EXPECT_EQ(CUDA_ERROR_CONTEXT_IS_DESTROYED, 709);
  EXPECT_EQ(CUDA_ERROR_NOT_SUPPORTED, 801);
}

TEST(DriverErrors, NullOutputIsAnInvalidValue) {
  EXPECT_EQ(cuGetErrorName(CUDA_SUCCESS, nullptr), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuGetErrorString(CUDA_SUCCESS, nullptr), CUDA_ERROR_INVALID_VALUE);
}

TEST(DriverErrors, RuntimeErrorsTranslate) {
  EXPECT_EQ(FromRuntime(cudaSuccess), CUDA_SUCCESS);
  EXPECT_EQ(FromRuntime(cudaErrorInvalidValue), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(FromRuntime(cudaErrorMemoryAllocation), CUDA_ERROR_OUT_OF_MEMORY);
  // A launch's bad configuration is an invalid value for the driver (recorded on an H200).
  EXPECT_EQ(FromRuntime(cudaErrorInvalidConfiguration), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(FromRuntime(cudaErrorInvalidDevicePointer), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(FromRuntime(cudaErrorInvalidDeviceFunction), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(FromRuntime(cudaErrorIllegalAddress), CUDA_ERROR_ILLEGAL_ADDRESS);
  EXPECT_EQ(FromRuntime(cudaErrorAssert), CUDA_ERROR_ASSERT);
  EXPECT_EQ(FromRuntime(cudaErrorLaunchFailure), CUDA_ERROR_LAUNCH_FAILED);
  EXPECT_EQ(FromRuntime(cudaErrorCooperativeLaunchTooLarge), CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE);
}

}  // namespace
}  // namespace warpsafe::engine::driver
