// A butterfly sum through shared memory inside a 16-thread tile of a 64-thread block, taken as a
// type-erased cg::thread_group, where only the first tile works: the tile syncs between rounds but
// not between a lane's read of its partner's slot and its own write of the next value, so the
// partner may read the new value instead of the old one. On a GPU the lanes of a converged warp
// usually load before either stores, and the sum comes out right; under independent thread
// scheduling nothing orders them, and `warpsafe run` computes a wrong sum in either schedule.
// `warpsafe check` names the race (tile_group_exchange_ok.cu is the repaired twin).
// REQUIRES: race-detector
// RUN: %expect-exit 66 %warpsafe check %s --schedules 10 --policy all 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel tile_sum (launched at [[FILE]]:[[@LINE+34]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   in shared memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+20]]: write of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+19]]: previous read of 4 bytes by block (0,0,0), thread (8,0,0) (warp 0, lane 8)
// CHECK-NEXT:   shared memory: __shared__ declaration at [[FILE]]:[[@LINE+11]]:51 (64 bytes) at +0
// CHECK-NEXT:   both threads are lanes of warp 0: no __syncwarp() between the accesses (tile.sync() where they exchange through a cooperative groups tile; lanes do not run in lockstep, and volatile, shuffles and votes do not order memory: ITS-3, SYNCWARP-2, SYNC-ORDER)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}
#include <cooperative_groups.h>

#include <cstdio>

namespace cg = cooperative_groups;

__global__ void tile_sum(const float* in, float* out) {
  __shared__ float slot[16];
  cg::thread_group tile = cg::tiled_partition(cg::this_thread_block(), 16);
  const int t = threadIdx.x;
  if (t < 16) {
    slot[t] = in[t];
    cg::sync(tile);
    for (int d = 8; d > 0; d >>= 1) {
      slot[t] += slot[t ^ d];
      cg::sync(tile);
    }
    out[t] = slot[t];
  }
}

int main() {
  float *in, *out;
  cudaMallocManaged(&in, 16 * sizeof(float));
  cudaMallocManaged(&out, 16 * sizeof(float));
  for (int i = 0; i < 16; ++i) in[i] = static_cast<float>(i + 1);
  tile_sum<<<1, 64>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  int wrong = 0;
  for (int i = 0; i < 16; ++i) wrong += out[i] != 136.0f;
  printf("%d of 16 sums wrong\n", wrong);
  return 0;
}
