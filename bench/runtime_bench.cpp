// The runtime's memory mechanisms, each beside its floor measured in the same run:
//   RandomUpdate/device   random read-modify-writes over a 256 MB cudaMalloc block (huge pages,
//                         runtime/huge_pages.h); items = updates
//   RandomUpdate/small    the same over 256 MB from aligned_alloc on small pages (the floor it beats)
//   FindAllocationRepeat  FindAllocation of addresses in one block, as __isGlobal asks it from device
//                         code: answered by the per-thread memo (runtime/allocations.cpp)
//   FindAllocationChanged the same with the table changed before every look-up: the mutex and the
//                         map, what every look-up cost before the memo
// Run on one core: `taskset -c 0 build/bin/runtime_bench`. BENCHMARKS.md records the figures.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "cuda_runtime_api.h"
#include "runtime/allocations.h"

namespace {

constexpr std::size_t kBytes = std::size_t{256} << 20;

void Update(benchmark::State& state, unsigned* words) {
  const std::size_t n = kBytes / sizeof(unsigned);
  std::uint32_t r = 12345;
  for (auto _ : state) {
    r ^= r << 13;
    r ^= r >> 17;
    r ^= r << 5;
    words[r % n] += words[(r >> 7) % n];
  }
  benchmark::DoNotOptimize(words[r % n]);
  state.SetItemsProcessed(state.iterations());
}

void RandomUpdateDevice(benchmark::State& state) {
  unsigned* words = nullptr;
  if (cudaMalloc(&words, kBytes) != cudaSuccess) return state.SkipWithError("cudaMalloc failed");
  Update(state, words);
  cudaFree(words);
}
BENCHMARK(RandomUpdateDevice)->Name("RandomUpdate/device");

void RandomUpdateSmall(benchmark::State& state) {
  auto* words = static_cast<unsigned*>(std::aligned_alloc(256, kBytes));
  if (words == nullptr) return state.SkipWithError("aligned_alloc failed");
  std::memset(words, 0xff, kBytes);
  Update(state, words);
  std::free(words);
}
BENCHMARK(RandomUpdateSmall)->Name("RandomUpdate/small");

void FindAllocationRepeat(benchmark::State& state) {
  char* p = nullptr;
  if (cudaMalloc(&p, 4096) != cudaSuccess) return state.SkipWithError("cudaMalloc failed");
  unsigned k = 0;
  for (auto _ : state) benchmark::DoNotOptimize(warpsafe::engine::FindAllocation(p + (k++ & 4095), nullptr));
  cudaFree(p);
}
BENCHMARK(FindAllocationRepeat);

void FindAllocationChanged(benchmark::State& state) {
  char* p = nullptr;
  if (cudaMalloc(&p, 4096) != cudaSuccess) return state.SkipWithError("cudaMalloc failed");
  static char host[64];
  unsigned k = 0;
  for (auto _ : state) {
    state.PauseTiming();
    warpsafe::engine::runtime::Register(host, sizeof(host), warpsafe::engine::AllocationKind::kRegisteredHost, 0);
    warpsafe::engine::runtime::Unregister(host);
    state.ResumeTiming();
    benchmark::DoNotOptimize(warpsafe::engine::FindAllocation(p + (k++ & 4095), nullptr));
  }
  cudaFree(p);
}
BENCHMARK(FindAllocationChanged);

}  // namespace

BENCHMARK_MAIN();
