// The twin of read_before_wait_defect.cu: each thread waits for its copy before reading it.
// RUN: %warpsafe run %s 2>&1 | count 0
// RUN: %warpsafe check %s --policy random --schedules 3 2>&1 | FileCheck %s
// CHECK:      warpsafe check: no defect in 3 schedules (policies random, {{[0-9.]+}} s)
// CHECK-NOT:  {{.}}

#include <cuda_pipeline.h>

__global__ void k(const int* in, int* out) {
  __shared__ int staged[64];
  const int t = threadIdx.x;
  __pipeline_memcpy_async(&staged[t], &in[t], sizeof(int));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  const int early = staged[t];
  out[t] = early;
}

int main() {
  int *in, *out;
  cudaMallocManaged(&in, 64 * sizeof(int));
  cudaMallocManaged(&out, 64 * sizeof(int));
  for (int i = 0; i < 64; ++i) in[i] = i + 1;
  k<<<1, 64>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  for (int i = 0; i < 64; ++i) {
    if (out[i] != i + 1) return 1;
  }
  return 0;
}
