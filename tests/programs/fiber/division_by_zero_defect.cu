// One thread divides by a divisor that is zero at run time. A GPU does not trap: the quotient is
// unspecified and the program goes on; the engine reports the thread and the line.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: integer division by zero in GPU thread
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+18]]), block (0,0,0), thread (3,0,0) (warp 0, lane 3)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+9]]: the division by zero
// CHECK-NEXT:   32-bit integer division (or remainder) by zero: undefined in C++; a GPU does not trap and the program goes on with an unspecified value
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cstdio>

__global__ void k(int* out, const int* divisors, int a) {
  const int i = threadIdx.x;
  out[i] = a / divisors[i];
}
int main() {
  int* out;
  int* divisors;
  cudaMallocManaged(&out, 32 * sizeof(int));
  cudaMallocManaged(&divisors, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) divisors[i] = i == 3 ? 0 : i + 1;
  k<<<1, 32>>>(out, divisors, 1000);
  cudaDeviceSynchronize();
  std::printf("out[3] = %d\n", out[3]);
  return 0;
}
