// GPU benchmark of the device collectives against a device-to-device copy of the same bytes and
// against CUB, in one run. Every figure is the median of kReps timed runs (CUDA events) after a
// warm-up; each run of ours or CUB's includes everything its host call launches (our memset of the
// tile states, CUB's init kernel). Before timing, each result is checked against CUB's (exactly:
// integer inputs, and small-integer floats so that sums are exact in any order).
//
//   device_bench [--sweep] [--csv FILE]
//   --sweep: also time the scan kernel over tile shapes (threads x rows) for int32 at 2^28.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
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

constexpr int kReps = 25;
FILE* g_csv = nullptr;
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

template <class T>
void BenchScan(const char* type, std::int64_t n) {
  T *in, *out, *ref, *copy;
  CHECK(cudaMalloc(&in, n * sizeof(T)));
  CHECK(cudaMalloc(&out, n * sizeof(T)));
  CHECK(cudaMalloc(&ref, n * sizeof(T)));
  CHECK(cudaMalloc(&copy, n * sizeof(T)));
  FillKernel<<<1024, 256>>>(in, n, 12345u);
  CHECK(cudaGetLastError());
  std::size_t ours_bytes = 0, cub_bytes = 0;
  CHECK(warpsafe::DeviceScan::InclusiveSum(nullptr, ours_bytes, in, out, n));
  CHECK(cub::DeviceScan::InclusiveSum(nullptr, cub_bytes, in, ref, n));
  void *ours_temp, *cub_temp;
  CHECK(cudaMalloc(&ours_temp, ours_bytes));
  CHECK(cudaMalloc(&cub_temp, cub_bytes));
  CHECK(cudaMemset(out, 0xAB, n * sizeof(T)));
  CHECK(warpsafe::DeviceScan::InclusiveSum(ours_temp, ours_bytes, in, out, n));
  CHECK(cub::DeviceScan::InclusiveSum(cub_temp, cub_bytes, in, ref, n));
  CHECK(cudaDeviceSynchronize());
  if (!SameBytes(out, ref, n)) {
    std::printf("MISMATCH: inclusive sum %s n=%lld\n", type, (long long)n);
    ++g_mismatches;
  }
  const float copy_ms = MedianMs([&] { CHECK(cudaMemcpyAsync(copy, in, n * sizeof(T), cudaMemcpyDeviceToDevice)); });
  const float ours_ms = MedianMs([&] { warpsafe::DeviceScan::InclusiveSum(ours_temp, ours_bytes, in, out, n); });
  const float cub_ms = MedianMs([&] { cub::DeviceScan::InclusiveSum(cub_temp, cub_bytes, in, ref, n); });
  Row("inclusive sum", type, n, copy_ms, ours_ms, cub_ms, 2.0 * n * sizeof(T));
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFree(ref));
  CHECK(cudaFree(copy));
  CHECK(cudaFree(ours_temp));
  CHECK(cudaFree(cub_temp));
}

