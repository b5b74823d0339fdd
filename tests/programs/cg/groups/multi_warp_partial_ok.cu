// The twin of multi_warp_partial_defect.cu: thread 70 takes part in the tile's shfl and leaves
// after it, so every thread of the tile of 128 reads rank 5's value (CG-ALL, CG-TILE-LARGE).
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule pct --seed 7 2>&1 | count 0

#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  cg::thread_block_tile<128> t = cg::tiled_partition<128>(cg::this_thread_block());
  const int v = t.shfl(static_cast<int>(threadIdx.x) * 3, 5);
  if (t.thread_rank() == 70) return;
  out[threadIdx.x] = v;
}
int main() {
  int* out;
  cudaMallocManaged(&out, 128 * sizeof(int));
  for (int i = 0; i < 128; ++i) out[i] = -1;
  k<<<1, 128>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int i = 0; i < 128; ++i) {
    if (out[i] != (i == 70 ? -1 : 15)) return 2;
  }
  return 0;
}
