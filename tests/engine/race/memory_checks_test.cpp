// The checks that share the detector's memory classification: out-of-bounds accesses (past a
// cudaMalloc block, into its redzone; outside every __shared__ declaration) and reads of shared
// memory that no thread of the block wrote (docs/semantics.md, section 13).
#include <gtest/gtest.h>

#include "race_test_util.h"

namespace warpsafe::engine {
namespace {

using testing::DeviceAlloc;
using testing::Load;
using testing::RunKernel;
using testing::ScheduleScope;
using testing::Store;
using ::testing::ExitedWithCode;

class MemoryChecks : public ::testing::Test {
 protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    race::Enable();
  }
};

TEST_F(MemoryChecks, ReadPastTheEndOfACudaMallocBlock) {
  int* p = DeviceAlloc<int>(1024);  // 4096 bytes: a multiple of the alignment, so only the redzone follows
  EXPECT_EXIT(
      {
        ScheduleScope scope(Schedule::kLockstep, 1, 1);
        RunKernel(1, 32, [p] { (void)Load(&p[threadIdx.x + 1000]); });
      },
      ExitedWithCode(kExitDefect),
      "^warpsafe: out-of-bounds access\n(.*\n)*.*read of 4 bytes by block \\(0,0,0\\), thread \\(24,0,0\\)"
      "(.*\n)*.*global memory: cudaMalloc block of 4096 bytes \\(the program's [0-9]+(st|nd|rd|th) "
      "allocation\\), 0 bytes past its end");
}

TEST_F(MemoryChecks, WriteStraddlingTheEndOfACudaMallocBlock) {
  char* p = DeviceAlloc<char>(10);
  EXPECT_EXIT(
      {
        ScheduleScope scope(Schedule::kLockstep, 1, 1);
        RunKernel(1, 1, [p] { Store(reinterpret_cast<long*>(p + 8), 1L); });
      },
      ExitedWithCode(kExitDefect), "^warpsafe: out-of-bounds access\n(.*\n)*.*write of 8 bytes");
}

TEST_F(MemoryChecks, AccessesInsideAllocationsAreFine) {
  int* p = DeviceAlloc<int>(100);
  ScheduleScope scope(Schedule::kRandom, 3, 1);
  EXPECT_EQ(RunKernel(2, 50, [p] { Store(&p[blockIdx.x * 50 + threadIdx.x], 1); }), 0);
}

void SharedOutOfBounds() {
  int* s = WARPSAFE_TEST_SHARED(int, 32);
  Store(&s[threadIdx.x], 1);
  __syncwarp();
  (void)Load(&s[threadIdx.x + 1]);  // lane 31 reads s[32]
}

TEST_F(MemoryChecks, ReadPastASharedArray) {
  EXPECT_EXIT(
      {
        ScheduleScope scope(Schedule::kLockstep, 1, 1);
        RunKernel(1, 32, SharedOutOfBounds);
      },
      ExitedWithCode(kExitDefect),
      "^warpsafe: out-of-bounds access\n(.*\n)*.*read of 4 bytes by block \\(0,0,0\\), thread \\(31,0,0\\)"
      "(.*\n)*.*shared memory: 0 bytes past the end of the __shared__ declaration at .*memory_checks_test.cpp:[0-9]+(:[0-9]+)? "
      "\\(128 bytes\\)");
}

TEST_F(MemoryChecks, PastDynamicSharedMemory) {
  EXPECT_EXIT(
      {
        ScheduleScope scope(Schedule::kLockstep, 1, 1);
        RunKernel(
            1, 32, [] { Store(static_cast<int*>(DynamicShared()) + threadIdx.x * 2, 1); }, 40);
      },
      ExitedWithCode(kExitDefect),
      "^warpsafe: out-of-bounds access\n(.*\n)*.*past the end of dynamic shared memory \\(40 bytes\\)");
}

void ReadBeforeAnyWrite() {
  int* s = WARPSAFE_TEST_SHARED(int, 64);
  if (threadIdx.x < 32) Store(&s[threadIdx.x], 1);
  __syncthreads();
  (void)Load(&s[threadIdx.x]);  // s[32..63] were never written
}

TEST_F(MemoryChecks, ReadOfUninitializedSharedMemory) {
  EXPECT_EXIT(
      {
        ScheduleScope scope(Schedule::kRandom, 1, 1);
        RunKernel(1, 64, ReadBeforeAnyWrite);
      },
      ExitedWithCode(kExitDefect),
      "^warpsafe: read of uninitialized shared memory\n(.*\n)*.*read of 4 bytes by block \\(0,0,0\\), thread "
      "\\(3[2-9]|[4-5][0-9]|6[0-3],0,0\\)");
}

// Shared memory is poisoned again for every block: a block that reads what the previous block
// wrote is reported.
void FirstBlockWritesEveryBlockReads() {
  int* s = WARPSAFE_TEST_SHARED(int, 32);
  if (blockIdx.x == 0) Store(&s[threadIdx.x], 1);
  __syncthreads();
  (void)Load(&s[threadIdx.x]);
}

TEST_F(MemoryChecks, SharedMemoryIsPoisonedForEveryBlock) {
  EXPECT_EXIT(
      {
        ScheduleScope scope(Schedule::kRandom, 1, 1);
        RunKernel(2, 32, FirstBlockWritesEveryBlockReads);
      },
      ExitedWithCode(kExitDefect), "^warpsafe: read of uninitialized shared memory\n(.*\n)*.*block \\(1,0,0\\)");
}

}  // namespace
}  // namespace warpsafe::engine
