// Inclusive prefix sum over a whole thread block, in three phases:
//   1. every warp scans its own 32 values with __shfl_up_sync (Hillis-Steele: log2(32) rounds,
//      each adding the value `dist` lanes below);
//   2. the last lane of each warp parks its warp's total in shared memory;
//   3. warp 0 scans those totals the same way, and every warp adds the total of the warps below it.
// Only shuffles exchange data inside a warp, so no __syncwarp is needed there; the two
// __syncthreads order the shared-memory hand-over between warps. The program is correct under
// every schedule and under --arch sm_60, and checks its own result on the host.
// Prints "shuffle_block_scan: ok (...)" and exits 0, or names the first wrong element and exits 1.
#include <stdio.h>

constexpr unsigned kAllLanes = 0xffffffffu;
constexpr int kLanes = 32;

// Inclusive sum of `x` over lanes 0..lane of the calling warp. All 32 lanes must call it.
__device__ int WarpInclusiveSum(int x) {
  const int lane = threadIdx.x % kLanes;
  for (int dist = 1; dist < kLanes; dist *= 2) {
    const int below = __shfl_up_sync(kAllLanes, x, dist);
    // A lane with no partner `dist` below gets its own value back from the shuffle: skip it.
    if (lane >= dist) x += below;
  }
  return x;
}

// Inclusive sum of `x` over threads 0..threadIdx.x of the block. blockDim.x must be a multiple
// of 32 and at most 1024, so there are at most 32 warp totals and warp 0 can scan them.
__device__ int BlockInclusiveSum(int x) {
  __shared__ int warp_totals[kLanes];
  const int lane = threadIdx.x % kLanes;
  const int warp = threadIdx.x / kLanes;
  const int warps = blockDim.x / kLanes;

  const int in_warp = WarpInclusiveSum(x);
  if (lane == kLanes - 1) warp_totals[warp] = in_warp;
  __syncthreads();  // every total is written before warp 0 reads them

  if (warp == 0) {
    // Slots past the last warp were never written: feed zeros instead of reading them.
    const int total = lane < warps ? warp_totals[lane] : 0;
    const int upto = WarpInclusiveSum(total);
    if (lane < warps) warp_totals[lane] = upto;
  }
  __syncthreads();  // the scanned totals are visible to every warp

  return warp == 0 ? in_warp : in_warp + warp_totals[warp - 1];
}

__global__ void ScanEachBlock(const int* in, int* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = BlockInclusiveSum(in[i]);
}

int main() {
  constexpr int kThreads = 256, kBlocks = 4, kCount = kThreads * kBlocks;
  static int host_in[kCount], host_out[kCount];
  for (int i = 0; i < kCount; ++i) host_in[i] = (i * 5 + 3) % 11 - 5;  // mixed signs

  int *in = nullptr, *out = nullptr;
  if (cudaMalloc(&in, sizeof host_in) != cudaSuccess || cudaMalloc(&out, sizeof host_out) != cudaSuccess) {
    printf("shuffle_block_scan: cudaMalloc failed\n");
    return 2;
  }
  cudaMemcpy(in, host_in, sizeof host_in, cudaMemcpyHostToDevice);
  cudaMemset(out, 0x5A, sizeof host_out);  // a stale value can never pass the check below
  ScanEachBlock<<<kBlocks, kThreads>>>(in, out);
  const cudaError_t status = cudaDeviceSynchronize();
  if (status != cudaSuccess) {
    printf("shuffle_block_scan: launch failed: %s\n", cudaGetErrorString(status));
    return 2;
  }
  cudaMemcpy(host_out, out, sizeof host_out, cudaMemcpyDeviceToHost);
  cudaFree(in);
  cudaFree(out);

  for (int block = 0; block < kBlocks; ++block) {
    int running = 0;
    for (int t = 0; t < kThreads; ++t) {
      const int i = block * kThreads + t;
      running += host_in[i];
      if (host_out[i] != running) {
        printf("shuffle_block_scan: FAIL at element %d: got %d, expected %d\n", i, host_out[i], running);
        return 1;
      }
    }
  }
  printf("shuffle_block_scan: ok (%d elements, %d blocks of %d threads)\n", kCount, kBlocks, kThreads);
  return 0;
}
