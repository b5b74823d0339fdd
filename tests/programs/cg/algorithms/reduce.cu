// cg::reduce over tiles of every size and over a coalesced group with holes, with each operator:
// every thread gets the same result, op folded over the whole group (CG-REDUCE).
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

template <unsigned N>
__global__ void tiles(int* out) {
  auto t = cg::tiled_partition<N>(cg::this_thread_block());
  const int v = static_cast<int>((threadIdx.x * 7 + 3) % 23) - 11;
  int* o = out + threadIdx.x * 6;
  o[0] = cg::reduce(t, v, cg::plus<int>());
  o[1] = cg::reduce(t, v, cg::less<int>());
  o[2] = cg::reduce(t, v, cg::greater<int>());
  o[3] = cg::reduce(t, static_cast<int>(threadIdx.x | 0x100), cg::bit_and<int>());
  o[4] = cg::reduce(t, 1 << (threadIdx.x % 31), cg::bit_or<int>());
  o[5] = cg::reduce(t, static_cast<int>(threadIdx.x * 13), cg::bit_xor<int>());
}

template <unsigned N>
bool Check(int* out) {
  tiles<N><<<1, 64>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return false;
  for (unsigned i = 0; i < 64; ++i) {
    int sum = 0, lo = 1 << 30, hi = -(1 << 30), band = -1, bor = 0, bxor = 0;
    for (unsigned j = i / N * N; j < i / N * N + N; ++j) {
      const int v = static_cast<int>((j * 7 + 3) % 23) - 11;
      sum += v;
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
      band &= static_cast<int>(j | 0x100);
      bor |= 1 << (j % 31);
      bxor ^= static_cast<int>(j * 13);
    }
    const int* o = out + i * 6;
    if (o[0] != sum || o[1] != lo || o[2] != hi || o[3] != band || o[4] != bor || o[5] != bxor) return false;
  }
  return true;
}

__global__ void holes(double* out) {
  auto t = cg::tiled_partition<32>(cg::this_thread_block());
  cg::coalesced_group g = cg::binary_partition(t, threadIdx.x % 3 == 0);
  out[threadIdx.x] = cg::reduce(g, 0.5 * threadIdx.x, cg::plus<double>());
}

int main() {
  int* out;
  cudaMallocManaged(&out, 64 * 6 * sizeof(int));
  if (!Check<1>(out) || !Check<2>(out) || !Check<4>(out) || !Check<8>(out)) return 1;
  if (!Check<16>(out) || !Check<32>(out)) return 2;
  double* d;
  cudaMallocManaged(&d, 32 * sizeof(double));
  holes<<<1, 32>>>(d);
  if (cudaDeviceSynchronize() != cudaSuccess) return 3;
  double in = 0, not_in = 0;
  for (int i = 0; i < 32; ++i) (i % 3 == 0 ? in : not_in) += 0.5 * i;
  for (int i = 0; i < 32; ++i) if (d[i] != (i % 3 == 0 ? in : not_in)) return 4;
  return 0;
}
