// Only the first warp fills the tile, every thread reads its own element of it.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// CHECK:         warpsafe: read of uninitialized shared memory
// LOCKSTEP-NEXT:   in kernel tile (launched at [[FILE]]:[[@LINE+20]]), block (0,0,0), thread (32,0,0) (warp 1, lane 0)
// RANDOM-NEXT:     in kernel tile (launched at [[FILE]]:[[@LINE+19]]), block (0,0,0), thread ([[T:[0-9]+]],0,0) (warp 1, lane [[L:[0-9]+]])
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+12]]: read of 4 bytes by block (0,0,0), thread (32,0,0) (warp 1, lane 0) of bytes no thread of the block had written
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+11]]: read of 4 bytes by block (0,0,0), thread ([[T]],0,0) (warp 1, lane [[L]]) of bytes no thread of the block had written
// LOCKSTEP-NEXT:   shared memory: __shared__ declaration at [[FILE]]:[[@LINE+7]]:44 (256 bytes) at +128
// RANDOM-NEXT:     shared memory: __shared__ declaration at [[FILE]]:[[@LINE+6]]:44 (256 bytes) at +{{[0-9]+}}
// CHECK-NEXT:      shared memory starts undefined in every block; write it (and __syncthreads()) before reading it
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

__global__ void tile(int* out) {
  __shared__ int t[64];
  if (threadIdx.x < 32) t[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x];
}

int main() {
  int* out;
  cudaMalloc(&out, 64 * sizeof(int));
  tile<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
