// Blocks that wait for blocks of their grid not started yet (sched/coresident_blocks.cpp,
// docs/semantics/coresidency.md): set aside while the device could hold them all, never more
// resident than it could, reported when it could not, and reproducible on one worker.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <vector>

#include "engine_test_util.h"
#include "runtime/device_limits.h"
#include "runtime/occupancy.h"

namespace warpsafe::engine {
namespace {

using testing::OptionsScope;
using testing::RunKernel;
using testing::ScheduleScope;

// 48 KB of dynamic shared memory a block: 4 blocks a multiprocessor on sm_90, 48 on its 12.
constexpr std::size_t kShared = 48 * 1024;

TEST(Coresidency, ResidentBlocksAreOccupancyTimesMultiprocessors) {
  const DeviceLimits& d = *FindDeviceLimits(90);
  EXPECT_EQ(runtime::DeviceResidentBlocks(d, 32, kShared), 48u);
  EXPECT_EQ(runtime::DeviceResidentBlocks(d, 1024, 0), 24u);   // 2048 threads a multiprocessor
  EXPECT_EQ(runtime::DeviceResidentBlocks(d, 32, 0), 384u);    // 32 block slots a multiprocessor
  EXPECT_EQ(runtime::DeviceResidentBlocks(*FindDeviceLimits(70), 32, kShared), 24u);  // 96 KB a multiprocessor
}

// Every block arrives, then thread 0 spins on an atomic read until all have; records the largest
// number of blocks started and not finished at once.
struct Barrier {
  std::atomic<int> arrived{0};
  std::atomic<int> live{0};
  std::atomic<int> most_live{0};
  std::atomic<int> passed{0};

  void Run(int goal) {
    if (threadIdx.x == 0) {
      const int now = live.fetch_add(1) + 1;
      int most = most_live.load();
      while (now > most && !most_live.compare_exchange_weak(most, now)) {
      }
      arrived.fetch_add(1);
      NoteProgress();
      while (arrived.load() < goal) SchedulingPoint(Site::Here());
      passed.fetch_add(1);
      live.fetch_sub(1);
    }
  }
};

TEST(Coresidency, GridBarrierOverMoreBlocksThanWorkersCompletes) {
  for (unsigned workers : {1u, 2u}) {
    for (const auto& sc : testing::kSchedules) {
      ScheduleScope scope(sc.schedule, sc.seed, workers);
      Barrier barrier;
      ASSERT_EQ(0, RunKernel(40, 32, [&] { barrier.Run(40); }, kShared)) << workers;
      EXPECT_EQ(barrier.passed.load(), 40);
      EXPECT_LE(barrier.most_live.load(), 40);
    }
  }
}

TEST(Coresidency, BlocksThatDoNotWaitRunOneAtATimeOnOneWorker) {
  ScheduleScope scope(Schedule::kRandom, 1, 1);
  std::atomic<int> live{0};
  std::atomic<int> most{0};
  ASSERT_EQ(0, RunKernel(64, 32, [&] {
    if (threadIdx.x == 0) {
      const int now = live.fetch_add(1) + 1;
      if (now > most.load()) most.store(now);
    }
    __syncthreads();
    if (threadIdx.x == 0) live.fetch_sub(1);
  }, kShared));
  EXPECT_EQ(most.load(), 1);
}

TEST(Coresidency, NeverMoreBlocksResidentThanTheDeviceHolds) {
  // Groups of 48 consecutive blocks wait for each other: each group fits, two do not.
  ScheduleScope scope(Schedule::kRandom, 3, 1);
  std::vector<std::atomic<int>> arrived(2);
  std::atomic<int> live{0};
  std::atomic<int> most{0};
  ASSERT_EQ(0, RunKernel(96, 32, [&] {
    if (threadIdx.x != 0) return;
    const int now = live.fetch_add(1) + 1;
    int m = most.load();
    while (now > m && !most.compare_exchange_weak(m, now)) {
    }
    std::atomic<int>& group = arrived[blockIdx.x / 48];
    group.fetch_add(1);
    NoteProgress();
    while (group.load() < 48) SchedulingPoint(Site::Here());
    live.fetch_sub(1);
  }, kShared));
  EXPECT_EQ(most.load(), 48);
}

TEST(Coresidency, OneWorkerRunsTheSameOrderEveryTime) {
  auto order = [] {
    ScheduleScope scope(Schedule::kRandom, 11, 1);
    std::mutex m;
    std::vector<unsigned> passed;
    std::atomic<int> arrived{0};
    RunKernel(24, 32, [&] {
      if (threadIdx.x == 0) {
        arrived.fetch_add(1);
        NoteProgress();
        while (arrived.load() < 24) SchedulingPoint(Site::Here());
        std::lock_guard<std::mutex> lock(m);
        passed.push_back(blockIdx.x);
      }
    }, kShared);
    return passed;
  };
  const std::vector<unsigned> first = order();
  ASSERT_EQ(first.size(), 24u);
  EXPECT_EQ(first, order());
}

class CoresidencyDefects : public ::testing::Test {
 protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

TEST_F(CoresidencyDefects, BarrierOverMoreBlocksThanResidentIsReported) {
  EXPECT_EXIT(
      {
        OptionsScope options([](Options& o) { o.hang_seconds = 1; });
        ScheduleScope scope(Schedule::kRandom, 1, 1);
        std::atomic<int> arrived{0};
        RunKernel(64, 32, [&] {
          if (threadIdx.x == 0) {
            arrived.fetch_add(1);
            NoteProgress();
            while (arrived.load() < 64) SchedulingPoint(Site::Here());
          }
        }, kShared);
      },
      ::testing::ExitedWithCode(kExitDefect),
      "^warpsafe: blocks wait for blocks that cannot be resident\n(.*\n)*.*16 of the grid's 64 blocks have not "
      "started: the emulated device holds at most 48 blocks");
}

}  // namespace
}  // namespace warpsafe::engine
