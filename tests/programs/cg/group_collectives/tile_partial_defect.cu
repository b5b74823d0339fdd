// Lane 5 leaves before its tile of 8 shuffles: the tile's shfl completes without it, which the
// intrinsic would allow (exited lanes are not waited for) but a group does not (CG-ALL).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: group collective reached by part of the group
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+16]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]: group.shfl_xor() of the group of lanes 0-7, reached by lanes 0-4,6-7
// CHECK-NEXT:   lane 5 of the group exited without reaching it; every thread of a cooperative group must take part in its collective operations, or the behaviour is undefined (docs/semantics/cg.md, CG-ALL)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  auto t = cg::tiled_partition<8>(cg::this_thread_block());
  if (threadIdx.x == 5) return;
  out[threadIdx.x] = t.shfl_xor((int)threadIdx.x, 2);
}
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
