// Lanes of a tile of 8 exchange values through shared memory with no tile.sync() between the
// write and the read: a data race that `warpsafe check` finds (the twin below has the sync).
// REQUIRES: race-detector
// RUN: %expect-exit 66 %warpsafe check %s --schedules 20 2>&1 | FileCheck %s -DFILE=%s
// RUN: %warpsafe check %s --schedules 20 -D WITH_SYNC 2>&1 | FileCheck %s --check-prefix=SYNC
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+25]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   in shared memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+18]]: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+13]]: previous write of 4 bytes by block (0,0,0), thread (1,0,0) (warp 0, lane 1)
// CHECK-NEXT:   shared memory: __shared__ declaration at [[FILE]]:[[@LINE+10]]:46 (128 bytes) at +4
// CHECK-NEXT:   both threads are lanes of warp 0: no __syncwarp() between the accesses (tile.sync() where they exchange through a cooperative groups tile; lanes do not run in lockstep, and volatile, shuffles and votes do not order memory: ITS-3, SYNCWARP-2, SYNC-ORDER)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}
// SYNC:       warpsafe check: no defect in 20 schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// SYNC-NOT:   {{.}}

#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  __shared__ int buf[32];
  auto t = cg::tiled_partition<8>(cg::this_thread_block());
  buf[threadIdx.x] = threadIdx.x;
#ifdef WITH_SYNC
  t.sync();
#endif
  out[threadIdx.x] = buf[threadIdx.x / 8 * 8 + (t.thread_rank() + 1) % 8];
}
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int i = 0; i < 32; ++i) if (out[i] != i / 8 * 8 + (i % 8 + 1) % 8) return 2;
  return 0;
}
