// A 4-byte atomicAdd on a 1-byte __device__ variable: on a GPU it also changes the three bytes
// after the variable, which belong to nothing the program declared (REDZONE-2). The same on a
// __shared__ variable is reported against its declaration; device_variable_atomic_norace.cu is
// the twin with a variable as wide as the atomic.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// CHECK:      warpsafe: out-of-bounds access
// CHECK-NEXT:   in kernel Count (launched at [[FILE]]:[[@LINE+15]]), block (0,0,0), thread ([[#T:]],0,0) (warp 0, lane [[#L:]])
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]:3: atomic of 4 bytes by block (0,0,0), thread ([[#T]],0,0) (warp 0, lane [[#L]])
// CHECK-NEXT:   global memory: __device__ variable `hits` at [[FILE]]:[[@LINE+6]] (1 byte) at +0
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

#include <cstdio>

__device__ __align__(4) unsigned char hits;

__global__ void Count() {
  atomicAdd(reinterpret_cast<unsigned int*>(&hits), 1u);  // 4 bytes on a 1-byte variable
}

int main() {
  Count<<<1, 8>>>();
  cudaDeviceSynchronize();
  unsigned char h = 0;
  cudaMemcpyFromSymbol(&h, hits, 1);
  std::printf("%d\n", h);
  return 0;
}
