// expect: warpsafe: group collective reached by part of the group
// A tile's sync() with one lane of the tile gone: the rest of the tile would wait for a lane that
// never comes on a GPU that counts it; the engine reports the partial group (CG-ALL).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  auto t = cg::tiled_partition<4>(cg::this_thread_block());
  if (threadIdx.x == 6) return;
  t.sync();
  out[threadIdx.x] = 1;
}
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
