// Lane 0 waits for its warp at __syncwarp while the others wait at __syncthreads for lane 0.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: deadlock
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+13]]), block (0,0,0)
// CHECK-NEXT:   every live thread of the block is blocked (BAR-6):
// CHECK-NEXT:     warp 0 lane 0 waits at __syncwarp with mask 0xffffffff at [[FILE]]:[[@LINE+7]]
// CHECK-NEXT:     warp 0 lanes 1-31 wait at __syncthreads at [[FILE]]:[[@LINE+7]]
// CHECK-NEXT:     warp 1 lanes 0-31 wait at __syncthreads at [[FILE]]:[[@LINE+6]]
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void k() {
  if (threadIdx.x == 0) __syncwarp();
  __syncthreads();
}
int main() {
  k<<<1, 64>>>();
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
