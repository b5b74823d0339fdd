// The cost of one instrumented access (not a pass/fail benchmark: it prints the numbers, and fails
// only if checking is absurdly slow). Compares a kernel whose accesses call the callbacks with the
// same kernel without them, for shared memory (checked: a scheduling point, shadow, clocks) and
// for the lane's own stack (the fast path every local variable takes).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include "race_test_util.h"

namespace warpsafe::engine {
namespace {

using testing::RunKernel;
using testing::ScheduleScope;

constexpr int kIterations = 2000;
constexpr unsigned kThreads = 256;

template <bool kInstrumented>
void SharedTraffic() {
  int* s = WARPSAFE_TEST_SHARED(int, kThreads);
  const unsigned tid = threadIdx.x;
  volatile int* v = s;
  for (int i = 0; i < kIterations; ++i) {
    if (kInstrumented) __sanitizer_cov_store4(&v[tid]);
    v[tid] = i;
    if (kInstrumented) __sanitizer_cov_load4(&v[tid]);
    (void)v[tid];
  }
}

template <bool kInstrumented>
void StackTraffic() {
  volatile int local[4] = {0, 0, 0, 0};
  for (int i = 0; i < kIterations; ++i) {
    if (kInstrumented) __sanitizer_cov_store4(&local[i & 3]);
    local[i & 3] = i;
    if (kInstrumented) __sanitizer_cov_load4(&local[(i + 1) & 3]);
    (void)local[(i + 1) & 3];
  }
}

template <class F>
double Seconds(F kernel) {
  ScheduleScope scope(Schedule::kRandom, 1, 1);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(RunKernel(1, kThreads, kernel), 0);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(RaceOverhead, PerInstrumentedAccess) {
  race::Enable();
  constexpr double kAccesses = 2.0 * kIterations * kThreads;
  const double shared_plain = Seconds(SharedTraffic<false>);
  const double shared_checked = Seconds(SharedTraffic<true>);
  const double stack_plain = Seconds(StackTraffic<false>);
  const double stack_checked = Seconds(StackTraffic<true>);
  const double shared_ns = (shared_checked - shared_plain) / kAccesses * 1e9;
  const double stack_ns = (stack_checked - stack_plain) / kAccesses * 1e9;
  std::printf("[ overhead ] shared memory access: %.1f ns per checked access (incl. a scheduling point)\n", shared_ns);
  std::printf("[ overhead ] own-stack access:     %.1f ns per access (ignored after the stack check)\n", stack_ns);
  RecordProperty("shared_ns_per_access", static_cast<int>(shared_ns));
  RecordProperty("stack_ns_per_access", static_cast<int>(stack_ns));
  EXPECT_LT(shared_ns, 5000.0);
  EXPECT_LT(stack_ns, 500.0);
}

}  // namespace
}  // namespace warpsafe::engine
