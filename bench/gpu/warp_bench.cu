// GPU throughput of warpsafe's warp scan and reduce beside cub::WarpScan, cub::WarpReduce and
// cooperative groups' inclusive_scan / reduce, and of the shuffle scan beside the two
// shared-memory scans. Build and run: bench/gpu/run_gpu.sh (nvcc -arch=sm_90 -O3).
//
// Each kernel: every thread loads kItems values (coalesced) from a large array into registers,
// runs kRounds dependent collectives on each of them (kItems independent chains, for ILP), and
// stores the results, so nothing is optimised away. The scans also run in the CUDA Handbook's own
// setting, one item per thread and one warp scan per round (op "scan1"), where no serial per-thread
// work dilutes the shuffle-vs-shared-memory ratio. The whole measurement is made twice in the run
// (passes 1 and 2); the tables give the mean of the two passes' medians and each kernel's
// run-to-run spread, |median1 - median2| / the smaller, and call a row "parity within noise" only
// when it differs from CUB by less than the larger spread of the two kernels compared or than the
// control: CUB's kernel timed again as a second kernel with the same code, in the same rounds. A
// second control, the scan's shuffles without its operator, bounds what any scan built from those
// shuffles can reach beside the shared-memory scans. Time: cudaEvents around one launch; the
// kernels compared with each other are launched interleaved, after at least 50 ms of warm-up, and
// each one's median over the repeats is kept. Throughput: elements through a collective per second,
// threads * kItems * kRounds / time. Before timing, a one-round run of each kernel is checked
// against warpsafe's own result (scans: every lane; reductions: lane 0 of each logical warp, the
// only lane CUB defines).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <warpsafe/warp.cuh>

namespace cg = cooperative_groups;

