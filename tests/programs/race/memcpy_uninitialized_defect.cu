// Thread 0 copies a shared table out with memcpy before anyone wrote it: the copy's source is a
// byte-range read of shared memory no thread of the block wrote (MEM-1).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77
// CHECK:      warpsafe: read of uninitialized shared memory
// CHECK-NEXT:   in kernel Dump (launched at [[FILE]]:[[@LINE+16]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+9]]: read of 64 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0) of bytes no thread of the block had written
// CHECK-NEXT:   shared memory: __shared__ declaration at [[FILE]]:[[@LINE+7]]:50 (64 bytes) at +0
// CHECK-NEXT:   shared memory starts undefined in every block; write it (and __syncthreads()) before reading it
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

#include <cstring>
__global__ void Dump(char* out) {
  __shared__ char table[64];
  if (threadIdx.x == 0) memcpy(out, table, 64);
  __syncthreads();
}
int main() {
  char* out;
  cudaMalloc(&out, 64);
  Dump<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
