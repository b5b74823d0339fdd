// expect: warpsafe: grid.sync() deadlock
// Block 2 returns before the grid barrier that every other block waits at (CG-GRID-ALL).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  if (blockIdx.x == 2) return;
  out[blockIdx.x] = 1;
  cg::this_grid().sync();
}
int main() {
  int* out;
  cudaMallocManaged(&out, 4 * sizeof(int));
  void* args[] = {&out};
  cudaLaunchCooperativeKernel(k, 4, 32, args);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
