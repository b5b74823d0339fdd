// A cuda::barrier initialised for one thread more than the block has: its first phase can never
// complete, so every thread waits forever; barrier_ok.cu is the correct twin. The engine blocks
// the waiting threads (ASYNC-BAR-2) and reports the deadlock, naming where each thread waits: the
// program's call of arrive_and_wait, with the line of libcu++'s header it waits in (which depends on
// the libcu++ version) as a note.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 9 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 9'
// CHECK:      warpsafe: deadlock
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+20]]), block (0,0,0)
// CHECK-NEXT:   every live thread of the block is blocked (BAR-6):
// CHECK-NEXT:     warp 0 lanes 0-31 wait at an mbarrier phase (cuda::barrier) at [[FILE]]:[[@LINE+11]] (in {{.*}}/cuda/{{.*}}:{{[0-9]+}})
// CHECK-NEXT:     warp 1 lanes 0-31 wait at an mbarrier phase (cuda::barrier) at [[FILE]]:[[@LINE+10]] (in {{.*}}/cuda/{{.*}}:{{[0-9]+}})
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cuda/barrier>

__global__ void k(int* out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x + 1);
  __syncthreads();
  bar.arrive_and_wait();
  out[threadIdx.x] = 1;
}

int main() {
  int* out;
  cudaMalloc(&out, 64 * sizeof(int));
  k<<<1, 64>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
