// exit() is a host function (nvcc rejects it in device code). Run in a GPU thread it must be
// reported as what it is, not as the memory fault its thread_local destructors would cause.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: exit() called in GPU thread
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+15]]), block (0,0,0), thread (4,0,0) (warp 0, lane 4)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+8]]: exit(2)
// CHECK-NEXT:   the kernel called exit(), a host function that device code cannot call; to end a kernel early, return from it (or use __trap() or a failed assert to fail the launch)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cstdlib>

__global__ void k(const int* flags) {
  if (flags[threadIdx.x] != 0) exit(2);
}
int main() {
  int* flags;
  cudaMallocManaged(&flags, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) flags[i] = i == 4;
  k<<<1, 32>>>(flags);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
