// WarpContract::kWholeWarpsCall promises that every logical warp of a hardware warp calls; here
// only the first 16-lane logical warp of each warp scans, and its shuffles name all 32 lanes while
// the other half waits at __syncthreads. The report names the user's call of the scan, with the
// library's line after it.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: deadlock
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+22]]), block (0,0,0)
// CHECK-NEXT:   every live thread of the block is blocked (BAR-6):
// CHECK-NEXT:     warp 0 lanes 0-15 wait at __shfl_up_sync with mask 0xffffffff at [[FILE]]:[[@LINE+13]] (in {{.*}}/include/warpsafe/detail/warp_scan_shfl.cuh:{{[0-9]+}})
// CHECK-NEXT:     warp 0 lanes 16-31 wait at __syncthreads at [[FILE]]:[[@LINE+13]]
// CHECK-NEXT:     warp 1 lanes 0-15 wait at __shfl_up_sync with mask 0xffffffff at [[FILE]]:[[@LINE+11]] (in {{.*}}/include/warpsafe/detail/warp_scan_shfl.cuh:{{[0-9]+}})
// CHECK-NEXT:     warp 1 lanes 16-31 wait at __syncthreads at [[FILE]]:[[@LINE+11]]
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <warpsafe/warp.cuh>

using Scan = warpsafe::WarpScan<int, 16, warpsafe::WarpScanAlgorithm::kShuffle, warpsafe::WarpContract::kWholeWarpsCall>;

__global__ void k(int* out) {
  int x = 1;
  if (threadIdx.x % 32 < 16) x = Scan().InclusiveSum(x);
  __syncthreads();
  out[threadIdx.x] = x;
}
int main() {
  int* out;
  cudaMalloc(&out, 64 * sizeof(int));
  k<<<1, 64>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
