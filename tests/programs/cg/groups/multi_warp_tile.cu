// Tiles of several warps (CG-TILE-LARGE): for every size from 64 to 512 in a block of 1024 threads,
// the ranks and meta group, sync() ordering shared memory among the tile's warps, shfl from a rank,
// any/all, cg::reduce (every thread the same sum), a 32-thread tile cut from a large one, and the
// tile through a thread_group. Kernels with and without block_tile_memory.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

constexpr unsigned kBlock = 1024;
constexpr int kFields = 8;

template <unsigned N, bool kScratch>
__global__ void k(int* out) {
  __shared__ cg::block_tile_memory<kBlock> scratch;
  __shared__ int buf[kBlock];
  cg::thread_block b = kScratch ? cg::this_thread_block(scratch) : cg::this_thread_block();
  cg::thread_block_tile<N> t = cg::tiled_partition<N>(b);
  const unsigned r = t.thread_rank();
  const unsigned me = b.thread_rank();
  int* o = out + (blockIdx.x * kBlock + me) * kFields;
  o[0] = static_cast<int>(r + 10000 * t.meta_group_rank());
  o[1] = static_cast<int>(t.meta_group_size() * 1000 + t.num_threads());
  // Each thread writes its slot, then reads the slot of the tile's last rank minus its own: the
  // reads cross warps of the tile, which only the tile's sync() orders.
  buf[me] = static_cast<int>(me) * 3;
  t.sync();
  o[2] = buf[me - r + (N - 1 - r)];
  t.sync();
  o[3] = t.shfl(static_cast<int>(me) * 7, 5);
  o[4] = t.any(r == N - 1) * 10 + t.all(r < N) * 100 + t.all(r != 3);
  o[5] = cg::reduce(t, static_cast<int>(r) + 1, cg::plus<int>());
  cg::thread_block_tile<32> w = cg::tiled_partition<32>(t);
  o[6] = static_cast<int>(w.meta_group_rank() * 100 + w.meta_group_size());
  cg::thread_group g = t;
  buf[me] = 1;
  g.sync();
  int sum = 0;
  for (unsigned i = 0; i < N; ++i) sum += buf[me - r + i];
  o[7] = sum;
}

template <unsigned N, bool kScratch>
int Check(int* out) {
  k<N, kScratch><<<2, kBlock>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (unsigned block = 0; block < 2; ++block) {
    for (unsigned me = 0; me < kBlock; ++me) {
      const int* o = out + (block * kBlock + me) * kFields;
      const unsigned r = me % N, tile = me / N;
      if (o[0] != static_cast<int>(r + 10000 * tile)) return 2;
      if (o[1] != static_cast<int>(kBlock / N * 1000 + N)) return 3;
      if (o[2] != static_cast<int>(tile * N + (N - 1 - r)) * 3) return 4;
      if (o[3] != static_cast<int>(tile * N + 5) * 7) return 5;
      if (o[4] != 110) return 6;
      if (o[5] != static_cast<int>(N * (N + 1) / 2)) return 7;
      if (o[6] != static_cast<int>(r / 32 * 100 + N / 32)) return 8;
      if (o[7] != static_cast<int>(N)) return 9;
    }
  }
  return 0;
}

int main() {
  int* out;
  cudaMallocManaged(&out, 2 * kBlock * kFields * sizeof(int));
  if (int e = Check<64, true>(out)) return 10 + e;
  if (int e = Check<128, false>(out)) return 20 + e;
  if (int e = Check<256, true>(out)) return 30 + e;
  if (int e = Check<512, false>(out)) return 40 + e;
  return 0;
}
