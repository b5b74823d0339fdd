// The message through a flag with its fences: the producer fences between the payload and the
// flag (release), the consumer between seeing the flag and reading the payload (acquire). Twin of
// message_flag_bug.cu; the payload is checked.
// RUN: %warpsafe check %s --schedules 60 --policy all 2>&1 | FileCheck %s
// CHECK:      warpsafe check: no defect in 60 schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// CHECK-NOT:  {{.}}

#include <stdio.h>

__device__ int payload = 0;
__device__ int flag = 0;

__global__ void pass(int* out) {
  if (threadIdx.x == 0) {
    payload = 42;
    __threadfence();
    atomicExch(&flag, 1);
  }
  if (threadIdx.x == 32) {
    while (atomicAdd(&flag, 0) == 0) {
    }
    __threadfence();
    *out = payload;
  }
}

int main() {
  int* out;
  cudaMallocManaged(&out, sizeof(int));
  *out = 0;
  pass<<<1, 64>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  if (*out != 42) {
    printf("message: got %d, expected 42\n", *out);
    return 1;
  }
  return 0;
}
