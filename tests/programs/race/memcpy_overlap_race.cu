// Two threads of different warps copy 12-byte records into overlapping places of one shared
// buffer with __builtin_memcpy, which the compiler keeps as a memory intrinsic: the copies are
// byte-range writes that overlap, with no __syncthreads between them (MEM-1).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// CHECK:         warpsafe: data race
// LOCKSTEP-NEXT:   in kernel Pack (launched at [[FILE]]:[[@LINE+27]]), block (0,0,0), thread (32,0,0) (warp 1, lane 0)
// RANDOM-NEXT:     in kernel Pack (launched at [[FILE]]:[[@LINE+26]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:      in shared memory, between two threads with no happens-before between them:
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+15]]: write of 12 bytes by block (0,0,0), thread (32,0,0) (warp 1, lane 0)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+13]]: write of 12 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+12]]: previous write of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+12]]: previous write of 8 bytes by block (0,0,0), thread (32,0,0) (warp 1, lane 0)
// LOCKSTEP-NEXT:   shared memory: __shared__ declaration at [[FILE]]:[[@LINE+9]]:48 (64 bytes) at +8
// RANDOM-NEXT:     shared memory: __shared__ declaration at [[FILE]]:[[@LINE+8]]:48 (64 bytes) at +0
// CHECK-NEXT:      the threads wrote different values: which one the memory keeps depends on the schedule
// LOCKSTEP-NEXT:   the threads are in warps 0 and 1 of one block: no __syncthreads() between the accesses (BAR-1)
// RANDOM-NEXT:     the threads are in warps 1 and 0 of one block: no __syncthreads() between the accesses (BAR-1)
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

__global__ void Pack(const char* in, char* out) {
  __shared__ char buf[64];
  if (threadIdx.x == 0) __builtin_memcpy(buf, in, 12);
  if (threadIdx.x == 32) __builtin_memcpy(buf + 8, in + 12, 12);  // bytes 8..11 overlap
  __syncthreads();
  if (threadIdx.x == 0) __builtin_memcpy(out, buf, 20);
}
int main() {
  char *in, *out;
  cudaMalloc(&in, 64);
  cudaMalloc(&out, 64);
  cudaMemset(in, 1, 64);
  Pack<<<1, 64>>>(in, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
