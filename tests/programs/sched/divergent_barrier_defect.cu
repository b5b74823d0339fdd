// The condition differs between the block's two warps.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: divergent __syncthreads
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+20]]), block (0,0,0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]: __syncthreads reached by 32 threads, e.g. thread ({{[0-9]|[12][0-9]|3[01]}},0,0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+11]]: __syncthreads reached by 32 threads, e.g. thread ({{3[2-9]|[45][0-9]|6[0-3]}},0,0)
// CHECK-NEXT:   all non-exited threads of a block must reach the same __syncthreads: one inside a branch is valid only when every thread of the block takes that branch the same way (BAR-3)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void k(int* out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 32) {
    __syncthreads();
  } else {
    __syncthreads();
  }
  out[threadIdx.x] = s[63 - threadIdx.x];
}
int main() {
  int* out;
  cudaMalloc(&out, 64 * sizeof(int));
  k<<<1, 64>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
