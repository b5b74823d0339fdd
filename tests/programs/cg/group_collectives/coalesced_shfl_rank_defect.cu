// A coalesced group of 16 lanes has no rank 20: the shuffle reads a lane outside the group (an
// H100 returns 0 there; CG-COALESCED-SHFL).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: shuffle from inactive lane
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+16]]), block (0,0,0), thread (1,0,0) (warp 0, lane 1)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]: __shfl_sync(0xaaaaaaaa, value, srcLane=0, width=32) with lanes 1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31 taking part
// CHECK-NEXT:   lane 1 reads lane 0, which is not named in the mask 0xaaaaaaaa; a lane that is not part of the exchange has no value to give, so the result is undefined (SHFL-7)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

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
