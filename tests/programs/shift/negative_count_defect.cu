// A shift by a negative count is undefined in C++ whatever the operand's width.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// CHECK:      warpsafe: shift count out of range in GPU thread
// CHECK-NEXT:   in kernel Scale (launched at [[FILE]]:[[@LINE+18]]), block (0,0,0), thread (5,0,0) (warp 0, lane 5)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+8]]:{{[0-9]+}}: the shift
// CHECK-NEXT:   a signed 32-bit integer shifted by -1: the count must be at least 0 and less than the width (32); undefined in C++, and a GPU gives another value than this CPU would
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void Scale(int* out, const int* exponents) {
  const int i = threadIdx.x;
  const int e = exponents[i];
  out[i] = 1000 >> e;
}

int main() {
  int* out;
  int* exponents;
  cudaMallocManaged(&out, 32 * sizeof(int));
  cudaMallocManaged(&exponents, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) exponents[i] = i == 5 ? -1 : i % 8;
  Scale<<<1, 32>>>(out, exponents);
  cudaDeviceSynchronize();
  return 0;
}
