// Threads of a 64-thread tile read what the tile's other warp wrote to shared memory: without the
// tile's sync() between the write and the read it is a data race that `warpsafe check` finds; with
// it (WITH_SYNC) the barrier orders the two warps and the run is clean (CG-TILE-LARGE).
// REQUIRES: race-detector
// RUN: %expect-exit 66 %warpsafe check %s --schedules 20 2>&1 | FileCheck %s -DFILE=%s
// RUN: %warpsafe check %s --schedules 20 -D WITH_SYNC 2>&1 | FileCheck %s --check-prefix=SYNC
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+25]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   in shared memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+18]]: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+13]]: previous write of 4 bytes by block (0,0,0), thread (32,0,0) (warp 1, lane 0)
// CHECK-NEXT:   shared memory: __shared__ declaration at [[FILE]]:[[@LINE+10]]:48 (512 bytes) at +128
// CHECK-NEXT:   the threads are in warps 1 and 0 of one block: no __syncthreads() between the accesses (BAR-1)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}
// SYNC:       warpsafe check: no defect in 20 schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// SYNC-NOT:   {{.}}

#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  __shared__ int buf[128];
  auto t = cg::tiled_partition<64>(cg::this_thread_block());
  buf[threadIdx.x] = threadIdx.x;
#ifdef WITH_SYNC
  t.sync();
#endif
  out[threadIdx.x] = buf[threadIdx.x / 64 * 64 + (t.thread_rank() + 32) % 64];
}
int main() {
  int* out;
  cudaMallocManaged(&out, 128 * sizeof(int));
  k<<<1, 128>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int i = 0; i < 128; ++i) if (out[i] != i / 64 * 64 + (i % 64 + 32) % 64) return 2;
  return 0;
}
