// The zero-padded Kogge-Stone warp scan with __syncwarp after the padding is written and around
// every step's write. Twin of zero_padding_bug.cu; the result is checked.
// RUN: %warpsafe check %s --schedules 60 --policy all 2>&1 | FileCheck %s
// CHECK:      warpsafe check: no defect in 60 schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// CHECK-NOT:  {{.}}

#include <stdio.h>

__global__ void scan(const int* in, int* out) {
  __shared__ int s[64];
  const int lane = threadIdx.x & 31;
  s[lane] = 0;
  s[32 + lane] = in[lane];
  __syncwarp();
  for (int offset = 1; offset < 32; offset *= 2) {
    const int t = s[32 + lane - offset];
    __syncwarp();
    s[32 + lane] += t;
    __syncwarp();
  }
  out[lane] = s[32 + lane];
}

int main() {
  int *in, *out;
  cudaMallocManaged(&in, 32 * sizeof(int));
  cudaMallocManaged(&out, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) in[i] = i % 3 + 1;
  scan<<<1, 32>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  int sum = 0;
  for (int i = 0; i < 32; ++i) {
    sum += in[i];
    if (out[i] != sum) {
      printf("scan: element %d is %d, expected %d\n", i, out[i], sum);
      return 1;
    }
  }
  return 0;
}
