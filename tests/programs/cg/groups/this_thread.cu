// this_thread(): a tile of one; as recorded on an NVIDIA H100 (2026-11-25), meta_group_rank 0 of
// meta_group_size 1 (CG-TILE).
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
  auto me = cg::this_thread();
  out[threadIdx.x] = me.shfl((int)threadIdx.x * 3, 0) * 1000 + me.meta_group_rank() * 10 + me.meta_group_size() +
                     me.thread_rank() * 100 + (me.size() == 1 ? 0 : 5);
  me.sync();
}
int main() {
  int* out;
  cudaMallocManaged(&out, 48 * sizeof(int));
  k<<<1, 48>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int i = 0; i < 48; ++i) if (out[i] != i * 3000 + 1) return 2;
  return 0;
}
