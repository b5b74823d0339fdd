// A block of 48 threads: warp 1 has lanes 0-15, and lane 0 reads lane 16, which does not exist.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: shuffle from inactive lane
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+14]]), block (0,0,0), thread (32,0,0) (warp 1, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: __shfl_down_sync(0xffffffff, value, delta=16, width=32) with lanes 0-15 taking part
// CHECK-NEXT:   lane 0 reads lane 16, which does not exist (the block has 48 threads, so warp 1 has only lanes 0-15); a lane that is not part of the exchange has no value to give, so the result is undefined (SHFL-7)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void k(int* out) {
  int v = threadIdx.x;
  v += __shfl_down_sync(0xffffffff, v, 16);
  out[threadIdx.x] = v;
}
int main() {
  int* out;
  cudaMalloc(&out, 48 * sizeof(int));
  k<<<1, 48>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
