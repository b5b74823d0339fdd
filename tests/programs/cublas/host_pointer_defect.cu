// A host array passed to cuBLAS as a device operand: on a GPU the library's kernel faults (or reads
// whatever lies at that address); the engine reports the routine and the operand.
// REQUIRES: math-libraries
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: illegal memory access in GPU thread
// CHECK-NEXT:   in cuBLAS call cublasSaxpy
// CHECK-NEXT:   at [[FILE]]:[[@LINE+16]]: operand y [{{0x[0-9a-f]+}}, +32 bytes) is not device memory: a host pointer, or a range past the end of its allocation
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cublas_v2.h>

#include <cstdio>

int main() {
  cublasHandle_t handle;
  if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) return 1;
  float* x = nullptr;
  if (cudaMalloc(&x, 8 * sizeof(float)) != cudaSuccess) return 1;
  cudaMemset(x, 0, 8 * sizeof(float));
  float host_y[8] = {};
  const float alpha = 2.0f;
  cublasSaxpy(handle, 8, &alpha, x, 1, host_y, 1);
  std::printf("not reached\n");
  return 0;
}
