// The fast path's memo (engine/src/race/access_memo.h): a range of accesses one instruction of a
// lane already had decided is skipped until anything the decision depends on changes. Each racy
// kernel below is one that a memo kept past such a change would pass (or report with the wrong
// line); each clean twin checks that the memo's ranges themselves report nothing.
//
// The kernels order their phases through std::atomic flags, which the detector does not see (this
// file is not instrumented): they order nothing for it, as two threads that happen to run in that
// order. A waiting lane re-reads a byte of its own (Load<char>) so that it yields to the others.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
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

class AccessMemo : public ::testing::Test {
 protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    race::Enable();
  }
};

struct Phases {
  std::atomic<int> synced{0};  // lane 5 has passed its __syncwarp with lanes 1-4
  std::atomic<int> read{0};    // lane 0 has read x twice
  std::atomic<int> wrote{0};   // lane 5 has written
};

void WaitFor(const std::atomic<int>& flag, const char* spin) {
  while (flag.load() == 0) Load(spin);
}

// Lanes 1-4 read x[0], filling its cell with their reads, and __syncwarp with lane 5. Lane 0 then
// reads x[0] twice: the cell full of others' reads decides both, the second from the memo, and
// neither is recorded. Lane 5, ordered after lanes 1-4's reads but not after lane 0's, then writes
// x[kTarget], which replaces those reads in the cell. Lane 0 reads x[0] once more: with kTarget 0
// it races with lane 5's write, which only the cell shows (a memo kept past the write would decide
// the read again); with kTarget 4 the write is to another granule and the read is clean.
template <int kTarget>
auto ReadersThenWriter(int* x, char* spin, Phases* phases) {
  return [=] {
    const unsigned tid = threadIdx.x;
    if (tid >= 1 && tid <= 4) {
      Load(&x[0]);
      __syncwarp(0x3eu);
    } else if (tid == 5) {
      __syncwarp(0x3eu);
      phases->synced.store(1);
      WaitFor(phases->read, &spin[tid]);
      Store(&x[kTarget], 7);
      phases->wrote.store(1);
    } else {
      WaitFor(phases->synced, &spin[tid]);
      Load(&x[0]);
      Load(&x[0]);
      phases->read.store(1);
      WaitFor(phases->wrote, &spin[tid]);
      Load(&x[0]);
    }
  };
}

TEST_F(AccessMemo, AWriteThatReplacesTheCellsReadsEndsTheMemo) {
  int* x = DeviceAlloc<int>(8);
  char* spin = DeviceAlloc<char>(8);
  for (int i = 0; i < 8; ++i) x[i] = i, spin[i] = 0;
  Phases phases;
  ScheduleScope scope(Schedule::kLockstep, 1, 1);
  EXPECT_EXIT(RunKernel(1, 6, ReadersThenWriter<0>(x, spin, &phases)), ExitedWithCode(kExitDefect),
              "^warpsafe: data race\n(.*\n)*.*thread \\(0,0,0\\)(.*\n)*.*previous write of 4 bytes by block "
              "\\(0,0,0\\), thread \\(5,0,0\\)");
}

TEST_F(AccessMemo, AWriteToAnotherGranuleKeepsTheReadsClean) {
  int* x = DeviceAlloc<int>(8);
  char* spin = DeviceAlloc<char>(8);
  for (const auto& c : kSchedules) {
    for (int i = 0; i < 8; ++i) x[i] = i, spin[i] = 0;
    Phases phases;
    ScheduleScope scope(c.schedule, c.seed, 1);
    EXPECT_EQ(RunKernel(1, 6, ReadersThenWriter<4>(x, spin, &phases)), 0);
    EXPECT_EQ(x[4], 7);
  }
}

// Deciding ahead (fast_access.h): lanes 1-4 read x[0..kAhead), filling every cell with their reads,
// and __syncwarp with lane 5, which then writes x[kTarget] (ordered after their reads, not after
// lane 0's). Lane 0 then reads x[0..kAhead): its first read is decided from the cell, and the
// accesses after it on the page are decided ahead, up to x[kTarget], whose cell holds the write:
// that read still goes to the cell and races with the write. Without the write, all is clean.
constexpr int kAhead = 64;
constexpr int kTarget = 40;
template <bool kWrite>
auto ReadAheadOfAWrite(int* x, char* spin, Phases* phases) {
  return [=] {
    const unsigned tid = threadIdx.x;
    if (tid >= 1 && tid <= 4) {
      for (int i = 0; i < kAhead; ++i) Load(&x[i]);
      __syncwarp(0x3eu);
    } else if (tid == 5) {
      __syncwarp(0x3eu);
      if (kWrite) Store(&x[kTarget], 7);
      phases->wrote.store(1);
    } else {
      WaitFor(phases->wrote, &spin[tid]);
      for (int i = 0; i < kAhead; ++i) Load(&x[i]);
    }
  };
}

