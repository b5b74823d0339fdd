// A kernel on a stream of its own waits for a flag in managed memory that the host sets after the
// launch, and a second kernel issued to the same stream while the first one waits reads what the
// first one wrote: it is deferred, and runs after it, in issue order (HOSTWAIT-1, HOSTWAIT-4).
// cudaMemPrefetchAsync and cudaEventRecord only queue work and do not wait for the device.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 7 2>&1 | FileCheck %s
// RUN: %warpsafe check %s --schedules 12 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECK:      event while parked: not ready
// CHECK-NEXT: results: 64 of 64 right
// CHECK-NOT:  {{.}}
// CHECKED:      warpsafe check: no defect in 12 schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// CHECKED-NOT:  {{.}}

#include <stdio.h>

__global__ void add_when_told(volatile int* go, const int* in, int* mid) {
  while (*go == 0) __threadfence_system();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  mid[i] = in[i] + *go;
}

__global__ void twice(const int* mid, int* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 2 * mid[i];
}

int main() {
  int* go;
  int* in;
  int* mid;
  int* out;
  cudaMallocManaged(&go, sizeof(int));
  cudaMallocManaged(&in, 64 * sizeof(int));
  cudaMallocManaged(&mid, 64 * sizeof(int));
  cudaMallocManaged(&out, 64 * sizeof(int));
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaEvent_t done;
  cudaEventCreate(&done);
  *go = 0;
  add_when_told<<<2, 32, 0, s>>>(go, in, mid);
  cudaMemPrefetchAsync(out, 64 * sizeof(int), 0, s);
  twice<<<2, 32, 0, s>>>(mid, out);
  cudaEventRecord(done, s);
  printf("event while parked: %s\n", cudaEventQuery(done) == cudaErrorNotReady ? "not ready" : "ready");
  for (int i = 0; i < 64; ++i) in[i] = i;
  *go = 5;
  if (cudaStreamSynchronize(s) != cudaSuccess) return 1;
  int right = 0;
  for (int i = 0; i < 64; ++i) right += out[i] == 2 * (i + 5);
  printf("results: %d of 64 right\n", right);
  return right == 64 ? 0 : 1;
}