template <class T>
void BenchReduce(const char* type, std::int64_t n) {
  T *in, *out, *ref, *copy;
  CHECK(cudaMalloc(&in, n * sizeof(T)));
  CHECK(cudaMalloc(&copy, n * sizeof(T)));
  CHECK(cudaMalloc(&out, sizeof(T)));
  CHECK(cudaMalloc(&ref, sizeof(T)));
  FillKernel<<<1024, 256>>>(in, n, 4242u);
  CHECK(cudaGetLastError());
  std::size_t ours_bytes = 0, cub_bytes = 0;
  CHECK(warpsafe::DeviceReduce::Sum(nullptr, ours_bytes, in, out, n));
  CHECK(cub::DeviceReduce::Sum(nullptr, cub_bytes, in, ref, n));
  void *ours_temp, *cub_temp;
  CHECK(cudaMalloc(&ours_temp, ours_bytes));
  CHECK(cudaMalloc(&cub_temp, cub_bytes));
  CHECK(cudaMemset(out, 0xAB, sizeof(T)));
  CHECK(warpsafe::DeviceReduce::Sum(ours_temp, ours_bytes, in, out, n));
  CHECK(cub::DeviceReduce::Sum(cub_temp, cub_bytes, in, ref, n));
  CHECK(cudaDeviceSynchronize());
  if (!SameBytes(out, ref, 1)) {
    std::printf("MISMATCH: reduce sum %s n=%lld\n", type, (long long)n);
    ++g_mismatches;
  }
  const float copy_ms = MedianMs([&] { CHECK(cudaMemcpyAsync(copy, in, n * sizeof(T), cudaMemcpyDeviceToDevice)); });
  const float ours_ms = MedianMs([&] { warpsafe::DeviceReduce::Sum(ours_temp, ours_bytes, in, out, n); });
  const float cub_ms = MedianMs([&] { cub::DeviceReduce::Sum(cub_temp, cub_bytes, in, ref, n); });
  // A reduction moves half a copy's bytes (it reads n items, writes none): its "copy" column is
  // half the copy's time, so "of copy" compares bytes per second with the copy's.
  Row("reduce sum", type, n, copy_ms / 2, ours_ms, cub_ms, double(n) * sizeof(T));
  CHECK(cudaFree(in));
  CHECK(cudaFree(copy));
  CHECK(cudaFree(out));
  CHECK(cudaFree(ref));
  CHECK(cudaFree(ours_temp));
  CHECK(cudaFree(cub_temp));
}

__global__ void FlagKernel(unsigned char* flags, std::int64_t n) {
  for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < n; i += std::int64_t(gridDim.x) * blockDim.x) {
    unsigned h = unsigned(i) * 2654435761u;
    h ^= h >> 16;
    flags[i] = (h * 2246822519u) >> 31;  // about half
  }
}

template <class T>
void BenchSelect(const char* type, std::int64_t n) {
  T *in, *out, *ref, *copy;
  unsigned char* flags;
  long long *count, *ref_count;
  CHECK(cudaMalloc(&in, n * sizeof(T)));
  CHECK(cudaMalloc(&out, n * sizeof(T)));
  CHECK(cudaMalloc(&ref, n * sizeof(T)));
  CHECK(cudaMalloc(&copy, n * sizeof(T)));
  CHECK(cudaMalloc(&flags, n));
  CHECK(cudaMalloc(&count, sizeof(long long)));
  CHECK(cudaMalloc(&ref_count, sizeof(long long)));
  FillKernel<<<1024, 256>>>(in, n, 99u);
  FlagKernel<<<1024, 256>>>(flags, n);
  CHECK(cudaGetLastError());
  std::size_t ours_bytes = 0, cub_bytes = 0;
  CHECK(warpsafe::DeviceSelect::Flagged(nullptr, ours_bytes, in, flags, out, count, n));
  CHECK(cub::DeviceSelect::Flagged(nullptr, cub_bytes, in, flags, ref, ref_count, n));
  void *ours_temp, *cub_temp;
  CHECK(cudaMalloc(&ours_temp, ours_bytes));
  CHECK(cudaMalloc(&cub_temp, cub_bytes));
  CHECK(cudaMemset(out, 0xAB, n * sizeof(T)));
  CHECK(warpsafe::DeviceSelect::Flagged(ours_temp, ours_bytes, in, flags, out, count, n));
  CHECK(cub::DeviceSelect::Flagged(cub_temp, cub_bytes, in, flags, ref, ref_count, n));
  CHECK(cudaDeviceSynchronize());
  long long c = 0, rc = 0;
  CHECK(cudaMemcpy(&c, count, 8, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&rc, ref_count, 8, cudaMemcpyDeviceToHost));
  if (c != rc || !SameBytes(out, ref, c)) {
    std::printf("MISMATCH: select flagged %s n=%lld (count %lld vs %lld)\n", type, (long long)n, c, rc);
    ++g_mismatches;
  }
  const float copy_ms = MedianMs([&] { CHECK(cudaMemcpyAsync(copy, in, n * sizeof(T), cudaMemcpyDeviceToDevice)); });
  const float ours_ms = MedianMs([&] { warpsafe::DeviceSelect::Flagged(ours_temp, ours_bytes, in, flags, out, count, n); });
  const float cub_ms = MedianMs([&] { cub::DeviceSelect::Flagged(cub_temp, cub_bytes, in, flags, ref, ref_count, n); });
  Row("select flagged 50%", type, n, copy_ms, ours_ms, cub_ms, double(n) * (sizeof(T) + 1) + double(c) * sizeof(T));
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFree(ref));
  CHECK(cudaFree(copy));
  CHECK(cudaFree(flags));
  CHECK(cudaFree(count));
  CHECK(cudaFree(ref_count));
  CHECK(cudaFree(ours_temp));
  CHECK(cudaFree(cub_temp));
}

