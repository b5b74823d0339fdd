// The last thread reads one element past a cudaMalloc block (into its redzone).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77
// CHECK:      warpsafe: out-of-bounds access
// CHECK-NEXT:   in kernel copy (launched at [[FILE]]:[[@LINE+17]]), block (1,0,0), thread (127,0,0) (warp 3, lane 31)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: read of 4 bytes by block (1,0,0), thread (127,0,0) (warp 3, lane 31)
// CHECK-NEXT:   global memory: cudaMalloc block of 1024 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+12]]), 0 bytes past its end
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

__global__ void copy(const int* in, int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];  // i + 1 == n for the last thread
}

int main() {
  const int n = 256;
  int *in, *out;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemset(in, 0, n * sizeof(int));
  copy<<<2, 128>>>(in, out, n);
  cudaDeviceSynchronize();
  return 0;
}
