// Half the warp shuffles, the other half votes, each naming the whole warp.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: mismatched warp collective
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+14]]), block (0,0,0), warp 0
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: lanes 0-15 wait at __shfl_sync with mask 0xffffffff
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: lanes 16-31, named in that mask, never arrive: lane 16 waits at __ballot_sync with mask 0xffffffff
// CHECK-NEXT:   every non-exited lane named in the mask must execute the same intrinsic with the same mask; CUDA leaves the result undefined otherwise, and here the warp can never go on (SYNC-SAME)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void k(int* out) {
  if (threadIdx.x < 16) out[threadIdx.x] = __shfl_sync(0xffffffff, 1, 0);
  else out[threadIdx.x] = __ballot_sync(0xffffffff, 1);
}
int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
