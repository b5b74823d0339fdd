// GPU benchmark of the device collectives against a device-to-device copy of the same bytes and
// against CUB, in one run. Every figure is the median of kReps timed runs (CUDA events) after a
// warm-up; in the main table ours, CUB's and the copy's runs are interleaved, each after an L2
// flush (InterleavedMediansMs). Each run of ours or CUB's includes everything its host call
// launches (our clear of the tile states, CUB's init kernel). Before timing, each result is
// checked against CUB's (exactly: integer inputs, and small-integer floats so that sums are exact
// in any order).
//
//   device_bench [--sweep] [--phases] [--only-sweep] [--delays] [--reduce] [--clear] [--cold] [--cold-small]
//                [--select-small] [--small-phases] [--timeline FILE] [--once] [--overlap] [--csv FILE]
//   --sweep: also time the scan kernel over tile shapes (threads x rows) and look-back windows at
//   2^28 items; --phases: the same, with a per-tile breakdown of where the time goes;
//   --only-sweep: the sweep alone (with --phases: and the breakdown); --delays: the look-back's sleeps
//   alone, from 2^20 to 2^28 items, each variant twice; --reduce: the reduction's shapes beside CUB;
//   --clear: the storage clear before the look-back kernels, a kernel against cudaMemsetAsync;
//   --cold: the 8-byte scan's tile shapes from 2^20 to 2^30 items, timed as the main table is;
//   --cold-small: the 8-byte scan's tile states and look-back in small grids; --select-small: select's width and
//   tile shapes below 2^23 items; --small-phases: the per-tile
//   breakdown at 2^20 and 2^22 items (--timeline FILE: per tile, as CSV); --once: the small calls
//   once each, untimed, for `ncu`; --overlap: the scan and select kernels launched to overlap the
//   clear before them and launched the ordinary way.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include <cub/cub.cuh>
#include <warpsafe/device.cuh>

#define CHECK(call)                                                                                   \
  do {                                                                                                \
    cudaError_t e_ = (call);                                                                          \
    if (e_ != cudaSuccess) {                                                                          \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_));      \
      std::exit(2);                                                                                   \
    }                                                                                                 \
  } while (0)

namespace {

constexpr int kReps = 51;
FILE* g_csv = nullptr;
FILE* g_timeline = nullptr;  // --timeline: every probed tile's phase times
int g_mismatches = 0;

template <class F>
float MedianMs(F&& f) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  f();
  f();
  CHECK(cudaDeviceSynchronize());
  std::vector<float> ms;
  for (int i = 0; i < kReps; ++i) {
    CHECK(cudaEventRecord(a));
    f();
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    float t;
    CHECK(cudaEventElapsedTime(&t, a, b));
    ms.push_back(t);
  }
  CHECK(cudaGetLastError());
  CHECK(cudaEventDestroy(a));
  CHECK(cudaEventDestroy(b));
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

// Reads `words` 4-byte words and writes nothing (the sum goes out only if it matches an
// impossible value): run before each timed run of the main table, over twice the L2, it leaves the
// L2 holding clean lines of this buffer, so every timed run starts with none of its own data cached
// and no dirty lines of the previous run to write back.
__global__ void FlushL2Kernel(const unsigned* buf, std::int64_t words, unsigned* sink) {
  unsigned sum = 0;
  for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < words;
       i += std::int64_t(gridDim.x) * blockDim.x)
    sum += buf[i];
  if (sum == 0x9e3779b9u) *sink = sum;
}
struct L2Flush {
  unsigned* buf = nullptr;
  unsigned* sink = nullptr;
  std::int64_t words = 0;
  void Run() {
    if (!buf) {
      int device, l2 = 0;
      CHECK(cudaGetDevice(&device));
      CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
      words = 2 * std::int64_t(l2) / 4;
      CHECK(cudaMalloc(&buf, words * 4));
      CHECK(cudaMalloc(&sink, 4));
      CHECK(cudaMemset(buf, 0, words * 4));
    }
    FlushL2Kernel<<<1024, 256>>>(buf, words, sink);
    CHECK(cudaGetLastError());
  }
};
L2Flush g_flush;

// Medians of kReps timed runs of each of fs, interleaved: after two warm-up rounds, every round
// times one run of each in turn, each after an L2 flush (outside the timed region). The main table
// compares ours with CUB and the copy this way. Timed one after the other, 25 runs of each, a 35 us
// row can change sides between runs and a reduction read 0.274 ms in one run and 0.241 in the
// next (BENCHMARKS.md); interleaved without the flush, each run finds the L2 as the run before it
// left it (the copy's dirty lines, or the input another reduction has just read), which favours
// whichever comes second.
std::vector<float> InterleavedMediansMs(const std::vector<std::function<void()>>& fs) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  for (int warm = 0; warm < 2; ++warm)
    for (const auto& f : fs) f();
  CHECK(cudaDeviceSynchronize());
  std::vector<std::vector<float>> ms(fs.size());
  for (int i = 0; i < kReps; ++i) {
    for (std::size_t k = 0; k < fs.size(); ++k) {
      g_flush.Run();
      CHECK(cudaEventRecord(a));
      fs[k]();
      CHECK(cudaEventRecord(b));
      CHECK(cudaEventSynchronize(b));
      float t;
      CHECK(cudaEventElapsedTime(&t, a, b));
      ms[k].push_back(t);
    }
  }
  CHECK(cudaGetLastError());
  CHECK(cudaEventDestroy(a));
  CHECK(cudaEventDestroy(b));
  std::vector<float> medians;
  for (auto& m : ms) {
    std::sort(m.begin(), m.end());
    medians.push_back(m[m.size() / 2]);
  }
  return medians;
}

template <class T>
__global__ void FillKernel(T* p, std::int64_t n, unsigned seed) {
  for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < n; i += std::int64_t(gridDim.x) * blockDim.x) {
    unsigned h = unsigned(i) * 2654435761u ^ seed;
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    p[i] = T(int(h % 7u) - 3);  // small integers: sums exact in any order for every type
  }
}

