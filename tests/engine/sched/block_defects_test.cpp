// Block-level defects: divergent barrier, deadlock, livelock, hang, stack overflow, bad access.
#include <gtest/gtest.h>

#include <cstdlib>

#include "engine_test_util.h"

namespace warpsafe::engine {
namespace {

using testing::OptionsScope;
using testing::RunKernel;
using testing::ScheduleScope;
using ::testing::ExitedWithCode;

class BlockDefects : public ::testing::Test {
 protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

// Outside the EXPECT_EXIT macro: inside a macro argument every call site has the macro's line.
void DivergentBarrierKernel() {
  if (threadIdx.x < 32) {
    __syncthreads();
  } else {
    __syncthreads();
  }
}

TEST_F(BlockDefects, ThreadsAtDifferentSyncthreads) {
  EXPECT_EXIT(RunKernel(1, 64, DivergentBarrierKernel), ExitedWithCode(kExitDefect),
              "^warpsafe: divergent __syncthreads\n(.*\n)*.*reached by 32 thread");
}

TEST_F(BlockDefects, CollectiveWaitingForALaneHeldAtTheBarrierIsADeadlock) {
  EXPECT_EXIT(RunKernel(1, 64,
                        [] {
                          if (threadIdx.x == 0) __syncwarp();
                          __syncthreads();
                        }),
              ExitedWithCode(kExitDefect),
              "^warpsafe: deadlock\n(.*\n)*.*waits at __syncwarp(.*\n)*.*wait at __syncthreads");
}

TEST_F(BlockDefects, LivelockIsReportedWithWhereEachLaneIs) {
  EXPECT_EXIT(
      {
        OptionsScope options([](Options& o) { o.livelock_steps = 200000; });
        RunKernel(1, 32, [] {
          static thread_local int lock = 0;
          while (__atomic_exchange_n(&lock, 1, __ATOMIC_ACQUIRE)) SchedulingPoint(Site::Here());
          __syncwarp();  // the holder waits for lanes that spin for the lock it holds
        });
      },
      ExitedWithCode(kExitDefect), "^warpsafe: livelock\n(.*\n)*.*waits at __syncwarp");
}

// A lane's wait kind is not reset when its group completes (the wake writes nothing to the lanes):
// lanes that passed a collective and now run must be reported as running, and lanes blocked at a
// collective with the kind and mask of the group they are in.
TEST_F(BlockDefects, ReportsSayWhereLanesWaitFromTheOpenGroups) {
  EXPECT_EXIT(
      {
        OptionsScope options([](Options& o) { o.livelock_steps = 100000; });
        RunKernel(1, 32, [] {
          (void)__shfl_xor_sync(0xffffffffu, 1, 1);  // every lane passes a collective first
          for (;;) SchedulingPoint(Site::Here());
        });
      },
      ExitedWithCode(kExitDefect), "^warpsafe: livelock\n(.*\n)*.*warp 0 lanes 0-31 run \\(last scheduling point");
  EXPECT_EXIT(RunKernel(1, 32,
                        [] {
                          (void)__shfl_xor_sync(0xffffffffu, 1, 1);
                          if (threadIdx.x < 16) {
                            (void)__shfl_xor_sync(0xffffffffu, 1, 1);  // waits for lanes held below
                          } else {
                            __syncthreads();
                          }
                        }),
              ExitedWithCode(kExitDefect),
              "^warpsafe: deadlock\n(.*\n)*.*lanes 0-15 wait at __shfl_xor_sync with mask 0xffffffff(.*\n)*.*"
              "lanes 16-31 wait at __syncthreads");
}

TEST_F(BlockDefects, SpinOnAPlainLoadIsReportedAsAHang) {
  EXPECT_EXIT(
      {
        OptionsScope options([](Options& o) { o.hang_seconds = 1; });
        RunKernel(1, 32, [] {
          volatile int flag = 0;
          while (flag == 0) {
          }
        });
      },
      ExitedWithCode(kExitDefect), "^warpsafe: no progress \\(hang\\)\n");
}

int Recurse(int n) {
  volatile char frame[512];
  frame[0] = static_cast<char>(n);
  return n == 0 ? frame[0] : Recurse(n - 1) + frame[0];
}

TEST_F(BlockDefects, StackOverflowNamesTheThread) {
  EXPECT_EXIT(RunKernel(1, 32, [] { Recurse(threadIdx.x == 9 ? 1 << 20 : 1); }), ExitedWithCode(kExitDefect),
              "^warpsafe: stack overflow in GPU thread\n  in kernel .*thread \\(9,0,0\\)");
}

int* volatile g_wild = reinterpret_cast<int*>(64);  // volatile: the compiler cannot see it is bad

TEST_F(BlockDefects, WildPointerIsAnIllegalAddress) {
  EXPECT_EXIT(RunKernel(1, 32,
                        [] {
                          if (threadIdx.x == 4) *g_wild = 1;
                        }),
              ExitedWithCode(kExitDefect), "^warpsafe: illegal memory access in GPU thread\n  in kernel .*thread \\(4,0,0\\)");
}

}  // namespace
}  // namespace warpsafe::engine
