// IsUserFile (engine/src/report/user_frames.h): a report names the user's line, so the files of
// warpsafe's library, the engine's CUDA headers, CCCL and the system are told from the user's.
#include "report/user_frames.h"

#include <gtest/gtest.h>

namespace warpsafe::engine {
namespace {

TEST(UserFrames, ProgramsAnywhereAreTheUsers) {
  EXPECT_TRUE(IsUserFile("/home/me/project/scan.cu"));
  EXPECT_TRUE(IsUserFile("/tmp/kernels/include/helpers.cuh"));  // an include folder of the user's
  EXPECT_TRUE(IsUserFile("relative/prog.cu"));
}

TEST(UserFrames, LibraryAndEngineHeadersAreNot) {
  EXPECT_FALSE(IsUserFile(WARPSAFE_TEST_LIBRARY_INCLUDE "/warpsafe/detail/warp_scan_shfl.cuh"));
  EXPECT_FALSE(IsUserFile(WARPSAFE_TEST_ENGINE_INCLUDE "/warpsafe/engine/cg/multi_warp_tile.h"));
  // The engine's headers by their toolkit names, wherever the engine is installed.
  EXPECT_FALSE(IsUserFile(WARPSAFE_TEST_ENGINE_INCLUDE "/cooperative_groups.h"));
  EXPECT_FALSE(IsUserFile(WARPSAFE_TEST_ENGINE_INCLUDE "/cooperative_groups/reduce.h"));
  EXPECT_FALSE(IsUserFile("/opt/warpsafe/include/warpsafe/warp/warp_scan.cuh"));
}

TEST(UserFrames, CcclSystemAndUnknownAreNot) {
  EXPECT_FALSE(IsUserFile("/opt/cccl/cub/cub/warp/warp_scan.cuh"));
  EXPECT_FALSE(IsUserFile("/opt/cccl/libcudacxx/include/cuda/std/atomic"));
  EXPECT_FALSE(IsUserFile("/usr/include/c++/12/bits/stl_algo.h"));
  EXPECT_FALSE(IsUserFile("../engine/src/sched/block.cpp"));  // the engine's own code
  // A bare name, as a symbol table gives it for an engine built without debug information.
  EXPECT_FALSE(IsUserFile("warp_instructions.cpp"));
  EXPECT_FALSE(IsUserFile("??"));
  EXPECT_FALSE(IsUserFile(""));
  EXPECT_FALSE(IsUserFile(nullptr));
}

}  // namespace
}  // namespace warpsafe::engine
