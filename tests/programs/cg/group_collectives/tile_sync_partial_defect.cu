// A tile's sync() with one lane of the tile gone: the rest of the tile would wait for a lane that
// never comes on a GPU that counts it; the engine reports the partial group (CG-ALL).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: group collective reached by part of the group
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+17]]), block (0,0,0), thread (4,0,0) (warp 0, lane 4)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]: group.sync() of the group of lanes 4-7, reached by lanes 4-5,7
// CHECK-NEXT:   lane 6 of the group exited without reaching it; every thread of a cooperative group must take part in its collective operations, or the behaviour is undefined (docs/semantics/cg.md, CG-ALL)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

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
