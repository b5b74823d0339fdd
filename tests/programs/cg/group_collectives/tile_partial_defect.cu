// expect: warpsafe: group collective reached by part of the group
// Lane 5 leaves before its tile of 8 shuffles: the tile's shfl completes without it, which the
// intrinsic would allow (exited lanes are not waited for) but a group does not (CG-ALL).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  auto t = cg::tiled_partition<8>(cg::this_thread_block());
  if (threadIdx.x == 5) return;
  out[threadIdx.x] = t.shfl_xor((int)threadIdx.x, 2);
}
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
