// Static __shared__ storage is laid out before a block runs (engine/src/sched/shared_layout.h):
// a kernel whose lanes reach its declarations in an order that depends on the schedule gets the
// same addresses under lockstep and under several random seeds. For contrast, the same kernel with
// keys that never registered (placed in the order a block reaches them) does not.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <set>
#include <vector>

#include "engine_test_util.h"

namespace warpsafe::engine {
namespace {

using testing::RunKernel;
using testing::ScheduleScope;

// What the front end writes for `__shared__ T name[N];` at function scope.
#define REGISTERED_SHARED(T, N)                                                                             \
  static_cast<T*>(::warpsafe::engine::StaticShared(                                                         \
      ::warpsafe::engine::StaticSharedKey<sizeof(T) * (N), alignof(T)>([] {}), sizeof(T) * (N), alignof(T)))
// A key that never registered (code built against an older header).
#define UNREGISTERED_SHARED(T, N) \
  static_cast<T*>(::warpsafe::engine::StaticShared([] { static char k; return &k; }(), sizeof(T) * (N), alignof(T)))

constexpr unsigned kBlocks = 3, kThreads = 96;
using Offsets = std::array<std::int64_t, 4>;  // each declaration's offset from the dynamic part

// Runs the kernel and returns each declaration's offset in block 0, checking for registered keys
// that every lane of every block saw the same one. Threads reach declarations 0-2 by thread index mod 3 (which first depends on
// who runs first), then all reach declaration 3.
template <bool kRegistered>
Offsets RunLayout(testing::ScheduleCase sc, std::size_t dynamic) {
  ScheduleScope scope(sc.schedule, sc.seed, 1);
  std::vector<std::int64_t> seen(kBlocks * kThreads * 2, -1);
  std::vector<int> which_of(kBlocks * kThreads, -1);
  EXPECT_EQ(0, RunKernel(kBlocks, kThreads, [&] {
    auto* base = static_cast<char*>(DynamicShared());
    const unsigned t = threadIdx.x, b = blockIdx.x;
    char* p = nullptr;
    int which = 0;
    if (t % 3 == 0) {
      p = reinterpret_cast<char*>(kRegistered ? REGISTERED_SHARED(int, 5) : UNREGISTERED_SHARED(int, 5));
      which = 0;
    } else if (t % 3 == 1) {
      p = reinterpret_cast<char*>(kRegistered ? REGISTERED_SHARED(double, 3) : UNREGISTERED_SHARED(double, 3));
      which = 1;
    } else {
      p = kRegistered ? REGISTERED_SHARED(char, 70) : UNREGISTERED_SHARED(char, 70);
      which = 2;
    }
    which_of[b * kThreads + t] = which;
    seen[(b * kThreads + t) * 2] = p - base;
    __syncthreads();
    char* q = reinterpret_cast<char*>(kRegistered ? REGISTERED_SHARED(float, 16) : UNREGISTERED_SHARED(float, 16));
    seen[(b * kThreads + t) * 2 + 1] = q - base;
  }, dynamic));
  Offsets o{-1, -1, -1, -1};
  for (unsigned i = 0; i < kBlocks * kThreads; ++i) {
    const int which = which_of[i];
    const std::int64_t off = seen[i * 2];
    if (o[which] < 0) o[which] = off;  // block 0's
    if (o[3] < 0) o[3] = seen[i * 2 + 1];
    if constexpr (kRegistered) {
      EXPECT_EQ(o[which], off) << "declaration " << which << " moved between lanes or blocks";
      EXPECT_EQ(o[3], seen[i * 2 + 1]);
    }
  }
  return o;
}

constexpr testing::ScheduleCase kCases[] = {
    {Schedule::kLockstep, 1}, {Schedule::kRandom, 1}, {Schedule::kRandom, 2}, {Schedule::kRandom, 77}};

TEST(SharedLayout, StaticSharedAddressesAreTheSameUnderLockstepAndThreeRandomSeeds) {
  for (std::size_t dynamic : {std::size_t{0}, std::size_t{1000}}) {
    const Offsets want = RunLayout<true>(kCases[0], dynamic);
    // Four declarations of 20, 24, 70 and 64 bytes: distinct, non-overlapping, after the dynamic part.
    const std::size_t sizes[] = {20, 24, 70, 64};
    for (int i = 0; i < 4; ++i) {
      EXPECT_GE(want[i], static_cast<std::int64_t>(dynamic));
      for (int j = 0; j < 4; ++j) {
        if (i == j) continue;
        const auto end_i = want[i] + static_cast<std::int64_t>(sizes[i]), end_j = want[j] + static_cast<std::int64_t>(sizes[j]);
        EXPECT_TRUE(end_i <= want[j] || end_j <= want[i]) << i << " overlaps " << j;
      }
    }
    for (const auto& sc : kCases) EXPECT_EQ(RunLayout<true>(sc, dynamic), want) << "seed " << sc.seed;
  }
}

// The contrast: placed in the order the block reaches them, the same declarations move with the
// schedule (this is what the registration removes).
TEST(SharedLayout, KeysReachedFirstComeFirstWithoutRegistrationSoTheScheduleDecides) {
  std::set<Offsets> layouts;
  for (const auto& sc : kCases) layouts.insert(RunLayout<false>(sc, 0));
  EXPECT_GT(layouts.size(), 1u);
}

}  // namespace
}  // namespace warpsafe::engine
