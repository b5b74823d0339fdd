// A kernel writes through a pointer to a host global (a namespace-scope variable of host code):
// it is host memory, which a GPU cannot reach, and the kernel faults (DEVMEM-1). The twin,
// host_global_norace.cu, declares the array __device__.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// CHECK:      warpsafe: illegal memory access in GPU thread
// CHECK-NEXT:   in kernel Fill (launched at [[FILE]]:[[@LINE+15]]), block (0,0,0), thread ([[#T:]],0,0) (warp 0, lane [[#L:]])
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]: write of 4 bytes by block (0,0,0), thread ([[#T]],0,0) (warp 0, lane [[#L]])
// CHECK-NEXT:   the address is in host global `results` (a namespace-scope variable of host code, 128 bytes, at +[[#mul(T,4)]]), not device memory: a GPU cannot reach it and the kernel faults (cudaErrorIllegalAddress); give the kernel memory from cudaMalloc or cudaMallocManaged, or declare the variable __device__ (or __managed__)
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

#include <cstdio>

int results[32];

__global__ void Fill(int* out) {
  out[threadIdx.x] = static_cast<int>(threadIdx.x);
}

int main() {
  Fill<<<1, 32>>>(results);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::printf("%d\n", results[31]);
  return 0;
}
