// The context switch (engine/src/fiber/context.h). It does not save the MXCSR / x87 control words
// per fiber: every lane runs with its worker thread's control state, the engine's rounded
// operations restore it before any scheduling point, and a block can never change the state of
// the thread that ran it.
#include <gtest/gtest.h>
#include <sys/mman.h>

#include <array>
#include <cfenv>

#include "engine_test_util.h"
#include "fiber/context.h"
#include "warpsafe/engine/device_math.h"

namespace warpsafe::engine {
namespace {

using testing::kSchedules;
using testing::RunKernel;
using testing::ScheduleScope;

struct PingPong {
  fiber::Context main;
  fiber::Context other;
  long callee_saved_sum = 0;
};
PingPong g_pp;

TEST(Context, JumpKeepsCalleeSavedStateAndPassesData) {
  constexpr std::size_t kSize = 64 * 1024;
  void* stack = mmap(nullptr, kSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(stack, MAP_FAILED);
  fiber::Context fctx = fiber::Make(static_cast<char*>(stack) + kSize, kSize, [](fiber::Transfer t) {
    long n = reinterpret_cast<long>(t.data);
    for (;;) {
      // Values live across the switch in callee-saved registers (and on this fiber's stack).
      long a = n * 3, b = n * 5, c = n * 7;
      t = fiber::Jump(t.fctx, reinterpret_cast<void*>(n + 1));
      g_pp.callee_saved_sum += a + b + c;
      n = reinterpret_cast<long>(t.data);
    }
  });
  long expected = 0;
  for (long i = 0; i < 1000; ++i) {
    volatile double keep = 0.5 * static_cast<double>(i);
    const long x = i * 11, y = i * 13;
    fiber::Transfer t = fiber::Jump(fctx, reinterpret_cast<void*>(i));
    fctx = t.fctx;
    ASSERT_EQ(reinterpret_cast<long>(t.data), i + 1);
    ASSERT_EQ(x + y, i * 24);
    ASSERT_EQ(keep, 0.5 * static_cast<double>(i));
    if (i > 0) expected += (i - 1) * 15;
  }
  EXPECT_EQ(g_pp.callee_saved_sum, expected);
  munmap(stack, kSize);
}

TEST(Context, LanesRunWithTheLaunchingThreadsRoundingDirection) {
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed, 1);
    ASSERT_EQ(0, std::fesetround(FE_DOWNWARD));
    std::array<int, 64> seen{};
    const int status = RunKernel(1, 64, [&] {
      int v = static_cast<int>(threadIdx.x);
      for (int i = 0; i < 8; ++i) v = __shfl_xor_sync(0xffffffffu, v, 1 << (i % 5));  // switches
      seen[threadIdx.x] = std::fegetround();
    });
    std::fesetround(FE_TONEAREST);
    ASSERT_EQ(0, status);
    for (int r : seen) EXPECT_EQ(r, FE_DOWNWARD);
  }
}

TEST(Context, ALaneThatLeavesARoundingModeSetCannotChangeTheHosts) {
  // Invalid CUDA (fesetround is a host function), but it must not leak out of the launch.
  ScheduleScope scope(Schedule::kRandom, 3, 1);
  ASSERT_EQ(std::fegetround(), FE_TONEAREST);
  ASSERT_EQ(0, RunKernel(2, 32, [&] {
    if (threadIdx.x == 5) std::fesetround(FE_UPWARD);
    (void)__ballot_sync(0xffffffffu, 1);
  }));
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);
}

TEST(Context, RoundedOperationsInterleavedWithCollectivesAreExact) {
  for (const auto& sc : kSchedules) {
    ScheduleScope scope(sc.schedule, sc.seed);
    std::array<float, 32> down{}, up{}, zero{};
    ASSERT_EQ(0, RunKernel(1, 32, [&] {
      const float x = 1.0f + static_cast<float>(threadIdx.x);
      float a = __fdiv_rd(x, 3.0f);
      a = __shfl_xor_sync(0xffffffffu, a, 1);
      float b = __fdiv_ru(x, 3.0f);
      b = __shfl_xor_sync(0xffffffffu, b, 1);
      float c = __fdiv_rz(x, 3.0f);
      c = __shfl_xor_sync(0xffffffffu, c, 1);
      down[threadIdx.x] = a;
      up[threadIdx.x] = b;
      zero[threadIdx.x] = c;
    }));
    for (unsigned lane = 0; lane < 32; ++lane) {
      // Volatile operands: the compiler must not fold or share the divisions across fesetround.
      volatile float x = 1.0f + static_cast<float>(lane ^ 1), three = 3.0f;
      std::fesetround(FE_DOWNWARD);
      volatile float want_down = x / three;
      std::fesetround(FE_UPWARD);
      volatile float want_up = x / three;
      std::fesetround(FE_TOWARDZERO);
      volatile float want_zero = x / three;
      std::fesetround(FE_TONEAREST);
      EXPECT_EQ(down[lane], want_down) << lane;
      EXPECT_EQ(up[lane], want_up) << lane;
      EXPECT_EQ(zero[lane], want_zero) << lane;
    }
  }
}

}  // namespace
}  // namespace warpsafe::engine
