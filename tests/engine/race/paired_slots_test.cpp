// Paired slots (Detector::PairsWith, engine/src/race/detector.h): the two halves of a granule that
// one instruction of one thread accessed in one epoch share a slot. The pair must stand for both
// accesses exactly: its reports name one access's size and the instruction's own line, and a half
// from another epoch or another instruction keeps a slot of its own. And it must do what it is
// for: a vector every lane reads keeps its cells, so that another block's readers record nothing
// (the checker's cost on such loops, BENCHMARKS.md "Checker").
#include <gtest/gtest.h>

#include <atomic>
#include <string>

#include "race_test_util.h"

namespace warpsafe::engine {
namespace {

using testing::DeviceAlloc;
using testing::kSchedules;
using testing::Load;
using testing::RunKernel;
using testing::ScheduleScope;
using testing::Store;
using ::testing::ExitedWithCode;

class PairedSlots : public ::testing::Test {
 protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    race::Enable();
  }
};

// Block 0's thread reads both halves of x's first granule from one instruction (Load<int>: one
// return address); block 1's thread, with nothing ordering the two, writes the second half. The
// previous access is the 4-byte read of it, not an 8-byte one.
TEST_F(PairedSlots, ARaceWithAPairNamesOneAccesssSize) {
  int* x = DeviceAlloc<int>(2);
  x[0] = x[1] = 0;
  ScheduleScope scope(Schedule::kLockstep, 1, 1);
  EXPECT_EXIT(RunKernel(2, 1,
                        [x] {
                          if (blockIdx.x == 0) {
                            Load(&x[0]);
                            Load(&x[1]);
                          } else {
                            Store(&x[1], 5);
                          }
                        }),
              ExitedWithCode(kExitDefect), "^warpsafe: data race\n(.*\n)*.*previous read of 4 bytes by");
}

// Block 0's thread reads both halves (a pair), then the whole granule from another instruction: the
// slot now names that 8-byte read, which block 1's write races with.
TEST_F(PairedSlots, AWholeGranuleReadAfterAPairIsNamedWhole) {
  long long* x = DeviceAlloc<long long>(1);
  *x = 0;
  ScheduleScope scope(Schedule::kLockstep, 1, 1);
  EXPECT_EXIT(RunKernel(2, 1,
                        [x] {
                          int* halves = reinterpret_cast<int*>(x);
                          if (blockIdx.x == 0) {
                            Load(&halves[0]);
                            Load(&halves[1]);
                            Load(x);
                          } else {
                            Store(&halves[0], 5);
                          }
                        }),
              ExitedWithCode(kExitDefect), "^warpsafe: data race\n(.*\n)*.*previous read of 8 bytes by");
}

// Two sites, each in a function of its own (an instruction inlined into the kernel would share the
// kernel's return address with nothing else, but here every Load<int> shares one).
constexpr int kFirstSiteLine = __LINE__ + 1;
[[gnu::noipa]] int LoadAtFirstSite(const int* p) { __sanitizer_cov_load4(p); return *static_cast<const volatile int*>(p); }
constexpr int kSecondSiteLine = __LINE__ + 1;
[[gnu::noipa]] int LoadAtSecondSite(const int* p) { __sanitizer_cov_load4(p); return *static_cast<const volatile int*>(p); }

// Block 0's thread reads the halves from two different instructions: two slots, so the race with
// block 1's write of the second half names the second instruction's line.
TEST_F(PairedSlots, HalvesFromTwoInstructionsKeepTheirLines) {
  int* x = DeviceAlloc<int>(2);
  x[0] = x[1] = 0;
  ScheduleScope scope(Schedule::kLockstep, 1, 1);
  const std::string line = "paired_slots_test.cpp:" + std::to_string(kSecondSiteLine) + ": previous read";
  EXPECT_EXIT(RunKernel(2, 1,
                        [x] {
                          if (blockIdx.x == 0) {
                            LoadAtFirstSite(&x[0]);
                            LoadAtSecondSite(&x[1]);
                          } else {
                            Store(&x[1], 5);
                          }
                        }),
              ExitedWithCode(kExitDefect), "^warpsafe: data race\n(.*\n)*.*" + line);
  static_assert(kSecondSiteLine == kFirstSiteLine + 2);
}

// Thread 0 reads the first half, passes a __syncthreads with thread 1, then reads the second half
// (a new epoch) while thread 1 writes it. Thread 1 waits (re-reading a byte of its own, so that it
// yields) until thread 0 has read: the write is then checked against the read's slot. Paired with
// the first half's slot, the read would carry the old epoch, which the barrier orders before the
// write, and the race would be missed.
TEST_F(PairedSlots, HalvesFromTwoEpochsKeepTheirSlots) {
  int* x = DeviceAlloc<int>(2);
  x[0] = x[1] = 0;
  char* spin = DeviceAlloc<char>(2);
  spin[0] = spin[1] = 0;
  auto* read = new std::atomic<int>(0);
  ScheduleScope scope(Schedule::kLockstep, 1, 1);
  EXPECT_EXIT(RunKernel(1, 2,
                        [x, spin, read] {
                          if (threadIdx.x == 0) Load(&x[0]);
                          __syncthreads();
                          if (threadIdx.x == 0) {
                            Load(&x[1]);
                            read->store(1);
                          } else {
                            while (read->load() == 0) Load(&spin[1]);
                            Store(&x[1], 5);
                          }
                        }),
              ExitedWithCode(kExitDefect), "^warpsafe: data race\n(.*\n)*.*previous read of 4 bytes by");
}

// `blocks` blocks of one warp each read a 64-int vector three times and store one sum each.
int ReadVector(const int* vec, int* out, unsigned blocks) {
  return RunKernel(blocks, 32, [=] {
    int sum = 0;
    for (int pass = 0; pass < 3; ++pass) {
      for (int j = 0; j < 64; ++j) sum += Load(&vec[j]);
    }
    Store(&out[blockIdx.x * 32 + threadIdx.x], sum);
  });
}

// The blocks run one after the other (one worker; lockstep, so that both runs' block 0 records the
// same): block 1's threads find every cell of the vector
// full of block 0's reads, which cover it between them, so none of their reads is recorded, only
// their own stores. (A slot of block 0's thread with the reader's own index is another thread's
// read: taken for the reader's own, it sent that reader to the slow path on every pass, where it
// evicted a slot that its neighbour then recorded again.)
TEST_F(PairedSlots, AVectorAnotherBlockReadIsNotRecordedAgain) {
  int* vec = DeviceAlloc<int>(64);
  int* out = DeviceAlloc<int>(64);
  for (int j = 0; j < 64; ++j) vec[j] = j;
  {
    ScheduleScope scope(Schedule::kLockstep, 1, 1);
    const std::uint64_t before_one = race::CellChanges();
    ASSERT_EQ(ReadVector(vec, out, 1), 0);
    const std::uint64_t one = race::CellChanges() - before_one;
    const std::uint64_t before_two = race::CellChanges();
    ASSERT_EQ(ReadVector(vec, out, 2), 0);
    const std::uint64_t two = race::CellChanges() - before_two;
    EXPECT_EQ(two - one, 32u);
    EXPECT_EQ(out[63], 3 * (63 * 64 / 2));
  }
}

}  // namespace
}  // namespace warpsafe::engine
