// labeled_partition: the lanes of a tile with equal labels, as a coalesced_group whose members
// (size, ranks, shfl, ballot, reduce-by-hand) act within it; meta_group_rank/size as recorded on
// an NVIDIA H100 80GB HBM3 (2026-11-25, nvcc -arch=sm_90): rank of the
// group among the groups ordered by their lowest lane, and the number of groups (CG-PARTITION).
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
  const int label = l % 5 == 0 ? 7 : (l % 5 == 1 ? 3 : 9);
  cg::coalesced_group g = cg::labeled_partition(t32, label);
  out[l * 5 + 0] = g.meta_group_rank();
  out[l * 5 + 1] = g.meta_group_size();
  out[l * 5 + 2] = g.size();
  out[l * 5 + 3] = g.shfl(l, 0);  // the group's lowest lane
  out[l * 5 + 4] = __popc(g.ballot(1));
}

int main() {
  int* out;
  cudaMallocManaged(&out, 32 * 5 * sizeof(int));
  k<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  // Recorded on the H100.
  const int meta_rank[32] = {0, 1, 2, 2, 2, 0, 1, 2, 2, 2, 0, 1, 2, 2, 2, 0,
                             1, 2, 2, 2, 0, 1, 2, 2, 2, 0, 1, 2, 2, 2, 0, 1};
  const int size[32] = {7, 7, 18, 18, 18, 7, 7, 18, 18, 18, 7, 7, 18, 18, 18, 7,
                        7, 18, 18, 18, 7, 7, 18, 18, 18, 7, 7, 18, 18, 18, 7, 7};
  for (int l = 0; l < 32; ++l) {
    if (out[l * 5] != meta_rank[l] || out[l * 5 + 1] != 3 || out[l * 5 + 2] != size[l]) return 2;
    if (out[l * 5 + 3] != meta_rank[l] || out[l * 5 + 4] != size[l]) return 3;
  }
  return 0;
}
