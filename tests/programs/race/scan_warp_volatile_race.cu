// A lockstep-era warp scan over a zero-padded volatile buffer: 32 zeros, then one value per lane,
// so every lane can add the slot `dist` below without a bounds test. Each round is one
// read-modify-write per lane and no __syncwarp, so lane i's read of its neighbour's slot races
// with the neighbour's write of it; volatile orders nothing between lanes (ITS-3).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// CHECK:         warpsafe: data race
// LOCKSTEP-NEXT:   in kernel ScanOnes (launched at [[FILE]]:[[@LINE+33]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     in kernel ScanOnes (launched at [[FILE]]:[[@LINE+32]]), block (0,0,0), thread ([[T:[0-9]+]],0,0) (warp 0, lane [[L:[0-9]+]])
// CHECK-NEXT:      in shared memory, between two threads with no happens-before between them:
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+14]]: write of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+13]]: {{read|write}} of 4 bytes by block (0,0,0), thread ([[T]],0,0) (warp 0, lane [[L]])
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+12]]: previous read of 4 bytes by block (0,0,0), thread (1,0,0) (warp 0, lane 1)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+11]]: previous {{read|write}} of 4 bytes by block (0,0,0), thread ({{[0-9]+}},0,0) (warp 0, lane {{[0-9]+}})
// LOCKSTEP-NEXT:   shared memory: __shared__ declaration at [[FILE]]:[[@LINE+15]]:63 (256 bytes) at +128
// RANDOM-NEXT:     shared memory: __shared__ declaration at [[FILE]]:[[@LINE+14]]:63 (256 bytes) at +{{[0-9]+}}
// CHECK-NEXT:      both threads are lanes of warp 0: no __syncwarp() between the accesses (tile.sync() where they exchange through a cooperative groups tile; lanes do not run in lockstep, and volatile, shuffles and votes do not order memory: ITS-3, SYNCWARP-2, SYNC-ORDER)
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

constexpr int kPad = 32;

__device__ int PaddedLockstepScan(volatile int* padded, int lane) {
  volatile int* mine = padded + kPad + lane;
  for (int dist = 1; dist < 32; dist *= 2) *mine = *mine + *(mine - dist);
  return *mine;
}

__global__ void ScanOnes(int* out) {
  __shared__ int padded[kPad + 32];
  const int lane = threadIdx.x;
  padded[lane] = 0;
  padded[kPad + lane] = 1;
  __syncwarp();  // padding and values are in place before the scan starts
  out[lane] = PaddedLockstepScan(padded, lane);
}

int main() {
  int* out = nullptr;
  cudaMalloc(&out, 32 * sizeof(int));
  ScanOnes<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
