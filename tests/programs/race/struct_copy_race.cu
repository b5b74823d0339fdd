// Every thread of two warps assigns its particle to the same global slot: a 32-byte aggregate
// assignment, which clang lowers to a memcpy intrinsic, checked as one byte-range write (MEM-1).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// CHECK:         warpsafe: data race
// LOCKSTEP-NEXT:   in kernel Last (launched at [[FILE]]:[[@LINE+23]]), block (0,0,0), thread (1,0,0) (warp 0, lane 1)
// RANDOM-NEXT:     in kernel Last (launched at [[FILE]]:[[@LINE+22]]), block (0,0,0), thread ([[T:[0-9]+]],0,0) (warp 0, lane [[L:[0-9]+]])
// CHECK-NEXT:      in global memory, between two threads with no happens-before between them:
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+12]]: write of 32 bytes by block (0,0,0), thread (1,0,0) (warp 0, lane 1)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+11]]: write of 32 bytes by block (0,0,0), thread ([[T]],0,0) (warp 0, lane [[L]])
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+10]]: previous write of 8 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+9]]: previous write of 8 bytes by block (0,0,0), thread ({{[0-9]+}},0,0) (warp {{[0-9]+}}, lane {{[0-9]+}})
// CHECK-NEXT:      global memory: cudaMalloc block of 32 bytes (the program's 2nd allocation, made at [[FILE]]:[[@LINE+12]]), at +0
// CHECK-NEXT:      the threads wrote different values: which one the memory keeps depends on the schedule
// LOCKSTEP-NEXT:   both threads are lanes of warp 0: no __syncwarp() between the accesses (tile.sync() where they exchange through a cooperative groups tile; lanes do not run in lockstep, and volatile, shuffles and votes do not order memory: ITS-3, SYNCWARP-2, SYNC-ORDER)
// RANDOM-NEXT:     {{(both threads are lanes of warp [0-9]+: no __syncwarp\(\)|the threads are in warps [0-9]+ and [0-9]+ of one block: no __syncthreads\(\)) between the accesses}} {{.*}}
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

struct Particle { float x, y, z, w, vx, vy, vz, m; };
__global__ void Last(const Particle* in, Particle* out) { *out = in[threadIdx.x]; }
int main() {
  Particle *in, *out;
  cudaMalloc(&in, 64 * sizeof(Particle));
  cudaMalloc(&out, sizeof(Particle));
  Particle host[64];
  for (int i = 0; i < 64; ++i) host[i] = Particle{float(i), 0, 0, 0, 0, 0, 0, 1};
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  Last<<<1, 64>>>(in, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
