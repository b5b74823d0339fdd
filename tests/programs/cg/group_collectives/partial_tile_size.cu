// The last tile of a block whose size (38 threads) is not a multiple of the tile size
// (CG-TILE-PARTIAL): a thread_block_tile<N> is N threads by its type, so size() and num_threads()
// are N in the partial tile too, and meta_group_size() counts the partial tile (rounded up); a
// tile made with a size given at run time (a thread_group) counts the threads it has, 6 of 32 or
// 6 of 16 here, and so does a tile of 4 cut from such a partial tile (2 threads for ranks 4 and 5).
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | FileCheck %s
// CHECK:      thread 0: t32 32 32 0 0 2, t16 16 16 0 0 3, d32 32 0, d16 16 0, sub 4 0
// CHECK-NEXT: thread 20: t32 32 32 20 0 2, t16 16 16 4 1 3, d32 32 20, d16 16 4, sub 4 0
// CHECK-NEXT: thread 35: t32 32 32 3 1 2, t16 16 16 3 2 3, d32 6 3, d16 6 3, sub 4 3
// CHECK-NEXT: thread 37: t32 32 32 5 1 2, t16 16 16 5 2 3, d32 6 5, d16 6 5, sub 2 1
// CHECK-NOT:  {{.}}

#include <cooperative_groups.h>

#include <cstdio>

namespace cg = cooperative_groups;

__global__ void k(unsigned* out) {
  cg::thread_block block = cg::this_thread_block();
  auto t32 = cg::tiled_partition<32>(block);
  auto t16 = cg::tiled_partition<16>(block);
  cg::thread_group d32 = cg::tiled_partition(block, 32);
  cg::thread_group d16 = cg::tiled_partition(block, 16);
  cg::thread_group sub = cg::tiled_partition(d32, 4);
  unsigned* o = out + block.thread_rank() * 14;
  o[0] = t32.size();
  o[1] = t32.num_threads();
  o[2] = t32.thread_rank();
  o[3] = t32.meta_group_rank();
  o[4] = t32.meta_group_size();
  o[5] = t16.size();
  o[6] = t16.num_threads();
  o[7] = t16.thread_rank();
  o[8] = t16.meta_group_rank();
  o[9] = t16.meta_group_size();
  o[10] = static_cast<unsigned>(d32.size()) * 100 + d32.thread_rank();
  o[11] = static_cast<unsigned>(d16.size()) * 100 + d16.thread_rank();
  o[12] = static_cast<unsigned>(sub.num_threads()) * 100 + sub.thread_rank();
  sub.sync();
  d32.sync();
}

int main() {
  unsigned* out;
  cudaMallocManaged(&out, 38 * 14 * sizeof(unsigned));
  k<<<1, 38>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (unsigned t : {0u, 20u, 35u, 37u}) {
    const unsigned* o = out + t * 14;
    std::printf("thread %u: t32 %u %u %u %u %u, t16 %u %u %u %u %u, d32 %u %u, d16 %u %u, sub %u %u\n", t, o[0], o[1],
                o[2], o[3], o[4], o[5], o[6], o[7], o[8], o[9], o[10] / 100, o[10] % 100, o[11] / 100, o[11] % 100,
                o[12] / 100, o[12] % 100);
  }
  return 0;
}