template <class T>
bool SameBytes(const T* a, const T* b, std::int64_t n) {
  std::vector<T> x(std::size_t(std::min<std::int64_t>(n, 1 << 26))), y(x.size());
  // Compare the last chunk (where every error of the look-back accumulates) and the first.
  for (std::int64_t start : {std::int64_t(0), n - std::int64_t(x.size())}) {
    CHECK(cudaMemcpy(x.data(), a + start, x.size() * sizeof(T), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(y.data(), b + start, y.size() * sizeof(T), cudaMemcpyDeviceToHost));
    if (std::memcmp(x.data(), y.data(), x.size() * sizeof(T)) != 0) return false;
  }
  return true;
}

void Row(const char* what, const char* type, std::int64_t n, double copy_ms, double ours_ms, double cub_ms,
         double bytes) {
  const double gbs = bytes / (ours_ms * 1e6);
  std::printf("| %s | %s | 2^%d | %.4f | %.4f | %.4f | %.1f%% | %.3fx | %.0f |\n", what, type,
              int(std::log2(double(n)) + 0.5), copy_ms, ours_ms, cub_ms, 100.0 * copy_ms / ours_ms, cub_ms / ours_ms,
              gbs);
  if (g_csv) std::fprintf(g_csv, "%s,%s,%lld,%.5f,%.5f,%.5f\n", what, type, (long long)n, copy_ms, ours_ms, cub_ms);
}

// An inclusive sum of n fill values, ours and CUB's, with their temporary storage; `copy` (for a
// copy of the input) only when asked for.
template <class T>
struct ScanBuffers {
  std::int64_t n;
  T *in, *out, *ref, *copy = nullptr;
  void *ours_temp, *cub_temp;
  std::size_t ours_bytes = 0, cub_bytes = 0;
  ScanBuffers(std::int64_t items, unsigned seed, bool with_copy) : n(items) {
    CHECK(cudaMalloc(&in, n * sizeof(T)));
    CHECK(cudaMalloc(&out, n * sizeof(T)));
    CHECK(cudaMalloc(&ref, n * sizeof(T)));
    if (with_copy) CHECK(cudaMalloc(&copy, n * sizeof(T)));
    FillKernel<<<1024, 256>>>(in, n, seed);
    CHECK(cudaGetLastError());
    CHECK(warpsafe::DeviceScan::InclusiveSum(nullptr, ours_bytes, in, out, n));
    CHECK(cub::DeviceScan::InclusiveSum(nullptr, cub_bytes, in, ref, n));
    CHECK(cudaMalloc(&ours_temp, ours_bytes));
    CHECK(cudaMalloc(&cub_temp, cub_bytes));
  }
  ~ScanBuffers() {
    CHECK(cudaFree(in));
    CHECK(cudaFree(out));
    CHECK(cudaFree(ref));
    if (copy) CHECK(cudaFree(copy));
    CHECK(cudaFree(ours_temp));
    CHECK(cudaFree(cub_temp));
  }
  void Ours() { CHECK(warpsafe::DeviceScan::InclusiveSum(ours_temp, ours_bytes, in, out, n)); }
  void Cub() { CHECK(cub::DeviceScan::InclusiveSum(cub_temp, cub_bytes, in, ref, n)); }
  // Poisons `out`, runs `ours` and compares its result with CUB's (Cub() must have run).
  template <class F>
  void Check(F&& ours, const char* what, const char* type) {
    CHECK(cudaMemset(out, 0xAB, n * sizeof(T)));
    ours();
    CHECK(cudaDeviceSynchronize());
    if (!SameBytes(out, ref, n)) {
      std::printf("MISMATCH: %s %s n=%lld\n", what, type, (long long)n);
      ++g_mismatches;
    }
  }
};

template <class T>
void BenchScan(const char* type, std::int64_t n) {
  ScanBuffers<T> b(n, 12345u, true);
  b.Cub();
  b.Check([&] { b.Ours(); }, "inclusive sum", type);
  const std::vector<float> ms =
      InterleavedMediansMs({[&] { CHECK(cudaMemcpyAsync(b.copy, b.in, n * sizeof(T), cudaMemcpyDeviceToDevice)); },
                            [&] { b.Ours(); }, [&] { b.Cub(); }});
  Row("inclusive sum", type, n, ms[0], ms[1], ms[2], 2.0 * n * sizeof(T));
}

// A reduction beside CUB's on the same n fill values: ours(temp, bytes, in, out) follows the
// temporary-storage protocol (temp == nullptr: set bytes). The result is checked against CUB's bit
// for bit, then both are timed; with_copy also times a device-to-device copy of the input.
struct ReduceTimes {
  float copy_ms, ours_ms, cub_ms;
};
template <class T, class Ours>
ReduceTimes ReduceBesideCub(const char* what, const char* type, std::int64_t n, bool with_copy, Ours ours) {
  T *in, *out, *ref, *copy = nullptr;
  CHECK(cudaMalloc(&in, n * sizeof(T)));
  if (with_copy) CHECK(cudaMalloc(&copy, n * sizeof(T)));
  CHECK(cudaMalloc(&out, sizeof(T)));
  CHECK(cudaMalloc(&ref, sizeof(T)));
  FillKernel<<<1024, 256>>>(in, n, 4242u);
  CHECK(cudaGetLastError());
  std::size_t ours_bytes = 0, cub_bytes = 0;
  CHECK(ours(nullptr, ours_bytes, in, out));
  CHECK(cub::DeviceReduce::Sum(nullptr, cub_bytes, in, ref, n));
  void *ours_temp, *cub_temp;
  CHECK(cudaMalloc(&ours_temp, ours_bytes));
  CHECK(cudaMalloc(&cub_temp, cub_bytes));
  CHECK(cudaMemset(out, 0xAB, sizeof(T)));
  CHECK(ours(ours_temp, ours_bytes, in, out));
  CHECK(cub::DeviceReduce::Sum(cub_temp, cub_bytes, in, ref, n));
  CHECK(cudaDeviceSynchronize());
  if (!SameBytes(out, ref, 1)) {
    std::printf("MISMATCH: %s %s n=%lld\n", what, type, (long long)n);
    ++g_mismatches;
  }
  std::vector<std::function<void()>> runs = {[&] { CHECK(ours(ours_temp, ours_bytes, in, out)); },
                                             [&] { CHECK(cub::DeviceReduce::Sum(cub_temp, cub_bytes, in, ref, n)); }};
  if (with_copy)
    runs.push_back([&] { CHECK(cudaMemcpyAsync(copy, in, n * sizeof(T), cudaMemcpyDeviceToDevice)); });
  const std::vector<float> ms = InterleavedMediansMs(runs);
  const ReduceTimes t{with_copy ? ms[2] : 0.0f, ms[0], ms[1]};
  CHECK(cudaFree(in));
  if (with_copy) CHECK(cudaFree(copy));
  CHECK(cudaFree(out));
  CHECK(cudaFree(ref));
  CHECK(cudaFree(ours_temp));
  CHECK(cudaFree(cub_temp));
  return t;
}

template <class T>
void BenchReduce(const char* type, std::int64_t n) {
  const ReduceTimes t = ReduceBesideCub<T>("reduce sum", type, n, true,
                                           [&](void* temp, std::size_t& bytes, const T* in, T* out) {
                                             return warpsafe::DeviceReduce::Sum(temp, bytes, in, out, n);
                                           });
  // A reduction moves half a copy's bytes (it reads n items, writes none): its "copy" column is
  // half the copy's time, so "of copy" compares bytes per second with the copy's.
  Row("reduce sum", type, n, t.copy_ms / 2, t.ours_ms, t.cub_ms, double(n) * sizeof(T));
}

// --reduce: the reduction kernel at other shapes (threads x rows a tile, blocks an SM), beside CUB.
template <int kThreads, int kRowCount, int kBlocks>
struct ReduceShape {
  static constexpr int kBlockThreads = kThreads, kRows = kRowCount, kBlocksPerSm = kBlocks;
};
template <class T, class Shape>
void ReduceVariant(const char* type, std::int64_t n) {
  const ReduceTimes t = ReduceBesideCub<T>("reduce variant", type, n, false,
                                           [&](void* temp, std::size_t& bytes, const T* in, T* out) {
                                             return warpsafe::detail::DispatchReduceWith<Shape>(
                                                 temp, bytes, in, out, n, warpsafe::Sum{}, T{}, 0);
                                           });
  std::printf("| %s | 2^%d | %d | %d | %d | %.4f | %.4f | %.3fx |\n", type, int(std::log2(double(n)) + 0.5),
              Shape::kBlockThreads, Shape::kRows, Shape::kBlocksPerSm, t.ours_ms, t.cub_ms, t.cub_ms / t.ours_ms);
}
template <class T>
void ReduceVariants(const char* type, std::int64_t n) {
  ReduceVariant<T, ReduceShape<256, 4, 4>>(type, n);  // the policy's shape for non-commutative operators
  ReduceVariant<T, ReduceShape<256, 4, 8>>(type, n);
  ReduceVariant<T, ReduceShape<256, 8, 4>>(type, n);  // the policy's (commutative operators)
  ReduceVariant<T, ReduceShape<512, 4, 4>>(type, n);
  ReduceVariant<T, ReduceShape<256, 2, 8>>(type, n);
  ReduceVariant<T, ReduceShape<256, 4, 6>>(type, n);
}
void ReduceSweep() {
  std::printf("\nreduce kernel shapes, sum, beside CUB (each row measures both)\n\n| type | n | threads | rows of 16 B | "
              "blocks an SM | ms | CUB ms | vs CUB |\n|---|---|---|---|---|---|---|---|\n");
  for (int rep = 0; rep < 2; ++rep) {
    for (int log = 22; log <= 30; log += 2) {
      ReduceVariants<int>("int32", 1ll << log);
      ReduceVariants<long long>("int64", 1ll << log);
    }
  }
}

__global__ void FlagKernel(unsigned char* flags, std::int64_t n) {
  for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < n; i += std::int64_t(gridDim.x) * blockDim.x) {
    unsigned h = unsigned(i) * 2654435761u;
    h ^= h >> 16;
    flags[i] = (h * 2246822519u) >> 31;  // about half
  }
}

// Compaction of n fill values by flags (about half kept) beside CUB's DeviceSelect::Flagged:
// ours(temp, bytes, in, flags, out, count) follows the temporary-storage protocol (temp ==
// nullptr: set bytes). The count and the kept items are checked against CUB's first, then both are
// timed; with_copy also times a device-to-device copy of the input.
struct SelectTimes {
  float copy_ms, ours_ms, cub_ms;
  long long kept;
};
template <class T, class Ours>
SelectTimes SelectBesideCub(const char* what, const char* type, std::int64_t n, bool with_copy, Ours ours) {
  T *in, *out, *ref, *copy = nullptr;
  unsigned char* flags;
  long long *count, *ref_count;
  CHECK(cudaMalloc(&in, n * sizeof(T)));
  CHECK(cudaMalloc(&out, n * sizeof(T)));
  CHECK(cudaMalloc(&ref, n * sizeof(T)));
  if (with_copy) CHECK(cudaMalloc(&copy, n * sizeof(T)));
  CHECK(cudaMalloc(&flags, n));
  CHECK(cudaMalloc(&count, sizeof(long long)));
  CHECK(cudaMalloc(&ref_count, sizeof(long long)));
  FillKernel<<<1024, 256>>>(in, n, 99u);
  FlagKernel<<<1024, 256>>>(flags, n);
  CHECK(cudaGetLastError());
  std::size_t ours_bytes = 0, cub_bytes = 0;
  CHECK(ours(nullptr, ours_bytes, in, flags, out, count));
  CHECK(cub::DeviceSelect::Flagged(nullptr, cub_bytes, in, flags, ref, ref_count, n));
  void *ours_temp, *cub_temp;
  CHECK(cudaMalloc(&ours_temp, ours_bytes));
  CHECK(cudaMalloc(&cub_temp, cub_bytes));
  CHECK(cudaMemset(out, 0xAB, n * sizeof(T)));
  CHECK(ours(ours_temp, ours_bytes, in, flags, out, count));
  CHECK(cub::DeviceSelect::Flagged(cub_temp, cub_bytes, in, flags, ref, ref_count, n));
  CHECK(cudaDeviceSynchronize());
  long long c = 0, rc = 0;
  CHECK(cudaMemcpy(&c, count, 8, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&rc, ref_count, 8, cudaMemcpyDeviceToHost));
  if (c != rc || !SameBytes(out, ref, c)) {
    std::printf("MISMATCH: %s %s n=%lld (count %lld vs %lld)\n", what, type, (long long)n, c, rc);
    ++g_mismatches;
  }
  std::vector<std::function<void()>> runs = {
      [&] { CHECK(ours(ours_temp, ours_bytes, in, flags, out, count)); },
      [&] { CHECK(cub::DeviceSelect::Flagged(cub_temp, cub_bytes, in, flags, ref, ref_count, n)); }};
  if (with_copy)
    runs.push_back([&] { CHECK(cudaMemcpyAsync(copy, in, n * sizeof(T), cudaMemcpyDeviceToDevice)); });
  const std::vector<float> ms = InterleavedMediansMs(runs);
  const SelectTimes t{with_copy ? ms[2] : 0.0f, ms[0], ms[1], c};
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFree(ref));
  if (with_copy) CHECK(cudaFree(copy));
  CHECK(cudaFree(flags));
  CHECK(cudaFree(count));
  CHECK(cudaFree(ref_count));
  CHECK(cudaFree(ours_temp));
  CHECK(cudaFree(cub_temp));
  return t;
}

