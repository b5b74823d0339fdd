// The run queue (engine/src/sched/run_queue.h) against a plain set: the dense array, the
// positions and the bitset must agree after any sequence of adds, batch adds and removes.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "sched/block.h"
#include "sched/run_queue.h"

namespace warpsafe::engine {
namespace {

void ExpectSame(const RunQueue& q, const std::set<unsigned>& want, unsigned threads, bool bits) {
  ASSERT_EQ(q.size(), want.size());
  std::vector<unsigned> dense;
  for (std::size_t i = 0; i < q.size(); ++i) dense.push_back(q.at(i));
  std::sort(dense.begin(), dense.end());
  ASSERT_EQ(dense, std::vector<unsigned>(want.begin(), want.end()));
  if (!bits) return;
  for (unsigned from = 0; from < threads; ++from) {
    long expected = -1;
    if (!want.empty()) {
      auto it = want.lower_bound(from);
      expected = static_cast<long>(it != want.end() ? *it : *want.begin());
    }
    ASSERT_EQ(q.NextFrom(from), expected) << "from " << from;
  }
}

TEST(RunQueue, AgreesWithASetUnderRandomAddsBatchAddsAndRemoves) {
  // With and without the bitset (kept for lockstep only).
  for (bool bits : {true, false}) {
  for (unsigned threads : {1u, 17u, 32u, 64u, 100u, 1024u}) {
    RunQueue q;
    q.Reset(threads, bits);
    std::set<unsigned> want;
    std::mt19937 rng(threads);
    for (int step = 0; step < 3000; ++step) {
      const unsigned tid = rng() % threads;
      switch (rng() % 3) {
        case 0:
          if (!want.count(tid)) {
            q.Add(tid);
            want.insert(tid);
          }
          break;
        case 1:
          if (want.count(tid)) {
            q.Remove(tid);
            want.erase(tid);
          }
          break;
        case 2: {
          // A completed collective: some absent lanes of one warp at once.
          const unsigned first = tid / 32 * 32;
          std::uint32_t mask = static_cast<std::uint32_t>(rng());
          for (unsigned l = 0; l < 32; ++l) {
            if (first + l >= threads || want.count(first + l)) mask &= ~(1u << l);
          }
          q.AddWarpLanes(first, mask);
          for (unsigned l = 0; l < 32; ++l) {
            if (mask & (1u << l)) want.insert(first + l);
          }
          break;
        }
      }
      if (step % 97 == 0) ExpectSame(q, want, threads, bits);
    }
    ExpectSame(q, want, threads, bits);
    // A reset reuses the arrays: the queue starts empty.
    q.Reset(threads, bits);
    ExpectSame(q, {}, threads, bits);
  }
  }
}

// A full-warp collective wakes all lanes but the one that completed it. That batch add must give
// exactly the dense order and positions of adding the lanes one by one in lane order: the random
// pick indexes the dense array, so the order is part of every seed's schedule. Positions are
// checked by removing every lane afterwards in the same random order from both queues.
TEST(RunQueue, WakeOfAllButOneLaneMatchesLaneByLaneAdds) {
  std::mt19937 rng(7);
  for (unsigned threads : {32u, 96u, 1024u}) {
    for (unsigned hole = 0; hole < 32; ++hole) {
      for (bool hole_queued : {true, false}) {
        RunQueue batch, single;
        batch.Reset(threads, false);
        single.Reset(threads, false);
        const unsigned first = (rng() % (threads / 32)) * 32;
        // Lanes of other warps already runnable, in some order, and perhaps the hole itself.
        std::vector<unsigned> others;
        for (unsigned tid = 0; tid < threads; ++tid) {
          if ((tid < first || tid >= first + 32) && rng() % 2 == 0) others.push_back(tid);
        }
        if (hole_queued) others.push_back(first + hole);
        std::shuffle(others.begin(), others.end(), rng);
        for (unsigned tid : others) {
          batch.Add(tid);
          single.Add(tid);
        }
        batch.AddWarpLanes(first, ~(1u << hole));
        for (unsigned l = 0; l < 32; ++l) {
          if (l != hole) single.Add(first + l);
        }
        std::vector<unsigned> order;
        ASSERT_EQ(batch.size(), single.size());
        for (std::size_t i = 0; i < single.size(); ++i) {
          ASSERT_EQ(batch.at(i), single.at(i)) << "threads " << threads << ", hole " << hole << ", position " << i;
          order.push_back(single.at(i));
        }
        std::shuffle(order.begin(), order.end(), rng);
        for (unsigned tid : order) {
          batch.Remove(tid);
          single.Remove(tid);
          ASSERT_EQ(batch.size(), single.size());
          for (std::size_t i = 0; i < single.size(); ++i) ASSERT_EQ(batch.at(i), single.at(i));
        }
      }
    }
  }
}

// The random policy's fused step (Block::Suspend) must leave the queue and pick the lane exactly as
// Remove followed by at() would: the schedule of every seed depends on it. Every index is tried,
// the removed lane's own position (where the last entry moves) among them.
TEST(RunQueue, RemoveAndPickIsRemoveThenAt) {
  std::mt19937 rng(11);
  for (unsigned threads : {2u, 33u, 256u}) {
    for (int trial = 0; trial < 200; ++trial) {
      RunQueue fused, plain;
      fused.Reset(threads, false);
      plain.Reset(threads, false);
      std::vector<unsigned> tids(threads);
      for (unsigned t = 0; t < threads; ++t) tids[t] = t;
      std::shuffle(tids.begin(), tids.end(), rng);
      const unsigned queued = 2 + static_cast<unsigned>(rng() % (threads - 1));
      for (unsigned i = 0; i < queued; ++i) {
        fused.Add(tids[i]);
        plain.Add(tids[i]);
      }
      const unsigned removed = tids[rng() % queued];
      const std::size_t left = queued - 1;
      const std::size_t index = trial < 50 ? static_cast<std::size_t>(trial) % left : rng() % left;
      plain.Remove(removed);
      const unsigned want = plain.at(index);
      ASSERT_EQ(fused.RemoveAndPick(removed, index, left), want) << "threads " << threads << ", trial " << trial;
      // The position recorded for the picked lane is its own after the removal (Shfl's
      // assembly path relies on it when that lane waits in turn).
      ASSERT_EQ(fused.at(fused.picked()), want) << "threads " << threads << ", trial " << trial;
      ASSERT_EQ(plain.PickAt(index), want);
      ASSERT_EQ(plain.picked(), index);
      ASSERT_EQ(fused.size(), plain.size());
      for (std::size_t i = 0; i < plain.size(); ++i) ASSERT_EQ(fused.at(i), plain.at(i));
      // The positions agree too: removing every lane in turn keeps the two equal.
      while (!plain.empty()) {
        const unsigned tid = plain.at(rng() % plain.size());
        plain.Remove(tid);
        fused.Remove(tid);
        ASSERT_EQ(fused.size(), plain.size());
        for (std::size_t i = 0; i < plain.size(); ++i) ASSERT_EQ(fused.at(i), plain.at(i));
      }
    }
  }
}

// Block::PrefetchLikelyPick's guess: after a lane picked `next` with `left` lanes runnable, the
// entry at PeekBelow(left - 1) is the lane that `next` picks when it waits in turn, unless the
// run queue changed in between or that entry is `next`'s own (then the pick is the last entry).
// A guess one step off (the state before the draw, or `left` lanes) would still run correctly and
// only fetch the wrong lanes, so nothing but this test would see it.
TEST(RunQueue, TheLikelyPickIsTheNextLanesPickWhenNothingChangesBetween) {
  for (unsigned threads : {33u, 256u}) {
    RunQueue q;
    q.Reset(threads, false);
    for (unsigned t = 0; t < threads; ++t) q.Add(t);
    Rng rng;
    rng.Seed(threads);
    unsigned running = 0;
    int hits = 0, own = 0;
    while (q.size() > 2) {
      const std::size_t left = q.size() - 1;
      const unsigned next = q.RemoveAndPick(running, rng.Below(left), left);
      const unsigned guess = q.at(rng.PeekBelow(left - 1));
      const unsigned picked = q.RemoveAndPick(next, rng.Below(left - 1), left - 1);
      if (guess == next) {
        ++own;
      } else {
        ASSERT_EQ(picked, guess) << threads << " threads, " << q.size() << " left";
        ++hits;
      }
      running = picked;
    }
    EXPECT_GT(hits, 4 * own) << threads << " threads";
  }
}

// The scheduler's RNG is part of every seed's schedule: its draws must be exactly the LCG's, the
// state as it is before each step (so the pick never waits on the update).
TEST(Rng, DrawsAreTheLcgStatesInOrder) {
  for (std::uint64_t seed : {std::uint64_t{1}, std::uint64_t{0}, std::uint64_t{0xdeadbeefcafef00d}}) {
    Rng rng;
    rng.Seed(seed);
    std::uint64_t x = seed;
    for (int i = 0; i < 1000; ++i) {
      ASSERT_EQ(rng.Next(), x) << "draw " << i;
      x = x * 0xd1342543de82ef95ull + 1;
    }
  }
}

// PeekBelow(n) is the draw that Below(n) makes next, and leaves the generator as it was.
TEST(Rng, PeekBelowIsTheNextBelowWithoutDrawingIt) {
  Rng rng;
  rng.Seed(7);
  for (int i = 0; i < 1000; ++i) {
    const std::size_t n = 1 + static_cast<std::size_t>(i) % 300;
    const std::size_t peeked = rng.PeekBelow(n);
    ASSERT_EQ(rng.PeekBelow(n), peeked);
    ASSERT_EQ(rng.Below(n), peeked) << "draw " << i;
  }
}

// Below(n) reads the high bits: picks among a warp's lanes are uniform, and consecutive picks are
// not correlated (the low bits of the state, which alternate, must not show through).
TEST(Rng, BelowIsUniformAndConsecutivePicksAreIndependent) {
  for (std::size_t n : {2u, 3u, 31u, 32u, 1024u}) {
    Rng rng;
    rng.Seed(12345);
    constexpr int kDraws = 1 << 18;
    std::vector<int> counts(n, 0);
    std::vector<int> pairs(4, 0);  // parity of two consecutive picks
    std::size_t previous = rng.Below(n);
    for (int i = 0; i < kDraws; ++i) {
      const std::size_t r = rng.Below(n);
      ASSERT_LT(r, n);
      ++counts[r];
      ++pairs[(previous & 1) * 2 + (r & 1)];
      previous = r;
    }
    // Chi-square against uniform, with a bound far above its mean (n - 1) that a broken generator
    // (say, stuck low bits) exceeds by orders of magnitude.
    double chi2 = 0;
    const double expected = static_cast<double>(kDraws) / static_cast<double>(n);
    for (int c : counts) chi2 += (c - expected) * (c - expected) / expected;
    EXPECT_LT(chi2, 2.0 * static_cast<double>(n) + 50.0) << "n = " << n;
    if (n % 2 == 0) {
      for (int p : pairs) EXPECT_NEAR(p, kDraws / 4, kDraws / 100) << "n = " << n;
    }
  }
}

}  // namespace
}  // namespace warpsafe::engine
