// A kernel reads a local array of main() through a pointer: host stack memory is not device memory.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// CHECK:         warpsafe note: argument 1 of Sum, launched at [[FILE]]:[[@LINE+22]], points into the host stack (a local variable): on a GPU a kernel cannot reach it (warpsafe check reports the access)
// CHECK-NEXT:    warpsafe: illegal memory access in GPU thread
// LOCKSTEP-NEXT:   in kernel Sum (launched at [[FILE]]:[[@LINE+20]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     in kernel Sum (launched at [[FILE]]:[[@LINE+19]]), block (0,0,0), thread ([[T:[0-9]+]],0,0) (warp 0, lane [[L:[0-9]+]])
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+10]]: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+9]]: read of 4 bytes by block (0,0,0), thread ([[T]],0,0) (warp 0, lane [[L]])
// CHECK-NEXT:      the address is in the host stack (a local variable of host code), not device memory: a GPU cannot reach it and the kernel faults (cudaErrorIllegalAddress); give the kernel memory from cudaMalloc or cudaMallocManaged, or register the host memory (cudaHostRegister, cudaHostAlloc) and pass its device pointer
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

#include <cstdio>

__global__ void Sum(const int* in, int* out) {
  int s = 0;
  for (int k = 0; k < 4; ++k) s += in[k];
  out[threadIdx.x] = s;
}

int main() {
  int values[4] = {1, 2, 3, 4};
  int* out;
  cudaMalloc(&out, 4 * sizeof(int));
  Sum<<<1, 4>>>(values, out);
  cudaDeviceSynchronize();
  cudaFree(out);
  return 0;
}
