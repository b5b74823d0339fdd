// expect: warpsafe: deadlock
// WarpContract::kWholeWarpsCall promises that every logical warp of a hardware warp calls; here
// only the first 16-lane logical warp of each warp scans, and its shuffles name all 32 lanes while
// the other half waits at __syncthreads.
#include <warpsafe/warp.cuh>

using Scan = warpsafe::WarpScan<int, 16, warpsafe::WarpScanAlgorithm::kShuffle, warpsafe::WarpContract::kWholeWarpsCall>;

__global__ void k(int* out) {
  int x = 1;
  if (threadIdx.x % 32 < 16) x = Scan().InclusiveSum(x);
  __syncthreads();
  out[threadIdx.x] = x;
}
int main() {
  int* out;
  cudaMalloc(&out, 64 * sizeof(int));
  k<<<1, 64>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
