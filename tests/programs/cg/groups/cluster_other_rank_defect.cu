// expect: warpsafe: unsupported by the engine
// map_shared_rank to rank 1: the engine's clusters have one block (CG-CLUSTER).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  __shared__ int s[32];
  s[threadIdx.x] = 1;
  out[threadIdx.x] = *cg::this_cluster().map_shared_rank(&s[threadIdx.x], 1);
}
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
