// The twin of device_variable_atomic_defect.cu: the counter is as wide as the atomic (REDZONE-2),
// and a 1-byte __device__ flag next to it is written with a plain 1-byte store.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s
// CHECK:      hits 8, flag 1
// CHECK-NOT:  {{.}}

#include <cstdio>

__device__ unsigned int hits;
__device__ unsigned char flag;

__global__ void Count() {
  atomicAdd(&hits, 1u);
  if (threadIdx.x == 0) flag = 1;
}

int main() {
  Count<<<1, 8>>>();
  cudaDeviceSynchronize();
  unsigned int h = 0;
  unsigned char f = 0;
  cudaMemcpyFromSymbol(&h, hits, sizeof h);
  cudaMemcpyFromSymbol(&f, flag, 1);
  std::printf("hits %u, flag %d\n", h, f);
  return 0;
}
