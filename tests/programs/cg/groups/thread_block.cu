// this_thread_block(): thread_rank (linear, x fastest), size/num_threads, group_index,
// thread_index, dim_threads and group_dim, and sync() (cg::sync too) ordering shared memory
// (CG-BLOCK). A 4x3x2 block in a 2x2 grid.
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
  __shared__ int buf[24];
  cg::thread_block b = cg::this_thread_block();
  const unsigned r = b.thread_rank();
  buf[r] = static_cast<int>(r) + 1;
  b.sync();
  const int sum_left = buf[(r + 23) % 24];
  cg::sync(b);
  const dim3 gi = b.group_index(), ti = b.thread_index(), dt = b.dim_threads(), gd = b.group_dim();
  const unsigned block = gi.x + 2 * gi.y;
  int* o = out + (block * 24 + r) * 6;
  o[0] = sum_left;
  o[1] = static_cast<int>(b.size() * 100 + b.num_threads());
  o[2] = static_cast<int>(ti.x + 10 * ti.y + 100 * ti.z);
  o[3] = static_cast<int>(dt.x + 10 * dt.y + 100 * dt.z);
  o[4] = static_cast<int>(gd.x + 10 * gd.y + 100 * gd.z);
  o[5] = static_cast<int>(block);
}

int main() {
  int* out;
  cudaMallocManaged(&out, 4 * 24 * 6 * sizeof(int));
  k<<<dim3(2, 2), dim3(4, 3, 2)>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (unsigned block = 0; block < 4; ++block) {
    for (unsigned r = 0; r < 24; ++r) {
      const int* o = out + (block * 24 + r) * 6;
      if (o[0] != static_cast<int>((r + 23) % 24) + 1 || o[1] != 2424) return 2;
      if (o[2] != static_cast<int>(r % 4 + 10 * (r / 4 % 3) + 100 * (r / 12))) return 3;
      if (o[3] != 234 || o[4] != 234 || o[5] != static_cast<int>(block)) return 4;
    }
  }
  return 0;
}