// The scan kernel itself at one tile shape, int32 at n items (the host call's memset included).
template <int kThreads, int kRows>
void SweepShape(std::int64_t n, int* in, int* out, void* temp, float copy_ms) {
  using Tile = warpsafe::detail::StripedTile<int, kThreads, kRows>;
  const std::int64_t tiles = (n + Tile::kTileItems - 1) / Tile::kTileItems;
  const std::size_t bytes = warpsafe::detail::LookBackStorage<int>::Bytes(tiles);
  const warpsafe::detail::TileState<int> state(temp, tiles);
  unsigned* ticket = warpsafe::detail::LookBackStorage<int>::Ticket(temp, tiles);
  const float ms = MedianMs([&] {
    cudaMemsetAsync(temp, 0, bytes);
    warpsafe::detail::DeviceScanKernel<int, warpsafe::Sum, kThreads, kRows, false, true>
        <<<unsigned(tiles), kThreads>>>(in, out, n, warpsafe::Sum{}, 0, state, ticket);
  });
  std::printf("| %d | %d | %d | %.4f | %.1f%% |\n", kThreads, kRows, Tile::kTileItems, ms, 100.0 * copy_ms / ms);
}

void Sweep() {
  const std::int64_t n = 1ll << 28;
  int *in, *out, *copy;
  void* temp;
  CHECK(cudaMalloc(&in, n * 4));
  CHECK(cudaMalloc(&out, n * 4));
  CHECK(cudaMalloc(&copy, n * 4));
  CHECK(cudaMalloc(&temp, (n / 512 + 1) * 8 + 4096));
  FillKernel<<<1024, 256>>>(in, n, 777u);
  const float copy_ms = MedianMs([&] { CHECK(cudaMemcpyAsync(copy, in, n * 4, cudaMemcpyDeviceToDevice)); });
  std::printf("\nscan tile shapes, int32 inclusive sum, n = 2^28, copy %.4f ms\n\n", copy_ms);
  std::printf("| threads | rows of 16 B | items per tile | ms | of copy |\n|---|---|---|---|---|\n");
  SweepShape<128, 8>(n, in, out, temp, copy_ms);
  SweepShape<256, 4>(n, in, out, temp, copy_ms);
  SweepShape<256, 8>(n, in, out, temp, copy_ms);
  SweepShape<512, 4>(n, in, out, temp, copy_ms);
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFree(copy));
  CHECK(cudaFree(temp));
}

}  // namespace

int main(int argc, char** argv) {
  bool sweep = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--sweep") == 0) sweep = true;
    else if (std::strcmp(argv[i], "--csv") == 0 && i + 1 < argc) g_csv = std::fopen(argv[++i], "w");
  }
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s, %d SMs, L2 %d MB; median of %d runs (CUDA events)\n\n", prop.name, prop.multiProcessorCount,
              prop.l2CacheSize >> 20, kReps);
  if (g_csv) std::fprintf(g_csv, "what,type,n,copy_ms,ours_ms,cub_ms\n");
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
  if (sweep) Sweep();
  std::printf("\ncross-check mismatches: %d\n", g_mismatches);
  if (g_csv) std::fclose(g_csv);
  return g_mismatches == 0 ? 0 : 1;
}
