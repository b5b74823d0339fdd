// LLONG_MIN / -1: the quotient does not fit in 64 bits. Undefined in C++; a GPU does not trap.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: integer division overflow in GPU thread
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+18]]), block (0,0,0), thread (5,0,0) (warp 0, lane 5)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+11]]: the division
// CHECK-NEXT:   the most negative 64-bit integer divided by -1: the quotient does not fit (undefined in C++; a GPU does not trap and the program goes on with an unspecified value)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <climits>

__global__ void k(long long* values, long long divisor) {
  const int i = threadIdx.x;
  long long v = values[i];
  if (i == 5) v = LLONG_MIN;
  values[i] = v / divisor;
}
int main(int argc, char**) {
  long long* values;
  cudaMallocManaged(&values, 32 * sizeof(long long));
  for (int i = 0; i < 32; ++i) values[i] = i * 10;
  k<<<1, 32>>>(values, argc > 1000 ? 1 : -1);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
