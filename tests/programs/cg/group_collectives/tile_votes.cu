// thread_block_tile<N>::any, all, ballot: votes over the tile, ballot bits by tile rank (CG-VOTE).
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

__global__ void k(unsigned* out) {
  auto t = cg::tiled_partition<8>(cg::this_thread_block());
  const unsigned i = threadIdx.x;
  out[i * 3 + 0] = t.ballot(i % 3 == 0);
  out[i * 3 + 1] = t.any(i == 13);
  out[i * 3 + 2] = t.all(i / 8 != 2);
}

int main() {
  unsigned* out;
  cudaMallocManaged(&out, 32 * 3 * sizeof(unsigned));
  k<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (unsigned i = 0; i < 32; ++i) {
    unsigned ballot = 0;
    for (unsigned r = 0; r < 8; ++r) ballot |= ((i / 8 * 8 + r) % 3 == 0 ? 1u : 0u) << r;
    if (out[i * 3] != ballot) return 2;
    if (out[i * 3 + 1] != (i / 8 == 1 ? 1u : 0u)) return 3;
    if (out[i * 3 + 2] != (i / 8 != 2 ? 1u : 0u)) return 4;
  }
  return 0;
}
