// binary_partition: the lanes of a tile whose predicate is true, or false; meta_group_rank/size as
// recorded on an NVIDIA H100 (2026-11-25): (pred, 2) when both parts have lanes, (0, 1) when the
// predicate is uniform (CG-PARTITION). Then the parts' own collectives.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(int* out) {
  auto t32 = cg::tiled_partition<32>(cg::this_thread_block());
  const int l = threadIdx.x;
  cg::coalesced_group g = cg::binary_partition(t32, l % 4 == 1);
  cg::coalesced_group all = cg::binary_partition(t32, true);
  out[l * 6 + 0] = g.meta_group_rank();
  out[l * 6 + 1] = g.meta_group_size();
  out[l * 6 + 2] = g.size();
  out[l * 6 + 3] = all.meta_group_rank() * 10 + all.meta_group_size();
  out[l * 6 + 4] = g.shfl_down(l, 1);
  out[l * 6 + 5] = g.any(l == 29);
}

int main() {
  int* out;
  cudaMallocManaged(&out, 32 * 6 * sizeof(int));
  k<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int l = 0; l < 32; ++l) {
    const bool p = l % 4 == 1;
    if (out[l * 6] != (p ? 1 : 0) || out[l * 6 + 1] != 2 || out[l * 6 + 2] != (p ? 8 : 24)) return 2;
    if (out[l * 6 + 3] != 1) return 3;
    int next = l + 1;
    while (next < 32 && (next % 4 == 1) != p) ++next;
    if (out[l * 6 + 4] != (next < 32 ? next : l)) return 4;
    if (out[l * 6 + 5] != (p ? 1 : 0)) return 5;
  }
  return 0;
}
