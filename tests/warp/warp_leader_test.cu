// WarpLeader: Elect over random masks, and the discovery pattern inside a divergent branch, where
// the set of lanes that arrive together is up to the scheduler: only its properties are checked
// (it holds the caller, only lanes that took the branch, one agreed leader, the lowest of them).
#include <vector>

#include "test_cases.cuh"

namespace wstest {

__global__ void ElectKernel(const std::uint32_t* masks, unsigned* leaders) {
  const int tid = int(blockIdx.x * blockDim.x + threadIdx.x);
  leaders[tid] = warpsafe::WarpLeader::Elect(masks[tid]);
}

__global__ void DiscoverKernel(const unsigned char* take, std::uint32_t* mask, unsigned* leader, int* is_leader,
                               unsigned* leader_count) {
  const int tid = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (take[tid]) {
    const warpsafe::LeaderGroup g = warpsafe::WarpLeader().Discover();
    mask[tid] = g.mask;
    leader[tid] = g.leader;
    is_leader[tid] = g.is_leader ? 1 : 0;
    if (g.is_leader) atomicAdd(leader_count + tid / 32, unsigned(__popc(g.mask)));
  }
}

}  // namespace wstest

int main() {
  using namespace wstest;
  Harness h;
  Random rng(7);
  {
    constexpr int n = 256;
    std::vector<std::uint32_t> masks(n);
    for (auto& m : masks) {
      m = std::uint32_t(rng.Next());
      if (m == 0) m = 1;
    }
    DeviceBuffer<std::uint32_t> d_masks(n);
    DeviceBuffer<unsigned> d_leaders(n);
    d_masks.Upload(masks.data());
    d_leaders.Poison();
    ElectKernel<<<2, 128>>>(d_masks.get(), d_leaders.get());
    WS_LAUNCHED();
    std::vector<unsigned> leaders(n);
    d_leaders.Download(leaders.data());
    for (int i = 0; i < n; ++i) {
      unsigned want = 0;
      while (!((masks[i] >> want) & 1u)) ++want;
      h.Expect(leaders[i] == want, "Elect(%08x) = %u, want %u", masks[i], leaders[i], want);
    }
  }
  for (int round = 0; round < 8; ++round) {
    const int block_threads = round % 2 == 0 ? 128 : 45;
    const int n = 2 * block_threads, warps = (n + 31) / 32 + 2;
    std::vector<unsigned char> take(n);
    for (auto& t : take) t = rng.Bool(60) ? 1 : 0;
    DeviceBuffer<unsigned char> d_take(n);
    DeviceBuffer<std::uint32_t> d_mask(n);
    DeviceBuffer<unsigned> d_leader(n), d_count(warps);
    DeviceBuffer<int> d_is(n);
    d_take.Upload(take.data());
    d_mask.Poison();
    d_leader.Poison();
    d_is.Poison();
    WS_CUDA(cudaMemset(d_count.get(), 0, d_count.bytes()));
    DiscoverKernel<<<2, block_threads>>>(d_take.get(), d_mask.get(), d_leader.get(), d_is.get(), d_count.get());
    WS_LAUNCHED();
    std::vector<std::uint32_t> mask(n);
    std::vector<unsigned> leader(n), count(warps);
    std::vector<int> is(n);
    d_mask.Download(mask.data());
    d_leader.Download(leader.data());
    d_is.Download(is.data());
    d_count.Download(count.data());
    for (int b = 0; b < 2; ++b) {
      for (int t = 0; t < block_threads; ++t) {
        const int tid = b * block_threads + t;
        if (!take[tid]) continue;
        const int lane = t & 31, warp_first = b * block_threads + (t & ~31);
        std::uint32_t took = 0;
        for (int l = 0; l < 32 && (t & ~31) + l < block_threads; ++l)
          if (take[warp_first + l]) took |= 1u << l;
        const std::uint32_t m = mask[tid];
        bool ok = ((m >> lane) & 1u) && (m & ~took) == 0 && leader[tid] < 32 && ((m >> leader[tid]) & 1u) &&
                  (m & ((1u << leader[tid]) - 1u)) == 0 && is[tid] == (unsigned(lane) == leader[tid] ? 1 : 0);
        for (int l = 0; l < 32 && ok; ++l)
          if ((m >> l) & 1u) ok = mask[warp_first + l] == m && leader[warp_first + l] == leader[tid];
        h.Expect(ok, "Discover block %d thread %d: mask %08x leader %u is_leader %d (lanes that took the branch %08x)",
                 b, t, m, leader[tid], is[tid], took);
      }
    }
    // Every lane that took the branch is counted by exactly one leader.
    unsigned counted = 0, took_total = 0;
    for (unsigned c : count) counted += c;
    for (unsigned char t : take) took_total += t;
    h.Expect(counted == took_total, "Discover: leaders counted %u lanes, %u took the branch", counted, took_total);
  }
  return h.Finish();
}
