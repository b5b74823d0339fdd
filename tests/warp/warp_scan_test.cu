// WarpScan against a sequential host scan: every value type of test_cases.cuh, logical widths
// 1..32, full and partial hardware warps (in 1-D blocks and in a 3-D one), the three algorithms
// (shuffle; shared memory guarded and zero-padded), inclusive / exclusive / initial value /
// aggregate / valid-items aggregate / head-flag segmented / three items per thread, and logical
// warps that call from inside a branch the others skip; under the kWholeWarpsCall contract, where
// every logical warp must call, the odd and even logical warps call from two different branches
// instead.
#include <vector>

#include "test_cases.cuh"

namespace wstest {

using warpsafe::WarpContract;
using warpsafe::WarpScanAlgorithm;

enum ScanOutput {
  kInclusive,
  kAggregate,
  kValidAggregate,
  kExclusive,
  kExclusiveAggregate,
  kInclusiveInit,
  kSegInclusive,
  kSegExclusive,
  kDivergent,
  kItemsAggregate,
  kItemsExclusiveAggregate,
  kScanOutputs
};
inline constexpr int kItems = 3;

template <class C, int W, WarpScanAlgorithm A, WarpContract kContract>
__global__ void ScanKernel(const typename C::T* in, const typename C::T* items_in, const unsigned char* heads,
                           typename C::T initial, typename C::T* out, typename C::T* items_incl,
                           typename C::T* items_excl, int n) {
  using T = typename C::T;
  using Scan = warpsafe::WarpScan<T, W, A, kContract>;
  using Op = typename C::Op;
  __shared__ typename Scan::TempStorage temp[4];
  const int tid = int(blockIdx.x) * BlockThreads() + BlockThread();
  const T x = in[tid];
  const Scan scan(temp[BlockThread() / 32]);
  const int lane = BlockThread() & 31;
  const int base_lane = (lane / W) * W;
  T aggregate;
  out[kInclusive * n + tid] = scan.InclusiveScan(x, Op{});
  scan.InclusiveScan(x, Op{}, aggregate);
  out[kAggregate * n + tid] = aggregate;
  scan.InclusiveScan(x, Op{}, aggregate, ValidItemsFor(base_lane, int(blockIdx.x), W));
  out[kValidAggregate * n + tid] = aggregate;
  out[kExclusive * n + tid] = scan.ExclusiveScan(x, initial, Op{});
  scan.ExclusiveScan(x, initial, Op{}, aggregate);
  out[kExclusiveAggregate * n + tid] = aggregate;
  out[kInclusiveInit * n + tid] = scan.InclusiveScan(x, initial, Op{});
  out[kSegInclusive * n + tid] = scan.HeadSegmentedInclusiveScan(x, heads[tid] != 0, Op{});
  out[kSegExclusive * n + tid] = scan.HeadSegmentedExclusiveScan(x, heads[tid] != 0, initial, Op{});
  if ((base_lane / W) % 2 == 1) out[kDivergent * n + tid] = scan.InclusiveScan(x, Op{});
  else if constexpr (kContract == WarpContract::kWholeWarpsCall)
    out[kDivergent * n + tid] = scan.InclusiveScan(x, initial, Op{});

  T items[kItems], result[kItems];
  for (int i = 0; i < kItems; ++i) items[i] = items_in[tid * kItems + i];
  scan.InclusiveScan(items, result, Op{}, aggregate);
  for (int i = 0; i < kItems; ++i) items_incl[tid * kItems + i] = result[i];
  out[kItemsAggregate * n + tid] = aggregate;
  scan.ExclusiveScan(items, result, initial, Op{}, aggregate);
  for (int i = 0; i < kItems; ++i) items_excl[tid * kItems + i] = result[i];
  out[kItemsExclusiveAggregate * n + tid] = aggregate;
}

template <class C>
struct Checker {
  Harness& h;
  const char* algo;
  int width;
  const int (&shape)[3];
  void Check(const typename C::T& got, const typename C::T& want, const char* what, int tid) {
    const bool ok = C::Equal(got, want);
    char g[64] = "", w[64] = "";
    if (!ok) {
      C::Print(g, got);
      C::Print(w, want);
    }
    h.Expect(ok, "%s %s %s width %d block %dx%dx%d thread %d: got %s, want %s", C::kName, algo, what, width,
             shape[0], shape[1], shape[2], tid, g, w);
  }
};

template <class C, int W, WarpScanAlgorithm A, WarpContract kContract = WarpContract::kPartialWarps>
void TestScan(Harness& h, Random& rng, const int (&shape)[3], const char* algo) {
  using T = typename C::T;
  const int block_threads = shape[0] * shape[1] * shape[2];
  const int n = kBlocks * block_threads;
  std::vector<T> in(n), items(std::size_t(n) * kItems);
  std::vector<unsigned char> heads(n);
  for (int i = 0; i < n; ++i) {
    in[i] = C::Make(rng);
    heads[i] = rng.Bool(25) ? 1 : 0;
  }
  for (auto& v : items) v = C::Make(rng);
  const T initial = C::Make(rng);
  DeviceBuffer<T> d_in(n), d_items(std::size_t(n) * kItems), d_out(std::size_t(n) * kScanOutputs);
  DeviceBuffer<T> d_items_incl(std::size_t(n) * kItems), d_items_excl(std::size_t(n) * kItems);
  DeviceBuffer<unsigned char> d_heads(n);
  d_in.Upload(in.data());
  d_items.Upload(items.data());
  d_heads.Upload(heads.data());
  d_out.Poison();
  d_items_incl.Poison();
  d_items_excl.Poison();
  ScanKernel<C, W, A, kContract><<<kBlocks, dim3(shape[0], shape[1], shape[2])>>>(
      d_in.get(), d_items.get(), d_heads.get(), initial, d_out.get(), d_items_incl.get(), d_items_excl.get(), n);
  WS_LAUNCHED();
  std::vector<T> out(std::size_t(n) * kScanOutputs), items_incl(items.size()), items_excl(items.size());
  d_out.Download(out.data());
  d_items_incl.Download(items_incl.data());
  d_items_excl.Download(items_excl.data());

  Checker<C> check{h, algo, W, shape};
  auto at = [&](int k, int tid) -> const T& { return out[std::size_t(k) * n + tid]; };
  for (int b = 0; b < kBlocks; ++b) {
    for (int t = 0; t < block_threads; ++t) {
      const HostLogicalWarp g = GeometryOf(t, W, block_threads);
      const int first = b * block_threads + g.base;
      const int tid = b * block_threads + t;
      T inclusive = in[first];
      for (int i = 1; i <= g.rank; ++i) inclusive = C::HostOp(inclusive, in[first + i]);
      T total = in[first];
      for (int i = 1; i < g.count; ++i) total = C::HostOp(total, in[first + i]);
      int valid = ValidItemsFor(g.base & 31, b, W);
      if (valid > g.count) valid = g.count;
      T valid_total = in[first];
      for (int i = 1; i < valid; ++i) valid_total = C::HostOp(valid_total, in[first + i]);
      T exclusive = initial;
      for (int i = 0; i < g.rank; ++i) exclusive = C::HostOp(exclusive, in[first + i]);
      int head = g.rank;
      while (head > 0 && !heads[first + head]) --head;
      T seg_incl = in[first + head];
      for (int i = head + 1; i <= g.rank; ++i) seg_incl = C::HostOp(seg_incl, in[first + i]);
      T seg_excl = initial;
      for (int i = head; i < g.rank; ++i) seg_excl = C::HostOp(seg_excl, in[first + i]);

      check.Check(at(kInclusive, tid), inclusive, "InclusiveScan", tid);
      check.Check(at(kAggregate, tid), total, "InclusiveScan aggregate", tid);
      check.Check(at(kValidAggregate, tid), valid_total, "InclusiveScan aggregate(valid_items)", tid);
      check.Check(at(kExclusive, tid), exclusive, "ExclusiveScan", tid);
      check.Check(at(kExclusiveAggregate, tid), total, "ExclusiveScan aggregate", tid);
      check.Check(at(kInclusiveInit, tid), C::HostOp(initial, inclusive), "InclusiveScan(initial)", tid);
      check.Check(at(kSegInclusive, tid), seg_incl, "HeadSegmentedInclusiveScan", tid);
      check.Check(at(kSegExclusive, tid), seg_excl, "HeadSegmentedExclusiveScan", tid);
      if (((g.base & 31) / W) % 2 == 1)
        check.Check(at(kDivergent, tid), inclusive, "InclusiveScan in a branch", tid);
      else if (kContract == WarpContract::kWholeWarpsCall)
        check.Check(at(kDivergent, tid), C::HostOp(initial, inclusive), "InclusiveScan(initial) in the other branch",
                    tid);

      // Three items per thread, lane-major.
      const T* its = &items[std::size_t(first) * kItems];
      const int before = g.rank * kItems;
      std::vector<T> prefix(std::size_t(g.count) * kItems);
      prefix[0] = its[0];
      for (int i = 1; i < g.count * kItems; ++i) prefix[i] = C::HostOp(prefix[i - 1], its[i]);
      const T items_total = prefix[std::size_t(g.count) * kItems - 1];
      T excl_running = initial;
      for (int i = 0; i < before; ++i) excl_running = C::HostOp(excl_running, its[i]);
      for (int i = 0; i < kItems; ++i) {
        check.Check(items_incl[std::size_t(tid) * kItems + i], prefix[before + i], "InclusiveScan(items)", tid);
        check.Check(items_excl[std::size_t(tid) * kItems + i], excl_running, "ExclusiveScan(items)", tid);
        excl_running = C::HostOp(excl_running, its[before + i]);
      }
      check.Check(at(kItemsAggregate, tid), items_total, "InclusiveScan(items) aggregate", tid);
      check.Check(at(kItemsExclusiveAggregate, tid), items_total, "ExclusiveScan(items) aggregate", tid);
    }
  }
}

template <class C>
void TestType(Harness& h, Random& rng) {
  for (const auto& shape : kBlockShapes) {
    const int block_threads = shape[0] * shape[1] * shape[2];
    ForEachTestWidth([&](auto w) {
      constexpr int W = decltype(w)::value;
      TestScan<C, W, WarpScanAlgorithm::kShuffle>(h, rng, shape, "shuffle");
      // kWholeWarps promises complete hardware warps: only block sizes that are multiples of 32.
      if (block_threads % 32 == 0) {
        TestScan<C, W, WarpScanAlgorithm::kShuffle, WarpContract::kWholeWarps>(h, rng, shape,
                                                                             "shuffle/kWholeWarps");
        TestScan<C, W, WarpScanAlgorithm::kShuffle, WarpContract::kWholeWarpsCall>(h, rng, shape,
                                                                                 "shuffle/kWholeWarpsCall");
      }
      // The shared-memory forms on a spread of widths (they compile slowly; the shuffle form is
      // the default and is tested on every width).
      if constexpr (W == 1 || W == 2 || W == 3 || W == 5 || W == 8 || W == 12 || W == 16 || W == 20 || W == 31 ||
                    W == 32) {
        TestScan<C, W, WarpScanAlgorithm::kSmemGuarded>(h, rng, shape, "smem-guarded");
        if constexpr (C::kZeroIdentity)
          TestScan<C, W, WarpScanAlgorithm::kSmemZeroPadded>(h, rng, shape, "smem-zero-padded");
        if (block_threads % 32 == 0) {
          TestScan<C, W, WarpScanAlgorithm::kSmemGuarded, WarpContract::kWholeWarpsCall>(
              h, rng, shape, "smem-guarded/kWholeWarpsCall");
          if constexpr (C::kZeroIdentity)
            TestScan<C, W, WarpScanAlgorithm::kSmemZeroPadded, WarpContract::kWholeWarpsCall>(
                h, rng, shape, "smem-zero-padded/kWholeWarpsCall");
        }
      }
    });
  }
}

}  // namespace wstest

int main() {
  wstest::Harness h;
  wstest::Random rng(5);
  wstest::TestType<wstest::Int32Sum>(h, rng);
  // The checked build's reduced set (test_cases.cuh) keeps one type here: WarpScan instantiates
  // eleven scans a kernel, and with Mat2 too its instrumented build took five minutes. What the
  // checker adds (races on TempStorage, uninitialised shared memory) does not depend on the type,
  // and Int32Sum is the one with every algorithm (smem-zero-padded needs a zero identity); Mat2's
  // non-commutative 16-byte scans run in every engine test.
#if !WARPSAFE_TEST_REDUCED
  wstest::TestType<wstest::Uint32Sum>(h, rng);
  wstest::TestType<wstest::FloatSum>(h, rng);
  wstest::TestType<wstest::DoubleSum>(h, rng);
  wstest::TestType<wstest::Int64Sum>(h, rng);
  wstest::TestType<wstest::Mat2Product>(h, rng);
#endif
  return h.Finish();
}
