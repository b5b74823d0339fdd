// The process-wide progress count as a sum of per-thread slots (sched/progress_count.h): it sees
// every bump from any number of threads, and the atomics that feed it (global ones bump it, those
// on a block's own shared memory only that block's count) keep their results exact under every
// schedule and from blocks on several workers at once.
#include <gtest/gtest.h>

#include <climits>
#include <thread>
#include <vector>

#include "engine_test_util.h"
#include "sched/progress_count.h"
#include "warpsafe/engine/atomics.h"

namespace warpsafe::engine {
namespace {

using testing::kSchedules;
using testing::RunKernel;
using testing::ScheduleScope;

struct SharedCounters {
  unsigned sum;
  unsigned ring;
  int high;
  int low;
  unsigned bits;
  int lock;
  int guarded;  // incremented only inside the spin lock
  float fsum;
};

TEST(ProgressCount, SharedMemoryAtomicsOfEveryKindAreExactUnderEverySchedule) {
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed, 2);
    constexpr unsigned kBlocks = 6, kThreads = 96, kRounds = 20;
    std::vector<SharedCounters> out(kBlocks);
    ASSERT_EQ(0, RunKernel(kBlocks, kThreads, [&] {
      auto* c = static_cast<SharedCounters*>(DynamicShared());
      if (threadIdx.x == 0) *c = SharedCounters{0, 0, INT_MIN, INT_MAX, 0, 0, 0, 0.0f};
      __syncthreads();
      const int t = static_cast<int>(threadIdx.x);
      for (unsigned k = 0; k < kRounds; ++k) {
        atomicAdd(&c->sum, 3u);
        atomicSub(&c->sum, 1u);
        atomicInc(&c->ring, 6u);  // counts modulo 7
        atomicMax(&c->high, t * 100 + static_cast<int>(k));
        atomicMin_block(&c->low, -t);
        atomicAdd(&c->fsum, 0.5f);
        while (atomicCAS(&c->lock, 0, 1) != 0) {
        }
        // A plain read and write under the lock: another lane can run only at the next atomic.
        const int g = c->guarded;
        atomicAdd(&c->sum, 0u);  // a scheduling point inside the critical section
        c->guarded = g + 1;
        atomicExch(&c->lock, 0);
      }
      atomicOr(&c->bits, 1u << (threadIdx.x % 32));
      __syncthreads();
      atomicXor(&c->bits, threadIdx.x < 32 ? 1u << threadIdx.x : 0u);  // each bit flipped back once
      __syncthreads();
      if (threadIdx.x == 0) out[blockIdx.x] = *c;
    }, sizeof(SharedCounters)));
    for (const SharedCounters& c : out) {
      EXPECT_EQ(c.sum, kThreads * kRounds * 2);
      EXPECT_EQ(c.ring, kThreads * kRounds % 7);
      EXPECT_EQ(c.high, static_cast<int>((kThreads - 1) * 100 + kRounds - 1));
      EXPECT_EQ(c.low, -static_cast<int>(kThreads - 1));
      EXPECT_EQ(c.bits, 0u);
      EXPECT_EQ(c.guarded, static_cast<int>(kThreads * kRounds));
      EXPECT_EQ(c.fsum, kThreads * kRounds * 0.5f);
    }
  }
}

// Atomics on one global counter from blocks that run on four workers at once, each bumping the
// count from its own slot: nothing is lost.
TEST(ProgressCount, GlobalMemoryAtomicsFromManyWorkersLoseNothing) {
  ScheduleScope scope(Schedule::kRandom, 1, 4);
  constexpr unsigned kBlocks = 32, kThreads = 128, kRounds = 200;
  static unsigned long long total = 0;
  static int high = INT_MIN;
  total = 0;
  high = INT_MIN;
  ASSERT_EQ(0, RunKernel(kBlocks, kThreads, [&] {
    // Shared memory is in use too, so that a block's arena is live while its lanes add globally.
    auto* local = static_cast<unsigned*>(DynamicShared());
    for (unsigned k = 0; k < kRounds; ++k) {
      atomicAdd(&total, 1ull);
      atomicMax(&high, static_cast<int>(blockIdx.x * kThreads + threadIdx.x));
      atomicAdd(local, 1u);
    }
  }, sizeof(unsigned)));
  EXPECT_EQ(total, 1ull * kBlocks * kThreads * kRounds);
  EXPECT_EQ(high, static_cast<int>(kBlocks * kThreads - 1));
}

TEST(ProgressCount, SeesEveryBumpFromMoreThreadsThanItHasSlots) {
  const std::uint64_t before = ProgressCount();
  constexpr int kThreads = 300, kBumps = 1000;  // past the 256 slots: some threads share one
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([] {
      for (int k = 0; k < kBumps; ++k) BumpProgressCount();
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(ProgressCount() - before, std::uint64_t{kThreads} * kBumps);
  BumpProgressCount();
  EXPECT_EQ(ProgressCount() - before, std::uint64_t{kThreads} * kBumps + 1);
}

}  // namespace
}  // namespace warpsafe::engine
