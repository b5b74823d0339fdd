// map_shared_rank to rank 1: the engine's clusters have one block (CG-CLUSTER).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: unsupported by the engine
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+16]]), block (0,0,0), thread ([[LANE:[0-9]+]],0,0) (warp 0, lane [[LANE]])
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]: map_shared_rank to another block of the cluster: the engine runs no thread block clusters, so each cluster is one block
// CHECK-NEXT:   cooperative groups on the engine: see docs/semantics/cg.md
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  __shared__ int s[32];
  s[threadIdx.x] = 1;
  out[threadIdx.x] = *cg::this_cluster().map_shared_rank(&s[threadIdx.x], 1);
}
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
