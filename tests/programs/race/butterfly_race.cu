// A butterfly sum in shared memory with one __syncwarp per round instead of two: a lane writes its
// slot right after reading its partner's, while the partner may not have read this lane's slot yet
// (SYNCWARP-2).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// CHECK:         warpsafe: data race
// LOCKSTEP-NEXT:   in kernel ButterflySum (launched at [[FILE]]:[[@LINE+29]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     in kernel ButterflySum (launched at [[FILE]]:[[@LINE+28]]), block (0,0,0), thread ([[T:[0-9]+]],0,0) (warp 0, lane [[L:[0-9]+]])
// CHECK-NEXT:      in shared memory, between two threads with no happens-before between them:
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+17]]: write of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     at [[FILE]]:{{[0-9]+}}: {{read|write}} of 4 bytes by block (0,0,0), thread ([[T]],0,0) (warp 0, lane [[L]])
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+14]]: previous read of 4 bytes by block (0,0,0), thread (16,0,0) (warp 0, lane 16)
// RANDOM-NEXT:     at [[FILE]]:{{[0-9]+}}: previous {{read|write}} of 4 bytes by block (0,0,0), thread ({{[0-9]+}},0,0) (warp 0, lane {{[0-9]+}})
// LOCKSTEP-NEXT:   shared memory: __shared__ declaration at [[FILE]]:[[@LINE+7]]:47 (128 bytes) at +0
// RANDOM-NEXT:     shared memory: __shared__ declaration at [[FILE]]:[[@LINE+6]]:47 (128 bytes) at +{{[0-9]+}}
// CHECK-NEXT:      both threads are lanes of warp 0: no __syncwarp() between the accesses (tile.sync() where they exchange through a cooperative groups tile; lanes do not run in lockstep, and volatile, shuffles and votes do not order memory: ITS-3, SYNCWARP-2, SYNC-ORDER)
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

__global__ void ButterflySum(int* out) {
  __shared__ int slot[32];
  const int lane = threadIdx.x;
  slot[lane] = lane;
  __syncwarp();
  for (int bit = 16; bit >= 1; bit /= 2) {
    const int partner = slot[lane ^ bit];
    slot[lane] += partner;  // the partner may still have to read this slot
    __syncwarp();
  }
  if (lane == 0) *out = slot[0];
}

int main() {
  int* out = nullptr;
  cudaMalloc(&out, sizeof(int));
  ButterflySum<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
