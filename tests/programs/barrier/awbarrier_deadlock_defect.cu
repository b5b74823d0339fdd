// An awbarrier initialised for one arrival more than the block has: its first phase can never
// complete, so every thread waits at arrive_and_wait; awbarrier_ok.cu is the correct twin. The
// engine blocks the waiting threads (ASYNC-BAR-2) and reports the deadlock at the user's line.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 4 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 4'
// CHECK:      warpsafe: deadlock
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+19]]), block (0,0,0)
// CHECK-NEXT:   every live thread of the block is blocked (BAR-6):
// CHECK-NEXT:     warp 0 lanes 0-31 wait at an mbarrier phase (cuda::barrier) at [[FILE]]:[[@LINE+10]]
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cuda_awbarrier.h>

__global__ void k(int* out) {
  __shared__ nvcuda::experimental::awbarrier bar;
  if (threadIdx.x == 0) nvcuda::experimental::init(&bar, blockDim.x + 1);
  __syncthreads();
  bar.arrive_and_wait();
  out[threadIdx.x] = 1;
}

int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
