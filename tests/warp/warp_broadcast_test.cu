// WarpBroadcast: one logical lane's value to its whole logical warp, for 4-, 8- and 16-byte values,
// logical widths 1..32, full and partial warps, and logical warps calling from inside a branch.
#include <vector>

#include "test_cases.cuh"

namespace wstest {

// The source lane of a logical warp: derived from its first lane, clipped to the lanes that exist.
__host__ __device__ inline int SourceLane(int base_lane, int block, int width, int count) {
  const int src = ValidItemsFor(base_lane, block, width) - 1;
  return src < count ? src : count - 1;
}

template <class T, int W>
__global__ void BroadcastKernel(const T* in, T* out, T* out_branch, int n) {
  const int tid = int(blockIdx.x * blockDim.x + threadIdx.x);
  const int lane = int(threadIdx.x & 31);
  const int base_lane = (lane / W) * W;
  int count = 32 - base_lane < W ? 32 - base_lane : W;
  const int present = int(blockDim.x) - int(threadIdx.x & ~31u) - base_lane;
  if (present < count) count = present;
  const warpsafe::WarpBroadcast<T, W> broadcast;
  const unsigned src = unsigned(SourceLane(base_lane, int(blockIdx.x), W, count));
  out[tid] = broadcast.Broadcast(in[tid], src);
  if ((base_lane / W) % 3 == 1) out_branch[tid] = broadcast.Broadcast(in[tid], src);
}

template <class C, int W>
void TestBroadcast(Harness& h, Random& rng, int block_threads) {
  using T = typename C::T;
  const int n = kBlocks * block_threads;
  std::vector<T> in(n);
  for (auto& v : in) v = C::Make(rng);
  DeviceBuffer<T> d_in(n), d_out(n), d_branch(n);
  d_in.Upload(in.data());
  d_out.Poison();
  d_branch.Poison();
  BroadcastKernel<T, W><<<kBlocks, block_threads>>>(d_in.get(), d_out.get(), d_branch.get(), n);
  WS_LAUNCHED();
  std::vector<T> out(n), branch(n);
  d_out.Download(out.data());
  d_branch.Download(branch.data());
  for (int b = 0; b < kBlocks; ++b) {
    for (int t = 0; t < block_threads; ++t) {
      const HostLogicalWarp g = GeometryOf(t, W, block_threads);
      const int tid = b * block_threads + t;
      const T want = in[b * block_threads + g.base + SourceLane(g.base & 31, b, W, g.count)];
      h.Expect(C::Equal(out[tid], want), "%s Broadcast width %d block %d thread %d", C::kName, W, block_threads, tid);
      if (((g.base & 31) / W) % 3 == 1)
        h.Expect(C::Equal(branch[tid], want), "%s Broadcast in a branch width %d block %d thread %d", C::kName, W,
                 block_threads, tid);
    }
  }
}

template <class C>
void TestType(Harness& h, Random& rng) {
  for (int block_threads : kBlockSizes)
    ForEachTestWidth([&](auto w) { TestBroadcast<C, decltype(w)::value>(h, rng, block_threads); });
}

}  // namespace wstest

int main() {
  wstest::Harness h;
  wstest::Random rng(2);
  wstest::TestType<wstest::Int32Sum>(h, rng);
#if !WARPSAFE_TEST_REDUCED
  wstest::TestType<wstest::FloatSum>(h, rng);
  wstest::TestType<wstest::DoubleSum>(h, rng);
#endif
  wstest::TestType<wstest::Mat2Product>(h, rng);
  return h.Finish();
}
