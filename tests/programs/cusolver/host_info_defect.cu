// devInfo must be device memory: passing a host int is what a GPU would fault on inside the
// library's kernel, and the engine reports it at the call.
// REQUIRES: math-libraries
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: illegal memory access in GPU thread
// CHECK-NEXT:   in cuSOLVER call cusolverDnSpotrf
// CHECK-NEXT:   at [[FILE]]:[[@LINE+20]]: operand devInfo [{{0x[0-9a-f]+}}, +4 bytes) is not device memory: a host pointer, or a range past the end of its allocation
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cusolverDn.h>

#include <cstdio>

int main() {
  const float a[4] = {4, 1, 1, 3};
  float* d_a;
  cudaMalloc(&d_a, sizeof a);
  cudaMemcpy(d_a, a, sizeof a, cudaMemcpyHostToDevice);
  cusolverDnHandle_t h;
  cusolverDnCreate(&h);
  int lwork = 0;
  cusolverDnSpotrf_bufferSize(h, CUBLAS_FILL_MODE_LOWER, 2, d_a, 2, &lwork);
  float* work;
  cudaMalloc(&work, lwork * sizeof(float));
  int info = 0;  // a host int
  cusolverDnSpotrf(h, CUBLAS_FILL_MODE_LOWER, 2, d_a, 2, work, lwork, &info);
  printf("not reached\n");
  return 0;
}
