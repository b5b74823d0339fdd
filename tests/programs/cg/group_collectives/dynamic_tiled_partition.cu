// tiled_partition(parent, n) with a size known only at run time gives a thread_group: its size,
// thread_rank and sync (a tile of the block, and a tile of that tile) (CG-PARTITION).
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

__global__ void k(int* out, unsigned n, unsigned m) {
  __shared__ int buf[64];
  cg::thread_group tile = cg::tiled_partition(cg::this_thread_block(), n);
  cg::thread_group sub = cg::tiled_partition(tile, m);
  const unsigned r = threadIdx.x;
  buf[r] = 7 * r;
  tile.sync();
  const unsigned mate = r / n * n + (tile.thread_rank() + 1) % n;
  out[r * 4] = buf[mate];
  out[r * 4 + 1] = static_cast<int>(tile.size() * 100 + tile.thread_rank());
  out[r * 4 + 2] = static_cast<int>(sub.size() * 100 + sub.thread_rank());
  sub.sync();
  out[r * 4 + 3] = static_cast<int>(cg::group_size(tile) + cg::thread_rank(sub));
}

int main() {
  int* out;
  cudaMallocManaged(&out, 64 * 4 * sizeof(int));
  const unsigned n = 16, m = 4;
  k<<<1, 64>>>(out, n, m);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (unsigned r = 0; r < 64; ++r) {
    if (out[r * 4] != static_cast<int>(7 * (r / n * n + (r % n + 1) % n))) return 2;
    if (out[r * 4 + 1] != static_cast<int>(n * 100 + r % n)) return 3;
    if (out[r * 4 + 2] != static_cast<int>(m * 100 + r % m)) return 4;
    if (out[r * 4 + 3] != static_cast<int>(n + r % m)) return 5;
  }
  return 0;
}
