// A host array passed to cuFFT as the output of a transform: on a GPU the library's kernel faults
// (or writes wherever that address leads); the engine reports the call and the operand.
// REQUIRES: math-libraries
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: illegal memory access in GPU thread
// CHECK-NEXT:   in cuFFT call cufftExecC2C
// CHECK-NEXT:   at [[FILE]]:[[@LINE+15]]: operand odata [{{0x[0-9a-f]+}}, +128 bytes) is not device memory: a host pointer, or a range past the end of its allocation
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cufft.h>

#include <cstdio>

int main() {
  cufftHandle plan;
  if (cufftPlan1d(&plan, 16, CUFFT_C2C, 1) != CUFFT_SUCCESS) return 1;
  cufftComplex* in = nullptr;
  if (cudaMalloc(&in, 16 * sizeof(cufftComplex)) != cudaSuccess) return 1;
  cudaMemset(in, 0, 16 * sizeof(cufftComplex));
  cufftComplex host_out[16];
  cufftExecC2C(plan, in, host_out, CUFFT_FORWARD);
  std::printf("not reached\n");
  return 0;
}
