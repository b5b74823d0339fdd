// The spin lock with its fences: __threadfence after the atomicCAS that takes the lock (acquire)
// and before the atomicExch that releases it (release), so each holder sees the previous holder's
// store. Twin of lock_bug.cu; the count is checked.
// RUN: %warpsafe check %s --schedules 60 --policy all 2>&1 | FileCheck %s
// CHECK:      warpsafe check: no defect in 60 schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// CHECK-NOT:  {{.}}

#include <stdio.h>

__device__ int lock = 0;
__device__ int counter = 0;

__global__ void increment() {
  if (threadIdx.x == 0) {
    while (atomicCAS(&lock, 0, 1) != 0) {
    }
    __threadfence();
    counter = counter + 1;
    __threadfence();
    atomicExch(&lock, 0);
  }
}

int main() {
  increment<<<4, 32>>>();
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  int count = 0;
  cudaMemcpyFromSymbol(&count, counter, sizeof count);
  if (count != 4) {
    printf("lock: counter is %d, expected 4\n", count);
    return 1;
  }
  return 0;
}
