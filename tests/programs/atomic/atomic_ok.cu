// libcu++'s atomics from its own headers: cuda::atomic of device scope counting across blocks,
// cuda::atomic_ref of block scope on shared memory, cuda::atomic's fetch_max, cuda::std::atomic, and a release/acquire
// message between blocks through cuda::atomic_ref of device scope; each result checked on the host.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 8 2>&1 | count 0
// RUN: %warpsafe run %s --arch sm_70 --schedule random --seed 2 2>&1 | count 0

#include <cuda/atomic>
#include <cuda/std/atomic>

constexpr int kBlocks = 3;
constexpr int kThreads = 64;

__device__ cuda::atomic<int, cuda::thread_scope_device> total{0};
__device__ cuda::atomic<unsigned long long> maximum{0};
__device__ cuda::std::atomic<unsigned> arrivals{0};
__device__ int flag;
__device__ int message;

__global__ void count(int* per_block) {
  __shared__ int in_block;
  if (threadIdx.x == 0) in_block = 0;
  __syncthreads();
  cuda::atomic_ref<int, cuda::thread_scope_block> local(in_block);
  local.fetch_add(1, cuda::memory_order_relaxed);
  total.fetch_add(2, cuda::std::memory_order_relaxed);
  maximum.fetch_max(blockIdx.x * 1000ull + threadIdx.x);
  arrivals.fetch_add(1u, cuda::std::memory_order_acq_rel);
  __syncthreads();
  if (threadIdx.x == 0) per_block[blockIdx.x] = local.load();
}

__global__ void handoff(int* out) {
  cuda::atomic_ref<int, cuda::thread_scope_device> f(flag);
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    message = 42;
    f.store(1, cuda::memory_order_release);
  }
  if (blockIdx.x == 1 && threadIdx.x == 0) {
    while (f.load(cuda::memory_order_acquire) == 0) {
    }
    *out = message;
  }
}

int main() {
  int* per_block;
  cudaMallocManaged(&per_block, (kBlocks + 1) * sizeof(int));
  count<<<kBlocks, kThreads>>>(per_block);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int b = 0; b < kBlocks; ++b) {
    if (per_block[b] != kThreads) return 2;
  }
  int host_total = 0;
  unsigned long long host_max = 0;
  unsigned host_arrivals = 0;
  cudaMemcpyFromSymbol(&host_total, total, sizeof host_total);
  cudaMemcpyFromSymbol(&host_max, maximum, sizeof host_max);
  cudaMemcpyFromSymbol(&host_arrivals, arrivals, sizeof host_arrivals);
  if (host_arrivals != kBlocks * kThreads) return 7;
  if (host_total != 2 * kBlocks * kThreads) return 3;
  if (host_max != (kBlocks - 1) * 1000ull + kThreads - 1) return 4;
  handoff<<<2, 32>>>(per_block + kBlocks);
  if (cudaDeviceSynchronize() != cudaSuccess) return 5;
  return per_block[kBlocks] == 42 ? 0 : 6;
}
