// The #include that stopped a compile, found in the compiler's own words (GCC's and Clang's).
#include "cli/stopped_include.h"

#include <gtest/gtest.h>

namespace warpsafe::cli {
namespace {

TEST(StoppedInclude, ARefusedHeaderIsNamedWithTheLineThatIncludesIt) {
  const std::string gcc =
      "In file included from /src/app/main.cpp:53:\n"
      "/b/refused_include/cuda_gl_interop.h:2:2: error: #error \"warpsafe: <cuda_gl_interop.h> (OpenGL interop) "
      "is not supported by the engine\"\n"
      "    2 | #error \"warpsafe: <cuda_gl_interop.h> (OpenGL interop) is not supported by the engine\"\n"
      "      |  ^~~~~\n"
      "/b/refused_include/cuda_gl_interop.h:3:10: fatal error: warpsafe: compilation stopped at the unsupported "
      "header above: No such file or directory\n"
      "compilation terminated.\n";
  const std::optional<StoppedInclude> stop = FindStoppedInclude(gcc);
  ASSERT_TRUE(stop.has_value());
  EXPECT_TRUE(stop->refused);
  EXPECT_EQ(stop->header, "cuda_gl_interop.h");
  EXPECT_EQ(stop->what, "OpenGL interop");
  EXPECT_EQ(stop->site, "/src/app/main.cpp:53");
  EXPECT_EQ(stop->from, "");
  EXPECT_EQ(DescribeStoppedInclude(*stop),
            "/src/app/main.cpp:53: <cuda_gl_interop.h> (OpenGL interop) is not supported by the engine");
}

TEST(StoppedInclude, ARefusedHeaderReachedThroughAnotherHeaderNamesBoth) {
  const std::string gcc =
      "In file included from /common/helper_nvrtc.h:31,\n"
      "                 from /src/app/clock.cpp:44:\n"
      "/b/refused_include/nvrtc.h:2:2: error: #error \"warpsafe: <nvrtc.h> (NVRTC run-time compilation) is not "
      "supported by the engine\"\n";
  const std::optional<StoppedInclude> stop = FindStoppedInclude(gcc);
  ASSERT_TRUE(stop.has_value());
  EXPECT_EQ(DescribeStoppedInclude(*stop),
            "/common/helper_nvrtc.h:31: <nvrtc.h> (NVRTC run-time compilation) is not supported by the engine "
            "(included from /src/app/clock.cpp:44)");
}

TEST(StoppedInclude, AMissingHeaderIsNamedWithItsIncludeChain) {
  const std::string gcc =
      "In file included from /src/app/particles.cpp:40:\n"
      "/common/helper_gl.h:30:10: fatal error: GL/freeglut.h: No such file or directory\n"
      "   30 | #include <GL/freeglut.h>\n"
      "compilation terminated.\n";
  const std::optional<StoppedInclude> stop = FindStoppedInclude(gcc);
  ASSERT_TRUE(stop.has_value());
  EXPECT_FALSE(stop->refused);
  EXPECT_EQ(DescribeStoppedInclude(*stop),
            "/common/helper_gl.h:30: <GL/freeglut.h> not found (included from /src/app/particles.cpp:40)");
  const std::string clang = "/src/app/simpleMPI.cpp:40:10: fatal error: 'mpi.h' file not found\n";
  const std::optional<StoppedInclude> direct = FindStoppedInclude(clang);
  ASSERT_TRUE(direct.has_value());
  EXPECT_EQ(DescribeStoppedInclude(*direct), "/src/app/simpleMPI.cpp:40: <mpi.h> not found");
}

TEST(StoppedInclude, AnEarlierChainDoesNotLeakIntoALaterError) {
  // The first chain belongs to a warning in another header; the missing include is in the file itself.
  const std::string gcc =
      "In file included from /src/app/a.cu:3:\n"
      "/src/app/b.h:7:5: warning: unused variable 'x'\n"
      "/src/app/a.cu:9:10: fatal error: missing.h: No such file or directory\n";
  const std::optional<StoppedInclude> stop = FindStoppedInclude(gcc);
  ASSERT_TRUE(stop.has_value());
  EXPECT_EQ(DescribeStoppedInclude(*stop), "/src/app/a.cu:9: <missing.h> not found");
}

TEST(StoppedInclude, OrdinaryErrorsAreNotAnInclude) {
  EXPECT_FALSE(FindStoppedInclude("/src/a.cu:3:5: error: 'foo' was not declared in this scope\n").has_value());
  EXPECT_FALSE(FindStoppedInclude("/src/a.cu:3:2: error: #error \"this program needs a GPU\"\n").has_value());
  EXPECT_FALSE(FindStoppedInclude("").has_value());
}

}  // namespace
}  // namespace warpsafe::cli
