// WarpBallotPack: the bit-pack of a predicate over arrays of many lengths (0, shorter than a warp,
// exact multiples of 32, and with a partial last word), after a divergent prologue.
#include <vector>

#include "test_cases.cuh"

namespace wstest {

struct Above {
  int threshold;
  __host__ __device__ bool operator()(int v) const { return v > threshold; }
};

// Each warp packs its own array: data + warp * n into out + warp * words.
__global__ void PackKernel(const int* data, int n, int words, Above pred, std::uint32_t* out, int* scratch) {
  const int warp = int((blockIdx.x * blockDim.x + threadIdx.x) / 32);
  const int lane = int(threadIdx.x & 31);
  // Divergence before the collective: the lanes split here and need not be converged when they
  // reach Pack; its ballots name every lane, so they wait for each other.
  if (lane % 3 == 0) scratch[blockIdx.x * blockDim.x + threadIdx.x] = lane * 7;
  warpsafe::WarpBallotPack().Pack(data + std::size_t(warp) * n, n, out + std::size_t(warp) * words, pred);
}

void TestPack(Harness& h, Random& rng, int n) {
  constexpr int kBlockThreads = 64, kBlocksHere = 2, kWarps = kBlockThreads * kBlocksHere / 32;
  const int words = (n + 31) / 32;
  std::vector<int> data(std::size_t(kWarps) * (n > 0 ? n : 1));
  for (auto& v : data) v = rng.Int(-100, 100);
  const Above pred{rng.Int(-50, 50)};
  DeviceBuffer<int> d_data(data.size()), d_scratch(kBlockThreads * kBlocksHere);
  DeviceBuffer<std::uint32_t> d_out(std::size_t(kWarps) * words + 1);
  d_data.Upload(data.data());
  d_out.Poison();
  PackKernel<<<kBlocksHere, kBlockThreads>>>(d_data.get(), n, words, pred, d_out.get(), d_scratch.get());
  WS_LAUNCHED();
  std::vector<std::uint32_t> out(std::size_t(kWarps) * words + 1);
  d_out.Download(out.data());
  for (int w = 0; w < kWarps; ++w) {
    for (int word = 0; word < words; ++word) {
      std::uint32_t want = 0;
      for (int bit = 0; bit < 32 && word * 32 + bit < n; ++bit)
        if (pred(data[std::size_t(w) * n + word * 32 + bit])) want |= 1u << bit;
      const std::uint32_t got = out[std::size_t(w) * words + word];
      h.Expect(got == want, "Pack n %d warp %d word %d: got %08x, want %08x", n, w, word, got, want);
    }
  }
  // Nothing past the last word is written.
  h.Expect(out[std::size_t(kWarps) * words] == 0xABABABABu, "Pack n %d wrote past its last word", n);
}

}  // namespace wstest

int main() {
  wstest::Harness h;
  wstest::Random rng(3);
  for (int n : {0, 1, 5, 31, 32, 33, 64, 100, 1000, 4097}) wstest::TestPack(h, rng, n);
  return h.Finish();
}
