// Each thread waits for its own slot to become 2 while storing 1 into it on every turn: it keeps
// storing, but what it stores is already there, so nothing changes (LIVE-1).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_LIVELOCK_STEPS=2000000 WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_LIVELOCK_STEPS=2000000 WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_LIVELOCK_STEPS=2000000 WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// RUN: env WARPSAFE_LIVELOCK_STEPS=2000000 WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77
// CHECK:      warpsafe: livelock
// CHECK-NEXT:   in kernel Wait (launched at [[FILE]]:[[@LINE+13]]), block (0,0,0)
// CHECK-NEXT:   no progress (no collective, barrier, exit, modifying atomic, or checked access that observed something new) in 2000000 scheduling steps (--livelock-steps); the threads:
// CHECK-NEXT:     warp 0 lanes 0-31 run (last scheduling point here) at (no scheduling point reached yet)
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 WARPSAFE_LIVELOCK_STEPS=2000000 [[EXE]]
// CHECK-NOT:  {{.}}

__global__ void Wait(volatile int* slot) {
  while (slot[threadIdx.x] != 2) slot[threadIdx.x] = 1;
}
int main() {
  int* slot;
  cudaMalloc(&slot, 32 * sizeof(int));
  cudaMemset(slot, 0, 32 * sizeof(int));
  Wait<<<1, 32>>>(slot);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
