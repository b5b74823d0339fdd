// scan_warp_bug.cu repaired: each round, a lane first reads the slot `dist` below into a register,
// the warp meets at __syncwarp so every read is done before any slot changes, then the lane writes
// its own slot, and the warp meets again before the next round reads (SYNCWARP-2). The sums are
// checked on the host.
// RUN: %warpsafe check %s --schedules 60 --policy all 2>&1 | FileCheck %s
// CHECK:      warpsafe check: no defect in 60 schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// CHECK-NOT:  {{.}}

#include <stdio.h>

__device__ int SyncedWarpSum(int* slots, int lane) {
  for (int dist = 1; dist < 32; dist *= 2) {
    const int below = lane >= dist ? slots[lane - dist] : 0;
    __syncwarp();
    slots[lane] += below;
    __syncwarp();
  }
  return slots[lane];
}

__global__ void SumPrefixes(const int* in, int* out) {
  __shared__ int slots[32];
  const int lane = threadIdx.x;
  slots[lane] = in[lane];
  __syncwarp();
  out[lane] = SyncedWarpSum(slots, lane);
}

int main() {
  int *in = nullptr, *out = nullptr;
  cudaMallocManaged(&in, 32 * sizeof(int));
  cudaMallocManaged(&out, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) in[i] = 3 - i % 4;
  SumPrefixes<<<1, 32>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  int expected = 0;
  for (int i = 0; i < 32; ++i) {
    expected += in[i];
    if (out[i] != expected) {
      printf("scan_warp_ok: lane %d has %d, expected %d\n", i, out[i], expected);
      return 1;
    }
  }
  return 0;
}