template <class T>
void BenchSelect(const char* type, std::int64_t n) {
  const SelectTimes t = SelectBesideCub<T>(
      "select flagged", type, n, true,
      [&](void* temp, std::size_t& bytes, const T* in, const unsigned char* flags, T* out, long long* count) {
        return warpsafe::DeviceSelect::Flagged(temp, bytes, in, flags, out, count, n);
      });
  Row("select flagged 50%", type, n, t.copy_ms, t.ours_ms, t.cub_ms,
      double(n) * (sizeof(T) + 1) + double(t.kept) * sizeof(T));
}

// Records, per tile, when each phase of the scan kernel ended (%globaltimer, ns) and how many
// look-back windows and polls it took (detail/device_probe.cuh).
struct PhaseProbe {
  unsigned long long* times;  // tiles x kProbePhases
  unsigned* walks;            // tiles x 2: windows, polls
  __device__ void Phase(std::int64_t tile, warpsafe::detail::ProbePhase phase) const {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    times[tile * warpsafe::detail::kProbePhases + phase] = t;
  }
  __device__ void LookBack(std::int64_t tile, unsigned windows, unsigned polls) const {
    if (warpsafe::detail::LaneId() == 0) {
      walks[2 * tile] = windows;
      walks[2 * tile + 1] = polls;
    }
  }
};

double Percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::size_t(q * double(v.size() - 1))];
}

// The scan kernel alone (the host call's memset included) at one tile shape and look-back window,
// inclusive sum of n items: its median time, and with --phases one more run with PhaseProbe, whose
// per-tile figures are summarised (medians and 90th percentiles in microseconds).
template <class T, int kThreads, int kRows, bool kStaged, class Delays, class State, class Probe>
void LaunchScan(const T* in, T* out, std::int64_t n, unsigned tiles, const State& state, unsigned* ticket,
                Probe probe) {
  auto kernel =
      warpsafe::detail::DeviceScanKernel<T, warpsafe::Sum, kThreads, kRows, kStaged, false, true, State, Probe, Delays>;
  if (kStaged) CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
  kernel<<<tiles, kThreads>>>(in, out, n, warpsafe::Sum{}, T(0), state, ticket, probe);
}

// kStateBytes: the slot of a tile's state; Delays: the look-back's sleeps (detail/device_tile_state.cuh).
template <class T, int kThreads, int kRows, bool kStaged, int kStateBytes,
          class Delays = warpsafe::detail::TunedLookBackDelays<T>>
void ScanVariant(const char* type, std::int64_t n, bool phases) {
  using State = warpsafe::detail::TileState<T, kStateBytes>;
  using Tile = warpsafe::detail::StripedTile<T, kThreads, kRows>;
  using warpsafe::detail::NoProbe;
  const std::int64_t tiles = (n + Tile::kTileItems - 1) / Tile::kTileItems;
  const std::size_t bytes = State::Bytes(tiles) + 256;
  T *in, *out, *copy;
  void* temp;
  CHECK(cudaMalloc(&in, n * sizeof(T)));
  CHECK(cudaMalloc(&out, n * sizeof(T)));
  CHECK(cudaMalloc(&copy, n * sizeof(T)));
  CHECK(cudaMalloc(&temp, bytes));
  FillKernel<<<1024, 256>>>(in, n, 777u);
  CHECK(cudaGetLastError());
  const State state(temp, tiles);
  unsigned* ticket = reinterpret_cast<unsigned*>(static_cast<char*>(temp) + State::Bytes(tiles));
  const float copy_ms = MedianMs([&] { CHECK(cudaMemcpyAsync(copy, in, n * sizeof(T), cudaMemcpyDeviceToDevice)); });
  const float ms = MedianMs([&] {
    cudaMemsetAsync(temp, 0, bytes);
    LaunchScan<T, kThreads, kRows, kStaged, Delays>(in, out, n, unsigned(tiles), state, ticket, NoProbe{});
  });
  {  // the variant's result against CUB's (copy is free now)
    std::size_t cub_bytes = 0;
    void* cub_temp;
    CHECK(cub::DeviceScan::InclusiveSum(nullptr, cub_bytes, in, copy, n));
    CHECK(cudaMalloc(&cub_temp, cub_bytes));
    CHECK(cub::DeviceScan::InclusiveSum(cub_temp, cub_bytes, in, copy, n));
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaFree(cub_temp));
    if (!SameBytes(out, copy, n)) {
      std::printf("MISMATCH: scan variant %s %d x %d\n", type, kThreads, kRows);
      ++g_mismatches;
    }
  }
  const bool patient = tiles >= Delays::kMinTiles;  // whether the grid is large enough for the sleeps
  std::printf("| %s | %s | %d | %d | %d | %u/%u/%u%s | %.4f | %.4f | %.1f%% |", type, kStaged ? "shared" : "registers",
              kThreads, kRows, kStateBytes, patient ? Delays::kFirstNs : 0u, patient ? Delays::kPollNs : 32u,
              patient ? Delays::kMaxNs : 256u,
              !patient && Delays::kSmallGridTilesPerThread > 0
                  ? (", block reads " + std::to_string(Delays::kSmallGridTilesPerThread) + " tiles a thread").c_str()
              : !patient && Delays::kSmallGridTilesPerLane > 1
                  ? (", " + std::to_string(Delays::kSmallGridTilesPerLane) + " tiles a lane").c_str()
                  : "",
              copy_ms, ms, 100.0 * copy_ms / ms);
  if (phases) {
    constexpr int kPhases = warpsafe::detail::kProbePhases;
    unsigned long long* times;
    unsigned* walks;
    CHECK(cudaMalloc(&times, tiles * kPhases * 8));
    CHECK(cudaMalloc(&walks, tiles * 8));
    CHECK(cudaMemset(walks, 0, tiles * 8));
    CHECK(cudaMemsetAsync(temp, 0, bytes));
    g_flush.Run();  // the probed run starts with nothing of its own in L2, as the main table's runs do
    LaunchScan<T, kThreads, kRows, kStaged, Delays>(in, out, n, unsigned(tiles), state, ticket,
                                                            PhaseProbe{times, walks});
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    std::vector<unsigned long long> t(std::size_t(tiles) * kPhases);
    std::vector<unsigned> w(std::size_t(tiles) * 2);
    CHECK(cudaMemcpy(t.data(), times, t.size() * 8, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(w.data(), walks, w.size() * 4, cudaMemcpyDeviceToHost));
    std::vector<double> load, publish, lookback, store, life, windows, polls;
    unsigned long long first = ~0ull, last = 0;
    if (g_timeline) {  // ns from the first tile's start, in ticket order
      unsigned long long t0 = ~0ull;
      for (std::int64_t i = 0; i < tiles; ++i) t0 = std::min(t0, t[std::size_t(i) * kPhases]);
      for (std::int64_t i = 0; i < tiles; ++i) {
        const unsigned long long* p = &t[std::size_t(i) * kPhases];
        std::fprintf(g_timeline, "%s %dx%d %d/%d,%lld,%lld,%llu,%llu,%llu,%llu,%llu,%u,%u\n", type, kThreads, kRows,
                     Delays::kSmallGridTilesPerLane, Delays::kSmallGridTilesPerThread, (long long)n, (long long)i,
                     p[0] - t0, p[1] - t0, i > 0 ? p[2] - t0 : p[1] - t0, p[3] - t0, p[4] - t0, w[2 * i], w[2 * i + 1]);
      }
    }
    for (std::int64_t i = 1; i < tiles; ++i) {  // tile 0 has no look-back
      const unsigned long long* p = &t[std::size_t(i) * kPhases];
      first = std::min(first, p[0]);
      last = std::max(last, p[4]);
      load.push_back((p[1] - p[0]) * 1e-3);
      publish.push_back((p[2] - p[1]) * 1e-3);
      lookback.push_back((p[3] - p[2]) * 1e-3);
      store.push_back((p[4] - p[3]) * 1e-3);
      life.push_back((p[4] - p[0]) * 1e-3);
      windows.push_back(w[2 * i]);
      polls.push_back(w[2 * i + 1]);
    }
    double life_sum = 0, windows_sum = 0, polls_sum = 0, multi = 0;
    for (std::size_t i = 0; i < life.size(); ++i) {
      life_sum += life[i];
      windows_sum += windows[i];
      polls_sum += polls[i];
      multi += windows[i] > 1;
    }
    const double span_us = (last - first) * 1e-3;
    std::printf(" %.2f / %.2f | %.2f / %.2f | %.2f / %.2f | %.2f / %.2f | %.2f / %.2f | %.0f | %.2f (%.1f%% > 1) | %.2f |",
                Percentile(load, 0.5), Percentile(load, 0.9), Percentile(publish, 0.5), Percentile(publish, 0.9),
                Percentile(lookback, 0.5), Percentile(lookback, 0.9), Percentile(store, 0.5), Percentile(store, 0.9),
                Percentile(life, 0.5), Percentile(life, 0.9), life_sum / span_us, windows_sum / life.size(),
                100.0 * multi / life.size(), polls_sum / life.size());
    CHECK(cudaFree(times));
    CHECK(cudaFree(walks));
  }
  std::printf("\n");
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFree(copy));
  CHECK(cudaFree(temp));
}

