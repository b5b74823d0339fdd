// Stacks are handed to lanes when they first run (sched/block.h): a lane that exits hands its
// stack to the next lane the policy picks if that lane has never run, so threads that reach no
// scheduling point run one after another on one stack; lanes that wait at the same time each keep
// their own. The order in which lanes run is the policy's either way.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <vector>

#include "engine_test_util.h"

namespace warpsafe::engine {
namespace {

using testing::kSchedules;
using testing::RunKernel;
using testing::ScheduleScope;

constexpr unsigned kBlocks = 3, kThreads = 96;

// The address of a local of each thread, and whether its locals survived a scheduling point.
struct Frames {
  std::vector<std::uintptr_t> address = std::vector<std::uintptr_t>(kBlocks * kThreads);
  std::vector<int> intact = std::vector<int>(kBlocks * kThreads);
  std::size_t DistinctIn(unsigned block, unsigned first, unsigned count) const {
    std::set<std::uintptr_t> s(address.begin() + block * kThreads + first,
                               address.begin() + block * kThreads + first + count);
    return s.size();
  }
};

TEST(LaneStacks, ThreadsThatNeverWaitRunOneAfterAnotherOnOneStack) {
  for (Schedule schedule : {Schedule::kLockstep, Schedule::kRandom, Schedule::kPct, Schedule::kRunahead}) {
    ScheduleScope scope(schedule, 5);
    Frames f;
    ASSERT_EQ(0, RunKernel(kBlocks, kThreads, [&] {
      volatile unsigned local = blockIdx.x * kThreads + threadIdx.x;
      f.address[local] = reinterpret_cast<std::uintptr_t>(&local);
    }));
    for (unsigned b = 0; b < kBlocks; ++b) EXPECT_EQ(f.DistinctIn(b, 0, kThreads), 1u) << int(schedule);
  }
}

TEST(LaneStacks, ThreadsWaitingTogetherEachKeepTheirOwnStack) {
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    Frames f;
    ASSERT_EQ(0, RunKernel(kBlocks, kThreads, [&] {
      const unsigned g = blockIdx.x * kThreads + threadIdx.x;
      volatile unsigned local[8];
      for (unsigned i = 0; i < 8; ++i) local[i] = g * 8 + i;
      f.address[g] = reinterpret_cast<std::uintptr_t>(&local[0]);
      __syncthreads();
      bool ok = true;
      for (unsigned i = 0; i < 8; ++i) ok = ok && local[i] == g * 8 + i;
      f.intact[g] = ok;
    }));
    for (unsigned b = 0; b < kBlocks; ++b) EXPECT_EQ(f.DistinctIn(b, 0, kThreads), kThreads);
    for (int ok : f.intact) ASSERT_TRUE(ok);
  }
}

TEST(LaneStacks, AWaitingWarpKeepsItsStacksWhileTheOtherWarpsShareOne) {
  // Warp 1 waits at __syncwarp while warps 0 and 2 run through: every waiting lane keeps a stack
  // of its own, and no lane that starts while it waits runs on it (its locals survive).
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    Frames f;
    ASSERT_EQ(0, RunKernel(kBlocks, kThreads, [&] {
      const unsigned g = blockIdx.x * kThreads + threadIdx.x;
      volatile unsigned local[8];
      for (unsigned i = 0; i < 8; ++i) local[i] = g * 8 + i;
      f.address[g] = reinterpret_cast<std::uintptr_t>(&local[0]);
      if (threadIdx.x / 32 == 1) __syncwarp();
      bool ok = true;
      for (unsigned i = 0; i < 8; ++i) ok = ok && local[i] == g * 8 + i;
      f.intact[g] = ok;
    }));
    for (int ok : f.intact) ASSERT_TRUE(ok);
    for (unsigned b = 0; b < kBlocks; ++b) {
      EXPECT_EQ(f.DistinctIn(b, 32, 32), 32u);
    }
  }
}

}  // namespace
}  // namespace warpsafe::engine
