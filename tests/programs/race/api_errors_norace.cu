// A program that tests its runtime calls and copes: a launch with 2048 threads per block is
// refused, and the program falls back to 1024; a cudaFree of a pointer into a block is refused. Listed by `warpsafe check` (API-1, API-3: the
// refused launch with the limit it broke, and the block it never frees), not a defect: the run is
// clean; the CHECK lines are that listing.
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
// CHECK:      warpsafe note: the launch of Fill at [[FILE]]:[[@LINE+10]] failed with cudaErrorInvalidConfiguration: the block (2048,1,1) has 2048 threads, above maxThreadsPerBlock (1024)
// CHECK-NEXT: warpsafe note: cudaFree returned cudaErrorInvalidValue at [[FILE]]:[[@LINE+12]]
// CHECK-NEXT: warpsafe note: leak: cudaMalloc block of 8192 bytes (the program's 2nd allocation, made at [[FILE]]:[[@LINE+7]]) was never freed
// CHECK-NOT:  warpsafe:

__global__ void Fill(int* p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 1; }
int main() {
  int *p, *kept;
  cudaMalloc(&p, 2048 * sizeof(int));
  cudaMalloc(&kept, 2048 * sizeof(int));
  Fill<<<1, 2048>>>(p);
  if (cudaGetLastError() != cudaSuccess) Fill<<<2, 1024>>>(p);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  if (cudaFree(p + 1) == cudaSuccess) return 2;  // not the start of a block: refused
  cudaFree(p);
  return 0;
}