// x at the start of a page of its allocation: deciding ahead stops at the page's end.
int* PageAligned(int* p) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  return reinterpret_cast<int*>((a + 4095) & ~std::uintptr_t{4095});
}

TEST_F(AccessMemo, DecidingAheadStopsAtACellThatDecidesOtherwise) {
  int* x = PageAligned(DeviceAlloc<int>(2048));
  char* spin = DeviceAlloc<char>(8);
  for (int i = 0; i < kAhead; ++i) x[i] = i;
  for (int i = 0; i < 8; ++i) spin[i] = 0;
  Phases phases;
  ScheduleScope scope(Schedule::kLockstep, 1, 1);
  EXPECT_EXIT(RunKernel(1, 6, ReadAheadOfAWrite<true>(x, spin, &phases)), ExitedWithCode(kExitDefect),
              "^warpsafe: data race\n(.*\n)*.*thread \\(0,0,0\\)(.*\n)*.*previous write of 4 bytes by block "
              "\\(0,0,0\\), thread \\(5,0,0\\)");
}

TEST_F(AccessMemo, DecidingAheadOverOthersReadsIsClean) {
  int* x = PageAligned(DeviceAlloc<int>(2048));
  char* spin = DeviceAlloc<char>(8);
  for (const auto& c : kSchedules) {
    for (int i = 0; i < kAhead; ++i) x[i] = i;
    for (int i = 0; i < 8; ++i) spin[i] = 0;
    Phases phases;
    ScheduleScope scope(c.schedule, c.seed, 1);
    EXPECT_EQ(RunKernel(1, 6, ReadAheadOfAWrite<false>(x, spin, &phases)), 0);
  }
}

// Two instructions storing to the same bytes, each with its own return address (the call and the
// store on one line, so that the report's line is that line; noipa: identical functions folded
// into one would share one return address).
constexpr int kFirstSiteLine = __LINE__ + 1;
[[gnu::noipa]] void StoreAtFirstSite(int* p, int v) { __sanitizer_cov_store4(p); *static_cast<volatile int*>(p) = v; }
constexpr int kSecondSiteLine = __LINE__ + 1;
[[gnu::noipa]] void StoreAtSecondSite(int* p, int v) { __sanitizer_cov_store4(p); *static_cast<volatile int*>(p) = v; }

// Block 0's thread stores `data` from the first site twice (the memo takes the repeat), from the
// second site (the slot now names it), then from the first site again: the slot must name the
// first site again, which a memo of the first site's earlier decision would skip. Block 1's thread
// then reads `data` with nothing ordering the two: the report's previous write is the last one.
auto StoresFromTwoSites(int* data) {
  return [=] {
    if (blockIdx.x == 0) {
      StoreAtFirstSite(data, 1);
      StoreAtFirstSite(data, 2);
      StoreAtSecondSite(data, 3);
      StoreAtFirstSite(data, 4);
    } else {
      Load(data);
    }
  };
}

TEST_F(AccessMemo, ARepeatAfterAnotherSiteNamesItsOwnLine) {
  int* data = DeviceAlloc<int>(1);
  ScheduleScope scope(Schedule::kLockstep, 1, 1);
  const std::string line = "access_memo_test.cpp:" + std::to_string(kFirstSiteLine) + ": previous write";
  EXPECT_EXIT(RunKernel(2, 1, StoresFromTwoSites(data)), ExitedWithCode(kExitDefect),
              "^warpsafe: data race\n(.*\n)*.*" + line);
  static_assert(kSecondSiteLine == kFirstSiteLine + 2);
}

// A lane streaming over its own row several times (the memo's common case) with the other lanes
// reading a shared vector: clean under every schedule, and the sums are right.
TEST_F(AccessMemo, RowsStreamedManyTimesAreClean) {
  constexpr int kCols = 256;
  int* rows = DeviceAlloc<int>(32 * kCols);
  int* vec = DeviceAlloc<int>(kCols);
  int* out = DeviceAlloc<int>(32);
  for (int i = 0; i < 32 * kCols; ++i) rows[i] = 1;
  for (int j = 0; j < kCols; ++j) vec[j] = 2;
  for (const auto& c : kSchedules) {
    ScheduleScope scope(c.schedule, c.seed, 1);
    EXPECT_EQ(RunKernel(1, 32,
                        [=] {
                          int sum = 0;
                          for (int pass = 0; pass < 4; ++pass) {
                            for (int j = 0; j < kCols; ++j) {
                              sum += Load(&rows[threadIdx.x * kCols + j]) * Load(&vec[j]);
                              Store(&out[threadIdx.x], sum);
                            }
                          }
                        }),
              0);
    EXPECT_EQ(out[31], 4 * kCols * 2);
  }
}

}  // namespace
}  // namespace warpsafe::engine