// A copy with the scan's tile shape and one tile per block, and a persistent grid-stride copy: what
// an SM kernel with this access pattern reaches without any look-back (the ceiling of the scan).
template <class T, int kThreads, int kRows>
__global__ void __launch_bounds__(kThreads) TileCopyKernel(const T* in, T* out) {
  using Tile = warpsafe::detail::StripedTile<T, kThreads, kRows>;
  typename Tile::Items x;
  const std::int64_t base = std::int64_t(blockIdx.x) * Tile::kTileItems;
  Tile::template LoadFull<true>(in + base, int(threadIdx.x), x);
  for (int r = 0; r < kRows; ++r) Tile::template StoreFullRow<true>(out + base, int(threadIdx.x), r, x[r]);
}
__global__ void GridStrideCopyKernel(const uint4* in, uint4* out, std::int64_t n) {
  for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < n; i += std::int64_t(gridDim.x) * blockDim.x)
    out[i] = in[i];
}
void CopyCeiling(std::int64_t n) {
  int *in, *out;
  CHECK(cudaMalloc(&in, n * 4));
  CHECK(cudaMalloc(&out, n * 4));
  FillKernel<<<1024, 256>>>(in, n, 1u);
  const float copy_ms = MedianMs([&] { CHECK(cudaMemcpyAsync(out, in, n * 4, cudaMemcpyDeviceToDevice)); });
  const float tile_ms = MedianMs([&] { TileCopyKernel<int, 128, 8><<<unsigned(n / 4096), 128>>>(in, out); });
  const float tile2_ms = MedianMs([&] { TileCopyKernel<int, 256, 8><<<unsigned(n / 8192), 256>>>(in, out); });
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const float grid_ms = MedianMs([&] {
    GridStrideCopyKernel<<<unsigned(sms * 8), 256>>>(reinterpret_cast<const uint4*>(in), reinterpret_cast<uint4*>(out), n / 4);
  });
  CHECK(cudaGetLastError());
  std::printf("\ncopies of 2^%d int32: cudaMemcpyAsync %.4f ms; tile copy 128 x 8 (one tile a block) %.4f ms (%.1f%%); "
              "256 x 8 %.4f ms (%.1f%%); grid-stride uint4 copy (8 blocks of 256 an SM) %.4f ms (%.1f%%)\n",
              int(std::log2(double(n)) + 0.5), copy_ms, tile_ms, 100.0 * copy_ms / tile_ms, tile2_ms,
              100.0 * copy_ms / tile2_ms, grid_ms, 100.0 * copy_ms / grid_ms);
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
}

// The compaction kernel (DeviceSelect::Flagged, half the items kept) with a given tile shape, beside
// CUB in the same run; the result is checked against CUB's (count and items) first.
template <class T, int kThreads, int kRows, class Delays = warpsafe::detail::TunedLookBackDelays<int>>
void SelectVariant(const char* type, std::int64_t n) {
  using Tile = warpsafe::detail::StripedTile<T, kThreads, kRows>;
  using State = warpsafe::detail::TileState<int>;
  using Decide = warpsafe::detail::ByFlag<unsigned char>;
  const std::int64_t tiles = (n + Tile::kTileItems - 1) / Tile::kTileItems;
  const SelectTimes t = SelectBesideCub<T>(
      "select variant", type, n, false,
      [&](void* temp, std::size_t& bytes, const T* in, const unsigned char* flags, T* out, long long* count) {
        if (temp == nullptr) {
          bytes = State::Bytes(tiles) + 256;
          return cudaSuccess;
        }
        // Cleared as the library clears (a kernel: cudaMemsetAsync costs about 1 us more a call at
        // 2^20, BENCHMARKS.md).
        const cudaError_t cleared = warpsafe::detail::ClearAsync(temp, bytes, 0);
        if (cleared != cudaSuccess) return cleared;
        const State state(temp, int(tiles));
        unsigned* ticket = reinterpret_cast<unsigned*>(static_cast<char*>(temp) + State::Bytes(tiles));
        warpsafe::detail::DeviceSelectKernel<T, Decide, int, long long, kThreads, kRows, true, Delays>
            <<<unsigned(tiles), kThreads>>>(in, Decide{flags}, out, count, n, state, ticket);
        return cudaPeekAtLastError();
      });
  std::printf("| %s | 2^%d | %d | %d | %d | %.4f | %.4f | %.3fx |\n", type, int(std::log2(double(n)) + 0.5), kThreads,
              kRows, int(Tile::kTileItems * sizeof(T) / 1024), t.ours_ms, t.cub_ms, t.cub_ms / t.ours_ms);
}

// The look-back's sleeps (detail::LookBackDelays) at the policies' shapes: ours, CUB's for 8-byte
// sums on sm_90 (1290 ns before the first read, 632 between polls), and between.
void LookBackSleeps(std::int64_t n, bool phases) {
  using warpsafe::detail::LookBackDelays;
  if (n >= (1ll << 25)) {
    ScanVariant<int, 256, 12, false, 128, LookBackDelays<0, 32, 256>>("int32", n, phases);
    ScanVariant<int, 256, 12, false, 128, LookBackDelays<1290, 632, 632>>("int32", n, phases);
    ScanVariant<int, 256, 12, false, 128, LookBackDelays<500, 32, 256>>("int32", n, phases);
    ScanVariant<int, 256, 12, false, 128, LookBackDelays<0, 128, 1024>>("int32", n, phases);
    ScanVariant<long long, 256, 8, true, 128, LookBackDelays<0, 32, 256>>("int64", n, phases);
    ScanVariant<long long, 256, 8, true, 128, LookBackDelays<1290, 632, 632>>("int64", n, phases);
    ScanVariant<long long, 256, 8, true, 128, LookBackDelays<500, 32, 256>>("int64", n, phases);
  } else {
    ScanVariant<long long, 128, 8, false, 128, LookBackDelays<0, 32, 256>>("int64", n, phases);
    ScanVariant<long long, 128, 8, false, 128, LookBackDelays<1290, 632, 632>>("int64", n, phases);
    ScanVariant<long long, 128, 8, false, 128, LookBackDelays<500, 32, 256>>("int64", n, phases);
    ScanVariant<long long, 128, 8, false, 128, LookBackDelays<0, 128, 1024>>("int64", n, phases);
    ScanVariant<long long, 128, 8, false, 128, LookBackDelays<250, 64, 512>>("int64", n, phases);
    ScanVariant<long long, 128, 8, false, 128, LookBackDelays<0, 32, 256>>("int64", n, phases);
  }
}

