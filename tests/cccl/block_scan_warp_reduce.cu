// cub::BlockScan (an exclusive sum over a 128-thread block) and cub::WarpReduce (a sum per warp)
// from CCCL's own headers: the device pass takes CUB's sm_90 code, inline PTX included
// (shfl.sync with its predicate in WarpScan's shuffle specialization, %laneid), and the results
// are checked against a sequential sum on the host.
#include <cstdio>
#include <cub/block/block_scan.cuh>
#include <cub/warp/warp_reduce.cuh>

constexpr int kThreads = 128;

__global__ void ScanAndReduce(const int* in, int* scanned, int* warp_sums) {
  using BlockScan = cub::BlockScan<int, kThreads>;
  using WarpReduce = cub::WarpReduce<int>;
  __shared__ typename BlockScan::TempStorage scan_storage;
  __shared__ typename WarpReduce::TempStorage reduce_storage[kThreads / 32];
  const int t = threadIdx.x;
  int x = in[blockIdx.x * kThreads + t];
  int prefix;
  BlockScan(scan_storage).ExclusiveSum(x, prefix);
  scanned[blockIdx.x * kThreads + t] = prefix;
  const int warp = t / 32;
  int sum = WarpReduce(reduce_storage[warp]).Sum(x);
  if (t % 32 == 0) warp_sums[blockIdx.x * (kThreads / 32) + warp] = sum;
}

int main() {
  const int blocks = 2, n = blocks * kThreads;
  int *in, *scanned, *sums;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&scanned, n * sizeof(int));
  cudaMallocManaged(&sums, blocks * (kThreads / 32) * sizeof(int));
  for (int i = 0; i < n; ++i) in[i] = (i * 7) % 13;
  ScanAndReduce<<<blocks, kThreads>>>(in, scanned, sums);
  if (cudaDeviceSynchronize() != cudaSuccess) { std::printf("launch failed\n"); return 1; }
  int bad = 0;
  for (int b = 0; b < blocks; ++b) {
    int run = 0;
    for (int t = 0; t < kThreads; ++t) {
      if (scanned[b * kThreads + t] != run) ++bad;
      run += in[b * kThreads + t];
    }
    for (int w = 0; w < kThreads / 32; ++w) {
      int s = 0;
      for (int l = 0; l < 32; ++l) s += in[b * kThreads + w * 32 + l];
      if (sums[b * (kThreads / 32) + w] != s) ++bad;
    }
  }
  std::printf("CUB %d: ", CUB_VERSION);
  std::printf("%s (%d wrong)\n", bad == 0 ? "PASS" : "FAIL", bad);
  return bad == 0 ? 0 : 1;
}
