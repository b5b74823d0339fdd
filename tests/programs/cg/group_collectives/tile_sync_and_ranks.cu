// thread_block_tile<N>: thread_rank, size, num_threads, meta_group_rank/size, and sync() ordering
// a shared-memory exchange within the tile; a tile of a tile (CG-TILE). A 3x5x3 block (45 threads):
// ranks follow the block's linear thread rank, the last tile of 32 is partial.
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
  __shared__ int buf[45];
  cg::thread_block b = cg::this_thread_block();
  auto t4 = cg::tiled_partition<4>(b);
  auto t2 = cg::tiled_partition<2>(t4);
  auto t32 = cg::tiled_partition<32>(b);
  const int r = b.thread_rank();
  buf[r] = r * 10;
  t4.sync();
  const int base = r / 4 * 4;
  const int next = base + (t4.thread_rank() + 1) % 4;
  out[r * 8 + 0] = next < 45 ? buf[next] : -1;
  out[r * 8 + 1] = t4.thread_rank();
  out[r * 8 + 2] = t4.meta_group_rank();
  out[r * 8 + 3] = t4.meta_group_size();
  out[r * 8 + 4] = t2.meta_group_rank() * 100 + t2.meta_group_size();
  out[r * 8 + 5] = t32.meta_group_size() * 100 + t32.meta_group_rank();
  out[r * 8 + 6] = t4.size() * 100 + t4.num_threads();
  out[r * 8 + 7] = t2.thread_rank();
}

int main() {
  int* out;
  cudaMallocManaged(&out, 45 * 8 * sizeof(int));
  k<<<1, dim3(3, 5, 3)>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int r = 0; r < 45; ++r) {
    const int next = r / 4 * 4 + (r % 4 + 1) % 4;
    if (out[r * 8] != (next < 45 ? next * 10 : -1)) return 2;
    if (out[r * 8 + 1] != r % 4 || out[r * 8 + 2] != r / 4 || out[r * 8 + 3] != 12) return 3;
    if (out[r * 8 + 4] != (r % 4) / 2 * 100 + 2) return 4;
    if (out[r * 8 + 5] != 200 + r / 32) return 5;
    if (out[r * 8 + 6] != 404 || out[r * 8 + 7] != r % 2) return 6;
  }
  return 0;
}
