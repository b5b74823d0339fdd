// Thread 0 zeroes a shared table in a loop (an idiom the optimizer would make a memset), the
// others read it after the barrier.
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
// CHECK:     warpsafe note: leak: cudaMalloc block of 2048 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+13]]) was never freed
// CHECK-NOT: warpsafe:

__global__ void k(int* out) {
  __shared__ int table[256];
  if (threadIdx.x == 0) {
    for (int i = 0; i < 256; ++i) table[i] = 0;
  }
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = table[threadIdx.x];
}
int main() {
  int* out;
  cudaMalloc(&out, 512 * sizeof(int));
  k<<<2, 256>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
