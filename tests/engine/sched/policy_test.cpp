// The schedule policies (engine/src/sched/*_policy.h) by themselves, on a run queue and a
// generator: what each picks, how each treats a spinning lane and __activemask.
#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "sched/lockstep_policy.h"
#include "sched/pct_policy.h"
#include "sched/random_policy.h"
#include "sched/runahead_policy.h"

namespace warpsafe::engine {
namespace {

struct Fixture {
  explicit Fixture(unsigned n, bool bits = false) : lanes(n) {
    queue.Reset(n, bits);
    for (unsigned t = 0; t < n; ++t) {
      lanes[t].tid = t;
      queue.Add(t);
    }
    rng.Seed(12345);
  }
  PickContext Context(const Lane* current, unsigned open = 0, std::uint64_t steps = 0) const {
    return PickContext{queue, current, current != nullptr, open, steps};
  }
  std::vector<Lane> lanes;
  RunQueue queue;
  Rng rng;
};

TEST(RandomPolicy, DrawsUniformlyOverRunnableLanesAndOpenActiveMaskPoints) {
  Fixture f(6);
  f.queue.Remove(2);  // lanes 0 1 3 4 5 runnable, and 3 open points: 8 choices
  RandomPolicy p;
  EXPECT_EQ(p.active_mask_rule(), ActiveMaskRule::kWeighedInPick);
  EXPECT_FALSE(p.demotes_spinners());
  std::map<int, int> seen;  // tid, or -1 - k for point k
  constexpr int kDraws = 80000;
  for (int i = 0; i < kDraws; ++i) {
    const Choice c = p.Pick(f.Context(nullptr, 3), f.rng);
    ASSERT_NE(c.kind, Choice::Kind::kNone);
    seen[c.kind == Choice::Kind::kLane ? static_cast<int>(c.index) : -1 - static_cast<int>(c.index)]++;
  }
  EXPECT_EQ(seen.size(), 8u);
  EXPECT_EQ(seen.count(2), 0u);
  for (const auto& [what, n] : seen) EXPECT_NEAR(n, kDraws / 8, kDraws / 8 / 10) << what;
  // The inline pick draws the same lane as Pick with no open point, from the same state.
  Rng a = f.rng, b = f.rng;
  for (int i = 0; i < 100; ++i) {
    const Choice c = p.Pick(f.Context(nullptr), a);
    EXPECT_EQ(c.index, RandomPolicy::PickLane(f.queue, b));
  }
}

TEST(RandomPolicy, StopsWhenNothingIsRunnableOrOpen) {
  Fixture f(2);
  f.queue.Remove(0);
  f.queue.Remove(1);
  RandomPolicy p;
  EXPECT_EQ(p.Pick(f.Context(nullptr), f.rng).kind, Choice::Kind::kNone);
  const Choice c = p.Pick(f.Context(nullptr, 1), f.rng);  // only a point to close
  EXPECT_EQ(c.kind, Choice::Kind::kCloseActiveMask);
  EXPECT_EQ(c.index, 0u);
}

TEST(LockstepPolicy, RunsTheNextRunnableLaneInThreadOrderWrapping) {
  Fixture f(40, true);
  LockstepPolicy p;
  EXPECT_TRUE(p.reads_thread_order());
  EXPECT_EQ(p.active_mask_rule(), ActiveMaskRule::kWhenWarpBlocked);
  EXPECT_EQ(p.Pick(f.Context(nullptr), f.rng).index, 0u);
  EXPECT_EQ(p.Pick(f.Context(&f.lanes[5]), f.rng).index, 6u);
  f.queue.Remove(6);
  f.queue.Remove(7);
  EXPECT_EQ(p.Pick(f.Context(&f.lanes[5]), f.rng).index, 8u);
  EXPECT_EQ(p.Pick(f.Context(&f.lanes[39]), f.rng).index, 0u);
  for (unsigned t = 0; t < 40; ++t) {
    if (t != 6 && t != 7 && t != 3) f.queue.Remove(t);
  }
  EXPECT_EQ(p.Pick(f.Context(&f.lanes[3]), f.rng).index, 3u);  // the only runnable lane, itself
  f.queue.Remove(3);
  EXPECT_EQ(p.Pick(f.Context(&f.lanes[3]), f.rng).kind, Choice::Kind::kNone);
}

TEST(PctPolicy, RunsTheHighestPriorityAndDemotesASpinnerBelowEveryone) {
  Fixture f(8);
  PctPolicy p;
  p.Configure(1, 100);  // no change points: priorities alone decide
  p.Start(8, f.rng);
  EXPECT_TRUE(p.demotes_spinners());
  EXPECT_EQ(p.active_mask_rule(), ActiveMaskRule::kAtOnce);
  unsigned best = 0;
  for (unsigned t = 1; t < 8; ++t) if (p.priority(t) > p.priority(best)) best = t;
  std::vector<std::uint32_t> seen;
  for (unsigned t = 0; t < 8; ++t) seen.push_back(p.priority(t));
  std::sort(seen.begin(), seen.end());
  for (unsigned t = 0; t < 8; ++t) EXPECT_EQ(seen[t], 1 + t);  // distinct, above the change level
  EXPECT_EQ(p.Pick(f.Context(nullptr), f.rng).index, best);
  p.OnSpin(f.lanes[best]);
  EXPECT_LT(p.priority(best), 1u);
  EXPECT_NE(p.Pick(f.Context(nullptr), f.rng).index, best);
  f.queue.Remove(p.Pick(f.Context(nullptr), f.rng).index);
}

TEST(PctPolicy, AChangePointDropsTheRunningLane) {
  Fixture f(4);
  PctPolicy p;
  p.Configure(2, 1);  // one change point, at step 1
  p.Start(4, f.rng);
  const unsigned top = p.Pick(f.Context(nullptr, 0, 0), f.rng).index;  // step 0: before it
  const Choice after = p.Pick(f.Context(&f.lanes[top], 0, 1), f.rng);
  EXPECT_NE(after.index, top);
  EXPECT_LT(p.priority(top), 2u);
}

TEST(RunaheadPolicy, KeepsTheRunningLaneUntilItBlocksOrSpins) {
  Fixture f(16);
  RunaheadPolicy p;
  p.Start(16, f.rng);
  EXPECT_EQ(p.Pick(f.Context(&f.lanes[9]), f.rng).index, 9u);
  EXPECT_EQ(p.Pick(f.Context(&f.lanes[9]), f.rng).index, 9u);
  PickContext blocked = f.Context(&f.lanes[9]);
  blocked.current_runnable = false;
  f.queue.Remove(9);
  EXPECT_NE(p.Pick(blocked, f.rng).index, 9u);
  f.queue.Add(9);
  p.OnSpin(f.lanes[9]);
  int stayed = 0;
  for (int i = 0; i < 50; ++i) {
    p.OnSpin(f.lanes[9]);
    stayed += p.Pick(f.Context(&f.lanes[9]), f.rng).index == 9u;  // handed to a random lane
  }
  EXPECT_LT(stayed, 15);
}

}  // namespace
}  // namespace warpsafe::engine
