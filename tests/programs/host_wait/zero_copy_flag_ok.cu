// A kernel that spins on a flag in zero-copy memory (pinned host memory mapped into the device)
// which the host sets only after the launch has returned: on a GPU the launch is asynchronous, so
// the host runs on, writes the kernel's input and the flag, and then waits. The engine parks the
// grid while it waits for the host, answers a stream query "not ready" meanwhile, and runs it to
// its end at cudaDeviceSynchronize (docs/semantics/host_wait.md, HOSTWAIT-1, HOSTWAIT-2).
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | FileCheck %s
// RUN: %warpsafe check %s --schedules 12 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECK:      while parked: not ready
// CHECK-NEXT: after the wait: ready
// CHECK-NEXT: results: 32 of 32 right
// CHECK-NOT:  {{.}}
// CHECKED:      warpsafe check: no defect in 12 schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// CHECKED-NOT:  {{.}}

#include <stdio.h>

__global__ void scale_when_told(volatile int* go, const int* in, int* out) {
  while (*go == 0) __nanosleep(100);
  out[threadIdx.x] = in[threadIdx.x] * *go;
}

int main() {
  int* go;
  int* in;
  int* out;
  if (cudaHostAlloc(&go, sizeof(int), cudaHostAllocMapped) != cudaSuccess) return 1;
  if (cudaHostAlloc(&in, 32 * sizeof(int), cudaHostAllocMapped) != cudaSuccess) return 1;
  if (cudaMalloc(&out, 32 * sizeof(int)) != cudaSuccess) return 1;
  int* go_device;
  int* in_device;
  cudaHostGetDevicePointer(&go_device, go, 0);
  cudaHostGetDevicePointer(&in_device, in, 0);
  *go = 0;
  scale_when_told<<<1, 32>>>(go_device, in_device, out);
  if (cudaGetLastError() != cudaSuccess) return 1;
  printf("while parked: %s\n", cudaStreamQuery(0) == cudaErrorNotReady ? "not ready" : "ready");
  for (int i = 0; i < 32; ++i) in[i] = i + 1;  // the input, written after the launch
  *go = 3;
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  printf("after the wait: %s\n", cudaStreamQuery(0) == cudaSuccess ? "ready" : "not ready");
  int host[32];
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  int right = 0;
  for (int i = 0; i < 32; ++i) right += host[i] == 3 * (i + 1);
  printf("results: %d of 32 right\n", right);
  return right == 32 ? 0 : 1;
}
