// A width of 6 is not a power of two.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: invalid shuffle width
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+10]]), block (0,0,0), thread ([[LANE:[0-9]+]],0,0) (warp 0, lane [[LANE]])
// CHECK-NEXT:   at [[FILE]]:[[@LINE+5]]: __shfl_up_sync with width 6
// CHECK-NEXT:   width must be a power of two from 1 to 32 (warpSize); CUDA leaves the result undefined otherwise (SHFL-6)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void k(int* out) { out[threadIdx.x] = __shfl_up_sync(0xffffffff, (int)threadIdx.x, 1, 6); }
int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
