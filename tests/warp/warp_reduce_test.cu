// WarpReduce against a sequential host reduction: every value type of test_cases.cuh, logical
// widths 1..32, full and partial hardware warps (in 1-D blocks and in a 3-D one), valid_items,
// head-flag segments, and logical warps that call from inside a branch the others skip (their
// member masks must name only themselves); under the kWholeWarpsCall contract, where every logical
// warp must call, the even and odd logical warps call from two different branches instead.
#include <vector>

#include "test_cases.cuh"

namespace wstest {

enum ReduceOutput { kFull, kValid, kSegmented, kDivergent, kReduceOutputs };
inline const char* const kContractName[] = {"", " (kWholeWarps)", " (kWholeWarpsCall)"};

template <class C, int W, warpsafe::WarpContract kContract>
__global__ void ReduceKernel(const typename C::T* in, const unsigned char* heads, typename C::T* out, int n) {
  using T = typename C::T;
  const int tid = int(blockIdx.x) * BlockThreads() + BlockThread();
  const T x = in[tid];
  const warpsafe::WarpReduce<T, W, kContract> reduce;
  const int lane = BlockThread() & 31;
  const int base_lane = (lane / W) * W;
  out[kFull * n + tid] = reduce.Reduce(x, typename C::Op{});
  out[kValid * n + tid] = reduce.Reduce(x, typename C::Op{}, ValidItemsFor(base_lane, int(blockIdx.x), W));
  out[kSegmented * n + tid] = reduce.HeadSegmentedReduce(x, heads[tid] != 0, typename C::Op{});
  if ((base_lane / W) % 2 == 0) out[kDivergent * n + tid] = reduce.Reduce(x, typename C::Op{});
  else if constexpr (kContract == warpsafe::WarpContract::kWholeWarpsCall)
    out[kDivergent * n + tid] = reduce.Reduce(x, typename C::Op{});  // the same call, from the other branch
}

template <class C, int W, warpsafe::WarpContract kContract>
void TestReduce(Harness& h, Random& rng, const int (&shape)[3]) {
  using T = typename C::T;
  const int block_threads = shape[0] * shape[1] * shape[2];
  const int n = kBlocks * block_threads;
  std::vector<T> in(n);
  std::vector<unsigned char> heads(n);
  for (int i = 0; i < n; ++i) {
    in[i] = C::Make(rng);
    heads[i] = rng.Bool(25) ? 1 : 0;
  }
  DeviceBuffer<T> d_in(n), d_out(std::size_t(n) * kReduceOutputs);
  DeviceBuffer<unsigned char> d_heads(n);
  d_in.Upload(in.data());
  d_heads.Upload(heads.data());
  d_out.Poison();
  ReduceKernel<C, W, kContract><<<kBlocks, dim3(shape[0], shape[1], shape[2])>>>(d_in.get(), d_heads.get(),
                                                                                   d_out.get(), n);
  WS_LAUNCHED();
  std::vector<T> out(std::size_t(n) * kReduceOutputs);
  d_out.Download(out.data());

  char got[64], want[64];
  for (int b = 0; b < kBlocks; ++b) {
    for (int t = 0; t < block_threads; ++t) {
      const HostLogicalWarp g = GeometryOf(t, W, block_threads);
      const int first = b * block_threads + g.base;
      const int tid = b * block_threads + t;
      // Full reduction.
      T full = in[first];
      for (int i = 1; i < g.count; ++i) full = C::HostOp(full, in[first + i]);
      // valid_items.
      int valid = ValidItemsFor(g.base & 31, b, W);
      if (valid > g.count) valid = g.count;
      T part = in[first];
      for (int i = 1; i < valid; ++i) part = C::HostOp(part, in[first + i]);
      // The caller's segment.
      int head = g.rank;
      while (head > 0 && !heads[first + head]) --head;
      int tail = g.rank;
      while (tail + 1 < g.count && !heads[first + tail + 1]) ++tail;
      T seg = in[first + head];
      for (int i = head + 1; i <= tail; ++i) seg = C::HostOp(seg, in[first + i]);

      const T expected[kReduceOutputs] = {full, part, seg, full};
      static const char* const kWhat[kReduceOutputs] = {"Reduce", "Reduce(valid_items)", "HeadSegmentedReduce",
                                                        "Reduce in a branch"};
      for (int k = 0; k < kReduceOutputs; ++k) {
        if (k == kDivergent && ((g.base & 31) / W) % 2 != 0 && kContract != warpsafe::WarpContract::kWholeWarpsCall)
          continue;
        const T& v = out[std::size_t(k) * n + tid];
        const bool ok = C::Equal(v, expected[k]);
        if (!ok) {
          C::Print(got, v);
          C::Print(want, expected[k]);
        }
        h.Expect(ok, "%s %s%s width %d block %dx%dx%d thread %d: got %s, want %s", C::kName, kWhat[k],
                 kContractName[int(kContract)], W, shape[0], shape[1], shape[2], tid, ok ? "" : got,
                 ok ? "" : want);
      }
    }
  }
}

template <class C>
void TestType(Harness& h, Random& rng) {
  for (const auto& shape : kBlockShapes) {
    ForEachTestWidth([&](auto w) {
      constexpr int W = decltype(w)::value;
      TestReduce<C, W, warpsafe::WarpContract::kPartialWarps>(h, rng, shape);
      // The stronger contracts promise complete hardware warps: only block sizes that are multiples of 32.
      if (shape[0] * shape[1] * shape[2] % 32 == 0) {
        TestReduce<C, W, warpsafe::WarpContract::kWholeWarps>(h, rng, shape);
        TestReduce<C, W, warpsafe::WarpContract::kWholeWarpsCall>(h, rng, shape);
      }
    });
  }
}

}  // namespace wstest

int main() {
  wstest::Harness h;
  wstest::Random rng(4);
  wstest::TestType<wstest::Int32Sum>(h, rng);
#if !WARPSAFE_TEST_REDUCED
  wstest::TestType<wstest::Int32Max>(h, rng);
  wstest::TestType<wstest::Uint32Sum>(h, rng);
  wstest::TestType<wstest::FloatSum>(h, rng);
  wstest::TestType<wstest::DoubleSum>(h, rng);
#endif
  wstest::TestType<wstest::Mat2Product>(h, rng);
  return h.Finish();
}
