// AtomicPoint's answer (engine/include/warpsafe/engine/api.h): true only for the calling block's
// own shared memory, which atomics.h then updates with a plain load and store. Every other object
// (global memory, a host object, a call from host code) keeps the locked read-modify-write, since
// other workers' blocks may touch it at the same instant. The exactness of the shared-memory
// atomics themselves under every schedule is ProgressCount's test.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <vector>

#include "engine_test_util.h"
#include "warpsafe/engine/atomics.h"

namespace warpsafe::engine {
namespace {

using testing::RunKernel;
using testing::ScheduleScope;

TEST(AtomicPoint, OnlyTheBlocksOwnSharedMemoryIsLocal) {
  ScheduleScope scope(Schedule::kRandom, 3, 2);
  constexpr unsigned kBlocks = 4, kThreads = 64;
  std::vector<unsigned> global(kBlocks * kThreads, 0);
  std::atomic<unsigned> shared_local{0}, shared_tail_local{0}, global_local{0}, calls{0};
  ASSERT_EQ(0, RunKernel(kBlocks, kThreads, [&] {
    auto* words = static_cast<unsigned*>(DynamicShared());
    const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (AtomicPoint(&words[threadIdx.x], sizeof(unsigned), Site::Here())) shared_local.fetch_add(1);
    if (AtomicPoint(&words[kThreads - 1], sizeof(unsigned), Site::Here())) shared_tail_local.fetch_add(1);
    if (AtomicPoint(&global[t], sizeof(unsigned), Site::Here())) global_local.fetch_add(1);
    calls.fetch_add(1);
  }, kThreads * sizeof(unsigned)));
  EXPECT_EQ(calls.load(), kBlocks * kThreads);
  EXPECT_EQ(shared_local.load(), kBlocks * kThreads);
  EXPECT_EQ(shared_tail_local.load(), kBlocks * kThreads);
  EXPECT_EQ(global_local.load(), 0u);
  // Host code has no block: an atomic there (managed memory) is a real one.
  unsigned host = 0;
  EXPECT_FALSE(AtomicPoint(&host, sizeof(host), Site::Here()));
}

// The plain path gives what the locked one gives, old values included: every thread's atomicAdd
// returns a distinct old value, and atomicCAS and atomicExch hand a token from thread to thread.
TEST(AtomicPoint, LocalReadModifyWritesReturnTheOldValues) {
  for (const auto& sc : testing::kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed, 2);
    constexpr unsigned kBlocks = 3, kThreads = 128;
    std::vector<unsigned> seen(kBlocks * kThreads, 0);
    std::vector<int> exchanged(kBlocks * kThreads, -1);
    ASSERT_EQ(0, RunKernel(kBlocks, kThreads, [&] {
      auto* s = static_cast<int*>(DynamicShared());
      if (threadIdx.x == 0) {
        s[0] = 0;
        s[1] = -1;
      }
      __syncthreads();
      const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
      const int ticket = atomicAdd(&s[0], 1);
      seen[blockIdx.x * kThreads + static_cast<unsigned>(ticket)] += 1;
      // Hand a token along in ticket order: thread with ticket k waits until ticket k-1 left it.
      while (atomicCAS(&s[1], ticket - 1, ticket - 1) != ticket - 1) {
      }
      exchanged[t] = atomicExch(&s[1], ticket);
    }, 2 * sizeof(int)));
    for (unsigned v : seen) EXPECT_EQ(v, 1u);
    for (unsigned b = 0; b < kBlocks; ++b) {
      std::vector<int> got(exchanged.begin() + b * kThreads, exchanged.begin() + (b + 1) * kThreads);
      std::sort(got.begin(), got.end());
      for (unsigned i = 0; i < kThreads; ++i) EXPECT_EQ(got[i], static_cast<int>(i) - 1);
    }
  }
}

}  // namespace
}  // namespace warpsafe::engine
