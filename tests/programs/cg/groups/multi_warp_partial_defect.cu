// Thread 70 of a tile of 128 threads leaves before the tile's shfl: the other 127 complete it
// without it, which a tile's collective does not allow (CG-ALL). Twin: multi_warp_partial_ok.cu.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: group collective reached by part of the group
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+16]]), block (0,0,0), thread ({{[0-9]+}},0,0) (warp {{[0-3]}}, lane {{[0-9]+}})
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]: tile.shfl() of the tile of threads 0-127 of the block, reached by threads 0-69,71-127
// CHECK-NEXT:   thread 70 of the tile exited without reaching it; every thread of a cooperative group must take part in its collective operations, or the behaviour is undefined (docs/semantics/cg.md, CG-ALL)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  cg::thread_block_tile<128> t = cg::tiled_partition<128>(cg::this_thread_block());
  if (t.thread_rank() == 70) return;
  out[threadIdx.x] = t.shfl(static_cast<int>(threadIdx.x) * 3, 5);
}
int main() {
  int* out;
  cudaMallocManaged(&out, 128 * sizeof(int));
  k<<<1, 128>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
