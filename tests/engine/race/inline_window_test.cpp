// The checker's inline windows (warpsafe/engine/check_inline.h, "Windows"): after a sweep hit, an
// instruction's next accesses further on in its memo range are decided by the window alone, with
// no step and no call; anything that could change the decision (an epoch, another lane, an
// address behind the window's start, a misaligned one, another instruction) is not.
//
// The header is compiled here as a check build compiles it, without the engine: this file stands
// in for the engine's side of the contract (what it publishes, and __warpsafe_check_access, which
// notes a decided range in the memo as the engine's fast path would).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#pragma GCC diagnostic ignored "-Wattributes"  // the header's clang-only no_sanitize
#include "warpsafe/engine/check_inline.h"

namespace warpsafe::engine {
struct LaneView {
  int tid;
};
__thread const LaneView* tls_lane = nullptr;
__thread InlineCheckLane tls_check_lane = {};
uint64_t g_check_generation = 1;
WindowEpoch g_window_epoch{1};
}  // namespace warpsafe::engine

namespace {

using namespace warpsafe::engine;

struct EngineCall {
  uintptr_t address;
  unsigned size;
  bool write;
};
std::vector<EngineCall> g_calls;
uintptr_t g_range_lo = 0, g_range_len = 0;  // what the stand-in engine decides for a whole range

}  // namespace

// The engine's side: every call is noted; an access inside the range the test set is decided and
// noted in the lane's memo as the fast path does (AccessMemo::Decided, the range at once).
extern "C" void __warpsafe_check_access(uintptr_t address, uintptr_t pc, unsigned size, bool write) {
  g_calls.push_back({address, size, write});
  if (address - g_range_lo >= g_range_len) return;
  InlineCheckLane& l = tls_check_lane;
  const uint64_t key = CheckMemoKey(pc, size, write);
  InlineMemoEntry& e = l.memo[CheckMemoSet(key) * kCheckMemoWays];
  static const uint64_t stamp = 0;
  e = {key, l.generation, 0, g_range_lo, g_range_len, address >> kCheckPageBits, &stamp, address, false};
}

namespace {

class InlineWindow : public ::testing::Test {
 protected:
  void SetUp() override {
    g_calls.clear();
    // A new launch, as far as the windows of earlier tests are concerned (the engine advances
    // both at every launch).
    ++g_check_generation;
    AdvanceWindowEpoch();
    buffer_ = static_cast<float*>(aligned_alloc(4096, 8192));
    g_range_lo = reinterpret_cast<uintptr_t>(buffer_);
    g_range_len = 8192;
    tls_lane = &lane_;
    InlineCheckLane& l = tls_check_lane;
    l = {};
    l.view = &lane_;
    l.generation = g_check_generation;
    l.memo = memo_;
    l.pending_store = pending_;
    l.countdown = &countdown_;
    l.progress = &progress_;
  }
  void TearDown() override {
    tls_lane = nullptr;
    tls_check_lane = {};
    free(buffer_);
  }

