// coalesced_group members on a group with holes (lanes 0, 3, 6, ..., 30, made by binary_partition
// so that it is the same under every schedule): ranks in lane order, shfl by rank, shfl_up/down
// giving the caller's own value past either end (as recorded on an NVIDIA H100, 2026-11-25),
// tiled_partition into tiles of 4 ranks (sizes 4, 4, 3; meta ranks 0-2 of 3), and sync (CG-COALESCED).
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
  cg::coalesced_group c = cg::binary_partition(t32, l % 3 == 0);
  if (l % 3 != 0) return;
  out[l * 8 + 0] = c.thread_rank() * 100 + c.size();
  out[l * 8 + 1] = c.shfl(100 + l, 4);
  out[l * 8 + 2] = c.shfl_up(100 + l, 2);
  out[l * 8 + 3] = c.shfl_down(100 + l, 3);
  cg::coalesced_group q = cg::tiled_partition(c, 4);
  out[l * 8 + 4] = q.size() * 100 + q.thread_rank();
  out[l * 8 + 5] = q.meta_group_rank() * 10 + q.meta_group_size();
  out[l * 8 + 6] = q.shfl(l, 0);
  c.sync();
  out[l * 8 + 7] = c.num_threads();
}

int main() {
  int* out;
  cudaMallocManaged(&out, 32 * 8 * sizeof(int));
  k<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int l = 0; l < 32; l += 3) {
    const int rank = l / 3;
    if (out[l * 8] != rank * 100 + 11 || out[l * 8 + 1] != 112) return 2;
    if (out[l * 8 + 2] != 100 + (rank >= 2 ? l - 6 : l)) return 3;
    if (out[l * 8 + 3] != 100 + (rank + 3 < 11 ? l + 9 : l)) return 4;
    if (out[l * 8 + 4] != (rank < 8 ? 4 : 3) * 100 + rank % 4) return 5;
    if (out[l * 8 + 5] != rank / 4 * 10 + 3 || out[l * 8 + 6] != rank / 4 * 12) return 6;
    if (out[l * 8 + 7] != 11) return 7;
  }
  return 0;
}
