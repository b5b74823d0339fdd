// A kernel writes through a pointer the host got from malloc: on a GPU the address is not mapped
// for the device and the kernel faults. The program checks every call, as a careful one would: the
// fault is the only defect.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// CHECK:         warpsafe note: argument 1 of Fill, launched at [[FILE]]:[[@LINE+20]], points into the host heap (malloc or new): on a GPU a kernel cannot reach it (warpsafe check reports the access)
// CHECK-NEXT:    warpsafe: illegal memory access in GPU thread
// LOCKSTEP-NEXT:   in kernel Fill (launched at [[FILE]]:[[@LINE+18]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     in kernel Fill (launched at [[FILE]]:[[@LINE+17]]), block (0,0,0), thread ([[T:[0-9]+]],0,0) (warp 0, lane [[L:[0-9]+]])
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+11]]: write of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+10]]: write of 4 bytes by block (0,0,0), thread ([[T]],0,0) (warp 0, lane [[L]])
// CHECK-NEXT:      the address is in the host heap (malloc or new in host code), not device memory: a GPU cannot reach it and the kernel faults (cudaErrorIllegalAddress); give the kernel memory from cudaMalloc or cudaMallocManaged, or register the host memory (cudaHostRegister, cudaHostAlloc) and pass its device pointer
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

#include <cstdio>
#include <cstdlib>

__global__ void Fill(int* out) {
  const int i = threadIdx.x;
  out[i] = i;
}

int main() {
  int* host = static_cast<int*>(std::malloc(32 * sizeof(int)));
  Fill<<<1, 32>>>(host);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::printf("%d\n", host[31]);
  std::free(host);
  return 0;
}
