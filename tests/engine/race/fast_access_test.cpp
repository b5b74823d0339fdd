// The checker's fast path (engine/src/race/fast_access.h): an access that repeats what the running
// lane did since its last synchronisation, or reads what the others only read, is decided without
// the slow path, and nothing it skips may hide a defect. Each racy program below is one that a fast
// path remembering too much (across a fence, or from a read to a write) would pass; each clean twin
// checks that the repeats themselves report nothing.
#include <gtest/gtest.h>

#include <cstdlib>

#include "race_test_util.h"

namespace warpsafe::engine {
namespace {

using testing::DeviceAlloc;
using testing::kSchedules;
using testing::Load;
using testing::OptionsScope;
using testing::RunKernel;
using testing::ScheduleScope;
using testing::Store;
using ::testing::ExitedWithCode;

class FastAccess : public ::testing::Test {
 protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    race::Enable();
  }
};

// Block 0's one thread stores `data` twice (the second store is a repeat: the fast path's),
// then a third time, before the fence or (kLateStore) between the fence and the atomic flag that
// publishes what the fence released; block 1's thread acquires the flag and reads `data`. A store
// after the fence is not released (FENCE-1): it races with the read. Each block has one thread, so
// no other lane runs between the producer's stores: only the fence's new epoch sends the late store
// to the slow path.
template <bool kLateStore>
auto ReleaseThenStore(int* flag, int* data) {
  return [=] {
    if (blockIdx.x == 0) {
      Store(data, 1);
      Store(data, 2);
      if (!kLateStore) Store(data, 3);
      __threadfence();
      if (kLateStore) Store(data, 3);
      atomicExch(flag, 1);
    } else {
      while (atomicAdd(flag, 0) == 0) {
      }
      __threadfence();
      if (Load(data) != 3) __trap();
    }
  };
}

TEST_F(FastAccess, AStoreRepeatedAfterAFenceIsCheckedAgain) {
  int* flag = DeviceAlloc<int>(1);
  int* data = DeviceAlloc<int>(1);
  *flag = 0;
  ScheduleScope scope(Schedule::kLockstep, 1, 1);
  EXPECT_EXIT(RunKernel(2, 1, ReleaseThenStore<true>(flag, data)), ExitedWithCode(kExitDefect),
              "^warpsafe: data race\n(.*\n)*.*different blocks");
}

TEST_F(FastAccess, StoresRepeatedBeforeTheFenceAreClean) {
  int* flag = DeviceAlloc<int>(1);
  int* data = DeviceAlloc<int>(1);
  for (const auto& c : kSchedules) {
    *flag = 0;
    ScheduleScope scope(c.schedule, c.seed, 1);
    EXPECT_EQ(RunKernel(2, 1, ReleaseThenStore<false>(flag, data)), 0);
  }
}

// Each block's thread reads the 8 bytes of `data` twice (a repeat); with kWrite, block 1's then
// writes its first 4 bytes (fewer bytes than the read, from another site). The lane's own read
// must not stand for a write: the write races with block 0's reads.
template <bool kWrite>
auto ReadsThenWrite(long long* data) {
  return [=] {
    const long long sum = Load(data) + Load(data);
    if (kWrite && blockIdx.x == 1) Store(reinterpret_cast<int*>(data), static_cast<int>(sum));
  };
}

TEST_F(FastAccess, AWriteAfterRepeatedReadsIsChecked) {
  long long* data = DeviceAlloc<long long>(1);
  *data = 1;
  ScheduleScope scope(Schedule::kLockstep, 1, 1);
  EXPECT_EXIT(RunKernel(2, 1, ReadsThenWrite<true>(data)), ExitedWithCode(kExitDefect),
              "^warpsafe: data race\n(.*\n)*.*different blocks");
}

TEST_F(FastAccess, RepeatedReadsAreClean) {
  long long* data = DeviceAlloc<long long>(1);
  *data = 1;
  for (const auto& c : kSchedules) {
    ScheduleScope scope(c.schedule, c.seed, 1);
    EXPECT_EQ(RunKernel(2, 1, ReadsThenWrite<false>(data)), 0);
  }
}

// Every lane of a warp reads a vector over and over (repeats of its own reads, and reads that find
// the cell full of the others'), then writes its own element; with kOverlap, lane 5 writes element
// 7, which the others read with nothing ordering the two.
template <bool kOverlap>
auto SharedVector(const int* vec, int* out) {
  return [=] {
    int sum = 0;
    for (int pass = 0; pass < 3; ++pass) {
      for (int j = 0; j < 64; ++j) sum += Load(&vec[j]);
    }
    Store(&out[threadIdx.x], sum);
    if (kOverlap && threadIdx.x == 5) Store(const_cast<int*>(&vec[7]), sum);
  };
}

TEST_F(FastAccess, AVectorEveryLaneReadsIsClean) {
  int* vec = DeviceAlloc<int>(64);
  int* out = DeviceAlloc<int>(32);
  for (int j = 0; j < 64; ++j) vec[j] = j;
  for (const auto& c : kSchedules) {
    ScheduleScope scope(c.schedule, c.seed, 1);
    EXPECT_EQ(RunKernel(1, 32, SharedVector<false>(vec, out)), 0);
    EXPECT_EQ(out[31], 3 * (63 * 64 / 2));
  }
}

TEST_F(FastAccess, AWriteIntoAVectorEveryLaneReadsIsARace) {
  int* vec = DeviceAlloc<int>(64);
  int* out = DeviceAlloc<int>(32);
  for (int j = 0; j < 64; ++j) vec[j] = j;
  ScheduleScope scope(Schedule::kLockstep, 1, 1);
  EXPECT_EXIT(RunKernel(1, 32, SharedVector<true>(vec, out)), ExitedWithCode(kExitDefect),
              "^warpsafe: data race\n");
}

// A spin re-reading memory nobody writes repeats the same access: the fast path must still count it
// as a step without progress, so that the spin is a livelock (LIVE-1).
TEST_F(FastAccess, ASpinOfRepeatedReadsIsStillALivelock) {
  int* flag = DeviceAlloc<int>(1);
  *flag = 0;
  EXPECT_EXIT(
      {
        OptionsScope options([](Options& o) { o.livelock_steps = 100000; });
        ScheduleScope scope(Schedule::kLockstep, 1, 1);
        RunKernel(1, 1, [flag] {
          while (Load(flag) == 0) {
          }
        });
      },
      ExitedWithCode(kExitDefect), "^warpsafe: livelock\n");
}

}  // namespace
}  // namespace warpsafe::engine
