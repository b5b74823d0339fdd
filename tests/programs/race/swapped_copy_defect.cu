// Destination and source swapped: the program copies "to" its host buffer with
// cudaMemcpyHostToDevice. CUDA refuses (cudaErrorInvalidValue) and nothing is copied (API-2).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77
// CHECK:      warpsafe: invalid memory copy
// CHECK-NEXT:   at [[FILE]]:[[@LINE+11]]: cudaMemcpy of 256 bytes, cudaMemcpyHostToDevice, returned cudaErrorInvalidValue
// CHECK-NEXT:   the destination is not device memory (a host pointer: not from cudaMalloc, cudaMallocManaged, cudaMallocHost/cudaHostAlloc, cudaHostRegister or a __device__ variable)
// CHECK-NEXT:   the pointers go the other way: is the direction (cudaMemcpyHostToDevice) or the order of destination and source swapped?
// CHECK-NEXT:   on a GPU nothing is copied; a program that ignores the error computes with stale data (API-2)
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

int main() {
  float host[64] = {};
  float* dev;
  cudaMalloc(&dev, sizeof host);
  cudaMemcpy(host, dev, sizeof host, cudaMemcpyHostToDevice);
  cudaFree(dev);
  return 0;
}
