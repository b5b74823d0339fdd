// thread_block::sync() is the block barrier: in both arms of a branch it is a divergent barrier.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: divergent __syncthreads
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+22]]), block (0,0,0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+12]]: __syncthreads reached by 40 threads, e.g. thread ({{[0-9]|[1-3][0-9]}},0,0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+14]]: __syncthreads reached by 24 threads, e.g. thread ({{4[0-9]|5[0-9]|6[0-3]}},0,0)
// CHECK-NEXT:   all non-exited threads of a block must reach the same __syncthreads: one inside a branch is valid only when every thread of the block takes that branch the same way (BAR-3)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  cg::thread_block b = cg::this_thread_block();
  if (threadIdx.x < 40) {
    out[threadIdx.x] = 1;
    b.sync();
  } else {
    out[threadIdx.x] = 2;
    b.sync();
  }
}
int main() {
  int* out;
  cudaMallocManaged(&out, 64 * sizeof(int));
  k<<<1, 64>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
