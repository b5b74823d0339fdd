// The butterfly reduction through shared memory with a __syncwarp between every read and the
// write that follows it, and between every write and the next read. Every lane ends with the sum.
// Twin of butterfly_bug.cu; the result is checked.
// RUN: %warpsafe check %s --schedules 60 --policy all 2>&1 | FileCheck %s
// CHECK:      warpsafe check: no defect in 60 schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// CHECK-NOT:  {{.}}

#include <stdio.h>

__global__ void reduce(const int* in, int* out) {
  __shared__ int s[32];
  const int lane = threadIdx.x & 31;
  int v = in[lane];
  s[lane] = v;
  __syncwarp();
  for (int i = 16; i >= 1; i /= 2) {
    v += s[lane ^ i];
    __syncwarp();
    s[lane] = v;
    __syncwarp();
  }
  out[lane] = v;
}

int main() {
  int *in, *out;
  cudaMallocManaged(&in, 32 * sizeof(int));
  cudaMallocManaged(&out, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) in[i] = 31 - i;
  reduce<<<1, 32>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  for (int i = 0; i < 32; ++i) {
    if (out[i] != 496) {
      printf("butterfly: lane %d has %d, expected 496\n", i, out[i]);
      return 1;
    }
  }
  return 0;
}
