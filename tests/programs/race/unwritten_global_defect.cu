// The cudaMemcpy of the input was forgotten: the kernel reads cudaMalloc memory that nothing
// wrote (MEM-3). On a GPU it computes with whatever the memory held.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// CHECK:         warpsafe: read of uninitialized global memory
// LOCKSTEP-NEXT:   in kernel Scale (launched at [[FILE]]:[[@LINE+15]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     in kernel Scale (launched at [[FILE]]:[[@LINE+14]]), block (0,0,0), thread ([[T:[0-9]+]],0,0) (warp [[W:[0-9]+]], lane [[L:[0-9]+]])
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+8]]: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0) of bytes that no copy, memset or kernel had written
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+7]]: read of 4 bytes by block (0,0,0), thread ([[T]],0,0) (warp [[W]], lane [[L]]) of bytes that no copy, memset or kernel had written
// LOCKSTEP-NEXT:   global memory: cudaMalloc block of 256 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+9]]), at +0
// RANDOM-NEXT:     global memory: cudaMalloc block of 256 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+8]]), at +{{[0-9]+}}
// CHECK-NEXT:      cudaMalloc memory starts undefined; copy or set it (cudaMemcpy, cudaMemset) or write it in a kernel before reading it (MEM-3)
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

__global__ void Scale(const float* in, float* out) { out[threadIdx.x] = 2.0f * in[threadIdx.x]; }
int main() {
  float *in, *out;
  cudaMalloc(&in, 64 * sizeof(float));
  cudaMalloc(&out, 64 * sizeof(float));
  Scale<<<1, 64>>>(in, out);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
