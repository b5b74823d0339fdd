// cg::inclusive_scan and cg::exclusive_scan over tiles and a coalesced group with holes: rank r
// gets op over ranks 0..r (inclusive) or 0..r-1 (exclusive); rank 0 of an exclusive scan gets a
// value-initialized T, as an NVIDIA H100 gives for plus, bit_xor and greater (2026-11-25; CG-SCAN).
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__global__ void k(int* out) {
  auto t8 = cg::tiled_partition<8>(cg::this_thread_block());
  auto t32 = cg::tiled_partition<32>(cg::this_thread_block());
  const int l = threadIdx.x;
  int* o = out + l * 6;
  o[0] = cg::inclusive_scan(t8, l + 1);
  o[1] = cg::exclusive_scan(t8, l + 1);
  o[2] = cg::exclusive_scan(t32, 5 + l, cg::greater<int>());
  o[3] = cg::inclusive_scan(t32, 0x100 + l, cg::bit_xor<int>());
  cg::coalesced_group g = cg::binary_partition(t32, l % 3 == 0);
  o[4] = cg::inclusive_scan(g, l);
  o[5] = cg::exclusive_scan(g, l, cg::plus<int>());
}

int main() {
  int* out;
  cudaMallocManaged(&out, 32 * 6 * sizeof(int));
  k<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int l = 0; l < 32; ++l) {
    int inc8 = 0, inc32x = 0, incg = 0;
    for (int j = l / 8 * 8; j <= l; ++j) inc8 += j + 1;
    for (int j = 0; j <= l; ++j) inc32x ^= 0x100 + j;
    for (int j = 0; j <= l; ++j) incg += (j % 3 == 0) == (l % 3 == 0) ? j : 0;
    const int* o = out + l * 6;
    if (o[0] != inc8 || o[1] != inc8 - (l + 1)) return 2;
    if (o[2] != (l == 0 ? 0 : 5 + l - 1)) return 3;
    if (o[3] != inc32x) return 4;
    if (o[4] != incg || o[5] != incg - l) return 5;
  }
  return 0;
}
