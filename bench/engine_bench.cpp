// The engine's costs, each beside its floor measured in the same run:
//   FiberRoundTrip      the raw Boost.Context switch there and back between two fibers
//   FiberRing32         one switch in a ring of 32 fibers (a warp's worth of stacks)
//   EngineRing32        the same ring through the engine's own switch (fiber/context.h: inline
//                       assembly, no FP control words), which is what the lanes use
//   ShuffleFullWarp     one lane's share of a full-warp __shfl_xor_sync under the default (random)
//                       schedule, and under lockstep: items = lane-shuffles
//   ShuffleOverRoundTrip  the first over the random ShuffleFullWarp, timed in alternating slices:
//                       the ratio the engine's target is stated in
//   BuiltinReads        one read of threadIdx.x, blockIdx.x, blockDim.x and gridDim.x together, by
//                       every lane of a 256-thread block (items = lane-reads; no lane switch)
//   SyncWarpBlock       one lane's share of a __syncwarp by all 8 warps of a block: a switch to
//                       the next lane per item, with what the scheduler updates on each switch
// Run on one core: `taskset -c 0 build/bin/engine_bench`. BENCHMARKS.md records the figures.
#include <benchmark/benchmark.h>
#include <sys/mman.h>
#include <time.h>

#include <algorithm>
#include <vector>

#include <boost/context/detail/fcontext.hpp>

#include "fiber/context.h"
#include "options.h"
#include "sched/grid.h"
#include "warpsafe/engine/keywords.h"
#include "warpsafe/engine/warp_intrinsics.h"

