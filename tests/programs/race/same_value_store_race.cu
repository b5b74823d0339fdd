// Every thread sets a "found" flag with a plain store of 1: harmless on most hardware, but two
// unordered plain writes all the same (MEM-2). The report says both wrote the same value.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// CHECK:         warpsafe: data race
// LOCKSTEP-NEXT:   in kernel Search (launched at [[FILE]]:[[@LINE+26]]), block (0,0,0), thread (41,0,0) (warp 1, lane 9)
// RANDOM-NEXT:     in kernel Search (launched at [[FILE]]:[[@LINE+25]]), block (0,0,0), thread ([[T:[0-9]+]],0,0) (warp [[W:[0-9]+]], lane [[L:[0-9]+]])
// CHECK-NEXT:      in global memory, between two threads with no happens-before between them:
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+12]]: write of 4 bytes by block (0,0,0), thread (41,0,0) (warp 1, lane 9)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+11]]: write of 4 bytes by block (0,0,0), thread ([[T]],0,0) (warp [[W]], lane [[L]])
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+10]]: previous write of 4 bytes by block (0,0,0), thread (3,0,0) (warp 0, lane 3)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+9]]: previous write of 4 bytes by block (0,0,0), thread ({{[0-9]+}},0,0) (warp 0, lane {{[0-9]+}})
// CHECK-NEXT:      global memory: cudaMalloc block of 4 bytes (the program's 2nd allocation, made at [[FILE]]:[[@LINE+13]]), at +0
// CHECK-NEXT:      both threads wrote the same value: still a data race, since nothing orders the writes and CUDA's memory model gives racing plain writes no defined result (MEM-2)
// LOCKSTEP-NEXT:   the threads are in warps 0 and 1 of one block: no __syncthreads() between the accesses (BAR-1)
// RANDOM-NEXT:     {{(both threads are lanes of warp [0-9]+: no __syncwarp\(\)|the threads are in warps [0-9]+ and [0-9]+ of one block: no __syncthreads\(\)) between the accesses}} {{.*}}
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

__global__ void Search(const int* data, int* found) {
  if (data[threadIdx.x] == 7) *found = 1;
}
int main() {
  int *data, *found;
  cudaMalloc(&data, 64 * sizeof(int));
  cudaMalloc(&found, sizeof(int));
  cudaMemset(data, 0, 64 * sizeof(int));
  cudaMemset(found, 0, sizeof(int));
  int seven[2] = {7, 7};
  cudaMemcpy(data + 3, seven, sizeof seven, cudaMemcpyHostToDevice);
  cudaMemcpy(data + 40, seven, sizeof seven, cudaMemcpyHostToDevice);
  Search<<<1, 64>>>(data, found);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
