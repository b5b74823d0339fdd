// Each block writes its own word; the host adds them after the kernel (a launch boundary orders
// everything). Twin of inter_block_bug.cu; the sum is checked.
// RUN: %warpsafe check %s --schedules 60 --policy all 2>&1 | FileCheck %s
// CHECK:      warpsafe check: no defect in 60 schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// CHECK-NOT:  {{.}}

#include <stdio.h>

__global__ void accumulate(int* partial) {
  if (threadIdx.x == 0) partial[blockIdx.x] = blockIdx.x + 1;
}

int main() {
  int* partial;
  cudaMallocManaged(&partial, 4 * sizeof(int));
  accumulate<<<4, 32>>>(partial);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  const int total = partial[0] + partial[1] + partial[2] + partial[3];
  if (total != 10) {
    printf("inter-block: total is %d, expected 10\n", total);
    return 1;
  }
  return 0;
}
