// Half of each block returns before grid.sync(): the grid is a group of every thread of the
// launch, and all of them must call it (a GPU has one thread per block arrive for the block, and
// hangs if that thread is gone; CG-GRID-ALL).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// The kernel is launched by address; the report names it by the name its registration recorded.
// CHECK:      warpsafe: group collective reached by part of the group
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+18]]), block (0,0,0), thread ([[LANE:[0-9]+]],0,0) (warp 0, lane [[LANE]])
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]: grid.sync(), a collective of every thread of the grid
// CHECK-NEXT:   threads of warp 0, lanes 16-31 (e.g. thread (16,0,0)), exited without reaching it; every thread of the grid must call grid.sync() (docs/semantics/cg.md, CG-GRID-ALL)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  if (threadIdx.x >= 16) return;
  atomicAdd(out, 1);
  cg::this_grid().sync();
}
int main() {
  int* out;
  cudaMallocManaged(&out, sizeof(int));
  *out = 0;
  void* args[] = {&out};
  if (cudaLaunchCooperativeKernel(k, 4, 32, args) != cudaSuccess) return 1;
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
