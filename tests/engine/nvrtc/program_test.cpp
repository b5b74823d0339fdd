// The entry points' checks that need no build: handles, the order of calls, sizes, strings.
#include "nvrtc.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

TEST(NvrtcProgram, ErrorStringsAreTheEnumeratorsNames) {
  EXPECT_STREQ(nvrtcGetErrorString(NVRTC_SUCCESS), "NVRTC_SUCCESS");
  EXPECT_STREQ(nvrtcGetErrorString(NVRTC_ERROR_COMPILATION), "NVRTC_ERROR_COMPILATION");
  EXPECT_STREQ(nvrtcGetErrorString(NVRTC_ERROR_TIME_TRACE_FILE_WRITE_FAILED), "NVRTC_ERROR_TIME_TRACE_FILE_WRITE_FAILED");
  EXPECT_STREQ(nvrtcGetErrorString(static_cast<nvrtcResult>(99)), "NVRTC_ERROR unknown");
}

TEST(NvrtcProgram, VersionAndArchitectures) {
  int major = 0, minor = -1, n = 0;
  ASSERT_EQ(nvrtcVersion(&major, &minor), NVRTC_SUCCESS);
  EXPECT_EQ(major, 13);
  EXPECT_EQ(minor, 0);
  EXPECT_EQ(nvrtcVersion(nullptr, &minor), NVRTC_ERROR_INVALID_INPUT);
  ASSERT_EQ(nvrtcGetNumSupportedArchs(&n), NVRTC_SUCCESS);
  std::vector<int> archs(static_cast<std::size_t>(n));
  ASSERT_EQ(nvrtcGetSupportedArchs(archs.data()), NVRTC_SUCCESS);
  EXPECT_EQ(archs, (std::vector<int>{60, 70, 75, 80, 86, 89, 90}));
}

TEST(NvrtcProgram, CallsOutOfOrderAndBadHandles) {
  nvrtcProgram prog = nullptr;
  EXPECT_EQ(nvrtcCreateProgram(&prog, nullptr, "k.cu", 0, nullptr, nullptr), NVRTC_ERROR_INVALID_INPUT);
  EXPECT_EQ(nvrtcCreateProgram(&prog, "", "k.cu", 1, nullptr, nullptr), NVRTC_ERROR_INVALID_INPUT);
  ASSERT_EQ(nvrtcCreateProgram(&prog, "__global__ void k() {}", nullptr, 0, nullptr, nullptr), NVRTC_SUCCESS);
  size_t size = 0;
  // Nothing compiled yet: no image, no lowered names, an empty log.
  EXPECT_EQ(nvrtcGetPTXSize(prog, &size), NVRTC_ERROR_INVALID_PROGRAM);
  const char* lowered = nullptr;
  ASSERT_EQ(nvrtcAddNameExpression(prog, "&k"), NVRTC_SUCCESS);
  EXPECT_EQ(nvrtcGetLoweredName(prog, "&k", &lowered), NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION);
  ASSERT_EQ(nvrtcGetProgramLogSize(prog, &size), NVRTC_SUCCESS);
  EXPECT_EQ(size, 1u);
  // A refused option ends the compile before any build, and the log names it.
  const char* bad[] = {"--no-such-option"};
  EXPECT_EQ(nvrtcCompileProgram(prog, 1, bad), NVRTC_ERROR_INVALID_OPTION);
  ASSERT_EQ(nvrtcGetProgramLogSize(prog, &size), NVRTC_SUCCESS);
  std::string log(size, '\0');
  ASSERT_EQ(nvrtcGetProgramLog(prog, log.data()), NVRTC_SUCCESS);
  EXPECT_EQ(log, std::string("warpsafe: nvrtcCompileProgram: unrecognized option '--no-such-option'\n") + '\0');
  EXPECT_EQ(nvrtcAddNameExpression(prog, "&k"), NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION);
  nvrtcProgram copy = prog;
  ASSERT_EQ(nvrtcDestroyProgram(&prog), NVRTC_SUCCESS);
  EXPECT_EQ(prog, nullptr);
  EXPECT_EQ(nvrtcDestroyProgram(&copy), NVRTC_ERROR_INVALID_PROGRAM);
  EXPECT_EQ(nvrtcGetProgramLogSize(copy, &size), NVRTC_ERROR_INVALID_PROGRAM);
}

}  // namespace