// --delays: the look-back's sleeps alone, every variant measured twice (interleaved) at each size,
// int32 at the policy's shape and int64 at the one the policy takes for the size.
template <class T, int kThreads, int kRows, bool kStaged>
void DelayVariants(const char* type, std::int64_t n) {
  using warpsafe::detail::LookBackDelays;
  ScanVariant<T, kThreads, kRows, kStaged, 128, LookBackDelays<0, 32, 256>>(type, n, false);
  ScanVariant<T, kThreads, kRows, kStaged, 128, LookBackDelays<1290, 632, 632>>(type, n, false);
  ScanVariant<T, kThreads, kRows, kStaged, 128, LookBackDelays<700, 350, 350>>(type, n, false);
  ScanVariant<T, kThreads, kRows, kStaged, 128, LookBackDelays<2000, 632, 632>>(type, n, false);
  ScanVariant<T, kThreads, kRows, kStaged, 128, LookBackDelays<1290, 32, 256>>(type, n, false);
  ScanVariant<T, kThreads, kRows, kStaged, 128, LookBackDelays<0, 632, 632>>(type, n, false);
  // Longer first sleeps.
  ScanVariant<T, kThreads, kRows, kStaged, 128, LookBackDelays<2000, 32, 256>>(type, n, false);
  ScanVariant<T, kThreads, kRows, kStaged, 128, LookBackDelays<3000, 32, 256>>(type, n, false);
  ScanVariant<T, kThreads, kRows, kStaged, 128, LookBackDelays<4500, 32, 256>>(type, n, false);
}
void DelaySweep() {
  using warpsafe::detail::LookBackDelays;
  using TunedLookBackDelays = warpsafe::detail::TunedLookBackDelays<int>;  // select's counts
  std::printf("\nselect flagged (half kept) at the policy's shapes, without and with the library's first sleep "
              "(TunedLookBackDelays), each twice\n\n| type | n | threads | rows of 16 B | tile KB | ms | CUB ms | vs CUB "
              "|\n|---|---|---|---|---|---|---|---|\n");
  for (int log = 22; log <= 28; log += 2) {
    const std::int64_t n = 1ll << log;
    for (int rep = 0; rep < 2; ++rep) {
      SelectVariant<int, 256, 4, LookBackDelays<>>("int32, no first sleep", n);
      SelectVariant<int, 256, 4, TunedLookBackDelays>("int32, library's sleeps", n);
      if (log < 23) {
        SelectVariant<double, 128, 8, LookBackDelays<>>("double, no first sleep", n);
        SelectVariant<double, 128, 8, TunedLookBackDelays>("double, library's sleeps", n);
      } else {
        SelectVariant<double, 256, 8, LookBackDelays<>>("double, no first sleep", n);
        SelectVariant<double, 256, 8, TunedLookBackDelays>("double, library's sleeps", n);
      }
    }
  }
  for (int log = 20; log <= 28; log += 2) {
    const std::int64_t n = 1ll << log;
    std::printf("\nn = 2^%d\n\n| type | tile held in | threads | rows of 16 B | state bytes per tile | look-back sleeps "
                "ns (first / poll / max) | copy ms | ms | of copy |\n|---|---|---|---|---|---|---|---|---|\n", log);
    for (int rep = 0; rep < 2; ++rep) {
      DelayVariants<int, 256, 12, false>("int32", n);
      if (log < 25) DelayVariants<long long, 128, 8, false>("int64", n);
      else DelayVariants<long long, 256, 8, true>("int64", n);
    }
  }
}

// Tile shapes and look-back windows of the scan kernel at 2^28 items (BENCHMARKS.md records why the
// chosen ones win).
void Sweep(bool phases) {
  const std::int64_t n = 1ll << 28;
  CopyCeiling(n);
  std::printf("\nscan kernel variants, inclusive sum, n = 2^28; phases (with --phases): median / 90th "
              "percentile per tile in us, from one more run with the probe\n\n");
  std::printf("| type | tile held in | threads | rows of 16 B | state bytes per tile | look-back sleeps ns (first / poll "
              "/ max) | copy ms | ms | of copy |%s\n",
              phases ? " load+scan | publish | look-back | store | lifetime | resident blocks (mean) | windows "
                       "walked | polls |"
                     : "");
  std::printf("|---|---|---|---|---|---|---|---|---|%s\n", phases ? "---|---|---|---|---|---|---|---|" : "");
  ScanVariant<int, 256, 8, false, 8>("int32", n, phases);
  ScanVariant<int, 256, 8, false, 32>("int32", n, phases);
  ScanVariant<int, 256, 8, false, 128>("int32", n, phases);  // the policy's
  ScanVariant<int, 128, 8, false, 128>("int32", n, phases);
  ScanVariant<int, 256, 4, false, 128>("int32", n, phases);
  ScanVariant<int, 256, 8, true, 128>("int32", n, phases);
  ScanVariant<int, 512, 4, false, 128>("int32", n, phases);   // 32 KB, 16 warps
  ScanVariant<int, 384, 8, false, 128>("int32", n, phases);   // 48 KB
  ScanVariant<int, 512, 8, false, 128>("int32", n, phases);   // 64 KB
  ScanVariant<int, 256, 12, false, 128>("int32", n, phases);  // 48 KB, 80 registers
  ScanVariant<int, 256, 10, false, 128>("int32", n, phases);  // 40 KB, 80 registers
  ScanVariant<int, 320, 8, false, 128>("int32", n, phases);   // 40 KB, 64 registers
  ScanVariant<int, 192, 12, false, 128>("int32", n, phases);  // 36 KB, 80 registers
  ScanVariant<int, 128, 12, false, 128>("int32", n, phases);  // 24 KB, 80 registers
  ScanVariant<int, 128, 16, false, 128>("int32", n, phases);  // 32 KB, 128 registers
  ScanVariant<int, 256, 16, false, 128>("int32", n, phases);  // 64 KB, 128 registers
  ScanVariant<long long, 256, 8, false, 128>("int64", n, phases);
  ScanVariant<long long, 128, 8, false, 128>("int64", n, phases);
  ScanVariant<long long, 256, 8, true, 32>("int64", n, phases);
  ScanVariant<long long, 256, 8, true, 128>("int64", n, phases);  // the policy's
  ScanVariant<long long, 128, 8, true, 128>("int64", n, phases);
  ScanVariant<long long, 256, 4, true, 128>("int64", n, phases);
  ScanVariant<long long, 512, 4, true, 128>("int64", n, phases);
  LookBackSleeps(n, phases);
  // Small inputs (less than a wave of tiles): the 8-byte shapes again.
  for (std::int64_t small : {1ll << 20, 1ll << 22, 1ll << 24, 1ll << 26}) {
    std::printf("\nn = 2^%d\n\n| type | tile held in | threads | rows of 16 B | state bytes per tile | look-back sleeps "
                "ns (first / poll / max) | copy ms | ms | of copy |\n|---|---|---|---|---|---|---|---|---|\n",
                int(std::log2(double(small)) + 0.5));
    ScanVariant<long long, 256, 8, true, 128>("int64", small, false);
    ScanVariant<long long, 128, 8, true, 128>("int64", small, false);
    ScanVariant<long long, 256, 4, true, 128>("int64", small, false);
    ScanVariant<long long, 128, 8, false, 128>("int64", small, false);
    ScanVariant<int, 256, 8, false, 128>("int32", small, false);
    ScanVariant<int, 128, 8, false, 128>("int32", small, false);
    ScanVariant<int, 256, 12, false, 128>("int32", small, false);
    ScanVariant<int, 192, 12, false, 128>("int32", small, false);
    ScanVariant<long long, 128, 4, false, 128>("int64", small, false);
    ScanVariant<long long, 256, 4, false, 128>("int64", small, false);
    ScanVariant<long long, 128, 8, false, 32>("int64", small, false);
    ScanVariant<long long, 256, 8, false, 128>("int64", small, false);
    ScanVariant<long long, 192, 8, false, 128>("int64", small, false);
    ScanVariant<long long, 64, 8, false, 128>("int64", small, false);
    ScanVariant<long long, 128, 6, false, 128>("int64", small, false);
    ScanVariant<long long, 224, 6, false, 128>("int64", small, false);  // CUB's sm_90 int64 tile: 2688 items
    ScanVariant<long long, 128, 8, false, 128>("int64", small, false);  // the policy's, again
    ScanVariant<long long, 224, 6, false, 128>("int64", small, false);
    LookBackSleeps(small, false);
  }
  // Compaction tile shapes (256 x 4 is the shape for items of at most 4 bytes or more than 16).
  std::printf("\nselect flagged (half kept) variants, beside CUB\n\n| type | n | threads | rows of 16 B | tile KB | ms | "
              "CUB ms | vs CUB |\n|---|---|---|---|---|---|---|---|\n");
  for (std::int64_t m : {1ll << 20, 1ll << 22, 1ll << 24, 1ll << 28}) {
    SelectVariant<double, 256, 4>("double", m);
    SelectVariant<double, 128, 8>("double", m);
    SelectVariant<double, 256, 8>("double", m);
    SelectVariant<double, 512, 4>("double", m);
    SelectVariant<double, 128, 4>("double", m);
    SelectVariant<double, 64, 8>("double", m);
    SelectVariant<double, 64, 4>("double", m);
    SelectVariant<double, 128, 8>("double", m);  // the small-input policy's, again (run-to-run spread)
    SelectVariant<int, 256, 4>("int32", m);
    SelectVariant<int, 256, 8>("int32", m);
    SelectVariant<int, 512, 4>("int32", m);
  }
}

// --clear: what clears the look-back storage in front of the scan and select kernels. The library
// launches a kernel (detail::ClearAsync); before, it called cudaMemsetAsync. Both paths run the
// same policy and kernel here, beside CUB, each timed twice, interleaved (api, memset, CUB, api,
// memset, CUB); both results are checked against CUB's.
template <class Policy, class T>
void MemsetScan(void* temp, const T* in, T* out, std::int64_t n) {
  namespace wd = warpsafe::detail;
  using Tile = wd::StripedTile<T, Policy::kBlockThreads, Policy::kRows>;
  const std::int64_t tiles = (n + Tile::kTileItems - 1) / Tile::kTileItems;
  cudaMemsetAsync(temp, 0, wd::LookBackStorage<T>::Bytes(tiles));
  const wd::TileState<T> state(temp, tiles);
  wd::LaunchScan<Policy, false, true>(in, out, warpsafe::Sum{}, T(0), n, tiles, state,
                                      wd::LookBackStorage<T>::Ticket(temp, tiles), false, cudaStream_t(0));
}
template <class Policy, class T>
void MemsetSelect(void* temp, const T* in, const unsigned char* flags, T* out, long long* count, std::int64_t n) {
  namespace wd = warpsafe::detail;
  using Tile = wd::StripedTile<T, Policy::kBlockThreads, Policy::kRows>;
  const std::int64_t tiles = (n + Tile::kTileItems - 1) / Tile::kTileItems;
  cudaMemsetAsync(temp, 0, wd::LookBackStorage<int>::Bytes(tiles));
  const wd::TileState<int> state(temp, tiles);
  wd::DeviceSelectKernel<T, wd::ByFlag<unsigned char>, int, long long, Policy::kBlockThreads, Policy::kRows, true>
      <<<unsigned(tiles), Policy::kBlockThreads>>>(in, wd::ByFlag<unsigned char>{flags}, out, count, n, state,
                                                   wd::LookBackStorage<int>::Ticket(temp, tiles));
}

