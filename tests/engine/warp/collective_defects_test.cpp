// Every defect a warp collective can report, each next to a correct twin that must not report.
// The first line of a report is stable: these tests pin it.
#include <gtest/gtest.h>

#include "engine_test_util.h"

namespace warpsafe::engine {
namespace {

using testing::RunKernel;
using testing::ScheduleScope;
using ::testing::ExitedWithCode;

class CollectiveDefects : public ::testing::Test {
 protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

TEST_F(CollectiveDefects, CallerNotInItsOwnMask) {
  EXPECT_EXIT(RunKernel(1, 32, [] { __ballot_sync(0x1u, 1); }), ExitedWithCode(kExitDefect),
              "^warpsafe: caller not named in its own mask\n.*lane [0-9]+ executes it");
  // Twin: each lane names itself.
  EXPECT_EQ(0, RunKernel(1, 32, [] { __ballot_sync(1u << threadIdx.x, 1); }));
}

TEST_F(CollectiveDefects, NamedLanesAtADifferentCollective) {
  EXPECT_EXIT(RunKernel(1, 32,
                        [] {
                          if (threadIdx.x < 16) {
                            __shfl_sync(0xffffffffu, 1, 0);
                          } else {
                            __ballot_sync(0xffffffffu, 1);
                          }
                        }),
              ExitedWithCode(kExitDefect), "^warpsafe: mismatched warp collective\n");
  // Twin: the same kind and mask from two call sites is one collective (valid since Volta).
  EXPECT_EQ(0, RunKernel(1, 32, [] {
              if (threadIdx.x < 16) {
                __ballot_sync(0xffffffffu, 1);
              } else {
                __ballot_sync(0xffffffffu, 0);
              }
            }));
}

TEST_F(CollectiveDefects, NamedLanesWithADifferentMask) {
  EXPECT_EXIT(RunKernel(1, 32,
                        [] {
                          if (threadIdx.x == 0) {
                            __syncwarp(0x3u);
                          } else if (threadIdx.x == 1) {
                            __syncwarp(0xffffffffu);
                          }
                        }),
              ExitedWithCode(kExitDefect), "^warpsafe: mismatched warp collective\n");
}

TEST_F(CollectiveDefects, ShuffleFromANonExistentLaneOfAPartialWarp) {
  EXPECT_EXIT(RunKernel(1, 48,
                        [] {
                          int v = static_cast<int>(threadIdx.x);
                          v += __shfl_down_sync(0xffffffffu, v, 16);
                        }),
              ExitedWithCode(kExitDefect), "^warpsafe: shuffle from inactive lane\n(.*\n)*.*does not exist");
}

TEST_F(CollectiveDefects, ShuffleFromAnExitedLane) {
  EXPECT_EXIT(RunKernel(1, 32,
                        [] {
                          if (threadIdx.x >= 8) return;
                          __shfl_sync(0xffffffffu, 1, 9);
                        }),
              ExitedWithCode(kExitDefect), "^warpsafe: shuffle from inactive lane\n(.*\n)*.*has exited");
}

TEST_F(CollectiveDefects, ShuffleFromALaneNotInTheMask) {
  EXPECT_EXIT(RunKernel(1, 32,
                        [] {
                          const unsigned mask = __ballot_sync(0xffffffffu, threadIdx.x < 16);
                          if (threadIdx.x < 16) __shfl_sync(mask, 1, 20);
                          __syncwarp();
                        }),
              ExitedWithCode(kExitDefect), "^warpsafe: shuffle from inactive lane\n(.*\n)*.*not named in the mask");
  // Twin: a down-shuffle past the segment end reads the caller's own value (pval false): defined.
  EXPECT_EQ(0, RunKernel(1, 32, [] {
              const unsigned mask = __ballot_sync(0xffffffffu, threadIdx.x < 16);
              if (threadIdx.x < 16) __shfl_down_sync(mask, 1, 8, 16);
            }));
}

TEST_F(CollectiveDefects, WidthNotAPowerOfTwo) {
  for (int width : {0, 3, 6, 33, 64, -8}) {
    EXPECT_EXIT(RunKernel(1, 32, [width] { __shfl_sync(0xffffffffu, 1, 0, width); }), ExitedWithCode(kExitDefect),
                "^warpsafe: invalid shuffle width\n")
        << width;
  }
}

TEST_F(CollectiveDefects, IntrinsicInHostCode) {
  EXPECT_EXIT(__shfl_sync(0xffffffffu, 1, 0), ExitedWithCode(kExitDefect),
              "^warpsafe: device built-in used in host code\n");
}

// The built-in variables are plain variables (a program may shadow them), so reading one in host
// code cannot be reported; every component reads the poison value there instead, and the lane's
// own values again once a kernel runs on the same thread.
TEST_F(CollectiveDefects, BuiltinVariablesInHostCodeArePoisoned) {
  for (unsigned v : {threadIdx.x, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.z, blockDim.x, blockDim.y, gridDim.x,
                     gridDim.z})
    EXPECT_EQ(v, kBuiltinPoison);
  unsigned seen = 0;
  RunKernel(1, 32, [&seen] {
    if (threadIdx.x == 5) seen = blockDim.x + gridDim.x;
  });
  EXPECT_EQ(seen, 33u);
  EXPECT_EQ(threadIdx.x, kBuiltinPoison);
  EXPECT_EQ(blockDim.x, kBuiltinPoison);
}

TEST_F(CollectiveDefects, ReportNamesTheCallSiteAndTheReplayCommand) {
  EXPECT_EXIT(RunKernel(1, 32, [] { __ballot_sync(0x1u, 1); }), ExitedWithCode(kExitDefect),
              "collective_defects_test.cpp:[0-9]+(:[0-9]+)?: __ballot_sync with mask 0x00000001\n(.*\n)*  replay: ");
}

}  // namespace
}  // namespace warpsafe::engine
