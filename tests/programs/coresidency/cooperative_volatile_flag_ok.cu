// The blocks of a cooperative launch are all resident (CG-GRID-RESIDENT), so block 0 may spin on a
// volatile flag that block 3 sets: a spin with no scheduling point, which the watchdog preempts so
// that the other resident blocks get their turns (RESIDENT-1). Before, it ran until --hang-seconds.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s
// CHECK:      seen: 1
// CHECK-NOT:  {{.}}

#include <stdio.h>

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(volatile int* flag, int* seen) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    while (*flag == 0) {
    }
    seen[0] = 1;
  }
  if (blockIdx.x == 3 && threadIdx.x == 0) *flag = 1;
  cg::this_grid().sync();
}

int main() {
  int *flag, *seen;
  cudaMalloc(&flag, sizeof(int));
  cudaMalloc(&seen, sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  cudaMemset(seen, 0, sizeof(int));
  void* args[] = {&flag, &seen};
  if (cudaLaunchCooperativeKernel(k, 4, 32, args) != cudaSuccess) return 1;
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  int got = 0;
  cudaMemcpy(&got, seen, sizeof(int), cudaMemcpyDeviceToHost);
  printf("seen: %d\n", got);
  return got == 1 ? 0 : 3;
}
