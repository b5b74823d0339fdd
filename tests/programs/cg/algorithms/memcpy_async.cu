// cg::memcpy_async by a block and by a tile, then cg::wait / cg::wait_prior: after the wait every
// thread of the group sees the whole copy (CG-MEMCPY).
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

__global__ void k(const int* in, int* out) {
  __shared__ int block_copy[100];
  __shared__ int tile_copy[2][40];
  cg::thread_block b = cg::this_thread_block();
  auto t = cg::tiled_partition<32>(b);
  cg::memcpy_async(b, block_copy, in, sizeof(int) * 100);
  cg::memcpy_async(t, tile_copy[t.meta_group_rank()], 40, in + 100 + 40 * t.meta_group_rank(), 40);
  cg::wait(b);
  cg::wait_prior<0>(t);
  out[threadIdx.x] = block_copy[99 - threadIdx.x % 100] + tile_copy[t.meta_group_rank()][39 - t.thread_rank()];
}

int main() {
  int *in, *out;
  cudaMallocManaged(&in, 180 * sizeof(int));
  cudaMallocManaged(&out, 64 * sizeof(int));
  for (int i = 0; i < 180; ++i) in[i] = i * 3;
  k<<<1, 64>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int i = 0; i < 64; ++i) {
    const int tile = i / 32, rank = i % 32;
    if (out[i] != (99 - i % 100) * 3 + (100 + 40 * tile + 39 - rank) * 3) return 2;
  }
  return 0;
}
