// Half of a tile of 16 shuffles while the other half votes: neither collective can complete.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: mismatched warp collective
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+17]]), block (0,0,0), warp 0
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]: lanes 0-7 wait at group.shfl() with mask 0x0000ffff
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]: lanes 8-15, named in that mask, never arrive: lane 8 waits at group.ballot() with mask 0x0000ffff
// CHECK-NEXT:   every non-exited lane named in the mask must execute the same intrinsic with the same mask; CUDA leaves the result undefined otherwise, and here the warp can never go on (SYNC-SAME)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  auto t = cg::tiled_partition<16>(cg::this_thread_block());
  if (t.thread_rank() < 8) out[threadIdx.x] = t.shfl((int)threadIdx.x, 0);
  else out[threadIdx.x] = t.ballot(1);
}
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