#define CHECK(call)                                                                                   \
  do {                                                                                                \
    cudaError_t e_ = (call);                                                                          \
    if (e_ != cudaSuccess) {                                                                          \
      std::fprintf(stderr, "%s:%d: %s: %s (%s)\n", __FILE__, __LINE__, cudaGetErrorName(e_),         \
                   cudaGetErrorString(e_), #call);                                                    \
      std::exit(2);                                                                                   \
    }                                                                                                 \
  } while (0)

// ---- the 16-byte struct and its operator ---------------------------------------------------------
struct V16 {
  int a;
  float b;
  int c;
  float d;
};
struct V16Sum {
  __host__ __device__ V16 operator()(const V16& x, const V16& y) const {
    return V16{x.a + y.a, x.b + y.b, x.c + y.c, x.d + y.d};
  }
};
// Declared commutative (the reduction may then skip the lane-order select), and T{} its identity.
template <> struct warpsafe::IsCommutative<V16Sum> : std::true_type {};
template <> struct warpsafe::ZeroIsIdentity<V16Sum> : std::true_type {};

template <class T> struct OpFor { using Ws = warpsafe::Sum; using Cg = cg::plus<T>; };
template <> struct OpFor<V16> { using Ws = V16Sum; using Cg = V16Sum; };

inline constexpr int kItems = 4;
inline constexpr int kHandbookItems = 1;  // the "scan1" rows
inline constexpr int kRounds = 32;
inline constexpr int kBlockThreads = 256;
inline constexpr int kWarpsPerBlock = kBlockThreads / 32;

// ---- implementations ----------------------------------------------------------------------------
// Each: template <T, W> struct with Storage (shared, per block) and Apply(x, storage).
enum class Impl {
  kWsScan,            // WarpScan<T, W>: partial-warp safe (member mask from the threads that exist)
  kWsScanWhole,       // WarpScan<T, W, kShuffle, WarpContract::kWholeWarps>: CUB's contract (complete warps)
  kCubScan,
  kCgScan,
  kWsScanGuarded,
  kWsScanZeroPadded,
  kWsScanGuardedWhole,
  kWsScanZeroPaddedWhole,
  kWsReduce,
  kWsReduceWhole,
  kCubReduce,
  kCgReduce,
  // Appended, so that the numbers above (in the mangled kernel names bench/gpu/warp_sass.py reads)
  // stay: the kWholeWarpsCall contract, where every logical warp of a hardware warp calls.
  kWsScanCall,
  kWsScanGuardedCall,
  kWsScanZeroPaddedCall,
  kWsReduceCall,
  // Controls, appended for the same reason. CUB's kernels again, as separate kernels with the same
  // code: the ratio of a kernel to itself in the same rounds is what "parity" can mean here. And
  // the shuffle scan's shuffles alone (full mask, no operator): the ceiling of any scan built
  // from the same shuffles.
  kCubScanAgain,
  kCubReduceAgain,
  kShflOnly,
  kShflOnlySubMask  // the same under the logical warp's own member mask, as kWholeWarps and CUB name it
};
static const char* ImplName(Impl i) {
  switch (i) {
    case Impl::kWsScan: return "warpsafe scan (shfl)";
    case Impl::kWsScanWhole: return "warpsafe scan (shfl, kWholeWarps)";
    case Impl::kWsReduceWhole: return "warpsafe reduce (kWholeWarps)";
    case Impl::kWsScanCall: return "warpsafe scan (shfl, kWholeWarpsCall)";
    case Impl::kWsScanGuardedCall: return "warpsafe scan (smem guarded, kWholeWarpsCall)";
    case Impl::kWsScanZeroPaddedCall: return "warpsafe scan (smem zero-padded, kWholeWarpsCall)";
    case Impl::kWsReduceCall: return "warpsafe reduce (kWholeWarpsCall)";
    case Impl::kCubScan: return "cub::WarpScan";
    case Impl::kCgScan: return "cg::inclusive_scan";
    case Impl::kWsScanGuarded: return "warpsafe scan (smem guarded)";
    case Impl::kWsScanZeroPadded: return "warpsafe scan (smem zero-padded)";
    case Impl::kWsScanGuardedWhole: return "warpsafe scan (smem guarded, kWholeWarps)";
    case Impl::kWsScanZeroPaddedWhole: return "warpsafe scan (smem zero-padded, kWholeWarps)";
    case Impl::kWsReduce: return "warpsafe reduce";
    case Impl::kCubReduce: return "cub::WarpReduce";
    case Impl::kCgReduce: return "cg::reduce";
    case Impl::kCubScanAgain: return "cub::WarpScan (again)";
    case Impl::kCubReduceAgain: return "cub::WarpReduce (again)";
    case Impl::kShflOnly: return "the scan's shuffles alone";
    case Impl::kShflOnlySubMask: return "the scan's shuffles alone (logical warp's mask)";
  }
  return "?";
}

template <Impl I, class T, int W> struct Collective;

using warpsafe::WarpContract;
template <class T, int W, warpsafe::WarpScanAlgorithm A, WarpContract kContract = WarpContract::kPartialWarps>
struct WsScanBase {
  using Scan = warpsafe::WarpScan<T, W, A, kContract>;
  using Storage = typename Scan::TempStorage[kWarpsPerBlock];
  static __device__ __forceinline__ T Apply(T x, Storage& s) {
    if constexpr (std::is_same<T, V16>::value) return Scan(s[threadIdx.x / 32]).InclusiveScan(x, V16Sum{});
    else return Scan(s[threadIdx.x / 32]).InclusiveSum(x);
  }
};
template <class T, int W> struct Collective<Impl::kWsScan, T, W>
    : WsScanBase<T, W, warpsafe::WarpScanAlgorithm::kShuffle> {};
template <class T, int W> struct Collective<Impl::kWsScanWhole, T, W>
    : WsScanBase<T, W, warpsafe::WarpScanAlgorithm::kShuffle, WarpContract::kWholeWarps> {};
template <class T, int W> struct Collective<Impl::kWsScanCall, T, W>
    : WsScanBase<T, W, warpsafe::WarpScanAlgorithm::kShuffle, WarpContract::kWholeWarpsCall> {};
template <class T, int W> struct Collective<Impl::kWsScanGuarded, T, W>
    : WsScanBase<T, W, warpsafe::WarpScanAlgorithm::kSmemGuarded> {};
template <class T, int W> struct Collective<Impl::kWsScanZeroPadded, T, W>
    : WsScanBase<T, W, warpsafe::WarpScanAlgorithm::kSmemZeroPadded> {};

template <class T, int W> struct Collective<Impl::kWsScanGuardedWhole, T, W>
    : WsScanBase<T, W, warpsafe::WarpScanAlgorithm::kSmemGuarded, WarpContract::kWholeWarps> {};
template <class T, int W> struct Collective<Impl::kWsScanGuardedCall, T, W>
    : WsScanBase<T, W, warpsafe::WarpScanAlgorithm::kSmemGuarded, WarpContract::kWholeWarpsCall> {};
template <class T, int W> struct Collective<Impl::kWsScanZeroPaddedWhole, T, W>
    : WsScanBase<T, W, warpsafe::WarpScanAlgorithm::kSmemZeroPadded, WarpContract::kWholeWarps> {};
template <class T, int W> struct Collective<Impl::kWsScanZeroPaddedCall, T, W>
    : WsScanBase<T, W, warpsafe::WarpScanAlgorithm::kSmemZeroPadded, WarpContract::kWholeWarpsCall> {};
template <class T, int W> struct Collective<Impl::kCubScan, T, W> {
  using Scan = cub::WarpScan<T, W>;
  using Storage = typename Scan::TempStorage[kWarpsPerBlock * (32 / W)];
  static __device__ __forceinline__ T Apply(T x, Storage& s) {
    T out;
    Scan scan(s[threadIdx.x / W]);
    if constexpr (std::is_same<T, V16>::value) scan.InclusiveScan(x, out, V16Sum{});
    else scan.InclusiveSum(x, out);
    return out;
  }
};
template <class T, int W> struct Collective<Impl::kCubScanAgain, T, W> : Collective<Impl::kCubScan, T, W> {};
// The words a scan step shuffles (shfl.sync.up clamped to the logical warp), with no operator and
// no predicate: what the shuffles alone cost. Under the full mask (kWholeWarpsCall's), or under the
// logical warp's own lanes (kWholeWarps' and CUB's mask; the same at width 32).
template <class T, int W, bool kSubMask> struct ShflOnlyBase {
  struct Storage {};
  static __device__ __forceinline__ T Apply(T x, Storage&) {
    const unsigned mask =
        kSubMask && W < 32 ? ((1u << W) - 1u) << (warpsafe::detail::LaneId() & ~unsigned(W - 1)) : 0xffffffffu;
    warpsafe::detail::Words<T> words = warpsafe::detail::ToWords(x);
#pragma unroll
    for (int delta = 1; delta < W; delta <<= 1) {
#pragma unroll
      for (int i = 0; i < warpsafe::detail::Words<T>::kCount; ++i)
        words.w[i] = __shfl_up_sync(mask, words.w[i], delta, W);
    }
    return warpsafe::detail::FromWords<T>(words);
  }
};
template <class T, int W> struct Collective<Impl::kShflOnly, T, W> : ShflOnlyBase<T, W, false> {};
template <class T, int W> struct Collective<Impl::kShflOnlySubMask, T, W> : ShflOnlyBase<T, W, true> {};
template <class T, int W> struct Collective<Impl::kCgScan, T, W> {
  struct Storage {};
  static __device__ __forceinline__ T Apply(T x, Storage&) {
    const auto tile = cg::tiled_partition<W>(cg::this_thread_block());
    return cg::inclusive_scan(tile, x, typename OpFor<T>::Cg{});
  }
};
template <class T, int W> struct Collective<Impl::kWsReduce, T, W> {
  using Storage = typename warpsafe::WarpReduce<T, W>::TempStorage;
  static __device__ __forceinline__ T Apply(T x, Storage&) {
    return warpsafe::WarpReduce<T, W>().Reduce(x, typename OpFor<T>::Ws{});
  }
};
template <class T, int W, WarpContract kContract> struct WsReduceBase {
  using Storage = typename warpsafe::WarpReduce<T, W, kContract>::TempStorage;
  static __device__ __forceinline__ T Apply(T x, Storage&) {
    return warpsafe::WarpReduce<T, W, kContract>().Reduce(x, typename OpFor<T>::Ws{});
  }
};
template <class T, int W> struct Collective<Impl::kWsReduceWhole, T, W>
    : WsReduceBase<T, W, WarpContract::kWholeWarps> {};
template <class T, int W> struct Collective<Impl::kWsReduceCall, T, W>
    : WsReduceBase<T, W, WarpContract::kWholeWarpsCall> {};
template <class T, int W> struct Collective<Impl::kCubReduce, T, W> {
  using Reduce = cub::WarpReduce<T, W>;
  using Storage = typename Reduce::TempStorage[kWarpsPerBlock * (32 / W)];
  static __device__ __forceinline__ T Apply(T x, Storage& s) {
    Reduce reduce(s[threadIdx.x / W]);
    if constexpr (std::is_same<T, V16>::value) return reduce.Reduce(x, V16Sum{});
    else return reduce.Sum(x);
  }
};
template <class T, int W> struct Collective<Impl::kCubReduceAgain, T, W> : Collective<Impl::kCubReduce, T, W> {};
template <class T, int W> struct Collective<Impl::kCgReduce, T, W> {
  struct Storage {};
  static __device__ __forceinline__ T Apply(T x, Storage&) {
    const auto tile = cg::tiled_partition<W>(cg::this_thread_block());
    return cg::reduce(tile, x, typename OpFor<T>::Cg{});
  }
};

template <Impl I, class T, int W, int kRoundsHere, int kItemsHere = kItems>
__global__ void __launch_bounds__(kBlockThreads) BenchKernel(const T* __restrict__ in, T* __restrict__ out) {
  using C = Collective<I, T, W>;
  __shared__ typename C::Storage storage;
  const std::size_t first = std::size_t(blockIdx.x) * kBlockThreads * kItemsHere + threadIdx.x;
  T v[kItemsHere];
#pragma unroll
  for (int i = 0; i < kItemsHere; ++i) v[i] = in[first + std::size_t(i) * kBlockThreads];
#pragma unroll 1
  for (int r = 0; r < kRoundsHere; ++r) {
#pragma unroll
    for (int i = 0; i < kItemsHere; ++i) v[i] = C::Apply(v[i], storage);
  }
#pragma unroll
  for (int i = 0; i < kItemsHere; ++i) out[first + std::size_t(i) * kBlockThreads] = v[i];
}

// ---- host side ----------------------------------------------------------------------------------
template <class T> T MakeValue(unsigned i);
template <> int MakeValue<int>(unsigned i) { return int((i * 2654435761u) >> 24) - 128; }
template <> float MakeValue<float>(unsigned i) { return float(int((i * 2654435761u) >> 24) - 128); }
template <> double MakeValue<double>(unsigned i) { return double(int((i * 2654435761u) >> 24) - 128); }
template <> V16 MakeValue<V16>(unsigned i) {
  return V16{MakeValue<int>(i), MakeValue<float>(i + 1), MakeValue<int>(i + 2), MakeValue<float>(i + 3)};
}
template <class T> const char* TypeName();
template <> const char* TypeName<int>() { return "int32"; }
template <> const char* TypeName<float>() { return "float"; }
template <> const char* TypeName<double>() { return "double"; }
template <> const char* TypeName<V16>() { return "struct16"; }

struct Context {
  std::size_t elements;  // per buffer
  int blocks;
  void* in;
  void* out;
  void* reference;  // warpsafe's one-round result, for the cross-check
  int repeats;
  FILE* csv;
  int mismatches = 0;
};

struct Row {
  std::string op, type;
  int width;
  Impl impl;
  int pass;
  double ms, gelems;
};
static std::vector<Row> g_rows;
static int g_pass = 1;  // 1 or 2: the measurement is made twice

// Runs kernel I once with one round and compares it with ctx.reference (warpsafe's result).
template <Impl I, class T, int W, int kItemsHere = kItems>
void CrossCheck(Context& ctx, const char* op) {
  const T* in = static_cast<const T*>(ctx.in);
  T* out = static_cast<T*>(ctx.out);
  CHECK(cudaMemset(out, 0xAB, ctx.elements * sizeof(T)));
  BenchKernel<I, T, W, 1, kItemsHere><<<ctx.blocks, kBlockThreads>>>(in, out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  const bool is_reduce = I == Impl::kWsReduce || I == Impl::kWsReduceWhole || I == Impl::kWsReduceCall ||
                         I == Impl::kCubReduce || I == Impl::kCubReduceAgain || I == Impl::kCgReduce;
  const std::size_t written = std::size_t(ctx.blocks) * kBlockThreads * kItemsHere;
  const std::size_t check = std::min<std::size_t>(written, 1u << 20);
  std::vector<T> got(check), want(check);
  CHECK(cudaMemcpy(got.data(), out, check * sizeof(T), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(want.data(), ctx.reference, check * sizeof(T), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (std::size_t e = 0; e < check; ++e) {
    // Element e is held by thread e % 256 of its block; CUB defines a reduction in lane 0 only.
    if (is_reduce && (e % kBlockThreads) % W != 0) continue;
    if (std::memcmp(&got[e], &want[e], sizeof(T)) != 0) ++bad;  // integer-valued inputs: exact
  }
  if (bad) {
    std::printf("MISMATCH %s %s %s width %d: %d elements differ from warpsafe\n", op, TypeName<T>(), ImplName(I), W,
                bad);
    ++ctx.mismatches;
  }
}

struct Timed {
  const char* op;
  const char* type;
  int width;
  Impl impl;
  int items;  // per thread
  void (*launch)(const Context&);
  std::vector<float> times;
};

template <Impl I, class T, int W, int kItemsHere>
void Launch(const Context& ctx) {
  BenchKernel<I, T, W, kRounds, kItemsHere>
      <<<ctx.blocks, kBlockThreads>>>(static_cast<const T*>(ctx.in), static_cast<T*>(ctx.out));
}

// Times the kernels of one group interleaved (each repeat launches every kernel once), so that a
// drift of clocks affects all of them alike; median per kernel. Each repeat starts one kernel later
// in the group, and the repeats are a multiple of the group's size, so that every kernel runs in
// every position (after every other kernel) equally often: in a fixed order CUB's kernel and its
// identical copy, third and at the end of the group, read 0.993x-1.001x apart.
void TimeGroup(Context& ctx, std::vector<Timed>& group) {
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  // Warm-up: at least 50 ms of work, every kernel at least twice.
  float warm_ms = 0;
  for (int w = 0; w < 2 || warm_ms < 50.0f; ++w) {
    CHECK(cudaEventRecord(start));
    for (Timed& t : group) t.launch(ctx);
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    warm_ms += ms;
    if (w > 1000) break;
  }
  CHECK(cudaGetLastError());
  const int n = int(group.size());
  const int repeats = (ctx.repeats + n - 1) / n * n;
  for (int r = 0; r < repeats; ++r) {
    for (int k = 0; k < n; ++k) {
      Timed& t = group[(k + r) % n];
      CHECK(cudaEventRecord(start));
      t.launch(ctx);
      CHECK(cudaEventRecord(stop));
      CHECK(cudaEventSynchronize(stop));
      float ms;
      CHECK(cudaEventElapsedTime(&ms, start, stop));
      t.times.push_back(ms);
    }
  }
  CHECK(cudaGetLastError());
  for (Timed& t : group) {
    std::sort(t.times.begin(), t.times.end());
    const double ms = t.times[t.times.size() / 2];
    const double elements = double(ctx.blocks) * kBlockThreads * t.items;
    const double gelems = elements * kRounds / (ms * 1e-3) / 1e9;
    g_rows.push_back(Row{t.op, t.type, t.width, t.impl, g_pass, ms, gelems});
    std::fprintf(ctx.csv, "%d,%s,%s,%d,\"%s\",%.4f,%.3f,%.4f,%.4f\n", g_pass, t.op, t.type, t.width, ImplName(t.impl),
                 ms, gelems, double(t.times.front()), double(t.times.back()));
  }
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
}

template <Impl I, class T, int W, int kItemsHere = kItems>
Timed Entry(const char* op) {
  return Timed{op, TypeName<T>(), W, I, kItemsHere, &Launch<I, T, W, kItemsHere>, {}};
}

template <class T, int W>
void RunTypeWidth(Context& ctx) {
  // Fresh inputs for the type.
  std::vector<T> host(ctx.elements);
  for (std::size_t i = 0; i < ctx.elements; ++i) host[i] = MakeValue<T>(unsigned(i));
  CHECK(cudaMemcpy(ctx.in, host.data(), ctx.elements * sizeof(T), cudaMemcpyHostToDevice));
  const T* in = static_cast<const T*>(ctx.in);
  T* reference = static_cast<T*>(ctx.reference);
  // Cross-checks against warpsafe's shuffle scan / reduction, one round (first pass only).
  if (g_pass == 1) {
  BenchKernel<Impl::kWsScan, T, W, 1><<<ctx.blocks, kBlockThreads>>>(in, reference);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CrossCheck<Impl::kWsScanWhole, T, W>(ctx, "scan");
  CrossCheck<Impl::kCubScan, T, W>(ctx, "scan");
  CrossCheck<Impl::kCubScanAgain, T, W>(ctx, "scan");
  CrossCheck<Impl::kCgScan, T, W>(ctx, "scan");
  CrossCheck<Impl::kWsScanGuarded, T, W>(ctx, "scan");
  CrossCheck<Impl::kWsScanZeroPadded, T, W>(ctx, "scan");
  CrossCheck<Impl::kWsScanGuardedWhole, T, W>(ctx, "scan");
  CrossCheck<Impl::kWsScanZeroPaddedWhole, T, W>(ctx, "scan");
  CrossCheck<Impl::kWsScanCall, T, W>(ctx, "scan");
  CrossCheck<Impl::kWsScanGuardedCall, T, W>(ctx, "scan");
  CrossCheck<Impl::kWsScanZeroPaddedCall, T, W>(ctx, "scan");
  BenchKernel<Impl::kWsReduce, T, W, 1><<<ctx.blocks, kBlockThreads>>>(in, reference);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CrossCheck<Impl::kWsReduceWhole, T, W>(ctx, "reduce");
  CrossCheck<Impl::kCubReduce, T, W>(ctx, "reduce");
  CrossCheck<Impl::kCubReduceAgain, T, W>(ctx, "reduce");
  CrossCheck<Impl::kCgReduce, T, W>(ctx, "reduce");
  CrossCheck<Impl::kWsReduceCall, T, W>(ctx, "reduce");
  // The Handbook's setting: one item per thread.
  BenchKernel<Impl::kWsScan, T, W, 1, kHandbookItems><<<ctx.blocks, kBlockThreads>>>(in, reference);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CrossCheck<Impl::kWsScanWhole, T, W, kHandbookItems>(ctx, "scan1");
  CrossCheck<Impl::kWsScanGuarded, T, W, kHandbookItems>(ctx, "scan1");
  CrossCheck<Impl::kWsScanZeroPadded, T, W, kHandbookItems>(ctx, "scan1");
  CrossCheck<Impl::kWsScanGuardedWhole, T, W, kHandbookItems>(ctx, "scan1");
  CrossCheck<Impl::kWsScanZeroPaddedWhole, T, W, kHandbookItems>(ctx, "scan1");
  CrossCheck<Impl::kWsScanCall, T, W, kHandbookItems>(ctx, "scan1");
  CrossCheck<Impl::kWsScanGuardedCall, T, W, kHandbookItems>(ctx, "scan1");
  CrossCheck<Impl::kWsScanZeroPaddedCall, T, W, kHandbookItems>(ctx, "scan1");
  }

  std::vector<Timed> scans = {Entry<Impl::kWsScan, T, W>("scan"), Entry<Impl::kWsScanWhole, T, W>("scan"),
                              Entry<Impl::kCubScan, T, W>("scan"), Entry<Impl::kCgScan, T, W>("scan"),
                              Entry<Impl::kWsScanGuarded, T, W>("scan"), Entry<Impl::kWsScanZeroPadded, T, W>("scan"),
                              Entry<Impl::kWsScanGuardedWhole, T, W>("scan"),
                              Entry<Impl::kWsScanZeroPaddedWhole, T, W>("scan"), Entry<Impl::kWsScanCall, T, W>("scan"),
                              Entry<Impl::kWsScanGuardedCall, T, W>("scan"),
                              Entry<Impl::kWsScanZeroPaddedCall, T, W>("scan"),
                              Entry<Impl::kCubScanAgain, T, W>("scan"), Entry<Impl::kShflOnly, T, W>("scan"),
                              Entry<Impl::kShflOnlySubMask, T, W>("scan")};
  TimeGroup(ctx, scans);
  std::vector<Timed> reduces = {Entry<Impl::kWsReduce, T, W>("reduce"), Entry<Impl::kWsReduceWhole, T, W>("reduce"),
                                Entry<Impl::kCubReduce, T, W>("reduce"),
                                Entry<Impl::kCgReduce, T, W>("reduce"), Entry<Impl::kWsReduceCall, T, W>("reduce"),
                                Entry<Impl::kCubReduceAgain, T, W>("reduce")};
  TimeGroup(ctx, reduces);
  std::vector<Timed> scans1 = {
      Entry<Impl::kWsScan, T, W, kHandbookItems>("scan1"), Entry<Impl::kWsScanWhole, T, W, kHandbookItems>("scan1"),
      Entry<Impl::kWsScanGuarded, T, W, kHandbookItems>("scan1"),
      Entry<Impl::kWsScanZeroPadded, T, W, kHandbookItems>("scan1"),
      Entry<Impl::kWsScanGuardedWhole, T, W, kHandbookItems>("scan1"),
      Entry<Impl::kWsScanZeroPaddedWhole, T, W, kHandbookItems>("scan1"),
      Entry<Impl::kWsScanCall, T, W, kHandbookItems>("scan1"),
      Entry<Impl::kWsScanGuardedCall, T, W, kHandbookItems>("scan1"),
      Entry<Impl::kWsScanZeroPaddedCall, T, W, kHandbookItems>("scan1"),
      Entry<Impl::kShflOnly, T, W, kHandbookItems>("scan1"),
      Entry<Impl::kShflOnlySubMask, T, W, kHandbookItems>("scan1")};
  TimeGroup(ctx, scans1);
}

template <class T>
void RunType(Context& ctx) {
  RunTypeWidth<T, 32>(ctx);
  RunTypeWidth<T, 16>(ctx);
  RunTypeWidth<T, 8>(ctx);
}

// One kernel over both passes: the mean of the two passes' throughputs and the run-to-run spread.
struct Both {
  double gelems;  // mean of the two passes
  double spread;  // |a - b| / min(a, b) of the two passes' medians
};
static bool Find(const std::string& op, const std::string& type, int width, Impl impl, Both& out) {
  const Row* p[2] = {nullptr, nullptr};
  for (const Row& r : g_rows)
    if (r.op == op && r.type == type && r.width == width && r.impl == impl) p[r.pass - 1] = &r;
  if (!p[0] || !p[1]) return false;
  const double a = p[0]->gelems, b = p[1]->gelems;
  out = Both{(a + b) / 2, std::fabs(a - b) / std::min(a, b)};
  return true;
}

// "1.00x" / "0.97x", and whether the row is at parity within the measured noise: the larger
// run-to-run spread of the two kernels, or how far CUB's kernel measured from its identical copy in
// the same rounds (control), whichever is larger.
static std::string Versus(const Both& ours, const Both& theirs, double control, int& below, int& parity) {
  const double r = ours.gelems / theirs.gelems;
  const double noise = std::max({ours.spread, theirs.spread, std::fabs(1.0 - control)});
  char buf[64];
  if (r >= 1.0) {
    std::snprintf(buf, sizeof buf, "%.3fx", r);
  } else if (1.0 - r < noise) {
    ++parity;
    std::snprintf(buf, sizeof buf, "%.3fx (parity within noise)", r);
  } else {
    ++below;
    std::snprintf(buf, sizeof buf, "%.3fx", r);
  }
  return buf;
}

int main(int argc, char** argv) {
  const char* csv_path = argc > 1 ? argv[1] : "warp_bench.csv";
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  Context ctx{};
  ctx.blocks = prop.multiProcessorCount * 8 * 16;  // 8 resident blocks of 256 per SM, 16 waves
  ctx.elements = std::size_t(ctx.blocks) * kBlockThreads * kItems;
  ctx.repeats = 21;
  const std::size_t bytes = ctx.elements * sizeof(V16);
  CHECK(cudaMalloc(&ctx.in, bytes));
  CHECK(cudaMalloc(&ctx.out, bytes));
  CHECK(cudaMalloc(&ctx.reference, bytes));
  ctx.csv = std::fopen(csv_path, "w");
  if (!ctx.csv) {
    std::perror(csv_path);
    return 2;
  }
  std::fprintf(ctx.csv, "pass,op,type,width,impl,median_ms,gelem_per_s,min_ms,max_ms\n");
  std::printf("device: %s, %d SMs; %d blocks x %d threads x %d items (scan1: %d) x %d rounds, median of at least "
              "%d (rounded up to a multiple of the group's kernels, each starting the group in turn), two passes\n",
              prop.name, prop.multiProcessorCount, ctx.blocks, kBlockThreads, kItems, kHandbookItems, kRounds,
              ctx.repeats);
  for (g_pass = 1; g_pass <= 2; ++g_pass) {
    RunType<int>(ctx);
    RunType<float>(ctx);
    RunType<double>(ctx);
    RunType<V16>(ctx);
  }
  std::fclose(ctx.csv);

  // Run-to-run spread over every kernel.
  std::vector<double> spreads;
  for (const Row& r : g_rows) {
    Both b;
    if (r.pass == 1 && Find(r.op, r.type, r.width, r.impl, b)) spreads.push_back(b.spread);
  }
  std::sort(spreads.begin(), spreads.end());
  std::printf("\nrun-to-run spread (pass 1 vs pass 2 medians) over %zu kernels: median %.2f%%, 90th percentile "
              "%.2f%%, max %.2f%%\n", spreads.size(), 100 * spreads[spreads.size() / 2],
              100 * spreads[spreads.size() * 9 / 10], 100 * spreads.back());

  std::printf("\n| collective | type | width | warpsafe kWholeWarps | CUB | vs CUB | warpsafe default | vs CUB | "
              "warpsafe kWholeWarpsCall | vs CUB | CG | kWholeWarps vs CG | spread ws-whole / ws-default / ws-call / "
              "CUB | control: CUB again vs CUB |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  int below = 0, parity = 0, below_default = 0, parity_default = 0, below_call = 0, parity_call = 0;
  double control_min = 2, control_max = 0;
  for (const char* op : {"scan", "reduce"}) {
    const bool scan = std::string(op) == "scan";
    const Impl whole = scan ? Impl::kWsScanWhole : Impl::kWsReduceWhole;
    const Impl dflt = scan ? Impl::kWsScan : Impl::kWsReduce;
    const Impl call = scan ? Impl::kWsScanCall : Impl::kWsReduceCall;
    const Impl cub = scan ? Impl::kCubScan : Impl::kCubReduce;
    const Impl cgi = scan ? Impl::kCgScan : Impl::kCgReduce;
    const Impl again = scan ? Impl::kCubScanAgain : Impl::kCubReduceAgain;
    for (const char* type : {"int32", "float", "double", "struct16"}) {
      for (int width : {32, 16, 8}) {
        Both w, d, a, b, c, g;
        if (!Find(op, type, width, whole, w) || !Find(op, type, width, dflt, d) || !Find(op, type, width, call, a) ||
            !Find(op, type, width, cub, b) || !Find(op, type, width, cgi, c) || !Find(op, type, width, again, g))
          continue;
        const double control = g.gelems / b.gelems;
        control_min = std::min(control_min, control);
        control_max = std::max(control_max, control);
        const std::string vw = Versus(w, b, control, below, parity);
        const std::string vd = Versus(d, b, control, below_default, parity_default);
        const std::string va = Versus(a, b, control, below_call, parity_call);
        std::printf("| %s | %s | %d | %.1f | %.1f | %s | %.1f | %s | %.1f | %s | %.1f | %.3fx | %.2f%% / %.2f%% / "
                    "%.2f%% / %.2f%% | %.3fx |\n",
                    op, type, width, w.gelems, b.gelems, vw.c_str(), d.gelems, vd.c_str(), a.gelems, va.c_str(),
                    c.gelems, w.gelems / c.gelems, 100 * w.spread, 100 * d.spread, 100 * a.spread, 100 * b.spread,
                    control);
      }
    }
  }
  // Each contract's shuffle scan beside its two shared-memory scans.
  struct ContractImpls {
    const char* name;
    Impl shfl, guarded, zero_padded;
  };
  const ContractImpls contracts[] = {
      {"default", Impl::kWsScan, Impl::kWsScanGuarded, Impl::kWsScanZeroPadded},
      {"kWholeWarps", Impl::kWsScanWhole, Impl::kWsScanGuardedWhole, Impl::kWsScanZeroPaddedWhole},
      {"kWholeWarpsCall", Impl::kWsScanCall, Impl::kWsScanGuardedCall, Impl::kWsScanZeroPaddedCall}};
  int below_2x[2][3] = {}, below_2x_guarded[2][3] = {};
  for (const char* op : {"scan", "scan1"}) {
    const int k = std::string(op) == "scan" ? 0 : 1;
    std::printf("\n%s\n| scan (inclusive sum) | type | width | contract | shfl Gelem/s | smem guarded | "
                "shfl/guarded | smem zero-padded | shfl/zero-padded | spread shfl / guarded / zero-padded |\n",
                k == 0 ? "4 items per thread, 32 dependent scans each (op scan):"
                       : "1 item per thread, 32 dependent scans (the Handbook's setting, op scan1):");
    std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
    for (int ci = 0; ci < 3; ++ci) {
      const ContractImpls& ct = contracts[ci];
      for (const char* type : {"int32", "float", "double", "struct16"}) {
        for (int width : {32, 16, 8}) {
          Both a, g, z;
          if (!Find(op, type, width, ct.shfl, a) || !Find(op, type, width, ct.guarded, g) ||
              !Find(op, type, width, ct.zero_padded, z))
            continue;
          below_2x[k][ci] += (a.gelems / g.gelems < 2.0) + (a.gelems / z.gelems < 2.0);
          below_2x_guarded[k][ci] += a.gelems / g.gelems < 2.0;
          std::printf("| %s | %s | %d | %s | %.1f | %.1f | %.2fx | %.1f | %.2fx | %.2f%% / %.2f%% / %.2f%% |\n", op,
                      type, width, ct.name, a.gelems, g.gelems, a.gelems / g.gelems, z.gelems, a.gelems / z.gelems,
                      100 * a.spread, 100 * g.spread, 100 * z.spread);
        }
      }
    }
  }
  // The ceiling of the shuffle-vs-shared-memory ratio: a scan step's shuffles alone (no operator)
  // against the guarded shared-memory scan of the same contract: the full mask for kWholeWarpsCall,
  // the logical warp's own mask for kWholeWarps.
  struct Ceiling {
    const char* contract;
    Impl alone, scan, guarded;
  };
  const Ceiling ceilings[] = {{"kWholeWarpsCall", Impl::kShflOnly, Impl::kWsScanCall, Impl::kWsScanGuardedCall},
                              {"kWholeWarps", Impl::kShflOnlySubMask, Impl::kWsScanWhole, Impl::kWsScanGuardedWhole}};
  for (const char* op : {"scan", "scan1"}) {
    std::printf("\n%s: the scan's shuffles alone (no operator) beside the contract's shuffle and guarded scans\n"
                "| op | type | width | contract | shuffles alone | shfl scan | scan / shuffles alone | smem guarded | "
                "shuffles alone / guarded | shfl scan / guarded | spread alone / scan / guarded |\n"
                "|---|---|---|---|---|---|---|---|---|---|---|\n", op);
    for (const Ceiling& c : ceilings) {
      for (const char* type : {"int32", "float", "double", "struct16"}) {
        for (int width : {32, 16, 8}) {
          Both alone, scan, guarded;
          if (!Find(op, type, width, c.alone, alone) || !Find(op, type, width, c.scan, scan) ||
              !Find(op, type, width, c.guarded, guarded))
            continue;
          std::printf("| %s | %s | %d | %s | %.1f | %.1f | %.1f%% | %.1f | %.2fx | %.2fx | %.2f%% / %.2f%% / "
                      "%.2f%% |\n",
                      op, type, width, c.contract, alone.gelems, scan.gelems, 100 * scan.gelems / alone.gelems,
                      guarded.gelems, alone.gelems / guarded.gelems, scan.gelems / guarded.gelems,
                      100 * alone.spread, 100 * scan.spread, 100 * guarded.spread);
        }
      }
    }
  }
  std::printf("\ncontrol, CUB's kernel against its identical copy in the same rounds (48 rows): %.3fx to %.3fx\n",
              control_min, control_max);
  std::printf("vs CUB (24 rows each): kWholeWarps %d below, %d at parity within noise; default %d below, %d at "
              "parity within noise; kWholeWarpsCall %d below, %d at parity within noise\n",
              below, parity, below_default, parity_default, below_call, parity_call);
  for (int ci = 0; ci < 3; ++ci)
    std::printf("shfl/smem below 2x, %s (of 24 ratios; of 12 vs guarded): scan %d (%d), scan1 %d (%d)\n",
                contracts[ci].name, below_2x[0][ci], below_2x_guarded[0][ci], below_2x[1][ci],
                below_2x_guarded[1][ci]);
  std::printf("cross-check mismatches: %d\n", ctx.mismatches);
  CHECK(cudaFree(ctx.in));
  CHECK(cudaFree(ctx.out));
  CHECK(cudaFree(ctx.reference));
  return ctx.mismatches == 0 ? 0 : 1;
}
