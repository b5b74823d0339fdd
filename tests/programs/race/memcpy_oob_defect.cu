// The last thread's memcpy runs 12 bytes past the end of a 100-byte cudaMalloc block: the copy is
// checked as one byte range (MEM-1).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77
// CHECK:      warpsafe: out-of-bounds access
// CHECK-NEXT:   in kernel Spread (launched at [[FILE]]:[[@LINE+13]]), block (0,0,0), thread (6,0,0) (warp 0, lane 6)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+6]]: write of 16 bytes by block (0,0,0), thread (6,0,0) (warp 0, lane 6)
// CHECK-NEXT:   global memory: cudaMalloc block of 100 bytes (the program's 2nd allocation, made at [[FILE]]:[[@LINE+9]]), at +96
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

#include <cstring>
__global__ void Spread(const char* in, char* out) { memcpy(out + threadIdx.x * 16, in, 16); }
int main() {
  char *in, *out;
  cudaMalloc(&in, 16);
  cudaMalloc(&out, 100);
  cudaMemset(in, 1, 16);
  Spread<<<1, 7>>>(in, out);  // thread 6 writes bytes 96..111
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
