// grid.sync() in a kernel launched with <<<>>> (CG-GRID-LAUNCH).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: grid.sync() in a launch that is not cooperative
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+16]]), block (0,0,0), thread ([[LANE:[0-9]+]],0,0) (warp 0, lane [[LANE]])
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]: grid.sync()
// CHECK-NEXT:   at [[FILE]]:[[@LINE+14]]: the kernel was launched here without cudaLaunchCooperativeKernel
// CHECK-NEXT:   only a cooperative launch guarantees that every block of the grid is resident, so a grid barrier elsewhere may never complete; CUDA requires cudaLaunchCooperativeKernel for grid.sync() (docs/semantics/cg.md, CG-GRID-LAUNCH)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  out[blockIdx.x * 32 + threadIdx.x] = 1;
  cg::this_grid().sync();
}
int main() {
  int* out;
  cudaMallocManaged(&out, 64 * sizeof(int));
  k<<<2, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
