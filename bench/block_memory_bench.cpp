// The cost of device code's memory mechanisms on the engine, per operation (items):
//   SharedAtomic/alone      one atomicAdd on a block's shared counter by each of 256 lanes in
//                           turn (a scheduling point, a switch to a random lane, the add)
//   SharedAtomic/after_miss the same after a random read-modify-write of a 256 MB cudaMalloc
//                           buffer, the loop of NVIDIA's simpleAttributes (the miss dominates)
//   GlobalAtomic/after_miss the same loop with the atomic on a global counter, which also bumps
//                           the process-wide progress count (sched/progress_count.h)
//   AsyncCopyTile           a pipelined tile loop per lane: two 16-byte __pipeline_memcpy_async
//                           from two different cudaMalloc buffers, a commit, a wait for the
//                           group before last; items = copies (the allocation look-up behind
//                           __isGlobal and each thread's copy queues, sched/async)
//   IsGlobalTwoBuffers      __isGlobal of addresses in two buffers in turn, as libcu++'s
//                           memcpy_async asks it of each source (runtime/allocations.cpp's memo)
//   AtomicWorkers/N/G       16 blocks of the SharedAtomic/after_miss loop (G=0), or with each block's
//                           counter in a global cache line of its own (G=1), on N workers, wall
//                           time: whether more workers finish sooner. With G=1 the only line the
//                           workers share is the progress count's (one per thread now)
// Run on one core (`taskset -c 0 build/bin/block_memory_bench`) except AtomicWorkers, which
// needs N cores. BENCHMARKS.md records the figures.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "cuda_runtime_api.h"
#include "options.h"
#include "sched/grid.h"
#include "warpsafe/engine/async_copy.h"
#include "warpsafe/engine/atomics.h"
#include "warpsafe/engine/keywords.h"

