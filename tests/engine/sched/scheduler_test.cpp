// Device assert is tested here: keep assert() alive in every build type.
#undef NDEBUG
#include <gtest/gtest.h>

#include <atomic>
#include <cassert>
#include <cstdio>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "engine_test_util.h"

namespace warpsafe::engine {
namespace {

using testing::kSchedules;
using testing::RunKernel;
using testing::ScheduleScope;

TEST(Scheduler, EveryThreadOfA3DGridRunsOnceWithItsIndices) {
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    const dim3 grid(3, 2, 2), block(5, 4, 3);
    std::vector<int> seen(3 * 2 * 2 * 5 * 4 * 3);
    std::atomic<int> bad{0};
    ASSERT_EQ(0, RunKernel(grid, block, [&] {
      if (blockDim.x != 5 || blockDim.y != 4 || blockDim.z != 3 || gridDim.x != 3 || gridDim.y != 2 || gridDim.z != 2)
        ++bad;
      const unsigned b = blockIdx.x + 3 * (blockIdx.y + 2 * blockIdx.z);
      const unsigned t = threadIdx.x + 5 * (threadIdx.y + 4 * threadIdx.z);
      __atomic_add_fetch(&seen[b * 60 + t], 1, __ATOMIC_RELAXED);
    }));
    EXPECT_EQ(bad.load(), 0);
    for (int n : seen) ASSERT_EQ(n, 1);
  }
}

TEST(Scheduler, BarrierReductionsCountEveryNonExitedThread) {
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    std::vector<int> count(4), all(4), any(4), none(4);
    ASSERT_EQ(0, RunKernel(4, 100, [&] {  // 100 threads: a partial last warp
      const unsigned t = threadIdx.x;
      const int c = __syncthreads_count(t % 3 == 0);
      const int a = __syncthreads_and(t < 100);
      const int o = __syncthreads_or(t == 77);
      const int n = __syncthreads_or(0);
      if (t == 5) {
        count[blockIdx.x] = c;
        all[blockIdx.x] = a;
        any[blockIdx.x] = o;
        none[blockIdx.x] = n;
      }
    }));
    for (int b = 0; b < 4; ++b) {
      EXPECT_EQ(count[b], 34);
      EXPECT_NE(all[b], 0);
      EXPECT_NE(any[b], 0);
      EXPECT_EQ(none[b], 0);
    }
  }
}

TEST(Scheduler, ExitedThreadsDoNotHoldTheBarrier) {
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    int after = 0;
    ASSERT_EQ(0, RunKernel(1, 64, [&] {
      if (threadIdx.x % 2) return;  // half the threads exit before the barrier
      const int n = __syncthreads_count(1);
      if (threadIdx.x == 0) after = n;
    }));
    EXPECT_EQ(after, 32);
  }
}

TEST(Scheduler, BarrierOrdersSharedMemoryAcrossWarps) {
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    std::vector<int> out(256);
    ASSERT_EQ(0, RunKernel(1, 256, [&] {
      int* s = static_cast<int*>(DynamicShared());
      s[threadIdx.x] = static_cast<int>(threadIdx.x) * 3;
      __syncthreads();
      out[threadIdx.x] = s[255 - threadIdx.x];
    }, 256 * sizeof(int)));
    for (int t = 0; t < 256; ++t) ASSERT_EQ(out[t], (255 - t) * 3);
  }
}

// The order in which lanes pass scheduling points: a fingerprint of the schedule.
std::vector<int> ScheduleTrace(Schedule schedule, std::uint64_t seed, unsigned workers = 1, unsigned blocks = 1) {
  ScheduleScope scope(schedule, seed, workers);
  std::vector<std::vector<int>> per_block(blocks);
  RunKernel(blocks, 64, [&] {
    for (int i = 0; i < 4; ++i) {
      per_block[blockIdx.x].push_back(static_cast<int>(threadIdx.x));
      SchedulingPoint(Site::Here());
    }
  });
  std::vector<int> all;
  for (auto& v : per_block) all.insert(all.end(), v.begin(), v.end());
  return all;
}

TEST(Scheduler, LockstepAdvancesLanesRoundRobin) {
  const std::vector<int> trace = ScheduleTrace(Schedule::kLockstep, 1);
  ASSERT_EQ(trace.size(), 256u);
  for (int i = 0; i < 256; ++i) EXPECT_EQ(trace[i], i % 64) << i;
}

TEST(Scheduler, RandomScheduleIsReproducibleFromItsSeed) {
  EXPECT_EQ(ScheduleTrace(Schedule::kRandom, 7), ScheduleTrace(Schedule::kRandom, 7));
  EXPECT_NE(ScheduleTrace(Schedule::kRandom, 7), ScheduleTrace(Schedule::kRandom, 8));
  EXPECT_NE(ScheduleTrace(Schedule::kRandom, 7), ScheduleTrace(Schedule::kLockstep, 7));
}

