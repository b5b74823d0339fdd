// WarpShuffle against a host model of CUDA's shuffle semantics in logical lanes: values of 1, 4, 6,
// 8, 16 and 40 bytes (moved as 32-bit words), logical widths 1..32, full and partial warps.
#include <vector>

#include "test_cases.cuh"

namespace wstest {

struct Odd6 {
  unsigned short a, b, c;
};
struct Big40 {
  int v[10];
};

template <class T> T MakeValue(Random& r);
template <> char MakeValue<char>(Random& r) { return char(r.Int(-128, 127)); }
template <> int MakeValue<int>(Random& r) { return int(r.Next()); }
template <> double MakeValue<double>(Random& r) { return double(r.Int(-1000000, 1000000)) / 8.0; }
template <> Odd6 MakeValue<Odd6>(Random& r) { return Odd6{(unsigned short)r.Next(), (unsigned short)r.Next(), (unsigned short)r.Next()}; }
template <> Mat2 MakeValue<Mat2>(Random& r) { return Mat2{unsigned(r.Next()), unsigned(r.Next()), unsigned(r.Next()), unsigned(r.Next())}; }
template <> Big40 MakeValue<Big40>(Random& r) {
  Big40 b;
  for (int& v : b.v) v = int(r.Next());
  return b;
}
template <class T>
bool SameBytes(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

enum ShuffleOutput { kIdx, kUp, kDown, kXor, kShuffleOutputs };

template <class T, int W>
__global__ void ShuffleKernel(const T* in, const int* src, unsigned delta, unsigned lane_mask, T* out, int n) {
  const int tid = int(blockIdx.x * blockDim.x + threadIdx.x);
  const warpsafe::WarpShuffle<T, W> shuffle;
  const T x = in[tid];
  out[kIdx * n + tid] = shuffle.Idx(x, src[tid]);
  out[kUp * n + tid] = shuffle.Up(x, delta);
  out[kDown * n + tid] = shuffle.Down(x, delta);
  out[kXor * n + tid] = shuffle.Xor(x, lane_mask);
}

template <class T, int W>
void TestShuffle(Harness& h, Random& rng, int block_threads, const char* type) {
  const int n = kBlocks * block_threads;
  std::vector<T> in(n);
  std::vector<int> src(n);
  for (int i = 0; i < n; ++i) {
    in[i] = MakeValue<T>(rng);
    src[i] = rng.Int(0, 63);
  }
  const unsigned delta = unsigned(rng.Int(0, W));
  const unsigned lane_mask = unsigned(rng.Int(0, 31));
  DeviceBuffer<T> d_in(n), d_out(std::size_t(n) * kShuffleOutputs);
  DeviceBuffer<int> d_src(n);
  d_in.Upload(in.data());
  d_src.Upload(src.data());
  d_out.Poison();
  ShuffleKernel<T, W><<<kBlocks, block_threads>>>(d_in.get(), d_src.get(), delta, lane_mask, d_out.get(), n);
  WS_LAUNCHED();
  std::vector<T> out(std::size_t(n) * kShuffleOutputs);
  d_out.Download(out.data());
  for (int b = 0; b < kBlocks; ++b) {
    for (int t = 0; t < block_threads; ++t) {
      const HostLogicalWarp g = GeometryOf(t, W, block_threads);
      const int first = b * block_threads + g.base;
      const int tid = b * block_threads + t;
      auto from = [&](int logical) { return logical >= 0 && logical < g.count ? in[first + logical] : in[tid]; };
      const T want[kShuffleOutputs] = {from(src[tid] % W), from(g.rank - int(delta)), from(g.rank + int(delta)),
                                       from(g.rank ^ int(lane_mask))};
      static const char* const kWhat[kShuffleOutputs] = {"Idx", "Up", "Down", "Xor"};
      for (int k = 0; k < kShuffleOutputs; ++k)
        h.Expect(SameBytes(out[std::size_t(k) * n + tid], want[k]), "%s %s width %d block %d thread %d (delta %u mask %u)",
                 type, kWhat[k], W, block_threads, tid, delta, lane_mask);
    }
  }
}

template <class T>
void TestType(Harness& h, Random& rng, const char* type) {
  for (int block_threads : kBlockSizes)
    ForEachTestWidth([&](auto w) { TestShuffle<T, decltype(w)::value>(h, rng, block_threads, type); });
}

}  // namespace wstest

int main() {
  wstest::Harness h;
  wstest::Random rng(1);
#if !WARPSAFE_TEST_REDUCED
  wstest::TestType<char>(h, rng, "char");
#endif
  wstest::TestType<int>(h, rng, "int32");
  wstest::TestType<wstest::Odd6>(h, rng, "struct6");
#if !WARPSAFE_TEST_REDUCED
  wstest::TestType<double>(h, rng, "double");
  wstest::TestType<wstest::Mat2>(h, rng, "struct16");
#endif
  wstest::TestType<wstest::Big40>(h, rng, "struct40");
  return h.Finish();
}
