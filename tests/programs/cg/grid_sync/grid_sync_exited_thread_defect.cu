// expect: warpsafe: group collective reached by part of the group
// Half of each block returns before grid.sync(): the grid is a group of every thread of the
// launch, and all of them must call it (a GPU has one thread per block arrive for the block, and
// hangs if that thread is gone; CG-GRID-ALL).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  if (threadIdx.x >= 16) return;
  atomicAdd(out, 1);
  cg::this_grid().sync();
}
int main() {
  int* out;
  cudaMallocManaged(&out, sizeof(int));
  *out = 0;
  void* args[] = {&out};
  if (cudaLaunchCooperativeKernel(k, 4, 32, args) != cudaSuccess) return 1;
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
