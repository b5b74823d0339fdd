// Every block writes the same global counter with a plain store: __syncthreads orders a block,
// never the grid.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel last (launched at [[FILE]]:[[@LINE+18]]), block ([[B:[0-9]+]],0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   in global memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+9]]: write of 4 bytes by block ([[B]],0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+8]]: previous write of 4 bytes by block ({{[0-9]+}},0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   global memory: cudaMalloc block of 4 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+13]]), at +0
// CHECK-NEXT:   the threads wrote different values: which one the memory keeps depends on the schedule
// CHECK-NEXT:   the threads are in different blocks: only atomics with __threadfence() order them (release: fence then atomic write; acquire: atomic then fence; FENCE-1)
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

__global__ void last(int* out) {
  if (threadIdx.x == 0) *out = blockIdx.x;
  __syncthreads();
}

int main() {
  int* out;
  cudaMalloc(&out, sizeof(int));
  last<<<4, 64>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
