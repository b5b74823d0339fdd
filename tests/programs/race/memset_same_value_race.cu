// Two threads of different warps clear the same 64 bytes of global memory with memset: the same
// bytes, the same value, still two unordered writes (MEM-2).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// CHECK:         warpsafe: data race
// LOCKSTEP-NEXT:   in kernel Clear (launched at [[FILE]]:[[@LINE+21]]), block (0,0,0), thread (32,0,0) (warp 1, lane 0)
// RANDOM-NEXT:     in kernel Clear (launched at [[FILE]]:[[@LINE+20]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:      in global memory, between two threads with no happens-before between them:
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+13]]: write of 64 bytes by block (0,0,0), thread (32,0,0) (warp 1, lane 0)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+12]]: write of 64 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+11]]: previous write of 8 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+10]]: previous write of 8 bytes by block (0,0,0), thread (32,0,0) (warp 1, lane 0)
// CHECK-NEXT:      global memory: cudaMalloc block of 64 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+13]]), at +0
// CHECK-NEXT:      both threads wrote the same value: still a data race, since nothing orders the writes and CUDA's memory model gives racing plain writes no defined result (MEM-2)
// LOCKSTEP-NEXT:   the threads are in warps 0 and 1 of one block: no __syncthreads() between the accesses (BAR-1)
// RANDOM-NEXT:     the threads are in warps 1 and 0 of one block: no __syncthreads() between the accesses (BAR-1)
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

#include <cstring>
__global__ void Clear(char* p) {
  if (threadIdx.x % 32 == 0) memset(p, 0, 64);
}
int main() {
  char* p;
  cudaMalloc(&p, 64);
  Clear<<<1, 64>>>(p);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
