// A __shared__ array declared at namespace scope, written by one thread and read by another with no
// __syncthreads between them. The report names the variable (its declaration is reached through
// the engine's accessor, whose line would say nothing).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// CHECK:         warpsafe: data race
// LOCKSTEP-NEXT:   in kernel Shift (launched at [[FILE]]:[[@LINE+22]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     in kernel Shift (launched at [[FILE]]:[[@LINE+21]]), block (0,0,0), thread ([[T:[0-9]+]],0,0) (warp [[W:[0-9]+]], lane [[L:[0-9]+]])
// CHECK-NEXT:      in shared memory, between two threads with no happens-before between them:
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+14]]: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+12]]: write of 4 bytes by block (0,0,0), thread ([[T]],0,0) (warp [[W]], lane [[L]])
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+11]]: previous write of 4 bytes by block (0,0,0), thread (32,0,0) (warp 1, lane 0)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+11]]: previous read of 4 bytes by block (0,0,0), thread ({{[0-9]+}},0,0) (warp {{[0-9]+}}, lane {{[0-9]+}})
// LOCKSTEP-NEXT:   shared memory: __shared__ variable `tile` (declared at namespace scope) at [[FILE]]:[[@LINE+7]] (256 bytes) at +128
// RANDOM-NEXT:     shared memory: __shared__ variable `tile` (declared at namespace scope) at [[FILE]]:[[@LINE+6]] (256 bytes) at +{{[0-9]+}}
// LOCKSTEP-NEXT:   the threads are in warps 1 and 0 of one block: no __syncthreads() between the accesses (BAR-1)
// RANDOM-NEXT:     the threads are in warps {{[0-9]+}} and {{[0-9]+}} of one block: no __syncthreads() between the accesses (BAR-1)
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

__shared__ int tile[64];
__global__ void Shift(int* out) {
  tile[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = tile[(threadIdx.x + 32) % 64];
}
int main() {
  int* out;
  cudaMalloc(&out, 64 * sizeof(int));
  Shift<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  cudaFree(out);
  return 0;
}
