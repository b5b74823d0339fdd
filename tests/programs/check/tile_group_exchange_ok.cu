// The butterfly sum of tile_group_exchange_bug.cu repaired: a tile sync between each lane's read
// of its partner's slot and its write, so every read sees the previous round. The sync of a
// type-erased 16-thread tile, reached only by the first tile of the block, orders exactly its
// lanes; every lane ends with the sum under every schedule.
// REQUIRES: race-detector
// RUN: %warpsafe check %s --schedules 60 --policy all 2>&1 | FileCheck %s --check-prefix=CHECKED
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s --check-prefix=RAN
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s --check-prefix=RAN
// CHECKED:      warpsafe check: no defect in 60 schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// CHECKED-NOT:  {{.}}
// RAN:          0 of 16 sums wrong
// RAN-NOT:      {{.}}
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
      const float partner = slot[t ^ d];
      cg::sync(tile);  // every lane has read before any lane writes
      slot[t] += partner;
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
