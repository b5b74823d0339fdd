// BlockScan against a sequential host scan: int32 (sum, max), float and double sums, and a
// non-commutative 16-byte operator; block sizes with full and partial last warps (1 to 1024
// threads); 1, 3 and 4 items per thread; inclusive, exclusive, block aggregates, and a prefix
// callback that carries a running total over several tiles.
#include <vector>

#include <warpsafe/block.cuh>

#include "test_cases.cuh"

namespace wstest {

inline constexpr int kTiles = 3;  // tiles per block for the callback (running total) scans

enum Output { kInclusive, kInclusiveAggregate, kExclusive, kExclusiveAggregate, kCallbackInclusive,
              kCallbackExclusive, kOutputs };

// A running total across tiles: returns the total so far and adds the tile's aggregate.
template <class T, class Op>
struct RunningPrefix {
  T total;
  __device__ T operator()(const T& block_aggregate) {
    const T before = total;
    total = Op{}(total, block_aggregate);
    return before;
  }
};

template <class C, int kBlock, int kItems>
__global__ void __launch_bounds__(kBlock) ScanKernel(const typename C::T* in, typename C::T initial, typename C::T* out, typename C::T* aggregates) {
  using T = typename C::T;
  using Op = typename C::Op;
  using Scan = warpsafe::BlockScan<T, kBlock>;
  __shared__ typename Scan::TempStorage temp;
  const int tile_items = kBlock * kItems;
  const long long tile_base = (long long)blockIdx.x * kTiles * tile_items;
  const long long total_items = (long long)gridDim.x * kTiles * tile_items;
  const int t = int(threadIdx.x);
  T items[kItems], result[kItems], aggregate;
  for (int i = 0; i < kItems; ++i) items[i] = in[tile_base + t * kItems + i];

  Scan(temp).InclusiveScan(items, result, Op{});
  for (int i = 0; i < kItems; ++i) out[kInclusive * total_items + tile_base + t * kItems + i] = result[i];
  __syncthreads();
  Scan(temp).InclusiveScan(items, result, Op{}, aggregate);
  for (int i = 0; i < kItems; ++i) out[kInclusiveAggregate * total_items + tile_base + t * kItems + i] = result[i];
  aggregates[(blockIdx.x * 2 + 0) * kBlock + t] = aggregate;
  __syncthreads();
  Scan(temp).ExclusiveScan(items, result, initial, Op{});
  for (int i = 0; i < kItems; ++i) out[kExclusive * total_items + tile_base + t * kItems + i] = result[i];
  __syncthreads();
  Scan(temp).ExclusiveScan(items, result, initial, Op{}, aggregate);
  for (int i = 0; i < kItems; ++i) out[kExclusiveAggregate * total_items + tile_base + t * kItems + i] = result[i];
  aggregates[(blockIdx.x * 2 + 1) * kBlock + t] = aggregate;

  // Several tiles in a loop, the running total carried by the callbacks (seeded with `initial`).
  RunningPrefix<T, Op> inclusive_prefix{initial}, exclusive_prefix{initial};
  for (int tile = 0; tile < kTiles; ++tile) {
    const long long base = tile_base + (long long)tile * tile_items + t * kItems;
    for (int i = 0; i < kItems; ++i) items[i] = in[base + i];
    __syncthreads();
    Scan(temp).InclusiveScan(items, result, Op{}, inclusive_prefix);
    for (int i = 0; i < kItems; ++i) out[kCallbackInclusive * total_items + base + i] = result[i];
    __syncthreads();
    Scan(temp).ExclusiveScan(items, items, Op{}, exclusive_prefix);  // in place
    for (int i = 0; i < kItems; ++i) out[kCallbackExclusive * total_items + base + i] = items[i];
  }
}

template <class C, int kBlock, int kItems>
void Run(Harness& h, Random& r) {
  using T = typename C::T;
  constexpr int kBlocks = 2;
  const int tile_items = kBlock * kItems;
  const int n = kBlocks * kTiles * tile_items;
  std::vector<T> in(n), out(std::size_t(n) * kOutputs), aggregates(kBlocks * 2 * kBlock);
  for (T& x : in) x = C::Make(r);
  const T initial = C::Make(r);
  DeviceBuffer<T> d_in(n), d_out(std::size_t(n) * kOutputs), d_aggregates(aggregates.size());
  d_in.Upload(in.data());
  d_out.Poison();
  d_aggregates.Poison();
  ScanKernel<C, kBlock, kItems><<<kBlocks, kBlock>>>(d_in.get(), initial, d_out.get(), d_aggregates.get());
  WS_LAUNCHED();
  d_out.Download(out.data());
  d_aggregates.Download(aggregates.data());

  char g[64], w[64];
  auto check = [&](const T& got, const T& want, const char* what, int index) {
    const bool ok = C::Equal(got, want);
    if (!ok) {
      C::Print(g, got);
      C::Print(w, want);
    }
    h.Expect(ok, "%s block %d items %d %s [%d]: got %s, want %s", C::kName, kBlock, kItems, what, index, ok ? "" : g,
             ok ? "" : w);
  };
  for (int b = 0; b < kBlocks; ++b) {
    const int base = b * kTiles * tile_items;
    // One tile per block for the plain scans.
    T incl{}, excl = initial, total{};
    for (int j = 0; j < tile_items; ++j) {
      const T x = in[base + j];
      incl = j == 0 ? x : C::HostOp(incl, x);
      check(out[std::size_t(kInclusive) * n + base + j], incl, "inclusive", base + j);
      check(out[std::size_t(kInclusiveAggregate) * n + base + j], incl, "inclusive (aggregate form)", base + j);
      check(out[std::size_t(kExclusive) * n + base + j], excl, "exclusive", base + j);
      check(out[std::size_t(kExclusiveAggregate) * n + base + j], excl, "exclusive (aggregate form)", base + j);
      excl = C::HostOp(excl, x);
      total = incl;
    }
    for (int t = 0; t < kBlock; ++t) {
      check(aggregates[(b * 2 + 0) * kBlock + t], total, "inclusive block aggregate", t);
      check(aggregates[(b * 2 + 1) * kBlock + t], total, "exclusive block aggregate", t);
    }
    // Every tile of the block, behind `initial`.
    T running = initial;
    for (int j = 0; j < kTiles * tile_items; ++j) {
      check(out[std::size_t(kCallbackExclusive) * n + base + j], running, "exclusive with callback", base + j);
      running = C::HostOp(running, in[base + j]);
      check(out[std::size_t(kCallbackInclusive) * n + base + j], running, "inclusive with callback", base + j);
    }
  }
}

template <class C>
void RunType(Harness& h, Random& r) {
  Run<C, 1, 1>(h, r);
  Run<C, 32, 3>(h, r);
  Run<C, 45, 1>(h, r);
  Run<C, 96, 4>(h, r);
  Run<C, 200, 3>(h, r);
  Run<C, 1024, 1>(h, r);
}

}  // namespace wstest

int main() {
  wstest::Harness h;
  wstest::Random r(2026);
  wstest::RunType<wstest::Int32Sum>(h, r);
  wstest::RunType<wstest::Int32Max>(h, r);
  wstest::RunType<wstest::FloatSum>(h, r);
  wstest::RunType<wstest::DoubleSum>(h, r);
  wstest::RunType<wstest::Mat2Product>(h, r);
  return h.Finish();
}