TEST(Scheduler, ScheduleDoesNotDependOnTheNumberOfWorkers) {
  // pct and runahead too: a worker reuses its Block object, and nothing of an earlier block (pct's
  // step count once was) may leak into the next one's schedule.
  for (Schedule schedule : {Schedule::kRandom, Schedule::kPct, Schedule::kRunahead}) {
    EXPECT_EQ(ScheduleTrace(schedule, 3, 1, 8), ScheduleTrace(schedule, 3, 2, 8)) << int(schedule);
    EXPECT_EQ(ScheduleTrace(schedule, 3, 1, 8), ScheduleTrace(schedule, 3, 4, 8)) << int(schedule);
  }
}

TEST(Scheduler, SpinLockTakenByLanesOfOneWarpCompletes) {
  // Fairness: a lane spinning on a lock held by a lane of its own warp must let the holder run.
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    int lock = 0;
    int counter = 0;
    ASSERT_EQ(0, RunKernel(2, 64, [&] {
      for (;;) {
        SchedulingPoint(Site::Here());  // as atomicCAS does
        int expected = 0;
        if (__atomic_compare_exchange_n(&lock, &expected, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) break;
      }
      NoteProgress();
      const int c = counter;
      SchedulingPoint(Site::Here());  // a chance for others to run inside the critical section
      counter = c + 1;
      __atomic_store_n(&lock, 0, __ATOMIC_RELEASE);
      NoteProgress();
    }));
    EXPECT_EQ(counter, 128);
  }
}

TEST(ActiveMask, LockstepReportsTheWholeWarpAfterForcedDivergence) {
  ScheduleScope scope(Schedule::kLockstep, 1);
  std::vector<unsigned> am(32), ballot(32);
  ASSERT_EQ(0, RunKernel(1, 32, [&] {
    if (threadIdx.x < 1) SchedulingPoint(Site::Here());  // a branch only lane 0 takes
    am[threadIdx.x] = __activemask();                    // the first statement after it
    ballot[threadIdx.x] = __ballot_sync(0xffffffffu, 1);
  }));
  for (int l = 0; l < 32; ++l) {
    EXPECT_EQ(am[l], 0xffffffffu);
    EXPECT_EQ(ballot[l], 0xffffffffu);
  }
}

TEST(ActiveMask, IndependentSchedulingGivesConvergedSubsetsThatIncludeTheCaller) {
  int differs = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    ScheduleScope scope(Schedule::kRandom, seed);
    std::vector<unsigned> am(32), ballot(32);
    ASSERT_EQ(0, RunKernel(1, 32, [&] {
      if (threadIdx.x < 1) SchedulingPoint(Site::Here());
      am[threadIdx.x] = __activemask();
      ballot[threadIdx.x] = __ballot_sync(0xffffffffu, 1);
    }));
    bool seed_differs = false;
    for (unsigned l = 0; l < 32; ++l) {
      ASSERT_NE(am[l] & (1u << l), 0u) << "the caller is always in its own active mask";
      // Lanes reported converged got the same mask (they executed __activemask together).
      for (unsigned m = am[l]; m != 0; m &= m - 1) ASSERT_EQ(am[__builtin_ctz(m)], am[l]);
      EXPECT_EQ(ballot[l], 0xffffffffu) << "__ballot_sync reconverges the whole mask";
      seed_differs = seed_differs || am[l] != ballot[l];
    }
    differs += seed_differs;
  }
  EXPECT_GT(differs, 0) << "some seed must show incidental divergence";
}

TEST(DevicePrintf, OutputIsPrintedPerBlockInBlockOrder) {
  ScheduleScope scope(Schedule::kRandom, 5, 2);
  ::testing::internal::CaptureStdout();
  ASSERT_EQ(0, RunKernel(4, 8, [] {
    if (threadIdx.x == 0) printf("block %u\n", blockIdx.x);
  }));
  const std::string out = ::testing::internal::GetCapturedStdout();
  EXPECT_EQ(out, "block 0\nblock 1\nblock 2\nblock 3\n");
}

TEST(DeviceAssert, FailsTheLaunchWithCudaErrorAssertAndCudasMessage) {
  ::testing::internal::CaptureStderr();
  const int error = RunKernel(2, 32, [] { assert(threadIdx.x != 7); });
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(error, 710);
  EXPECT_NE(err.find("block: ["), std::string::npos) << err;
  EXPECT_NE(err.find("thread: [7,0,0] Assertion `threadIdx.x != 7` failed."), std::string::npos) << err;
}

TEST(DeviceTrap, FailsTheLaunchWithCudaErrorLaunchFailure) {
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(719, RunKernel(1, 32, [] {
              if (threadIdx.x == 3) Trap(Site::Here());
              __syncwarp(0xfffffff7u);
            }));
  ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(0, RunKernel(1, 32, [] {})) << "the engine itself recovers; stickiness is the runtime's";
}

}  // namespace
}  // namespace warpsafe::engine
