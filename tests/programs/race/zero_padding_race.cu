// A warp scan whose zero padding is written by other lanes than those reading it, with no
// __syncwarp in between: lane i reads s[i + 32 - 1], written by lane i - 1 (ITS-3).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// CHECK:         warpsafe: data race
// LOCKSTEP-NEXT:   in kernel scan (launched at [[FILE]]:[[@LINE+24]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     in kernel scan (launched at [[FILE]]:[[@LINE+23]]), block (0,0,0), thread ([[T:[0-9]+]],0,0) (warp 0, lane [[L:[0-9]+]])
// CHECK-NEXT:      in shared memory, between two threads with no happens-before between them:
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+14]]: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+13]]: read of 4 bytes by block (0,0,0), thread ([[T]],0,0) (warp 0, lane [[L]])
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+10]]: previous write of 4 bytes by block (0,0,0), thread (31,0,0) (warp 0, lane 31)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+10]]: previous write of 4 bytes by block (0,0,0), thread ({{[0-9]+}},0,0) (warp 0, lane {{[0-9]+}})
// LOCKSTEP-NEXT:   shared memory: __shared__ declaration at [[FILE]]:[[@LINE+7]]:44 (256 bytes) at +124
// RANDOM-NEXT:     shared memory: __shared__ declaration at [[FILE]]:[[@LINE+6]]:44 (256 bytes) at +{{[0-9]+}}
// CHECK-NEXT:      both threads are lanes of warp 0: no __syncwarp() between the accesses (tile.sync() where they exchange through a cooperative groups tile; lanes do not run in lockstep, and volatile, shuffles and votes do not order memory: ITS-3, SYNCWARP-2, SYNC-ORDER)
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

__global__ void scan(int* out) {
  __shared__ int s[64];
  s[threadIdx.x] = 0;
  s[32 + threadIdx.x] = 1;
  const int v = s[32 + threadIdx.x - 1];
  out[threadIdx.x] = v;
}

int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  scan<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
