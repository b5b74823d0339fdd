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
  long n = 0;  // handed from one side to the other
  long callee_saved_sum = 0;
  double fp_sum = 0;
};
PingPong g_pp;

void PingPongFiber() {
  for (;;) {
    const long n = g_pp.n;
    // Values live across the switch: integers, and a double (SSE registers are caller-saved, so the
    // switch must count them clobbered too).
    long a = n * 3, b = n * 5, c = n * 7;
    double d = 0.25 * static_cast<double>(n);
    g_pp.n = n + 1;
    fiber::Switch(&g_pp.other, &g_pp.main);
    g_pp.callee_saved_sum += a + b + c;
    g_pp.fp_sum += d;
  }
}

TEST(Context, SwitchKeepsLiveValuesOnBothSides) {
  constexpr std::size_t kSize = 64 * 1024;
  void* stack = mmap(nullptr, kSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(stack, MAP_FAILED);
  g_pp.other = fiber::Make<PingPongFiber>(static_cast<char*>(stack) + kSize, kSize);
  long expected = 0;
  double expected_fp = 0;
  for (long i = 0; i < 1000; ++i) {
    volatile double keep = 0.5 * static_cast<double>(i);
    const double half = 0.5 * static_cast<double>(i);
    const long x = i * 11, y = i * 13;
    g_pp.n = i;
    fiber::Switch(&g_pp.main, &g_pp.other);
    ASSERT_EQ(g_pp.n, i + 1);
    ASSERT_EQ(x + y, i * 24);
    ASSERT_EQ(keep, 0.5 * static_cast<double>(i));
    ASSERT_EQ(half, 0.5 * static_cast<double>(i));
    if (i > 0) {
      expected += (i - 1) * 15;
      expected_fp += 0.25 * static_cast<double>(i - 1);
    }
  }
  EXPECT_EQ(g_pp.callee_saved_sum, expected);
  EXPECT_EQ(g_pp.fp_sum, expected_fp);
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
