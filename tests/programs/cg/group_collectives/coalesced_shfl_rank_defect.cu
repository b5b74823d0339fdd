// expect: warpsafe: shuffle from inactive lane
// A coalesced group of 16 lanes has no rank 20: the shuffle reads a lane outside the group (an
// H100 returns 0 there; CG-COALESCED-SHFL).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  auto t = cg::tiled_partition<32>(cg::this_thread_block());
  cg::coalesced_group g = cg::binary_partition(t, threadIdx.x % 2 == 0);
  out[threadIdx.x] = g.shfl((int)threadIdx.x, 20);
}
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
