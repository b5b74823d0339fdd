// The block barrier (engine/src/sched/barrier.h) by itself: what each waiter gets back, the
// divergent-site tally, and the pre-Volta per-warp completion rule, on lanes built by hand.
#include <gtest/gtest.h>

#include <vector>

#include "sched/barrier.h"

namespace warpsafe::engine {
namespace {

std::vector<Lane> MakeLanes(unsigned n) {
  std::vector<Lane> lanes(n);
  for (unsigned t = 0; t < n; ++t) {
    lanes[t] = Lane{};
    lanes[t].tid = t;
    lanes[t].warp = t / 32;
    lanes[t].lane = t % 32;
    lanes[t].out_pred = -7;  // never what a barrier returns
  }
  return lanes;
}

constexpr Site kHere{"kernel.cu", 10, 5};
constexpr Site kThere{"kernel.cu", 12, 5};
constexpr Site kEarlier{"a.cu", 99, 1};

TEST(Barrier, EachReductionSeesEveryWaitersPredicate) {
  std::vector<Lane> lanes = MakeLanes(5);
  Barrier b;
  b.Clear();
  // Predicates 1, 0, 1, 0, 0: count 2, and false, or true.
  const BarrierOp ops[] = {BarrierOp::kPlain, BarrierOp::kCount, BarrierOp::kAnd, BarrierOp::kOr, BarrierOp::kCount};
  for (unsigned t = 0; t < 5; ++t) b.Arrive(lanes[t], ops[t], t % 2 == 0 && t < 3 ? 1 : 0, kHere);
  EXPECT_EQ(b.arrived(), 5u);
  EXPECT_TRUE(b.DivergentSites().empty());
  const std::vector<Lane*>& released = b.Release();
  ASSERT_EQ(released.size(), 5u);
  for (unsigned t = 0; t < 5; ++t) EXPECT_EQ(released[t], &lanes[t]);
  EXPECT_EQ(lanes[0].out_pred, 0);
  EXPECT_EQ(lanes[1].out_pred, 2);
  EXPECT_EQ(lanes[2].out_pred, 0);
  EXPECT_EQ(lanes[3].out_pred, 1);
  EXPECT_EQ(lanes[4].out_pred, 2);
  EXPECT_TRUE(b.empty());
  EXPECT_EQ(lanes[2].site, kHere);
}

TEST(Barrier, AndIsTrueOnlyWhenEveryPredicateIsAndTheCountRestartsEachRound) {
  std::vector<Lane> lanes = MakeLanes(3);
  Barrier b;
  for (Lane& l : lanes) b.Arrive(l, BarrierOp::kAnd, 1, kHere);
  b.Release();
  for (const Lane& l : lanes) EXPECT_EQ(l.out_pred, 1);
  // A second round: the first round's true predicates must not count.
  for (Lane& l : lanes) b.Arrive(l, BarrierOp::kCount, 0, kHere);
  b.Release();
  for (const Lane& l : lanes) EXPECT_EQ(l.out_pred, 0);
}

TEST(Barrier, DivergentSitesAreTalliedInFileLineOrderWithTheFirstArrivalAsExample) {
  std::vector<Lane> lanes = MakeLanes(6);
  Barrier b;
  const Site sites[] = {kThere, kHere, kThere, kEarlier, kHere, kThere};
  for (unsigned t = 0; t < 6; ++t) b.Arrive(lanes[t], BarrierOp::kPlain, 0, sites[t]);
  const std::vector<Barrier::SiteCount> tally = b.DivergentSites();
  ASSERT_EQ(tally.size(), 3u);
  EXPECT_EQ(tally[0].site, kEarlier);
  EXPECT_EQ(tally[0].lanes, 1u);
  EXPECT_EQ(tally[0].example, &lanes[3]);
  EXPECT_EQ(tally[1].site, kHere);
  EXPECT_EQ(tally[1].lanes, 2u);
  EXPECT_EQ(tally[1].example, &lanes[1]);
  EXPECT_EQ(tally[2].site, kThere);
  EXPECT_EQ(tally[2].lanes, 3u);
  EXPECT_EQ(tally[2].example, &lanes[0]);
}

TEST(Barrier, SameFileNamedByTwoLiteralsIsOneSite) {
  std::vector<Lane> lanes = MakeLanes(2);
  static char kOther[] = "kernel.cu";  // another pointer, the same name (not const: never merged)
  Barrier b;
  b.Arrive(lanes[0], BarrierOp::kPlain, 0, kHere);
  b.Arrive(lanes[1], BarrierOp::kPlain, 0, Site{kOther, 10, 5});
  const std::vector<Barrier::SiteCount> tally = b.DivergentSites();
  // Divergent by pointer, so reported, but as one site of two lanes.
  ASSERT_EQ(tally.size(), 1u);
  EXPECT_EQ(tally[0].lanes, 2u);
}

TEST(Barrier, PreVoltaRuleNeedsALaneOfEveryLiveWarpAndNoRunnableLane) {
  std::vector<Lane> lanes = MakeLanes(64);
  Warp warps[2] = {};
  warps[0].present = warps[1].present = 0xffffffffu;
  warps[0].blocked = warps[1].blocked = 0;
  Barrier b;
  b.Arrive(lanes[0], BarrierOp::kPlain, 0, kHere);
  warps[0].blocked = 1;
  EXPECT_FALSE(b.EveryWarpWaits(warps, 2));  // warp 1 has no lane there
  b.Arrive(lanes[32], BarrierOp::kPlain, 0, kHere);
  warps[1].blocked = 1;
  EXPECT_FALSE(b.EveryWarpWaits(warps, 2));  // both have runnable lanes left
  warps[0].blocked = 0xffffffffu;             // the rest of warp 0 waits elsewhere (a collective)
  warps[1].present = 1;                       // warp 1's other lanes exited
  EXPECT_TRUE(b.EveryWarpWaits(warps, 2));
  warps[1].present = 0;                       // a warp with no live lane does not count
  warps[1].blocked = 0;
  EXPECT_TRUE(b.EveryWarpWaits(warps, 2));
}

}  // namespace
}  // namespace warpsafe::engine
