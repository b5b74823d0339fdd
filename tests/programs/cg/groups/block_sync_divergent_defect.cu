// expect: warpsafe: divergent __syncthreads
// thread_block::sync() is the block barrier: in both arms of a branch it is a divergent barrier.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  cg::thread_block b = cg::this_thread_block();
  if (threadIdx.x < 40) {
    out[threadIdx.x] = 1;
    b.sync();
  } else {
    out[threadIdx.x] = 2;
    b.sync();
  }
}
int main() {
  int* out;
  cudaMallocManaged(&out, 64 * sizeof(int));
  k<<<1, 64>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
