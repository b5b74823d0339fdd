// this_cluster() on sm_90: the engine launches no clusters, so each launch has CUDA's implicit
// clusters of one block: one block, rank 0, sync() the block barrier, map_shared_rank(p, 0) == p
// (CG-CLUSTER).
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
  __shared__ int s[64];
  cg::cluster_group c = cg::this_cluster();
  s[threadIdx.x] = threadIdx.x;
  c.sync();
  int* mine = c.map_shared_rank(s, 0);
  out[blockIdx.x * 64 + threadIdx.x] = mine[63 - threadIdx.x] + 1000 * (int)c.num_blocks() +
                                       10000 * (int)c.block_rank() + (c.thread_rank() == threadIdx.x ? 0 : 500);
}
int main() {
  int* out;
  cudaMallocManaged(&out, 2 * 64 * sizeof(int));
  k<<<2, 64>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int i = 0; i < 128; ++i) if (out[i] != 63 - i % 64 + 1000) return 2;
  return 0;
}
