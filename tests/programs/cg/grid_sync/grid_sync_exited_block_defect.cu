// Block 2 returns before the grid barrier that every other block waits at (CG-GRID-ALL).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// The kernel is launched by address; the report names it by the name its registration recorded.
// CHECK:      warpsafe: grid.sync() deadlock
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+17]]), block (0,0,0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]: grid.sync() waits for every block of the grid
// CHECK-NEXT:   1 of the 4 blocks exited without reaching it (blocks (2,0,0)): every thread of the grid must call grid.sync(), or it never returns (docs/semantics/cg.md, CG-GRID-ALL)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  if (blockIdx.x == 2) return;
  out[blockIdx.x] = 1;
  cg::this_grid().sync();
}
int main() {
  int* out;
  cudaMallocManaged(&out, 4 * sizeof(int));
  void* args[] = {&out};
  cudaLaunchCooperativeKernel(k, 4, 32, args);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
