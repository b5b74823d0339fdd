// A tile of 64 threads whose second warp never reaches the tile's sync(): its first warp waits
// forever, which the engine reports with where every thread waits instead of hanging.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: deadlock
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+21]]), block (0,0,0)
// CHECK-NEXT:   every live thread of the block is blocked (BAR-6):
// CHECK-NEXT:     warp 0 lanes 0-31 wait at sync() of a thread_block_tile larger than a warp at [[FILE]]:[[@LINE+10]]
// CHECK-NEXT:     warp 1 lanes 0-31 wait at __syncthreads at [[FILE]]:[[@LINE+12]]
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

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
