// WarpRank: compaction offsets (rank among the lanes whose predicate holds) and totals, logical
// widths 1..32, full and partial warps; then a warp-level stream compaction built on it.
#include <vector>

#include "test_cases.cuh"

namespace wstest {

template <int W>
__global__ void RankKernel(const unsigned char* pred, unsigned* rank, unsigned* total, unsigned* ballot) {
  const int tid = int(blockIdx.x * blockDim.x + threadIdx.x);
  std::uint32_t bits;
  rank[tid] = warpsafe::WarpRank<W>().Rank(pred[tid] != 0, total[tid], bits);
  ballot[tid] = bits;
}

// Compacts the values with keep set: each logical warp of 32 writes its kept values in lane order
// to out + 32 * warp, and their number to counts[warp].
__global__ void CompactKernel(const int* in, const unsigned char* keep, int* out, unsigned* counts) {
  const int tid = int(blockIdx.x * blockDim.x + threadIdx.x);
  const int warp = tid / 32;
  unsigned total;
  const unsigned slot = warpsafe::WarpRank<>().Rank(keep[tid] != 0, total);
  if (keep[tid]) out[warp * 32 + int(slot)] = in[tid];
  if ((threadIdx.x & 31) == 0) counts[warp] = total;
}

template <int W>
void TestRank(Harness& h, Random& rng, int block_threads) {
  const int n = kBlocks * block_threads;
  std::vector<unsigned char> pred(n);
  const int percent = rng.Int(0, 100);
  for (auto& p : pred) p = rng.Bool(percent) ? 1 : 0;
  DeviceBuffer<unsigned char> d_pred(n);
  DeviceBuffer<unsigned> d_rank(n), d_total(n), d_ballot(n);
  d_pred.Upload(pred.data());
  d_rank.Poison();
  d_total.Poison();
  d_ballot.Poison();
  RankKernel<W><<<kBlocks, block_threads>>>(d_pred.get(), d_rank.get(), d_total.get(), d_ballot.get());
  WS_LAUNCHED();
  std::vector<unsigned> rank(n), total(n), ballot(n);
  d_rank.Download(rank.data());
  d_total.Download(total.data());
  d_ballot.Download(ballot.data());
  for (int b = 0; b < kBlocks; ++b) {
    for (int t = 0; t < block_threads; ++t) {
      const HostLogicalWarp g = GeometryOf(t, W, block_threads);
      const int first = b * block_threads + g.base;
      const int tid = b * block_threads + t;
      unsigned want_rank = 0, want_total = 0;
      std::uint32_t want_ballot = 0;
      for (int i = 0; i < g.count; ++i) {
        if (!pred[first + i]) continue;
        ++want_total;
        if (i < g.rank) ++want_rank;
        want_ballot |= 1u << ((g.base & 31) + i);
      }
      h.Expect(rank[tid] == want_rank && total[tid] == want_total && ballot[tid] == want_ballot,
               "Rank width %d block %d thread %d: got %u/%u/%08x, want %u/%u/%08x", W, block_threads, tid, rank[tid],
               total[tid], ballot[tid], want_rank, want_total, want_ballot);
    }
  }
}

void TestCompact(Harness& h, Random& rng) {
  constexpr int kThreads = 128, kWarps = kThreads / 32;
  std::vector<int> in(kThreads);
  std::vector<unsigned char> keep(kThreads);
  for (int i = 0; i < kThreads; ++i) {
    in[i] = int(rng.Next());
    keep[i] = rng.Bool(40) ? 1 : 0;
  }
  DeviceBuffer<int> d_in(kThreads), d_out(kThreads);
  DeviceBuffer<unsigned char> d_keep(kThreads);
  DeviceBuffer<unsigned> d_counts(kWarps);
  d_in.Upload(in.data());
  d_keep.Upload(keep.data());
  d_out.Poison();
  d_counts.Poison();
  CompactKernel<<<1, kThreads>>>(d_in.get(), d_keep.get(), d_out.get(), d_counts.get());
  WS_LAUNCHED();
  std::vector<int> out(kThreads);
  std::vector<unsigned> counts(kWarps);
  d_out.Download(out.data());
  d_counts.Download(counts.data());
  for (int w = 0; w < kWarps; ++w) {
    unsigned k = 0;
    for (int i = 0; i < 32; ++i) {
      if (!keep[w * 32 + i]) continue;
      h.Expect(out[w * 32 + int(k)] == in[w * 32 + i], "compaction warp %d slot %u", w, k);
      ++k;
    }
    h.Expect(counts[w] == k, "compaction warp %d count %u, want %u", w, counts[w], k);
  }
}

}  // namespace wstest

int main() {
  wstest::Harness h;
  wstest::Random rng(6);
  for (int block_threads : wstest::kBlockSizes)
    wstest::ForEachTestWidth([&](auto w) { wstest::TestRank<decltype(w)::value>(h, rng, block_threads); });
  wstest::TestCompact(h, rng);
  return h.Finish();
}
