// Every thread waits for a flag that nothing ever sets, re-reading it with plain loads: each turn
// observes the same value at the same address, which is no progress however many steps it takes
// (LIVE-1). On a GPU the kernel never ends.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_LIVELOCK_STEPS=2000000 WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_LIVELOCK_STEPS=2000000 WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_LIVELOCK_STEPS=2000000 WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// RUN: env WARPSAFE_LIVELOCK_STEPS=2000000 WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77
// CHECK:      warpsafe: livelock
// CHECK-NEXT:   in kernel Wait (launched at [[FILE]]:[[@LINE+16]]), block (0,0,0)
// CHECK-NEXT:   no progress (no collective, barrier, exit, modifying atomic, or checked access that observed something new) in 2000000 scheduling steps (--livelock-steps); the threads:
// CHECK-NEXT:     warp 0 lanes 0-31 run (last scheduling point here) at (no scheduling point reached yet)
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 WARPSAFE_LIVELOCK_STEPS=2000000 [[EXE]]
// CHECK-NOT:  {{.}}

__global__ void Wait(volatile int* flag, int* out) {
  while (flag[0] == 0) {
  }
  out[threadIdx.x] = 1;
}
int main() {
  int *flag, *out;
  cudaMalloc(&flag, sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  Wait<<<1, 32>>>(flag, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
