// A __device__ function that returns a value on one path only: thread 5 takes the other path and
// runs to the function's end. Undefined in C++ (on a GPU the caller reads whatever the register
// held); reported with the thread, under run and under check.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 3 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 3'
// RUN: %expect-exit 66 %warpsafe check %s --schedules 2 2>&1 | FileCheck %s --check-prefix=CHECKED -DFILE=%s
// CHECK:      warpsafe: function ended without returning a value
// CHECK-NEXT:   in kernel Classify (launched at [[FILE]]:[[@LINE+30]]), block (0,0,0), thread (5,0,0) (warp 0, lane 5)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+12]]:{{[0-9]+}}: the function that reached its end
// CHECK-NEXT:   its return type is not void and it ran to its closing brace without a return statement: undefined in C++ (the caller would read a value nothing set, and optimised code runs on past the function's end)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}
// CHECKED:      warpsafe: function ended without returning a value
// CHECKED-NEXT:   in kernel Classify (launched at [[FILE]]:[[@LINE+24]]), block (0,0,0), thread (5,0,0) (warp 0, lane 5)
// CHECKED-NEXT:   at [[FILE]]:[[@LINE+6]]:{{[0-9]+}}: the function that reached its end
// CHECKED-NEXT:   its return type is not void and it ran to its closing brace without a return statement: undefined in C++ (the caller would read a value nothing set, and optimised code runs on past the function's end)
// CHECKED-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECKED-NOT:  {{.}}
#include <cstdio>

__device__ int Bucket(int value) {
  if (value < 10) return 0;
  if (value < 100) return 1;
  if (value != 5000) return 2;
}

__global__ void Classify(const int* values, int* buckets) {
  int i = threadIdx.x;
  buckets[i] = Bucket(values[i]);
}

int main() {
  int* values;
  int* buckets;
  cudaMallocManaged(&values, 32 * sizeof(int));
  cudaMallocManaged(&buckets, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) values[i] = i == 5 ? 5000 : i * 7;
  Classify<<<1, 32>>>(values, buckets);
  cudaDeviceSynchronize();
  std::printf("%d %d\n", buckets[0], buckets[31]);
  return 0;
}