// One row: our two paths beside CUB, each timed in two rounds: t[round][kernel clear, memset, CUB].
void ClearRow(const char* what, const char* type, std::int64_t n, const float (&t)[2][3]) {
  std::printf("| %s | %s | 2^%d | %.4f / %.4f | %.4f / %.4f | %.4f / %.4f | %.3fx / %.3fx | %.3fx / %.3fx |\n", what,
              type, int(std::log2(double(n)) + 0.5), t[0][0], t[1][0], t[0][1], t[1][1], t[0][2], t[1][2],
              t[0][2] / t[0][0], t[1][2] / t[1][0], t[0][2] / t[0][1], t[1][2] / t[1][1]);
}

template <class T>
void ClearScan(const char* type, std::int64_t n) {
  namespace wd = warpsafe::detail;
  ScanBuffers<T> b(n, 31337u, false);
  auto api = [&] { b.Ours(); };
  auto memset = [&] {
    if (wd::UseSmallScanPolicy<T>(n)) MemsetScan<wd::SmallScanPolicy<T>>(b.ours_temp, b.in, b.out, n);
    else MemsetScan<wd::ScanPolicy<T>>(b.ours_temp, b.in, b.out, n);
  };
  auto cub_run = [&] { b.Cub(); };
  cub_run();
  b.Check(api, "clear (kernel) inclusive sum", type);
  b.Check(memset, "clear (memset) inclusive sum", type);
  float t[2][3];
  for (int round = 0; round < 2; ++round) {
    t[round][0] = MedianMs(api);
    t[round][1] = MedianMs(memset);
    t[round][2] = MedianMs(cub_run);
  }
  ClearRow("inclusive sum", type, n, t);
}

template <class T>
void ClearSelect(const char* type, std::int64_t n) {
  namespace wd = warpsafe::detail;
  float t[2][3];
  // Each call of SelectBesideCub checks its `ours` against CUB and times it beside CUB.
  for (int round = 0; round < 2; ++round) {
    const SelectTimes a = SelectBesideCub<T>(
        "select flagged (clear kernel)", type, n, false,
        [&](void* temp, std::size_t& bytes, const T* in, const unsigned char* flags, T* out, long long* count) {
          return warpsafe::DeviceSelect::Flagged(temp, bytes, in, flags, out, count, n);
        });
    const SelectTimes m = SelectBesideCub<T>(
        "select flagged (memset)", type, n, false,
        [&](void* temp, std::size_t& bytes, const T* in, const unsigned char* flags, T* out, long long* count) {
          if (temp == nullptr) return warpsafe::DeviceSelect::Flagged(temp, bytes, in, flags, out, count, n);
          if (wd::UseSmallSelectPolicy<T>(n)) MemsetSelect<wd::SmallSelectPolicy<T>>(temp, in, flags, out, count, n);
          else if (wd::UseMidSelectPolicy<T>(n)) MemsetSelect<wd::MidSelectPolicy<T>>(temp, in, flags, out, count, n);
          else MemsetSelect<wd::SelectPolicy<T>>(temp, in, flags, out, count, n);
          return cudaPeekAtLastError();
        });
    t[round][0] = a.ours_ms;
    t[round][1] = m.ours_ms;
    t[round][2] = (a.cub_ms + m.cub_ms) / 2;
  }
  ClearRow("select flagged 50%", type, n, t);
}

void ClearSweep() {
  std::printf("\nclearing the look-back storage: a kernel (the library's) or cudaMemsetAsync, same policy and "
              "kernel, beside CUB; two rounds, interleaved\n\n| collective | type | n | kernel ms | memset ms | CUB ms | "
              "kernel vs CUB | memset vs CUB |\n|---|---|---|---|---|---|---|---|\n");
  for (std::int64_t n : {1ll << 20, 1ll << 22, 1ll << 24}) {
    ClearScan<int>("int32", n);
    ClearScan<long long>("int64", n);
    ClearScan<float>("float", n);
    ClearScan<double>("double", n);
    ClearSelect<int>("int32", n);
    ClearSelect<double>("double", n);
  }
}

// --cold: the scan's tile shapes for 8-byte items, each a full host call (the storage clear
// included) through DispatchScanWith, timed as the main table times (interleaved with CUB's, each
// run after an L2 flush); every variant's result is checked against CUB's first. GenericSum is
// the same sum as a user operator, which takes the warp scan's generic multi-word step instead of
// the step specialised for warpsafe::Sum.
struct GenericSum {
  template <class T>
  __host__ __device__ T operator()(const T& a, const T& b) const {
    return a + b;
  }
};
template <class T, int kThreads, int kRows, bool kStaged, class Op = warpsafe::Sum, int kSlotBytes = 128,
          class Delays = warpsafe::detail::TunedLookBackDelays<T>>
struct ColdShape {
  using Policy = warpsafe::detail::ScanShape<kThreads, kRows, kStaged, kSlotBytes, Delays>;
  static void* Temp(std::int64_t n) {
    std::size_t bytes = 0;
    CHECK((warpsafe::detail::DispatchScanWith<Policy, false>(nullptr, bytes, (const T*)nullptr, (T*)nullptr, Op{},
                                                             T(0), n, 0)));
    void* temp;
    CHECK(cudaMalloc(&temp, bytes));
    return temp;
  }
  static void Run(void* temp, const T* in, T* out, std::int64_t n) {
    std::size_t bytes = 0;
    CHECK((warpsafe::detail::DispatchScanWith<Policy, false>(nullptr, bytes, in, out, Op{}, T(0), n, 0)));
    CHECK((warpsafe::detail::DispatchScanWith<Policy, false>(temp, bytes, in, out, Op{}, T(0), n, 0)));
  }
  static std::string Name() {
    return std::to_string(kThreads) + " x " + std::to_string(kRows) + (kStaged ? " shared" : " registers") +
           (std::is_same<Op, warpsafe::Sum>::value ? "" : ", generic step") +
           (kSlotBytes == 128 ? "" : ", " + std::to_string(kSlotBytes) + "-byte state slots") +
           (Delays::kSmallGridTilesPerThread > 0
                ? ", look-back by the block, " + std::to_string(Delays::kSmallGridTilesPerThread) + " tiles a thread"
                : "") +
           (Delays::kSmallGridTilesPerLane == 1 ? ""
                                                : ", look-back " + std::to_string(Delays::kSmallGridTilesPerLane) +
                                                      " tiles a lane below " + std::to_string(Delays::kMinTiles) + " tiles");
  }
};
template <class T, class... Shapes>
void ColdShapes(const char* type, std::int64_t n) {
  ScanBuffers<T> b(n, 4711u, false);
  b.Cub();
  std::vector<void*> temps = {Shapes::Temp(n)...};
  std::vector<std::string> names = {Shapes::Name()...};
  std::vector<std::function<void()>> runs = {[&] { b.Cub(); }};
  int k = 0;
  (void)std::initializer_list<int>{
      (runs.push_back([&b, t = temps[k], n] { Shapes::Run(t, b.in, b.out, n); }), ++k)...};
  for (std::size_t v = 1; v < runs.size(); ++v) b.Check(runs[v], names[v - 1].c_str(), type);
  const std::vector<float> ms = InterleavedMediansMs(runs);
  for (std::size_t v = 1; v < runs.size(); ++v)
    std::printf("| %s | 2^%d | %s | %.4f | %.4f | %.3fx |\n", type, int(std::log2(double(n)) + 0.5),
                names[v - 1].c_str(), ms[v], ms[0], ms[0] / ms[v]);
  for (void* t : temps) CHECK(cudaFree(t));
}
template <class T>
void ColdShapesOf(const char* type, std::int64_t n) {
  ColdShapes<T, ColdShape<T, 128, 8, false>, ColdShape<T, 128, 8, false, GenericSum>,  // below 2^25
             ColdShape<T, 256, 8, true>, ColdShape<T, 256, 8, true, GenericSum>,       // from 2^25
             ColdShape<T, 128, 12, false>, ColdShape<T, 128, 12, false, GenericSum>,
             ColdShape<T, 256, 12, false>, ColdShape<T, 192, 12, false>, ColdShape<T, 128, 10, false>,
             ColdShape<T, 128, 16, false>, ColdShape<T, 96, 12, false>>(type, n);
}
// An alternative state layout for 8-byte values, kept to measure the library's against it: the
// aggregate's halves and the prefix's halves in separate pairs of words (32 bytes), so that each
// pair is written once, and a read loads all four (two 16-byte loads).
template <class T>
class SplitPairsState {
 public:
  static std::size_t Bytes(std::int64_t tiles) { return warpsafe::detail::AlignUp(std::size_t(tiles) * 128, 256); }
  SplitPairsState(void* storage, std::int64_t) : words_(static_cast<unsigned long long*>(storage)) {}
  __device__ void Publish(std::int64_t tile, unsigned status, const T& value) const {
    unsigned half[2];
    memcpy(half, &value, 8);
    const unsigned long long tag = static_cast<unsigned long long>(status) << 32;
    unsigned long long* pair = words_ + 16 * tile + (status == warpsafe::detail::kTilePrefix ? 2 : 0);
    warpsafe::detail::StoreRelaxed64(pair, tag | half[0]);
    warpsafe::detail::StoreRelaxed64(pair + 1, tag | half[1]);
  }
  __device__ unsigned Read(std::int64_t tile, T& value) const {
    using warpsafe::detail::kTileAggregate;
    using warpsafe::detail::kTilePrefix;
    unsigned long long pairs[2][2];  // two 16-byte loads
    warpsafe::detail::LoadRelaxed64x2(words_ + 16 * tile, pairs[0]);
    warpsafe::detail::LoadRelaxed64x2(words_ + 16 * tile + 2, pairs[1]);
    const unsigned long long w[4] = {pairs[0][0], pairs[0][1], pairs[1][0], pairs[1][1]};
    const int at = (w[2] >> 32) == kTilePrefix && (w[3] >> 32) == kTilePrefix               ? 2
                   : (w[0] >> 32) == kTileAggregate && (w[1] >> 32) == kTileAggregate ? 0
                                                                                        : -1;
    if (at < 0) return warpsafe::detail::kTileEmpty;
    const unsigned half[2] = {static_cast<unsigned>(w[at]), static_cast<unsigned>(w[at + 1])};
    memcpy(&value, half, 8);
    return at == 2 ? kTilePrefix : kTileAggregate;
  }

