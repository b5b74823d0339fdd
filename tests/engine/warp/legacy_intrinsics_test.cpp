// The mask-less pre-Volta intrinsics (engine/src/warp/legacy_intrinsics.cpp; docs/semantics/
// legacy_warp.md): built as for sm_60 (this file is compiled with __WARPSAFE_ARCH__=600, so the
// header declares them) and run in the Pascal mode, under every policy.
#include <gtest/gtest.h>

#include <vector>

#include "engine_test_util.h"

namespace warpsafe::engine {
namespace {

using testing::RunKernel;
using ::testing::ExitedWithCode;

// The kernels below are lambdas written outside any macro: a mask-less call's converged point is
// its call site, and every call inside one macro's arguments (ASSERT_EQ(0, RunKernel(...))) would
// have the macro's site.

static_assert(__WARPSAFE_ARCH__ < 700, "the mask-less intrinsics are declared only before sm_70");

// Pascal mode with a schedule and seed, for the scope of a test.
class PascalScope {
 public:
  PascalScope(Schedule schedule, std::uint64_t seed) : saved_(GetOptions()) {
    Options o = saved_;
    o.schedule = schedule;
    o.seed = seed;
    o.arch = 60;
    SetOptions(o);
  }
  ~PascalScope() { SetOptions(saved_); }

