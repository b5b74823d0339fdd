// Threads of a 64-thread tile read what the tile's other warp wrote to shared memory: without the
// tile's sync() between the write and the read it is a data race that `warpsafe check` finds; with
// it (WITH_SYNC) the barrier orders the two warps and the run is clean (CG-TILE-LARGE).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  __shared__ int buf[128];
  auto t = cg::tiled_partition<64>(cg::this_thread_block());
  buf[threadIdx.x] = threadIdx.x;
#ifdef WITH_SYNC
  t.sync();
#endif
  out[threadIdx.x] = buf[threadIdx.x / 64 * 64 + (t.thread_rank() + 32) % 64];
}
int main() {
  int* out;
  cudaMallocManaged(&out, 128 * sizeof(int));
  k<<<1, 128>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int i = 0; i < 128; ++i) if (out[i] != i / 64 * 64 + (i % 64 + 32) % 64) return 2;
  return 0;
}
