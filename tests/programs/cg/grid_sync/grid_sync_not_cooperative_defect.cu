// expect: warpsafe: grid.sync() in a launch that is not cooperative
// grid.sync() in a kernel launched with <<<>>> (CG-GRID-LAUNCH).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  out[blockIdx.x * 32 + threadIdx.x] = 1;
  cg::this_grid().sync();
}
int main() {
  int* out;
  cudaMallocManaged(&out, 64 * sizeof(int));
  k<<<2, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
