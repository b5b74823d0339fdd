// Lanes of a tile of 8 exchange values through shared memory with no tile.sync() between the
// write and the read: a data race that `warpsafe check` finds (the twin below has the sync).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  __shared__ int buf[32];
  auto t = cg::tiled_partition<8>(cg::this_thread_block());
  buf[threadIdx.x] = threadIdx.x;
#ifdef WITH_SYNC
  t.sync();
#endif
  out[threadIdx.x] = buf[threadIdx.x / 8 * 8 + (t.thread_rank() + 1) % 8];
}
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int i = 0; i < 32; ++i) if (out[i] != i / 8 * 8 + (i % 8 + 1) % 8) return 2;
  return 0;
}
