// A spin lock from atomicCAS/atomicExch guarding a plain read-modify-write, taken by one thread
// of every warp of two blocks. Without fences the atomics order nothing (ATOMIC-1):
// the critical sections race.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// CHECK:         warpsafe: data race
// LOCKSTEP-NEXT:   in kernel increment (launched at [[FILE]]:[[@LINE+27]]), block (0,0,0), thread (96,0,0) (warp 3, lane 0)
// RANDOM-NEXT:     in kernel increment (launched at [[FILE]]:[[@LINE+26]]), block (0,0,0), thread ([[T:[0-9]+]],0,0) (warp [[W:[0-9]+]], lane 0)
// CHECK-NEXT:      in global memory, between two threads with no happens-before between them:
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+18]]: read of 4 bytes by block (0,0,0), thread (96,0,0) (warp 3, lane 0)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+17]]: read of 4 bytes by block (0,0,0), thread ([[T]],0,0) (warp [[W]], lane 0)
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+16]]: previous write of 4 bytes by block (0,0,0), thread (64,0,0) (warp 2, lane 0)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+15]]: previous write of 4 bytes by block (0,0,0), thread ({{[0-9]+}},0,0) (warp {{[0-9]+}}, lane 0)
// CHECK-NEXT:      global memory: __device__ variable `counter` at [[FILE]]:[[@LINE+7]] (4 bytes) at +0
// LOCKSTEP-NEXT:   the threads are in warps 2 and 3 of one block: no __syncthreads() between the accesses (BAR-1)
// RANDOM-NEXT:     the threads are in warps {{[0-9]+}} and {{[0-9]+}} of one block: no __syncthreads() between the accesses (BAR-1)
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

__device__ int lock;
__device__ int counter;

__global__ void increment() {
  if (threadIdx.x % 32 != 0) return;
  while (atomicCAS(&lock, 0, 1) != 0) {
  }
  
  counter = counter + 1;
  
  atomicExch(&lock, 0);
}

int main() {
  increment<<<2, 128>>>();
  cudaDeviceSynchronize();
  int h = 0;
  cudaMemcpyFromSymbol(&h, counter, sizeof h);
  return h == 8 ? 0 : 1;
}
