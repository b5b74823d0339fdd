// thread_block_tile<N>::match_any and match_all, their lane sets given as tile ranks (CG-MATCH).
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

__global__ void k(unsigned* out, int* pred) {
  auto t = cg::tiled_partition<16>(cg::this_thread_block());
  const unsigned i = threadIdx.x;
  out[i * 2] = t.match_any(i % 2);
  int p = -1;
  out[i * 2 + 1] = t.match_all(i < 16 ? 5.0 : double(i), p);
  pred[i] = p;
}

int main() {
  unsigned* out;
  int* pred;
  cudaMallocManaged(&out, 64 * sizeof(unsigned));
  cudaMallocManaged(&pred, 32 * sizeof(int));
  k<<<1, 32>>>(out, pred);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (unsigned i = 0; i < 32; ++i) {
    if (out[i * 2] != (i % 2 ? 0xaaaau : 0x5555u)) return 2;
    const bool same = i < 16;
    if (out[i * 2 + 1] != (same ? 0xffffu : 0u) || pred[i] != (same ? 1 : 0)) return 3;
  }
  return 0;
}