 private:
  unsigned long long* words_;
};
// The library's host call with SplitPairsState instead of TileState (aligned arrays, inclusive sum).
template <class T, int kThreads, int kRows>
struct SplitPairsShape {
  using Tile = warpsafe::detail::StripedTile<T, kThreads, kRows>;
  static std::int64_t Tiles(std::int64_t n) { return (n + Tile::kTileItems - 1) / Tile::kTileItems; }
  static std::size_t Bytes(std::int64_t n) { return SplitPairsState<T>::Bytes(Tiles(n)) + 256; }
  static void* Temp(std::int64_t n) {
    void* temp;
    CHECK(cudaMalloc(&temp, Bytes(n)));
    return temp;
  }
  static void Run(void* temp, const T* in, T* out, std::int64_t n) {
    const std::int64_t tiles = Tiles(n);
    CHECK(warpsafe::detail::ClearAsync(temp, Bytes(n), 0));
    const SplitPairsState<T> state(temp, tiles);
    unsigned* ticket = reinterpret_cast<unsigned*>(static_cast<char*>(temp) + SplitPairsState<T>::Bytes(tiles));
    using Delays = warpsafe::detail::TunedLookBackDelays<T>;
    LaunchScan<T, kThreads, kRows, false, Delays>(in, out, n, unsigned(tiles), state, ticket, warpsafe::detail::NoProbe{});
    CHECK(cudaGetLastError());
  }
  static std::string Name() {
    return std::to_string(kThreads) + " x " + std::to_string(kRows) + " registers, split-pair states";
  }
};

// --cold-small: the small sizes only (2^20 to 2^24): for 8-byte items, the library's tile states
// against split pairs (SplitPairsShape), and the look-back read by the first warp
// against the whole block's (BlockDelays: tiles a thread, in grids of fewer than 4096 tiles), at
// 128 x 8, 256 x 8 and 128 x 16; int32 at its policy's shape for reference. WideDelays: the warp's
// walk reading several tiles a lane (select's sweep uses it too).
template <int kPerLane>
using WideDelays = warpsafe::detail::LookBackDelays<1290, 32, 256, 4096, kPerLane>;
// The look-back read by the whole block, kPerThread tiles a thread, below 4096 tiles.
template <int kPerThread, int kPerLane = 1>
using BlockDelays = warpsafe::detail::LookBackDelays<1290, 32, 256, 4096, kPerLane, kPerThread>;
template <class T>
void ColdSmallShapesOf(const char* type, std::int64_t n) {
  using warpsafe::Sum;
  if constexpr (sizeof(T) == 8) {
    ColdShapes<T, ColdShape<T, 128, 8, false>, SplitPairsShape<T, 128, 8>,
               ColdShape<T, 128, 8, false, Sum, 128, BlockDelays<1>>,
               ColdShape<T, 128, 8, false, Sum, 128, BlockDelays<4>>, ColdShape<T, 256, 8, false>,
               ColdShape<T, 256, 8, false, Sum, 128, BlockDelays<2>>, SplitPairsShape<T, 128, 16>,
               ColdShape<T, 128, 16, false>>(type, n);
  } else {
    ColdShapes<T, ColdShape<T, 256, 12, false>>(type, n);
  }
}
void ColdSmallSweep() {
  std::printf("\nscan tile shapes and look-back widths beside CUB, interleaved, each run after an L2 flush\n\n| type | "
              "n | shape (threads x rows of 16 B, tile held in) | ms | CUB ms | vs CUB |\n|---|---|---|---|---|---|\n");
  for (int log : {20, 21, 22, 23, 24}) {
    ColdSmallShapesOf<long long>("int64", 1ll << log);
    ColdSmallShapesOf<double>("double", 1ll << log);
    if (log % 2 == 0) ColdSmallShapesOf<int>("int32", 1ll << log);
  }
}
// --overlap: the scan and select calls with their kernel launched to overlap the clear before it
// (the library's launch, detail/device_launch.cuh) and launched the ordinary way (kOverlap =
// false), beside CUB, interleaved, each run after an L2 flush. Every variant's result is checked
// against CUB's first. (The reduction timed this way, with ClearKernel in place of its memset, is
// slower: results/2026-11-22-h200-device-9/run1_overlap.log.)
template <class T, bool kOverlap>
struct OverlapScan {
  static void* Temp(std::int64_t n) {
    std::size_t bytes = 0;
    CHECK((warpsafe::detail::DispatchScan<false, kOverlap>(nullptr, bytes, (const T*)nullptr, (T*)nullptr,
                                                           warpsafe::Sum{}, T(0), n, 0)));
    void* temp;
    CHECK(cudaMalloc(&temp, bytes));
    return temp;
  }
  static void Run(void* temp, const T* in, T* out, std::int64_t n) {
    std::size_t bytes = 0;
    CHECK((warpsafe::detail::DispatchScan<false, kOverlap>(nullptr, bytes, in, out, warpsafe::Sum{}, T(0), n, 0)));
    CHECK((warpsafe::detail::DispatchScan<false, kOverlap>(temp, bytes, in, out, warpsafe::Sum{}, T(0), n, 0)));
  }
  static std::string Name() { return kOverlap ? "scan, overlapped launch" : "scan, ordinary launch"; }
};
template <class T>
void OverlapSelect(const char* type, std::int64_t n) {
  for (int overlap = 1; overlap >= 0; --overlap) {
    const SelectTimes t = SelectBesideCub<T>(
        overlap ? "select, overlapped launch" : "select, ordinary launch", type, n, false,
        [&](void* temp, std::size_t& bytes, const T* in, const unsigned char* flags, T* out, long long* count) {
          const warpsafe::detail::ByFlag<unsigned char> decide{flags};
          return overlap ? warpsafe::detail::DispatchSelect<true>(temp, bytes, in, decide, out, count, n, 0)
                         : warpsafe::detail::DispatchSelect<false>(temp, bytes, in, decide, out, count, n, 0);
        });
    std::printf("| %s | 2^%d | %s | %.4f | %.4f | %.3fx |\n", type, int(std::log2(double(n)) + 0.5),
                overlap ? "select, overlapped launch" : "select, ordinary launch", t.ours_ms, t.cub_ms,
                t.cub_ms / t.ours_ms);
  }
}
void OverlapSweep() {
  std::printf("\nsingle-pass calls, kernel launched to overlap the clear or not, beside CUB, interleaved, each run after "
              "an L2 flush\n\n| type | n | variant | ms | CUB ms | vs CUB |\n|---|---|---|---|---|---|\n");
  for (int log : {20, 21, 22, 23, 24, 26}) {
    const std::int64_t n = 1ll << log;
    ColdShapes<int, OverlapScan<int, true>, OverlapScan<int, false>>("int32", n);
    ColdShapes<float, OverlapScan<float, true>, OverlapScan<float, false>>("float", n);
    ColdShapes<long long, OverlapScan<long long, true>, OverlapScan<long long, false>>("int64", n);
    ColdShapes<double, OverlapScan<double, true>, OverlapScan<double, false>>("double", n);
  }
  for (int log : {20, 22, 24}) {
    OverlapSelect<int>("int32", 1ll << log);
    OverlapSelect<double>("double", 1ll << log);
  }
}

