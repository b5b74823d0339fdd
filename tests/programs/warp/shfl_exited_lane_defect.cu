// Lanes 8-31 return early; lane 0 still reads lane 9.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: shuffle from inactive lane
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+13]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: __shfl_sync(0xffffffff, value, srcLane=9, width=32) with lanes 0-7 taking part
// CHECK-NEXT:   lane 0 reads lane 9, which has exited; a lane that is not part of the exchange has no value to give, so the result is undefined (SHFL-7)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void k(int* out) {
  if (threadIdx.x >= 8) return;
  out[threadIdx.x] = __shfl_sync(0xffffffff, (int)threadIdx.x, threadIdx.x + 9);
}
int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
