// expect: warpsafe: deadlock
// A tile of 64 threads whose second warp never reaches the tile's sync(): its first warp waits
// forever, which the engine reports with where every thread waits instead of hanging.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  cg::thread_block_tile<64> t = cg::tiled_partition<64>(cg::this_thread_block());
  if (t.thread_rank() < 32) {
    t.sync();
    out[threadIdx.x] = 1;
  } else {
    __syncthreads();
  }
}
int main() {
  int* out;
  cudaMallocManaged(&out, 64 * sizeof(int));
  k<<<1, 64>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
