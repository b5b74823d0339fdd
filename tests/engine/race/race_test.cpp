// Happens-before race detection (engine/src/race/detector.cpp): racy/clean twins for each edge
// the CUDA memory model offers (docs/semantics.md: ITS-3, SYNCWARP-2, BAR-1, SYNC-ORDER, FENCE-1,
// ATOMIC-1). Each racy twin is a death test pinned to the report's first line; each clean twin
// runs under every schedule of kSchedules and must finish without a report.
#include <gtest/gtest.h>

#include "race_test_util.h"

namespace warpsafe::engine {
namespace {

using testing::DeviceAlloc;
using testing::kSchedules;
using testing::Load;
using testing::RunKernel;
using testing::ScheduleScope;
using testing::Store;
using testing::Tid;
using ::testing::ExitedWithCode;

class Race : public ::testing::Test {
 protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    race::Enable();
  }
};

// Runs `kernel` under every schedule of kSchedules, one worker (as check builds do); each run must
// finish without a report.
template <class F>
void ExpectCleanUnderEverySchedule(dim3 grid, dim3 block, F kernel, std::size_t smem = 0) {
  for (const auto& c : kSchedules) {
    ScheduleScope scope(c.schedule, c.seed, 1);
    EXPECT_EQ(RunKernel(grid, block, kernel, smem), 0);
  }
}
template <class F>
void RunOnce(dim3 grid, dim3 block, F kernel, Schedule schedule = Schedule::kRandom, std::uint64_t seed = 1) {
  ScheduleScope scope(schedule, seed, 1);
  RunKernel(grid, block, kernel);
}

// ---- within a warp: __syncwarp (ITS-3, SYNCWARP-2) ------------------------------------------------

// Each lane writes its slot and reads its neighbour's: the exchange of ITS-3.
template <bool kSyncwarp>
void WarpExchange() {
  int* s = WARPSAFE_TEST_SHARED(int, 32);
  const unsigned lane = threadIdx.x;
  Store(&s[lane], static_cast<int>(lane));
  if (kSyncwarp) __syncwarp();
  const int v = Load(&s[(lane + 1) % 32]);
  if (kSyncwarp) __syncwarp();
  Store(&s[lane], v);
}

TEST_F(Race, WarpExchangeWithoutSyncwarpIsARace) {
  EXPECT_EXIT(RunOnce(1, 32, WarpExchange<false>, Schedule::kLockstep), ExitedWithCode(kExitDefect),
              "^warpsafe: data race\n(.*\n)*.*both threads are lanes of warp 0: no __syncwarp");
}

TEST_F(Race, WarpExchangeWithSyncwarpIsClean) { ExpectCleanUnderEverySchedule(1, 32, WarpExchange<true>); }

// A zero-padded warp scan in shared memory, written as if the warp ran in lockstep: without
// __syncwarp between a round's read of the neighbour's slot and the write of its own it is a race.
template <bool kSyncwarp>
void PaddedWarpScan() {
  int* s = WARPSAFE_TEST_SHARED(int, 64);
  const unsigned lane = threadIdx.x;
  Store(&s[lane], 0);  // zero padding: s[0..31]
  const unsigned i = 32 + lane;
  Store(&s[i], 1);
  if (kSyncwarp) __syncwarp();
  for (unsigned dist = 1; dist < 32; dist *= 2) {
    const int t = Load(&s[i - dist]);
    if (kSyncwarp) __syncwarp();
    Store(&s[i], Load(&s[i]) + t);
    if (kSyncwarp) __syncwarp();
  }
  if (Load(&s[i]) != static_cast<int>(lane) + 1) __trap();
}

TEST_F(Race, PaddedWarpScanWithoutSyncwarpIsARace) {
  EXPECT_EXIT(RunOnce(1, 32, PaddedWarpScan<false>, Schedule::kLockstep), ExitedWithCode(kExitDefect),
              "^warpsafe: data race\n");
}

TEST_F(Race, PaddedWarpScanWithSyncwarpIsClean) { ExpectCleanUnderEverySchedule(1, 32, PaddedWarpScan<true>); }

// Shuffles and votes do not order memory (SYNC-ORDER).
void ExchangeAroundAShuffle() {
  int* s = WARPSAFE_TEST_SHARED(int, 32);
  const unsigned lane = threadIdx.x;
  Store(&s[lane], 1);
  (void)__shfl_sync(0xffffffffu, 1, 0);
  (void)__ballot_sync(0xffffffffu, 1);
  (void)Load(&s[lane ^ 1]);
}

TEST_F(Race, AShuffleDoesNotOrderMemory) {
  EXPECT_EXIT(RunOnce(1, 32, ExchangeAroundAShuffle), ExitedWithCode(kExitDefect), "^warpsafe: data race\n");
}

// Reads never race with reads; each lane's own bytes never race (sub-word too).
void ReadSharingAndByteNeighbours() {
  char* bytes = WARPSAFE_TEST_SHARED(char, 32);
  int* word = WARPSAFE_TEST_SHARED(int, 1);
  const unsigned lane = threadIdx.x;
  if (lane == 0) Store(word, 42);
  Store(&bytes[lane], static_cast<char>(lane));  // 4 lanes per 4-byte word, disjoint bytes
  __syncwarp();
  if (Load(word) != 42) __trap();
  if (Load(&bytes[lane]) != static_cast<char>(lane)) __trap();
}

TEST_F(Race, ReadsAndDisjointBytesAreClean) { ExpectCleanUnderEverySchedule(1, 32, ReadSharingAndByteNeighbours); }

// ---- between warps: __syncthreads (BAR-1) ---------------------------------------------------------

template <bool kSyncthreads>
void InterWarpExchange() {
  int* s = WARPSAFE_TEST_SHARED(int, 64);
  const unsigned tid = Tid();
  Store(&s[tid], static_cast<int>(tid));
  if (kSyncthreads) __syncthreads();
  (void)Load(&s[(tid + 32) % 64]);
  if (kSyncthreads) __syncthreads();
  Store(&s[tid], 0);
}

TEST_F(Race, InterWarpExchangeWithoutSyncthreadsIsARace) {
  EXPECT_EXIT(RunOnce(1, 64, InterWarpExchange<false>), ExitedWithCode(kExitDefect),
              "^warpsafe: data race\n(.*\n)*.*warps [01] and [01] of one block: no __syncthreads");
}

TEST_F(Race, InterWarpExchangeWithSyncthreadsIsClean) {
  ExpectCleanUnderEverySchedule(1, 64, InterWarpExchange<true>);
  ExpectCleanUnderEverySchedule(2, dim3(16, 4), InterWarpExchange<true>);
}

// A __syncwarp orders only its own warp.
void SyncwarpDoesNotOrderOtherWarps() {
  int* s = WARPSAFE_TEST_SHARED(int, 64);
  const unsigned tid = Tid();
  Store(&s[tid], 1);
  __syncwarp();
  (void)Load(&s[(tid + 32) % 64]);
}

TEST_F(Race, SyncwarpDoesNotOrderAnotherWarp) {
  EXPECT_EXIT(RunOnce(1, 64, SyncwarpDoesNotOrderOtherWarps), ExitedWithCode(kExitDefect), "^warpsafe: data race\n");
}

// ---- between blocks -------------------------------------------------------------------------------

TEST_F(Race, InterBlockRaceOnGlobalMemory) {
  int* g = DeviceAlloc<int>(16);
  EXPECT_EXIT(RunOnce(2, 32,
                      [g] {
                        if (threadIdx.x == 0) Store(&g[3], static_cast<int>(blockIdx.x));
                        __syncthreads();  // orders the block, not the grid
                      }),
              ExitedWithCode(kExitDefect),
              "^warpsafe: data race\n(.*\n)*.*write of 4 bytes by block \\(1,0,0\\), thread \\(0,0,0\\)"
              "(.*\n)*.*previous write of 4 bytes by block \\(0,0,0\\), thread \\(0,0,0\\)"
              "(.*\n)*.*cudaMalloc block of 64 bytes \\(the program's [0-9]+(st|nd|rd|th) allocation\\), at \\+12"
              "(.*\n)*.*different blocks");
}

// ---- atomics and fences (FENCE-1, ATOMIC-1) --------------------------------------------------------

// A spin lock from atomicCAS/atomicExch around a plain read-modify-write, by lanes of two blocks
// and two warps.
template <bool kFences>
auto LockedIncrement(int* lock, int* data) {
  return [lock, data] {
    if (threadIdx.x % 16 != 0) return;
    while (atomicCAS(lock, 0, 1) != 0) {
    }
    if (kFences) __threadfence();  // acquire: the atomic, then the fence
    Store(data, Load(data) + 1);
    if (kFences) __threadfence();  // release: the fence, then the atomic
    atomicExch(lock, 0);
  };
}

TEST_F(Race, LockWithFencesIsClean) {
  int* lock = DeviceAlloc<int>(1);
  int* data = DeviceAlloc<int>(1);
  *lock = 0;
  *data = 0;
  ExpectCleanUnderEverySchedule(2, 64, LockedIncrement<true>(lock, data));
  EXPECT_EQ(*data, 5 * 2 * 4);
}

TEST_F(Race, LockWithoutFencesIsARace) {
  int* lock = DeviceAlloc<int>(1);
  int* data = DeviceAlloc<int>(1);
  *lock = 0;
  *data = 0;
  EXPECT_EXIT(RunOnce(2, 64, LockedIncrement<false>(lock, data)), ExitedWithCode(kExitDefect),
              "^warpsafe: data race\n");
}

// A message through a flag: data, fence, atomic flag store / atomic flag load, fence, data.
template <bool kFences>
auto FlagMessage(int* flag, int* data, bool across_blocks) {
  return [=] {
    const bool producer = across_blocks ? (blockIdx.x == 0 && threadIdx.x == 0) : threadIdx.x == 0;
    const bool consumer = across_blocks ? (blockIdx.x == 1 && threadIdx.x == 0) : threadIdx.x == 32;
    if (producer) {
      Store(data, 1234);
      if (kFences) __threadfence();
      atomicExch(flag, 1);
    } else if (consumer) {
      while (atomicAdd(flag, 0) == 0) {
      }
      if (kFences) __threadfence();
      if (Load(data) != 1234) __trap();
    }
  };
}

TEST_F(Race, FlagMessageWithFencesIsClean) {
  int* flag = DeviceAlloc<int>(1);
  int* data = DeviceAlloc<int>(1);
  for (const bool across_blocks : {false, true}) {
    for (const auto& c : kSchedules) {
      *flag = 0;
      ScheduleScope scope(c.schedule, c.seed, 1);
      EXPECT_EQ(RunKernel(across_blocks ? 2 : 1, 64, FlagMessage<true>(flag, data, across_blocks)), 0);
    }
  }
}

TEST_F(Race, FlagMessageWithoutFencesIsARace) {
  int* flag = DeviceAlloc<int>(1);
  int* data = DeviceAlloc<int>(1);
  *flag = 0;
  EXPECT_EXIT(RunOnce(2, 64, FlagMessage<false>(flag, data, true)), ExitedWithCode(kExitDefect),
              "^warpsafe: data race\n(.*\n)*.*different blocks");
  *flag = 0;
  EXPECT_EXIT(RunOnce(1, 64, FlagMessage<false>(flag, data, false)), ExitedWithCode(kExitDefect),
              "^warpsafe: data race\n(.*\n)*.*no __syncthreads");
}

// A plain read of a flag another thread sets atomically is a race (volatile does not help).
TEST_F(Race, PlainReadOfAnAtomicallyWrittenFlagIsARace) {
  int* flag = DeviceAlloc<int>(1);
  *flag = 0;
  EXPECT_EXIT(RunOnce(1, 64,
                      [flag] {
                        if (threadIdx.x == 0) atomicExch(flag, 1);
                        if (threadIdx.x == 32) {
                          while (Load(flag) == 0) SchedulingPoint(Site::Here());
                        }
                      }),
              ExitedWithCode(kExitDefect), "^warpsafe: data race\n(.*\n)*.*one of them is atomic");
}

TEST_F(Race, AtomicsNeverRaceWithAtomics) {
  int* counter = DeviceAlloc<int>(1);
  *counter = 0;
  ExpectCleanUnderEverySchedule(3, 64, [counter] { atomicAdd(counter, 1); });
  EXPECT_EQ(*counter, 3 * 64 * 5);
}

// A decoupled look-back chain across many blocks: each block waits for its predecessor's flag
// (atomic, then fence), reads its aggregate, publishes its own (fence, then atomic). Clean, and the
// clocks stay small although every block learns its predecessors' history.
TEST_F(Race, DecoupledLookBackIsClean) {
  constexpr unsigned kBlocks = 300;
  int* flags = DeviceAlloc<int>(kBlocks);
  int* aggregates = DeviceAlloc<int>(kBlocks);
  for (unsigned b = 0; b < kBlocks; ++b) flags[b] = 0;
  ScheduleScope scope(Schedule::kRandom, 5, 1);
  EXPECT_EQ(RunKernel(kBlocks, 64,
                      [=] {
                        if (threadIdx.x != 0) return;
                        const unsigned b = blockIdx.x;
                        int prefix = 0;
                        if (b > 0) {
                          while (atomicAdd(&flags[b - 1], 0) == 0) {
                          }
                          __threadfence();
                          prefix = Load(&aggregates[b - 1]);
                        }
                        Store(&aggregates[b], prefix + 1);
                        __threadfence();
                        atomicExch(&flags[b], 1);
                      }),
            0);
  EXPECT_EQ(aggregates[kBlocks - 1], static_cast<int>(kBlocks));
}

// ---- the report ------------------------------------------------------------------------------------

void RaceForTheReport() {
  int* s = WARPSAFE_TEST_SHARED(int, 32);
  if (threadIdx.x == 1) Store(&s[1], 5);
  if (threadIdx.x == 2) (void)Load(&s[1]);
}

TEST_F(Race, TheReportNamesBothAccessesAndTheMemory) {
  EXPECT_EXIT(RunOnce(1, 32, RaceForTheReport, Schedule::kLockstep), ExitedWithCode(kExitDefect),
              "^warpsafe: data race\n"
              "  in kernel test_kernel .*, block \\(0,0,0\\), thread \\(2,0,0\\) \\(warp 0, lane 2\\)\n"
              "  in shared memory, .*\n"
              "  at .*race_test_util.h:[0-9]+: read of 4 bytes by block \\(0,0,0\\), thread \\(2,0,0\\) "
              "\\(warp 0, lane 2\\)\n"
              "  at .*race_test_util.h:[0-9]+: previous write of 4 bytes by block \\(0,0,0\\), thread \\(1,0,0\\) "
              "\\(warp 0, lane 1\\)\n"
              "  shared memory: __shared__ declaration at .*race_test.cpp:[0-9]+(:[0-9]+)? \\(128 bytes\\) at \\+4\n");
}

int g_device_variable[8];  // stands for a __device__ variable: the program's static storage

TEST_F(Race, ARaceOnADeviceVariableNamesIt) {
  EXPECT_EXIT(RunOnce(1, 64,
                      [] {
                        if (threadIdx.x == 0 || threadIdx.x == 40) Store(&g_device_variable[2], 1);
                      }),
              ExitedWithCode(kExitDefect),
              "^warpsafe: data race\n(.*\n)*.*global memory: __device__ variable `.*g_device_variable`"
              "( at .*race_test.cpp:317)? \\(32 bytes\\) at \\+8");
}

// An atomic is reported at its call site (the header's Site), not the header.
TEST_F(Race, APlainWriteAfterAnUnorderedAtomicIsARace) {
  int* x = DeviceAlloc<int>(1);
  *x = 0;
  EXPECT_EXIT(RunOnce(1, 32,
                      [x] {
                        if (threadIdx.x == 0) atomicAdd(x, 1);
                        __syncwarp();
                        __syncwarp();
                        if (threadIdx.x == 1) Store(x, 7);
                        if (threadIdx.x == 2) atomicAdd(x, 1);
                      },
                      Schedule::kLockstep),
              ExitedWithCode(kExitDefect),
              "^warpsafe: data race\n(.*\n)*.*at .*race_test.cpp:[0-9]+(:[0-9]+)?: (previous )?atomic of 4 bytes by block");
}

}  // namespace
}  // namespace warpsafe::engine
