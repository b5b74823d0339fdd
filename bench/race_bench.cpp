// The race detector's cost per instrumented access (Google Benchmark): a kernel whose loads and
// stores call the callbacks clang inserts under `warpsafe check`, against the same kernel without
// them. Shared memory is the checked path (a scheduling point, the shadow words, the vector
// clocks); the lane's own stack is the fast path every local variable takes, ignored after one
// range test. One block of 256 threads, one worker, the random policy.
//
// Run on one core: `taskset -c 0 build/bin/race_bench`. The difference between the `checked` and
// `plain` rows of one memory, divided by the accesses (items), is the cost of one check.
#include <benchmark/benchmark.h>

#include "options.h"
#include "race/callbacks.h"
#include "race/race.h"
#include "sched/grid.h"
#include "warpsafe/engine/api.h"
#include "warpsafe/engine/keywords.h"

namespace {

using namespace warpsafe::engine;

constexpr int kIterations = 2000;
constexpr unsigned kThreads = 256;

template <bool kChecked>
void SharedTraffic() {
  static char key;
  volatile int* v = static_cast<int*>(StaticShared(&key, sizeof(int) * kThreads, alignof(int)));
  const unsigned tid = threadIdx.x;
  for (int i = 0; i < kIterations; ++i) {
    if (kChecked) __sanitizer_cov_store4(&v[tid]);
    v[tid] = i;
    if (kChecked) __sanitizer_cov_load4(&v[tid]);
    (void)v[tid];
  }
}

template <bool kChecked>
void StackTraffic() {
  volatile int local[4] = {0, 0, 0, 0};
  for (int i = 0; i < kIterations; ++i) {
    if (kChecked) __sanitizer_cov_store4(&local[i & 3]);
    local[i & 3] = i;
    if (kChecked) __sanitizer_cov_load4(&local[(i + 1) & 3]);
    (void)local[(i + 1) & 3];
  }
}

template <void (*kKernel)()>
void RunTraffic(benchmark::State& state) {
  race::Enable();
  Options o = GetOptions();
  o.workers = 1;
  o.schedule = Schedule::kRandom;
  o.seed = 1;
  SetOptions(o);
  GridSpec spec{dim3(1), dim3(kThreads), 0, [](void*) { kKernel(); }, nullptr, "race_bench", Site::Here()};
  for (auto _ : state) {
    if (RunGrid(spec) != 0) state.SkipWithError("the kernel did not complete");
  }
  state.SetItemsProcessed(state.iterations() * 2 * kIterations * kThreads);
}

BENCHMARK(RunTraffic<SharedTraffic<false>>)->Name("SharedAccess/plain")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(RunTraffic<SharedTraffic<true>>)->Name("SharedAccess/checked")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(RunTraffic<StackTraffic<false>>)->Name("StackAccess/plain")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(RunTraffic<StackTraffic<true>>)->Name("StackAccess/checked")->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
