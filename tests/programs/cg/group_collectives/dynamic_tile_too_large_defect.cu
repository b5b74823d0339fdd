// tiled_partition(block, n) with n = 64 known only at run time: CUDA's run-time form takes 1 to 32
// and traps on anything else, so the launch fails with cudaErrorLaunchFailure (CG-TILE-DYNAMIC).
// Twin: dynamic_tile_too_large_ok.cu (the static form, tiled_partition<64>).
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: __trap() at [[FILE]]:[[@LINE+8]] in kernel k (launched at [[FILE]]:[[@LINE+15]]), block (0,0,0), thread ({{[0-9]+}},0,0) (warp {{[01]}}, lane {{[0-9]+}}): tiled_partition(parent, 64): a tile size given at run time must be a power of two from 1 to 32, and CUDA traps on any other (tiled_partition<N> makes tiles of 64 to 512) (docs/semantics/cg.md); the launch fails with cudaErrorLaunchFailure
// CHECK-NEXT: launch failed as expected
// CHECK-NOT:  {{.}}

#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;
__global__ void k(int* out, unsigned n) {
  cg::thread_group t = cg::tiled_partition(cg::this_thread_block(), n);
  t.sync();
  out[threadIdx.x] = static_cast<int>(t.thread_rank());
}
int main() {
  int* out;
  cudaMallocManaged(&out, 64 * sizeof(int));
  k<<<1, 64>>>(out, 64);
  if (cudaDeviceSynchronize() != cudaErrorLaunchFailure) return 1;
  std::printf("launch failed as expected\n");
  return 0;
}
