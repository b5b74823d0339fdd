// Fails under every schedule, lockstep included: not a finding of `warpsafe check`.
// RUN: %expect-exit 3 %warpsafe check %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      fails_always: giving up
// CHECK-NEXT: warpsafe note: leak: cudaMallocManaged block of 128 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+8]]) was never freed
// CHECK-NEXT: warpsafe check: [[FILE]] fails under the lockstep schedule (it exited with status 3), so no schedule was explored; this is the program's own failure, not a finding
// CHECK-NOT:  {{.}}

#include <stdio.h>
__global__ void k(int* out) { out[threadIdx.x] = threadIdx.x; }
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  fprintf(stderr, "fails_always: giving up\n");
  return 3;
}