// --select-small: compaction below 2^23 items: the look-back's width, and tile shapes with the
// library's look-back, each twice.
void SelectSmallSweep() {
  std::printf("\nselect flagged (half kept) look-back widths and tile shapes beside CUB\n\n| type | n | threads | rows "
              "of 16 B | tile KB | ms | CUB ms | vs CUB |\n|---|---|---|---|---|---|---|---|\n");
  for (int log : {20, 21, 22}) {
    const std::int64_t n = 1ll << log;
    for (int rep = 0; rep < 2; ++rep) {
      SelectVariant<int, 256, 4, WideDelays<1>>("int32, 1 tile a lane", n);
      SelectVariant<int, 256, 4, WideDelays<2>>("int32, 2 tiles a lane", n);
      SelectVariant<int, 256, 4>("int32", n);  // the library's: 4 tiles a lane
      SelectVariant<int, 256, 8>("int32", n);
      SelectVariant<int, 512, 4>("int32", n);
      SelectVariant<int, 128, 4>("int32", n);
      SelectVariant<double, 128, 8, WideDelays<1>>("double, 1 tile a lane", n);
      SelectVariant<double, 128, 8>("double", n);  // the library's: 4 tiles a lane
      SelectVariant<double, 256, 8>("double", n);
      SelectVariant<double, 256, 4>("double", n);
      SelectVariant<double, 512, 4>("double", n);
      SelectVariant<double, 384, 4>("double", n);
      SelectVariant<double, 192, 8>("double", n);
    }
  }
}
void ColdSweep() {
  std::printf("\n8-byte scan tile shapes beside CUB, interleaved, each run after an L2 flush\n\n| type | n | shape "
              "(threads x rows of 16 B, tile held in) | ms | CUB ms | vs CUB |\n|---|---|---|---|---|---|\n");
  for (int log : {20, 22, 23, 24, 25, 26, 28, 30}) {
    ColdShapesOf<long long>("int64", 1ll << log);
    ColdShapesOf<double>("double", 1ll << log);
  }
}

// --small-phases: where a tile's time goes at 2^20 and 2^22 items, for 8-byte items: 128 x 8 with
// the warp's look-back and with the block's, 256 x 8 with the block's; each probed run after an L2
// flush. With --timeline FILE, every tile's phase times too (ns from the first tile's start).
void SmallPhases() {
  for (int log : {20, 22}) {
    const std::int64_t n = 1ll << log;
    std::printf("\nn = 2^%d; phases: median / 90th percentile per tile in us\n\n| type | tile held in | threads | rows "
                "of 16 B | state bytes per tile | look-back sleeps ns (first / poll / max) | copy ms | ms | of copy | "
                "load+scan | publish | look-back | store | lifetime | resident blocks (mean) | windows walked | polls "
                "|\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
                log);
    ScanVariant<long long, 128, 8, false, 128>("int64", n, true);
    ScanVariant<long long, 128, 8, false, 128, BlockDelays<4>>("int64", n, true);
    ScanVariant<long long, 256, 8, false, 128, BlockDelays<2>>("int64", n, true);
    ScanVariant<double, 128, 8, false, 128>("double", n, true);
  }
}

// --once: each small call of the main table (2^20 and 2^22 items: scans of every type, select)
// run twice, ours and CUB's, untimed: a workload for `ncu`, which times every kernel alone and
// reports its launch shape.
template <class T>
void OnceScan(std::int64_t n) {
  ScanBuffers<T> b(n, 12345u, false);
  for (int rep = 0; rep < 2; ++rep) {
    b.Cub();
    b.Ours();
  }
  CHECK(cudaDeviceSynchronize());
}
template <class T>
void OnceSelect(std::int64_t n) {
  T *in, *out;
  unsigned char* flags;
  long long* count;
  CHECK(cudaMalloc(&in, n * sizeof(T)));
  CHECK(cudaMalloc(&out, n * sizeof(T)));
  CHECK(cudaMalloc(&flags, n));
  CHECK(cudaMalloc(&count, sizeof(long long)));
  FillKernel<<<1024, 256>>>(in, n, 99u);
  FlagKernel<<<1024, 256>>>(flags, n);
  std::size_t ours_bytes = 0, cub_bytes = 0;
  CHECK(warpsafe::DeviceSelect::Flagged(nullptr, ours_bytes, in, flags, out, count, n));
  CHECK(cub::DeviceSelect::Flagged(nullptr, cub_bytes, in, flags, out, count, n));
  void *ours_temp, *cub_temp;
  CHECK(cudaMalloc(&ours_temp, ours_bytes));
  CHECK(cudaMalloc(&cub_temp, cub_bytes));
  for (int rep = 0; rep < 2; ++rep) {
    CHECK(cub::DeviceSelect::Flagged(cub_temp, cub_bytes, in, flags, out, count, n));
    CHECK(warpsafe::DeviceSelect::Flagged(ours_temp, ours_bytes, in, flags, out, count, n));
  }
  CHECK(cudaDeviceSynchronize());
  for (void* p : {(void*)in, (void*)out, (void*)flags, (void*)count, ours_temp, cub_temp}) CHECK(cudaFree(p));
}
void Once() {
  for (int log : {20, 22}) {
    const std::int64_t n = 1ll << log;
    OnceScan<int>(n);
    OnceScan<long long>(n);
    OnceScan<double>(n);
    OnceSelect<int>(n);
    OnceSelect<double>(n);
  }
}

}  // namespace

int main(int argc, char** argv) {
  bool sweep = false, phases = false, only_sweep = false, delays = false, reduce = false, clear = false, cold = false,
       small_phases = false, once = false, cold_small = false,
       select_small = false, overlap = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--sweep") == 0) sweep = true;
    else if (std::strcmp(argv[i], "--phases") == 0) sweep = phases = true;
    else if (std::strcmp(argv[i], "--only-sweep") == 0) sweep = only_sweep = true;
    else if (std::strcmp(argv[i], "--delays") == 0) delays = true;
    else if (std::strcmp(argv[i], "--reduce") == 0) reduce = true;
    else if (std::strcmp(argv[i], "--clear") == 0) clear = true;
    else if (std::strcmp(argv[i], "--cold") == 0) cold = true;
    else if (std::strcmp(argv[i], "--small-phases") == 0) small_phases = true;
    else if (std::strcmp(argv[i], "--once") == 0) once = true;
    else if (std::strcmp(argv[i], "--cold-small") == 0) cold_small = true;
    else if (std::strcmp(argv[i], "--select-small") == 0) select_small = true;
    else if (std::strcmp(argv[i], "--overlap") == 0) overlap = true;
    else if (std::strcmp(argv[i], "--csv") == 0 && i + 1 < argc) g_csv = std::fopen(argv[++i], "w");
    else if (std::strcmp(argv[i], "--timeline") == 0 && i + 1 < argc) g_timeline = std::fopen(argv[++i], "w");
  }
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s, %d SMs, L2 %d MB; median of %d runs (CUDA events)\n\n", prop.name, prop.multiProcessorCount,
              prop.l2CacheSize >> 20, kReps);
  if (g_csv) std::fprintf(g_csv, "what,type,n,copy_ms,ours_ms,cub_ms\n");
  if (once) {
    Once();
    return 0;
  }
  if (delays || reduce || clear || cold || small_phases || cold_small || select_small || overlap) {
    if (overlap) OverlapSweep();
    if (reduce) ReduceSweep();
    if (cold_small) ColdSmallSweep();
    if (select_small) SelectSmallSweep();
    if (small_phases) SmallPhases();
    if (cold) ColdSweep();
    if (delays) DelaySweep();
    if (clear) ClearSweep();
    std::printf("\ncross-check mismatches: %d\n", g_mismatches);
    return g_mismatches == 0 ? 0 : 1;
  }
  if (only_sweep) {
    Sweep(phases);
    std::printf("\ncross-check mismatches: %d\n", g_mismatches);
    return g_mismatches == 0 ? 0 : 1;
  }
  std::printf("| collective | type | n | copy ms | warpsafe ms | CUB ms | warpsafe of copy | vs CUB | warpsafe GB/s |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|\n");
  for (int log = 20; log <= 30; log += 2) BenchScan<int>("int32", 1ll << log);
  for (int log = 20; log <= 30; log += 2) BenchScan<long long>("int64", 1ll << log);
  for (int log = 20; log <= 30; log += 2) BenchScan<float>("float", 1ll << log);
  for (int log = 20; log <= 30; log += 2) BenchScan<double>("double", 1ll << log);
  for (int log = 20; log <= 30; log += 2) BenchReduce<int>("int32", 1ll << log);
  for (int log = 20; log <= 30; log += 2) BenchReduce<long long>("int64", 1ll << log);
  for (int log = 20; log <= 30; log += 2) BenchReduce<float>("float", 1ll << log);
  for (int log = 20; log <= 30; log += 2) BenchReduce<double>("double", 1ll << log);
  for (int log = 20; log <= 30; log += 2) BenchSelect<int>("int32", 1ll << log);
  for (int log = 20; log <= 30; log += 2) BenchSelect<double>("double", 1ll << log);
  if (sweep) Sweep(phases);
  std::printf("\ncross-check mismatches: %d\n", g_mismatches);
  if (g_csv) std::fclose(g_csv);
  return g_mismatches == 0 ? 0 : 1;
}
