// abort() is a host function (nvcc rejects it in device code); the engine says so at the call.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: abort() called in GPU thread
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+15]]), block (0,0,0), thread (9,0,0) (warp 0, lane 9)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+8]]: abort()
// CHECK-NEXT:   the kernel called abort(), a host function that device code cannot call; to fail the launch, use __trap() or assert
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cstdlib>

__global__ void k(const int* flags) {
  if (flags[threadIdx.x] != 0) abort();
}
int main() {
  int* flags;
  cudaMallocManaged(&flags, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) flags[i] = i == 9;
  k<<<1, 32>>>(flags);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
