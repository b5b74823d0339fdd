// cg::reduce over the thread_group that tiled_partition(parent, n) returns: CUDA's reduce takes a
// thread_block_tile or a coalesced_group only, so the program does not compile, as with nvcc; the
// message names the rule (CG-TILE-DYNAMIC). Its twin is algorithms/reduce.cu.
// RUN: %expect-exit 65 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      [[FILE]]:[[@LINE+10]]:{{[0-9]+}}:   required from here
// CHECK-NEXT: {{.*}}/engine/include/warpsafe/engine/cg/reduce.h:{{[0-9]+:[0-9]+}}: error: static assertion failed: cg::reduce: over a thread_block_tile or a coalesced_group; CUDA does not reduce over a thread_group (such as tiled_partition(parent, n) returns)
// CHECK:      warpsafe: [[FILE]] does not compile (compiler exit 1)
// CHECK-NOT:  {{.}}

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  cg::thread_group t = cg::tiled_partition(cg::this_thread_block(), 16);
  out[threadIdx.x] = cg::reduce(t, 1, cg::plus<int>());
}
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
