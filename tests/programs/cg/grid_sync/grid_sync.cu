// grid.sync() in a cooperative launch: each phase reads what every block wrote in the phase before
// (a ring over all threads of the grid), so a barrier that let one block run ahead would read
// stale values (CG-GRID-SYNC). Also the grid group's members (CG-GRID).
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

__global__ void ring(int* a, int* b, int* info, int phases) {
  cg::grid_group g = cg::this_grid();
  const unsigned long long n = g.size();
  const unsigned long long r = g.thread_rank();
  a[r] = static_cast<int>(r);
  for (int p = 0; p < phases; ++p) {
    g.sync();
    b[r] = a[(r + 1) % n] + 1;
    g.sync();
    a[r] = b[r];
  }
  if (r == 5) {
    const dim3 db = g.dim_blocks(), dt = g.dim_threads(), bi = g.block_index(), ti = g.thread_index();
    info[0] = g.is_valid();
    info[1] = static_cast<int>(g.num_blocks());
    info[2] = static_cast<int>(g.block_rank());
    info[3] = static_cast<int>(db.x * 100 + db.y * 10 + db.z);
    info[4] = static_cast<int>(dt.x * 100 + dt.y * 10 + dt.z);
    info[5] = static_cast<int>(bi.x + ti.x * 10);
    info[6] = static_cast<int>(g.num_threads());
  }
}

int main() {
  int *a, *b, *info;
  const int blocks = 6, threads = 4, n = blocks * threads, phases = 5;
  cudaMallocManaged(&a, n * sizeof(int));
  cudaMallocManaged(&b, n * sizeof(int));
  cudaMallocManaged(&info, 8 * sizeof(int));
  int p = phases;
  void* args[] = {&a, &b, &info, &p};
  if (cudaLaunchCooperativeKernel(ring, dim3(blocks), dim3(threads), args, 0, 0) != cudaSuccess) return 1;
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  for (int r = 0; r < n; ++r) {
    if (a[r] != (r + phases) % n + phases) return 3;
  }
  if (info[0] != 1 || info[1] != 6 || info[2] != 1 || info[3] != 611 || info[4] != 2411) return 4;
  if (info[5] != 1 + 5 * 10 || info[6] != 24) return 5;
  return 0;
}
