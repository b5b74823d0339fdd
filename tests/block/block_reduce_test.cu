// BlockReduce against a sequential host reduction: int32 (sum, max), float and double sums, and a
// non-commutative 16-byte operator; block sizes with full and partial last warps (1 to 1024
// threads); 1 and 4 items per thread; whole blocks and the first valid_items threads. Every thread
// must get the result.
#include <vector>

#include <warpsafe/block.cuh>

#include "test_cases.cuh"

namespace wstest {

enum Output { kItemsReduce, kOneReduce, kValidReduce, kOutputs };

template <class C, int kBlock, int kItems>
__global__ void __launch_bounds__(kBlock) ReduceKernel(const typename C::T* in, const int* valid, typename C::T* out) {
  using T = typename C::T;
  using Op = typename C::Op;
  using Reduce = warpsafe::BlockReduce<T, kBlock>;
  __shared__ typename Reduce::TempStorage temp;
  const int t = int(threadIdx.x);
  const int slot = int(blockIdx.x) * kBlock + t;
  T items[kItems];
  for (int i = 0; i < kItems; ++i) items[i] = in[(blockIdx.x * kBlock + t) * kItems + i];
  out[kOutputs * slot + kItemsReduce] = Reduce(temp).Reduce(items, Op{});
  __syncthreads();
  out[kOutputs * slot + kOneReduce] = Reduce(temp).Reduce(items[0], Op{});
  __syncthreads();
  out[kOutputs * slot + kValidReduce] = Reduce(temp).Reduce(items[0], Op{}, valid[blockIdx.x]);
}

template <class C, int kBlock, int kItems>
void Run(Harness& h, Random& r) {
  using T = typename C::T;
  // Per block, a different valid_items: 1, a partial warp, whole block, more than the block.
  const std::vector<int> valid = {1, kBlock > 33 ? 33 : kBlock, kBlock, kBlock + 5, (kBlock + 1) / 2};
  const int blocks = int(valid.size());
  const int n = blocks * kBlock * kItems;
  std::vector<T> in(n), out(std::size_t(blocks) * kBlock * kOutputs);
  for (T& x : in) x = C::Make(r);
  DeviceBuffer<T> d_in(n), d_out(out.size());
  DeviceBuffer<int> d_valid(valid.size());
  d_in.Upload(in.data());
  d_valid.Upload(valid.data());
  d_out.Poison();
  ReduceKernel<C, kBlock, kItems><<<blocks, kBlock>>>(d_in.get(), d_valid.get(), d_out.get());
  WS_LAUNCHED();
  d_out.Download(out.data());
  char g[64], w[64];
  for (int b = 0; b < blocks; ++b) {
    T all = in[b * kBlock * kItems], firsts = all, valid_total = all;
    for (int j = 1; j < kBlock * kItems; ++j) all = C::HostOp(all, in[b * kBlock * kItems + j]);
    for (int t = 1; t < kBlock; ++t) {
      firsts = C::HostOp(firsts, in[(b * kBlock + t) * kItems]);
      if (t < valid[b]) valid_total = C::HostOp(valid_total, in[(b * kBlock + t) * kItems]);
    }
    const T want[kOutputs] = {all, firsts, valid_total};
    const char* what[kOutputs] = {"items", "one item", "valid items"};
    for (int t = 0; t < kBlock; ++t) {
      for (int o = 0; o < kOutputs; ++o) {
        const T got = out[std::size_t(kOutputs) * (b * kBlock + t) + o];
        const bool ok = C::Equal(got, want[o]);
        if (!ok) {
          C::Print(g, got);
          C::Print(w, want[o]);
        }
        h.Expect(ok, "%s block %d items %d %s (valid %d) thread %d: got %s, want %s", C::kName, kBlock, kItems,
                 what[o], valid[b], t, ok ? "" : g, ok ? "" : w);
      }
    }
  }
}

template <class C>
void RunType(Harness& h, Random& r) {
  Run<C, 1, 1>(h, r);
  Run<C, 32, 4>(h, r);
  Run<C, 45, 1>(h, r);
  Run<C, 96, 4>(h, r);
  Run<C, 200, 1>(h, r);
  Run<C, 1024, 1>(h, r);
}

}  // namespace wstest

int main() {
  wstest::Harness h;
  wstest::Random r(2027);
  wstest::RunType<wstest::Int32Sum>(h, r);
  wstest::RunType<wstest::Int32Max>(h, r);
  wstest::RunType<wstest::FloatSum>(h, r);
  wstest::RunType<wstest::DoubleSum>(h, r);
  wstest::RunType<wstest::Mat2Product>(h, r);
  return h.Finish();
}