  float* buffer_ = nullptr;
  LaneView lane_{0};
  InlineMemoEntry memo_[kCheckMemoSets * kCheckMemoWays] = {};
  uintptr_t pending_[2] = {};  // a pending store's address, then its size
  uintptr_t& pending_store_ = pending_[0];
  uintptr_t& pending_size_ = pending_[1];
  unsigned countdown_ = 1000;
  unsigned char progress_ = 0;
};

// One instruction: a read of 4 bytes (each call of this function is the same access in the code).
[[gnu::noinline]] void ReadSite(const float* p) { __sanitizer_cov_load4(reinterpret_cast<uint32_t*>(const_cast<float*>(p))); }
[[gnu::noinline]] void WriteSite(float* p) { __sanitizer_cov_store4(reinterpret_cast<uint32_t*>(p)); }

TEST_F(InlineWindow, ASweepRunsInItsWindowWithoutStepsOrCalls) {
  // The first access goes to the engine (nothing decided); the second is a memo sweep hit, which
  // is a step, is progress, and fills the window; the 1022 after it take no step and no call.
  for (int i = 0; i < 1024; ++i) ReadSite(buffer_ + i);
  ASSERT_EQ(g_calls.size(), 1u);
  EXPECT_EQ(countdown_, 999u);
  EXPECT_EQ(progress_, 1);
  // The page ends the window (the memo's stamps are per page): the next page's first access is
  // the engine's, its second fills a window there.
  for (int i = 1024; i < 2048; ++i) ReadSite(buffer_ + i);
  ASSERT_EQ(g_calls.size(), 2u);
  EXPECT_EQ(g_calls.back().address, reinterpret_cast<uintptr_t>(buffer_ + 1024));
  EXPECT_EQ(countdown_, 998u);
}

TEST_F(InlineWindow, AnEpochEndsTheWindowAndTheNextHitFillsItAgain) {
  for (int i = 0; i < 500; ++i) ReadSite(buffer_ + i);
  AdvanceWindowEpoch();
  for (int i = 500; i < 1000; ++i) ReadSite(buffer_ + i);
  EXPECT_EQ(g_calls.size(), 1u);
  EXPECT_EQ(countdown_, 998u);  // two hits: the first fill, the fill after the epoch
}

TEST_F(InlineWindow, AWindowClearsAPendingStore) {
  ReadSite(buffer_);
  ReadSite(buffer_ + 1);  // fills the window
  pending_store_ = reinterpret_cast<uintptr_t>(buffer_);
  ReadSite(buffer_ + 2);  // in the window
  EXPECT_EQ(pending_store_, 0u);
  EXPECT_EQ(countdown_, 999u);
}

TEST_F(InlineWindow, AnotherLaneIsNotServed) {
  ReadSite(buffer_);
  ReadSite(buffer_ + 1);
  LaneView other{1};
  tls_lane = &other;  // switched to without a publication: the engine decides
  ReadSite(buffer_ + 2);
  EXPECT_EQ(g_calls.size(), 2u);
}

TEST_F(InlineWindow, TheWindowOnlyMovesForward) {
  ReadSite(buffer_);
  ReadSite(buffer_ + 1);   // fills [2, 1024)
  ReadSite(buffer_ + 10);  // in the window: its start moves to 11
  ReadSite(buffer_ + 5);   // behind it: a memo hit again (a step), never the window
  EXPECT_EQ(countdown_, 998u);
  ReadSite(buffer_ + 5);   // the same address again: not even a sweep hit, the engine's to judge
  EXPECT_EQ(g_calls.size(), 2u);
  EXPECT_EQ(g_calls.back().address, reinterpret_cast<uintptr_t>(buffer_ + 5));
}

TEST_F(InlineWindow, AMisalignedAddressInTheWindowGoesToTheEngine) {
  ReadSite(buffer_);
  ReadSite(buffer_ + 1);
  ReadSite(reinterpret_cast<const float*>(reinterpret_cast<const char*>(buffer_) + 10));
  ASSERT_EQ(g_calls.size(), 2u);
  EXPECT_EQ(g_calls.back().address, reinterpret_cast<uintptr_t>(buffer_) + 10);
}

TEST_F(InlineWindow, AnotherInstructionHasItsOwnWindow) {
  ReadSite(buffer_);
  ReadSite(buffer_ + 1);
  // A store to an address of the read's window: its own instruction, decided by the engine.
  WriteSite(buffer_ + 2);
  ASSERT_EQ(g_calls.size(), 2u);
  EXPECT_TRUE(g_calls.back().write);
}

TEST_F(InlineWindow, TheSameStoreAgainIsAStepWithoutACall) {
  WriteSite(buffer_ + 3);  // the engine's
  WriteSite(buffer_ + 3);  // the memo's: pending, a step; fills the window with the address
  EXPECT_EQ(pending_store_, reinterpret_cast<uintptr_t>(buffer_ + 3));
  EXPECT_EQ(countdown_, 999u);
  pending_store_ = 0;  // as a sweep's access would clear it
  pending_size_ = 0;
  WriteSite(buffer_ + 3);  // the window's: the same, with no call
  EXPECT_EQ(pending_store_, reinterpret_cast<uintptr_t>(buffer_ + 3));
  EXPECT_EQ(pending_size_, 4u);
  EXPECT_EQ(countdown_, 998u);
  EXPECT_EQ(g_calls.size(), 1u);
  // A store still pending is the engine's to judge, never the window's.
  WriteSite(buffer_ + 3);
  EXPECT_EQ(g_calls.size(), 2u);
  // Nor is another address, nor the step that makes the periodic check due.
  pending_store_ = 0;
  WriteSite(buffer_ + 4);
  EXPECT_EQ(countdown_, 997u);  // the memo's (a step), not the window's
  pending_store_ = 0;
  countdown_ = 1;
  WriteSite(buffer_ + 4);
  EXPECT_EQ(g_calls.size(), 3u);
}

TEST_F(InlineWindow, AReadNeverTakesAStoresAddress) {
  WriteSite(buffer_ + 3);
  WriteSite(buffer_ + 3);
  pending_store_ = 0;
  ReadSite(buffer_ + 3);  // the read's own first access: the engine's
  EXPECT_EQ(g_calls.size(), 2u);
}

TEST_F(InlineWindow, TheWindowEndsAtTheRangesEnd) {
  g_range_len = 64 * sizeof(float);  // the engine decides only the first 64 floats
  for (int i = 0; i < 65; ++i) ReadSite(buffer_ + i);
  ASSERT_EQ(g_calls.size(), 2u);  // the first, and the one past the range
  EXPECT_EQ(g_calls.back().address, reinterpret_cast<uintptr_t>(buffer_ + 64));
}

}  // namespace
