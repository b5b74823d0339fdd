// expect: warpsafe: mismatched warp collective
// Half of a tile of 16 shuffles while the other half votes: neither collective can complete.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  auto t = cg::tiled_partition<16>(cg::this_thread_block());
  if (t.thread_rank() < 8) out[threadIdx.x] = t.shfl((int)threadIdx.x, 0);
  else out[threadIdx.x] = t.ballot(1);
}
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