namespace {

using boost::context::detail::fcontext_t;
using boost::context::detail::jump_fcontext;
using boost::context::detail::make_fcontext;
using boost::context::detail::transfer_t;

// The rings' stacks, spaced as the engine spaces its lanes' (a 256 KB stack and its guard page,
// fiber/stack.cpp): mapped one after another, stacks a multiple of 16 pages apart (64 KB) all fall
// in one set of the data TLB, and a ring over more than four of them cost twice as much a switch
// on the engine's machine (5.4 ns against 2.8), which no lane of the engine pays.
constexpr std::size_t kRingStackSize = 260 * 1024;

void* MapStack(std::size_t size) {
  return mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

void FiberRoundTrip(benchmark::State& state) {
  constexpr std::size_t kSize = 64 * 1024;
  char* stack = static_cast<char*>(MapStack(kSize));
  fcontext_t fiber = make_fcontext(stack + kSize, kSize, [](transfer_t t) {
    for (;;) t = jump_fcontext(t.fctx, nullptr);
  });
  for (auto _ : state) fiber = jump_fcontext(fiber, nullptr).fctx;
  munmap(stack, kSize);
}
BENCHMARK(FiberRoundTrip);

struct Ring {
  fcontext_t ctx[32];
  fcontext_t main;
  long switches;
  int current;
};
Ring g_ring;

void FiberRing32(benchmark::State& state) {
  constexpr std::size_t kSize = kRingStackSize;
  char* stacks[32];
  for (auto _ : state) {
    state.PauseTiming();
    g_ring.switches = 1 << 20;
    for (int i = 0; i < 32; ++i) {
      stacks[i] = static_cast<char*>(MapStack(kSize));
      // Staggered like the engine's lane stacks (see Block::Run).
      g_ring.ctx[i] = make_fcontext(stacks[i] + kSize - i * 128, kSize - i * 128, [](transfer_t t) {
        *static_cast<fcontext_t*>(t.data) = t.fctx;
        const int me = g_ring.current;
        for (;;) {
          if (--g_ring.switches < 0) jump_fcontext(g_ring.main, nullptr);
          const int next = (me + 1) % 32;
          g_ring.current = next;
          transfer_t r = jump_fcontext(g_ring.ctx[next], &g_ring.ctx[me]);
          *static_cast<fcontext_t*>(r.data) = r.fctx;
        }
      });
    }
    g_ring.current = 0;
    state.ResumeTiming();
    jump_fcontext(g_ring.ctx[0], &g_ring.main);
    state.PauseTiming();
    for (int i = 0; i < 32; ++i) munmap(stacks[i], kSize);
    state.ResumeTiming();
  }
  state.SetItemsProcessed(state.iterations() * (1 << 20));
}
BENCHMARK(FiberRing32)->Unit(benchmark::kMillisecond);

struct EngineRing {
  warpsafe::engine::fiber::Context ctx[32];
  warpsafe::engine::fiber::Context main;
  long switches;
  int current;
};
EngineRing g_engine_ring;

void EngineRingFiber() {
  namespace fiber = warpsafe::engine::fiber;
  const int me = g_engine_ring.current;
  for (;;) {
    if (--g_engine_ring.switches < 0) fiber::Switch(&g_engine_ring.ctx[me], &g_engine_ring.main);
    const int next = (me + 1) % 32;
    g_engine_ring.current = next;
    fiber::Switch(&g_engine_ring.ctx[me], &g_engine_ring.ctx[next]);
  }
}

void EngineRing32(benchmark::State& state) {
  namespace fiber = warpsafe::engine::fiber;
  constexpr std::size_t kSize = kRingStackSize;
  char* stacks[32];
  for (auto _ : state) {
    state.PauseTiming();
    g_engine_ring.switches = 1 << 20;
    for (int i = 0; i < 32; ++i) {
      stacks[i] = static_cast<char*>(MapStack(kSize));
      g_engine_ring.ctx[i] = fiber::Make<EngineRingFiber>(stacks[i] + kSize - i * 128, kSize - i * 128);
    }
    g_engine_ring.current = 0;
    state.ResumeTiming();
    fiber::Switch(&g_engine_ring.main, &g_engine_ring.ctx[0]);
    state.PauseTiming();
    for (int i = 0; i < 32; ++i) munmap(stacks[i], kSize);
    state.ResumeTiming();
  }
  state.SetItemsProcessed(state.iterations() * (1 << 20));
}
BENCHMARK(EngineRing32)->Unit(benchmark::kMillisecond);

// One block of 32 threads, each doing kWarpShuffles full-warp __shfl_xor_sync (lane mask 1), under
// `schedule` on one worker: the kernel of ShuffleFullWarp and ShuffleOverRoundTrip.
constexpr int kWarpShuffles = 1 << 15;
int g_shuffle_sink = 0;

void XorShuffles(void*) {
  int v = static_cast<int>(threadIdx.x);
  for (int i = 0; i < kWarpShuffles; ++i) v = __shfl_xor_sync(0xffffffffu, v, 1);
  if (v == -1) ++g_shuffle_sink;
}

warpsafe::engine::GridSpec ShuffleGrid(warpsafe::engine::Schedule schedule) {
  using namespace warpsafe::engine;
  Options o = GetOptions();
  o.workers = 1;
  o.schedule = schedule;
  SetOptions(o);
  return GridSpec{dim3(1), dim3(32), 0, XorShuffles, nullptr, "bench", Site::Here()};
}

void ShuffleFullWarp(benchmark::State& state) {
  using namespace warpsafe::engine;
  const GridSpec spec = ShuffleGrid(state.range(0) == 0 ? Schedule::kRandom : Schedule::kLockstep);
  for (auto _ : state) RunGrid(spec);
  benchmark::DoNotOptimize(g_shuffle_sink);
  state.SetItemsProcessed(state.iterations() * kWarpShuffles * 32);
  state.SetLabel(state.range(0) == 0 ? "random (default)" : "lockstep");
}
BENCHMARK(ShuffleFullWarp)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// The ratio of the two above (random schedule), each iteration timing a slice of round trips and
// then a slice of shuffles of about the same length (10-15 ms each), in CPU time. A CPU whose clock
// moves within seconds (a shared host's) moves both halves of a pair alike, where two benchmarks
// run one after the other can each catch another clock. Reports the median and the lowest of the
// per-pair ratios (ratio_median, ratio_min) and the medians of their two halves in ns.
void ShuffleOverRoundTrip(benchmark::State& state) {
  using namespace warpsafe::engine;
  const GridSpec spec = ShuffleGrid(Schedule::kRandom);
  constexpr std::size_t kStackSize = 64 * 1024;
  char* stack = static_cast<char*>(MapStack(kStackSize));
  fcontext_t fiber = make_fcontext(stack + kStackSize, kStackSize, [](transfer_t t) {
    for (;;) t = jump_fcontext(t.fctx, nullptr);
  });
  constexpr int kTrips = 1 << 20;
  const auto cpu_ns = [] {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
  };
  std::vector<double> ratios, trips, shuffles;
  for (auto _ : state) {
    const double t0 = cpu_ns();
    for (int i = 0; i < kTrips; ++i) fiber = jump_fcontext(fiber, nullptr).fctx;
    const double t1 = cpu_ns();
    RunGrid(spec);
    const double t2 = cpu_ns();
    trips.push_back((t1 - t0) / kTrips);
    shuffles.push_back((t2 - t1) / (kWarpShuffles * 32.0));
    ratios.push_back(shuffles.back() / trips.back());
  }
  munmap(stack, kStackSize);
  benchmark::DoNotOptimize(g_shuffle_sink);
  const auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
  };
  state.counters["ratio_median"] = median(ratios);
  state.counters["ratio_min"] = ratios.empty() ? 0.0 : *std::min_element(ratios.begin(), ratios.end());
  state.counters["trip_ns"] = median(trips);
  state.counters["shfl_ns"] = median(shuffles);
}
BENCHMARK(ShuffleOverRoundTrip)->Unit(benchmark::kMillisecond)->MinTime(1.0);

// What device code pays to read the built-in variables: each iteration reads all four, and the
// empty asm with a memory clobber makes the compiler read them again in the next one.
void BuiltinReads(benchmark::State& state) {
  using namespace warpsafe::engine;
  Options o = GetOptions();
  o.workers = 1;
  SetOptions(o);
  constexpr int kReads = 1 << 14;
  unsigned sink = 0;
  auto body = [&sink] {
    unsigned acc = 0;
    for (int i = 0; i < kReads; ++i) {
      acc += threadIdx.x + blockIdx.x * blockDim.x + gridDim.x;
      asm volatile("" : "+r"(acc) : : "memory");
    }
    if (acc == 1) ++sink;
  };
  GridSpec spec{dim3(1), dim3(256), 0, [](void* p) { (*static_cast<decltype(body)*>(p))(); }, &body, "bench",
                Site::Here()};
  for (auto _ : state) RunGrid(spec);
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations() * kReads * 256);
}
BENCHMARK(BuiltinReads)->Unit(benchmark::kMillisecond);

// The switch path alone: __syncwarp by every lane of 8 full warps, under lockstep (the cheapest
// policy), so nearly every item is one switch to the next lane.
void SyncWarpBlock(benchmark::State& state) {
  using namespace warpsafe::engine;
  Options o = GetOptions();
  o.workers = 1;
  o.schedule = Schedule::kLockstep;
  SetOptions(o);
  constexpr int kSyncs = 1 << 12;
  auto body = [] {
    for (int i = 0; i < kSyncs; ++i) __syncwarp(0xffffffffu);
  };
  GridSpec spec{dim3(1), dim3(256), 0, [](void* p) { (*static_cast<decltype(body)*>(p))(); }, &body, "bench",
                Site::Here()};
  for (auto _ : state) RunGrid(spec);
  state.SetItemsProcessed(state.iterations() * kSyncs * 256);
}
BENCHMARK(SyncWarpBlock)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