 private:
  Options saved_;
};

// Every policy, including the ones that shrink __activemask()'s set (LEGACY-2 says they do not
// shrink the converged set).
constexpr struct {
  Schedule schedule;
  std::uint64_t seed;
} kPolicies[] = {{Schedule::kLockstep, 1}, {Schedule::kRandom, 1},   {Schedule::kRandom, 9},
                 {Schedule::kRandom, 77},  {Schedule::kPct, 3},      {Schedule::kRunahead, 2}};

TEST(LegacyIntrinsics, AStraightPathIsTheWholeWarpUnderEveryPolicy) {
  for (const auto& p : kPolicies) {
    PascalScope scope(p.schedule, p.seed);
    std::vector<unsigned> ballot(64), sum(64);
    const int status = RunKernel(1, 64, [&] {
      const unsigned t = threadIdx.x;
      // A branch only lane 0 of each warp takes, with a scheduling point in it: under random
      // schedules the other lanes run ahead, and __activemask() would see only some of them.
      if ((t & 31) == 0) SchedulingPoint(Site::Here());
      ballot[t] = __ballot(1);
      unsigned v = t;
      for (int d = 16; d > 0; d /= 2) v += __shfl_down(v, d);
      sum[t] = v;
    });
    ASSERT_EQ(status, 0) << "policy " << static_cast<int>(p.schedule) << " seed " << p.seed;
    for (unsigned t = 0; t < 64; ++t) EXPECT_EQ(ballot[t], 0xffffffffu) << t;
    EXPECT_EQ(sum[0], 496u);
    EXPECT_EQ(sum[32], 32u * 32 + 496u);
  }
}

TEST(LegacyIntrinsics, ABranchIsItsLanesAndTheWarpReconvergesAfterIt) {
  for (const auto& p : kPolicies) {
    PascalScope scope(p.schedule, p.seed);
    std::vector<unsigned> inside(32), after(32), any_in(32);
    const int status = RunKernel(1, 32, [&] {
      const unsigned lane = threadIdx.x;
      if (lane % 3 == 0) {
        inside[lane] = __ballot(1);
        any_in[lane] = static_cast<unsigned>(__any(lane == 4));  // lane 4 is not in the branch
      }
      after[lane] = __shfl_xor(lane, 1);  // lane 15 reads 14, lane 16 reads 17: the whole warp again
    });
    ASSERT_EQ(status, 0);
    unsigned thirds = 0;
    for (unsigned l = 0; l < 32; l += 3) thirds |= 1u << l;
    for (unsigned l = 0; l < 32; ++l) {
      if (l % 3 == 0) {
        EXPECT_EQ(inside[l], thirds) << l;
        EXPECT_EQ(any_in[l], 0u) << l;
      }
      EXPECT_EQ(after[l], l ^ 1u) << l;
    }
  }
}

TEST(LegacyIntrinsics, LanesThatLoopLongerMeetTheOthersAfterTheLoop) {
  for (const auto& p : kPolicies) {
    PascalScope scope(p.schedule, p.seed);
    std::vector<unsigned> seen(32 * 4), last(32);
    const int status = RunKernel(1, 32, [&] {
      const unsigned lane = threadIdx.x;
      const unsigned trips = lane / 8 + 1;  // lanes 0-7 once, 8-15 twice, ... 24-31 four times
      for (unsigned i = 0; i < trips; ++i) seen[lane * 4 + i] = __ballot(1);
      last[lane] = __all(1) ? __ballot(1) : 0u;
    });
    ASSERT_EQ(status, 0);
    for (unsigned l = 0; l < 32; ++l) {
      for (unsigned i = 0; i <= l / 8; ++i) {
        // Iteration i is run by the lanes with more than i trips: lanes 8*i to 31.
        EXPECT_EQ(seen[l * 4 + i], 0xffffffffu << (8 * i)) << "lane " << l << " iteration " << i;
      }
      EXPECT_EQ(last[l], 0xffffffffu) << l;
    }
  }
}

TEST(LegacyIntrinsics, ExitedAndMissingLanesAreNotInTheSet) {
  for (const auto& p : kPolicies) {
    PascalScope scope(p.schedule, p.seed);
    std::vector<unsigned> ballot(48), bcast(48);
    const int status = RunKernel(1, 48, [&] {
      const unsigned t = threadIdx.x;
      if (t >= 40) return;                  // warp 1 keeps lanes 0-7 of its 16
      ballot[t] = __ballot(t & 1);
      bcast[t] = __shfl(t * 10, 7, 8);      // width 8: every lane reads lane 7 of its own eight
    });
    ASSERT_EQ(status, 0);
    EXPECT_EQ(ballot[0], 0xaaaaaaaau);
    EXPECT_EQ(ballot[32], 0x000000aau);
    for (unsigned t = 0; t < 40; ++t) EXPECT_EQ(bcast[t], ((t & ~7u) + 7) * 10) << t;
  }
}

class LegacyDefects : public ::testing::Test {
 protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

TEST_F(LegacyDefects, ReadingALaneOutsideTheBranchIsReported) {
  // Lanes 16-31 wait after the branch (they have not exited): lane 15 reads lane 16, which is on
  // the other path. With width 16 (the twin) its read stays inside its half.
  const auto kernel = [](unsigned width) {
    int v = static_cast<int>(threadIdx.x);
    if (threadIdx.x < 16) v = __shfl_down(v, 1, static_cast<int>(width));
    return __ballot(v > 100);
  };
  const auto across = [&] { kernel(32); };
  const auto within = [&] { kernel(16); };
  EXPECT_EXIT(
      {
        PascalScope scope(Schedule::kRandom, 4);
        RunKernel(1, 32, across);
      },
      ExitedWithCode(kExitDefect),
      "^warpsafe: shuffle from inactive lane\n.*\n.*__shfl_down\\(value, delta=1, width=32\\) with lanes 0-15 taking part"
      "\n.*lane 15 reads lane 16, which does not execute the call with it");
  PascalScope scope(Schedule::kRandom, 4);
  EXPECT_EQ(0, RunKernel(1, 32, within));
}

TEST_F(LegacyDefects, ABadWidthNamesTheMasklessCall) {
  EXPECT_EXIT(
      {
        PascalScope scope(Schedule::kLockstep, 1);
        RunKernel(1, 32, [] { __shfl_up(1, 1, 12); });
      },
      ExitedWithCode(kExitDefect), "^warpsafe: [^\n]*width[^\n]*\n.*\n.*__shfl_up with width 12");
}

}  // namespace
}  // namespace warpsafe::engine
