// coalesced_threads() in converged code, 200 launches: how often was it the whole warp, and how
// often a strict subset? Every group must also be consistent: its size is the number of lanes that
// saw the same group, and its ranks are 0..size-1 (its own ballot, by rank, is all ones).
// Under lockstep a converged warp is always whole; the random policy splits it for some launches.
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s --check-prefix=LOCKSTEP
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s --check-prefix=RANDOM
// LOCKSTEP:      full warps 200, strict subsets 0
// LOCKSTEP-NOT:  {{.}}
// RANDOM:        full warps {{[0-9]+}}, strict subsets {{[1-9][0-9]*}}
// RANDOM-NOT:    {{.}}

#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void k(unsigned* ranks, unsigned* sizes) {
  cg::coalesced_group g = cg::coalesced_threads();
  ranks[threadIdx.x] = g.thread_rank();
  sizes[threadIdx.x] = g.size();
  // The group's own ballot names its members, by rank: all ones below its size.
  const unsigned all = g.ballot(1);
  if (all != (g.size() == 32 ? 0xffffffffu : (1u << g.size()) - 1u)) sizes[threadIdx.x] = 999;
}

int main() {
  unsigned *ranks, *sizes;
  cudaMallocManaged(&ranks, 32 * sizeof(unsigned));
  cudaMallocManaged(&sizes, 32 * sizeof(unsigned));
  int full = 0, subset = 0;
  for (int launch = 0; launch < 200; ++launch) {
    k<<<1, 32>>>(ranks, sizes);
    if (cudaDeviceSynchronize() != cudaSuccess) return 1;
    for (int l = 0; l < 32; ++l) {
      if (sizes[l] == 999 || ranks[l] >= sizes[l]) return 2;
    }
    if (sizes[0] == 32) ++full; else ++subset;
  }
  std::printf("full warps %d, strict subsets %d\n", full, subset);
  return 0;
}
