// thread_block_tile<N>::shfl, shfl_up, shfl_down, shfl_xor for every tile size: the intrinsics over
// the tile's lanes with width N (CG-TILE). A 64-thread block: two warps, 64/N tiles.
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

template <unsigned N>
__global__ void k(int* out) {
  cg::thread_block_tile<N> t = cg::tiled_partition<N>(cg::this_thread_block());
  const int v = 1000 + threadIdx.x;
  const int i = threadIdx.x;
  out[i * 4 + 0] = t.shfl(v, 1);
  out[i * 4 + 1] = t.shfl_up(v, 1);
  out[i * 4 + 2] = t.shfl_down(v, 1);
  out[i * 4 + 3] = t.shfl_xor(v, N > 1 ? N - 1 : 0);
}

template <unsigned N>
bool Check(int* out) {
  k<N><<<1, 64>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return false;
  for (int i = 0; i < 64; ++i) {
    const int base = i / N * N, r = i % N;
    const int idx = 1000 + base + (1 % N);
    const int up = 1000 + (r >= 1 ? i - 1 : i);
    const int down = 1000 + (r + 1 < (int)N ? i + 1 : i);
    const int x = 1000 + base + (r ^ (N > 1 ? N - 1 : 0));
    if (out[i * 4] != idx || out[i * 4 + 1] != up || out[i * 4 + 2] != down || out[i * 4 + 3] != x) return false;
  }
  return true;
}

int main() {
  int* out;
  cudaMallocManaged(&out, 64 * 4 * sizeof(int));
  if (!Check<1>(out) || !Check<2>(out) || !Check<4>(out)) return 1;
  if (!Check<8>(out) || !Check<16>(out) || !Check<32>(out)) return 2;
  return 0;
}
