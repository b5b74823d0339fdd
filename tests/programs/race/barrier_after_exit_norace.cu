// The defect-free twin of barrier_after_exit_defect.cu: every thread reaches the barrier, and the
// threads past the end of the data skip the work instead of returning.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=2 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=3 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=4 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1234 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe note: leak: cudaMalloc block of 192 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+15]]) was never freed
// CHECK-NEXT: warpsafe note: leak: cudaMalloc block of 192 bytes (the program's 2nd allocation, made at [[FILE]]:[[@LINE+15]]) was never freed
// CHECK-NOT:  warpsafe:

__global__ void Reverse(const int* in, int* out, int n) {
  __shared__ int tile[64];
  const int i = threadIdx.x;
  if (i < n) tile[i] = in[i];
  __syncthreads();
  if (i < n) out[i] = tile[n - 1 - i];
}

int main() {
  const int n = 48;
  int *in, *out;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemset(in, 0, n * sizeof(int));
  Reverse<<<1, 64>>>(in, out, n);
  cudaDeviceSynchronize();
  return 0;
}
