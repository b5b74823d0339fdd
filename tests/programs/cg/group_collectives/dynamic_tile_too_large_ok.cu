// The twin of dynamic_tile_too_large_defect.cu: a tile of 64 threads made with the static form
// tiled_partition<64>, which CUDA provides for tiles of several warps (CG-TILE-LARGE), viewed as a
// thread_group: its size, rank and sync work as the run-time form's would.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0

#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  __shared__ int buf[128];
  cg::thread_group t = cg::tiled_partition<64>(cg::this_thread_block());
  buf[threadIdx.x] = static_cast<int>(threadIdx.x);
  t.sync();
  const unsigned mate = threadIdx.x / 64 * 64 + (t.thread_rank() + 1) % 64;
  out[threadIdx.x] = static_cast<int>(t.size()) * 1000 + buf[mate];
}
int main() {
  int* out;
  cudaMallocManaged(&out, 128 * sizeof(int));
  k<<<1, 128>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int i = 0; i < 128; ++i) {
    if (out[i] != 64 * 1000 + i / 64 * 64 + (i % 64 + 1) % 64) return 2;
  }
  return 0;
}
