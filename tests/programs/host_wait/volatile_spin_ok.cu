// A spin on a volatile load of a managed flag, with no scheduling point in its loop (as
// cuda-samples' UnifiedMemoryPerf holds a stream back): under `warpsafe run` no load reaches the
// engine, so the watchdog parks the spinning lane from a signal (HOSTWAIT-5), the launch returns,
// and the host sets the flag and waits. Its twin, tests/programs/sched/hang_defect.cu, never sets
// the flag and is reported as a hang at the host's wait.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 2 --workers 1 2>&1 | FileCheck %s
// RUN: %warpsafe check %s --schedules 6 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECK:      launch returned
// CHECK-NEXT: results: 64 of 64 right
// CHECK-NOT:  {{.}}
// CHECKED:      warpsafe check: no defect in 6 schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// CHECKED-NOT:  {{.}}

#include <stdio.h>

__global__ void wait_for_latch(volatile int* latch, int* out) {
  while (*latch == 0) {
  }
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = *latch + i;
}

int main() {
  int* latch;
  int* out;
  cudaMallocManaged(&latch, sizeof(int));
  cudaMallocManaged(&out, 64 * sizeof(int));
  *latch = 0;
  wait_for_latch<<<2, 32>>>(latch, out);
  printf("launch returned\n");
  *latch = 4;
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  int right = 0;
  for (int i = 0; i < 64; ++i) right += out[i] == 4 + i;
  printf("results: %d of 64 right\n", right);
  return right == 64 ? 0 : 1;
}
