// Twin: the same branch with the default contract, whose member mask names only the logical warp
// that calls; and kWholeWarpsCall where both logical warps call, from different branches.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

#include <warpsafe/warp.cuh>

template <warpsafe::WarpContract kContract>
using Scan = warpsafe::WarpScan<int, 16, warpsafe::WarpScanAlgorithm::kShuffle, kContract>;

__global__ void k(int* out) {
  const int lane = int(threadIdx.x % 32);
  int x = 1;
  if (lane < 16) x = Scan<warpsafe::WarpContract::kPartialWarps>().InclusiveSum(x);
  __syncthreads();
  if (lane < 16) x += Scan<warpsafe::WarpContract::kWholeWarpsCall>().InclusiveSum(1);
  else x += 100 * Scan<warpsafe::WarpContract::kWholeWarpsCall>().InclusiveSum(1);
  out[threadIdx.x] = x;
}
int main() {
  int* out;
  cudaMallocManaged(&out, 64 * sizeof(int));
  k<<<1, 64>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int t = 0; t < 64; ++t) {
    const int lane = t % 32;
    const int want = lane < 16 ? 2 * (lane + 1) : 1 + 100 * (lane - 15);
    if (out[t] != want) return 2;
  }
  return 0;
}
