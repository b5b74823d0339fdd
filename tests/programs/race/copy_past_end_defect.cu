// The copy is sized for 100 floats, the block holds 64 (API-2).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77
// CHECK:      warpsafe: invalid memory copy
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]: cudaMemcpy of 400 bytes, cudaMemcpyHostToDevice, returned cudaErrorInvalidValue
// CHECK-NEXT:   the destination range of 400 bytes starts at +0 of a cudaMalloc block of 256 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+8]]) and runs 144 bytes past its end
// CHECK-NEXT:   on a GPU nothing is copied; a program that ignores the error computes with stale data (API-2)
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

int main() {
  float host[100] = {};
  float* dev;
  cudaMalloc(&dev, 64 * sizeof(float));
  cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice);
  cudaFree(dev);
  return 0;
}