namespace {

using namespace warpsafe::engine;

constexpr std::size_t kBigBytes = std::size_t{256} << 20;
constexpr unsigned kThreads = 256;

void UseWorkers(unsigned workers) {
  Options o = GetOptions();
  o.workers = workers;
  o.schedule = Schedule::kRandom;
  SetOptions(o);
}

template <class Body>
void Launch(Body& body, unsigned blocks, std::size_t dynamic_smem) {
  GridSpec spec{dim3(blocks), dim3(kThreads), dynamic_smem, [](void* p) { (*static_cast<Body*>(p))(); }, &body,
                "bench", Site::Here()};
  RunGrid(spec);
}

unsigned* BigBuffer() {
  static unsigned* words = [] {
    unsigned* w = nullptr;
    if (cudaMalloc(&w, kBigBytes) != cudaSuccess) return static_cast<unsigned*>(nullptr);
    cudaMemset(w, 0, kBigBytes);
    return w;
  }();
  return words;
}

// Each lane: `per_lane` rounds of (optionally) a random update of `big`, then an atomicAdd on
// `counter` (the block's shared memory when `counter` is null).
struct CounterLoop {
  unsigned* big;
  unsigned* global_counter;
  unsigned per_lane;
  unsigned block_stride = 0;  // words between the global counters of consecutive blocks
  void operator()() const {
    unsigned* counter = global_counter != nullptr ? global_counter + blockIdx.x * block_stride
                                                  : static_cast<unsigned*>(DynamicShared(Site::Here()));
    constexpr std::size_t n = kBigBytes / sizeof(unsigned);
    std::uint32_t r = threadIdx.x * 2654435761u + blockIdx.x + 1;
    for (unsigned i = 0; i < per_lane; ++i) {
      if (big != nullptr) {
        r ^= r << 13;
        r ^= r >> 17;
        r ^= r << 5;
        big[r % n] += big[(r >> 7) % n];
      }
      atomicAdd(counter, 1u);
    }
  }
};

void SharedAtomic(benchmark::State& state) {
  UseWorkers(1);
  const bool miss = state.range(0) != 0;
  unsigned* big = miss ? BigBuffer() : nullptr;
  if (miss && big == nullptr) return state.SkipWithError("cudaMalloc failed");
  CounterLoop body{big, nullptr, 1u << 12};
  for (auto _ : state) Launch(body, 1, sizeof(unsigned));
  state.SetItemsProcessed(state.iterations() * body.per_lane * kThreads);
  state.SetLabel(miss ? "after_miss" : "alone");
}
BENCHMARK(SharedAtomic)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void GlobalAtomic(benchmark::State& state) {
  UseWorkers(1);
  unsigned* big = BigBuffer();
  unsigned* counter = nullptr;
  if (big == nullptr || cudaMalloc(&counter, sizeof(unsigned)) != cudaSuccess) {
    return state.SkipWithError("cudaMalloc failed");
  }
  CounterLoop body{big, counter, 1u << 12};
  for (auto _ : state) Launch(body, 1, 0);
  cudaFree(counter);
  state.SetItemsProcessed(state.iterations() * body.per_lane * kThreads);
  state.SetLabel("after_miss");
}
BENCHMARK(GlobalAtomic)->Unit(benchmark::kMillisecond);

// Tiles of 16 bytes a lane from `a` and `b`, four stages in flight, consumed one group behind.
struct TileLoop {
  const float* a;
  const float* b;
  unsigned tiles;
  void operator()() const {
    auto* smem = static_cast<float*>(DynamicShared(Site::Here()));
    const unsigned t = threadIdx.x;
    float sum = 0;
    for (unsigned i = 0; i < tiles; ++i) {
      float* stage = smem + (i % 4) * kThreads * 8;
      const std::size_t at = (std::size_t{i} * kThreads + t) * 4 % (std::size_t{1} << 20);
      AsyncCopy(stage + t * 4, a + at, 16, 0, Site::Here());
      AsyncCopy(stage + kThreads * 4 + t * 4, b + at, 16, 0, Site::Here());
      AsyncCommit(Site::Here());
      AsyncWaitPrior(1, Site::Here());
      if (i > 0) {
        const float* prev = smem + ((i - 1) % 4) * kThreads * 8;
        sum += prev[t * 4] + prev[kThreads * 4 + t * 4];
      }
    }
    AsyncWaitPrior(0, Site::Here());
    benchmark::DoNotOptimize(sum);
  }
};

void AsyncCopyTile(benchmark::State& state) {
  UseWorkers(1);
  float* a = nullptr;
  float* b = nullptr;
  const std::size_t bytes = (std::size_t{1} << 20) * sizeof(float) + 64;
  if (cudaMalloc(&a, bytes) != cudaSuccess || cudaMalloc(&b, bytes) != cudaSuccess) {
    return state.SkipWithError("cudaMalloc failed");
  }
  cudaMemset(a, 0, bytes);
  cudaMemset(b, 0, bytes);
  TileLoop body{a, b, 512};
  for (auto _ : state) Launch(body, 1, 4 * kThreads * 8 * sizeof(float));
  cudaFree(a);
  cudaFree(b);
  state.SetItemsProcessed(state.iterations() * body.tiles * kThreads * 2);
}
BENCHMARK(AsyncCopyTile)->Unit(benchmark::kMillisecond);

void IsGlobalTwoBuffers(benchmark::State& state) {
  char* a = nullptr;
  char* b = nullptr;
  if (cudaMalloc(&a, 4096) != cudaSuccess || cudaMalloc(&b, 4096) != cudaSuccess) {
    return state.SkipWithError("cudaMalloc failed");
  }
  unsigned k = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(IsGlobalAddress((k & 1) != 0 ? a + (k & 4095) : b + (k & 4095)));
    ++k;
  }
  cudaFree(a);
  cudaFree(b);
}
BENCHMARK(IsGlobalTwoBuffers);

void AtomicWorkers(benchmark::State& state) {
  const auto workers = static_cast<unsigned>(state.range(0));
  const bool global = state.range(1) != 0;
  UseWorkers(workers);
  unsigned* big = BigBuffer();
  constexpr unsigned kBlocks = 16, kStride = 16;  // 64 bytes apart
  unsigned* counters = nullptr;
  if (big == nullptr || cudaMalloc(&counters, kBlocks * kStride * sizeof(unsigned)) != cudaSuccess) {
    return state.SkipWithError("cudaMalloc failed");
  }
  CounterLoop body{big, global ? counters : nullptr, 1u << 10, kStride};
  for (auto _ : state) Launch(body, kBlocks, sizeof(unsigned));
  cudaFree(counters);
  state.SetItemsProcessed(state.iterations() * body.per_lane * kThreads * kBlocks);
  state.SetLabel(global ? "global counters" : "shared counters");
}
BENCHMARK(AtomicWorkers)
    ->ArgsProduct({{1, 2, 4, 8, 16}, {0, 1}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
