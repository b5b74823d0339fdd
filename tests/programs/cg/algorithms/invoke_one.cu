// invoke_one calls the function in one thread of the group; invoke_one_broadcast gives its result
// to all. The engine elects rank 0, as an NVIDIA H100 did (2026-11-25; CG-INVOKE).
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(int* calls, int* got) {
  auto t = cg::tiled_partition<8>(cg::this_thread_block());
  cg::invoke_one(t, [&] { atomicAdd(&calls[t.meta_group_rank()], 1); });
  got[threadIdx.x] = cg::invoke_one_broadcast(t, [&] { return 100 + (int)threadIdx.x; });
  cg::coalesced_group g = cg::binary_partition(cg::tiled_partition<32>(cg::this_thread_block()), threadIdx.x % 2);
  got[32 + threadIdx.x] = cg::invoke_one_broadcast(g, [] { return 7; }) + g.thread_rank();
}

int main() {
  int *calls, *got;
  cudaMallocManaged(&calls, 4 * sizeof(int));
  cudaMallocManaged(&got, 64 * sizeof(int));
  for (int i = 0; i < 4; ++i) calls[i] = 0;
  k<<<1, 32>>>(calls, got);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int i = 0; i < 4; ++i) if (calls[i] != 1) return 2;
  for (int i = 0; i < 32; ++i) {
    if (got[i] != 100 + i / 8 * 8) return 3;
    if (got[32 + i] != 7 + i / 2) return 4;
  }
  return 0;
}
