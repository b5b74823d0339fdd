// div.u32 in inline PTX with a zero divisor: no defined result, reported as a C++ division is.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: integer division by zero in GPU thread
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+14]]), block (0,0,0), thread ([[LANE:[0-9]+]],0,0) (warp 0, lane [[LANE]])
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: asm: div.u32 %0, %1, %2
// CHECK-NEXT:   the divisor is 0; the PTX ISA gives div and rem no defined result then (DIV-1)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void k(unsigned* out, unsigned d) {
  unsigned q;
  asm("div.u32 %0, %1, %2;" : "=r"(q) : "r"(100u), "r"(d));
  out[threadIdx.x] = q;
}
int main() {
  unsigned* out;
  cudaMalloc(&out, 32 * sizeof(unsigned));
  k<<<1, 32>>>(out, 0);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
