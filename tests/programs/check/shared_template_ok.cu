// Two files that instantiate the same inline device function and kernel template: the linker keeps
// one copy of each and drops the other, with the checker's data that belongs to it (each access's
// window, check_inline.h, in the section group of its function). Before, the dropped copy's windows
// still referred to its code and the checked program did not link.
// REQUIRES: race-detector
// RUN: %warpsafe check %s %S/Inputs/shared_template_other.cu --schedules 2 2>&1 | FileCheck %s
// CHECK: warpsafe check: no defect in 2 schedules ({{.*}})
// CHECK-NOT: {{.}}
#include <cstdio>

#include "Inputs/shared_template_sum.cuh"

int LaunchFromOtherFile(const float* rows, float* out);

int main() {
  float *rows, *out;
  cudaMallocManaged(&rows, sizeof(float) * 32 * 64);
  cudaMallocManaged(&out, sizeof(float) * 32);
  for (int i = 0; i < 32 * 64; ++i) rows[i] = 1.0f;
  RowSums<64><<<1, 32>>>(rows, out);
  if (cudaDeviceSynchronize() != cudaSuccess || out[5] != 64.0f) return 1;
  if (LaunchFromOtherFile(rows, out) != 0 || out[31] != 64.0f) return 2;
  cudaFree(rows);
  cudaFree(out);
  return 0;
}
