// The two warps of a tile of 64 threads call different collectives of the tile: the first
// warp's any() and the second warp's shfl() would pair their exchanges (CG-TILE-SAME). Which side
// waits first depends on the schedule.
// Under lockstep the first warp waits whole; under random any part of either warp may wait first.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s --check-prefix=LOCKSTEP -DFILE=%s
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// LOCKSTEP:      warpsafe: mismatched warp collective
// LOCKSTEP-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+25]]), block (0,0,0), thread (32,0,0) (warp 1, lane 0)
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+16]]: threads 0-31 of the tile of threads 0-63 of the block wait at tile.any()
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+17]]: thread 32 of the same tile reaches tile.shfl() instead; every thread of a tile must take part in the same collective (docs/semantics/cg.md, CG-TILE-SAME)
// LOCKSTEP-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90
// LOCKSTEP-NOT:  {{.}}
// CHECK:      warpsafe: mismatched warp collective
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+19]]), block (0,0,0), thread ({{[0-9]+}},0,0) (warp {{[01]}}, lane {{[0-9]+}})
// CHECK-NEXT:   at [[FILE]]:{{2[68]}}: {{(thread [0-9]+ of the tile of threads 0-63 of the block waits|threads [0-9,-]+ of the tile of threads 0-63 of the block wait)}} at tile.{{any|shfl}}()
// CHECK-NEXT:   at [[FILE]]:{{2[68]}}: thread {{[0-9]+}} of the same tile reaches tile.{{any|shfl}}() instead; every thread of a tile must take part in the same collective (docs/semantics/cg.md, CG-TILE-SAME)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  auto t = cg::tiled_partition<64>(cg::this_thread_block());
  if (t.thread_rank() < 32) {
    out[threadIdx.x] = t.any(threadIdx.x == 3);
  } else {
    out[threadIdx.x] = t.shfl(static_cast<int>(threadIdx.x), 0);
  }
}
int main() {
  int* out;
  cudaMallocManaged(&out, 64 * sizeof(int));
  k<<<1, 64>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
