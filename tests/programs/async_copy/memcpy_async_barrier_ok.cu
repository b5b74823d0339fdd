// cuda::memcpy_async completed by a cuda::barrier of block scope, from libcu++'s own headers: one
// element per thread (16-byte aligned: cp.async.bulk with the barrier's transaction count on
// sm_90, cp.async with cp.async.mbarrier.arrive before), 4-byte elements with
// cuda::aligned_size_t, and a whole-block copy by the thread_block group. The copies land when the
// barrier's phase completes (ASYNC-COPY-2); the results are checked on the host.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --arch sm_80 --schedule random --seed 2 2>&1 | count 0

#include <cooperative_groups.h>
#include <cuda/barrier>

namespace cg = cooperative_groups;
constexpr int kThreads = 64;

__global__ void k(const float4* vectors, const int* ints, const int* block_data, int* out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ float4 tile[kThreads];
  __shared__ int small[kThreads];
  __shared__ int whole[3 * kThreads];
  auto block = cg::this_thread_block();
  const int t = threadIdx.x;
  if (t == 0) init(&bar, blockDim.x);
  block.sync();

  cuda::memcpy_async(&tile[t], &vectors[blockIdx.x * kThreads + t], sizeof(float4), bar);
  cuda::memcpy_async(&small[t], &ints[t], cuda::aligned_size_t<4>(sizeof(int)), bar);
  cuda::memcpy_async(block, whole, block_data, sizeof(whole), bar);
  bar.arrive_and_wait();

  const float4 v = tile[kThreads - 1 - t];
  out[blockIdx.x * kThreads + t] = static_cast<int>(v.x + v.y + v.z + v.w) + small[(t + 1) % kThreads] +
                                   whole[3 * t] + whole[3 * t + 2];
}

int main() {
  float4* vectors;
  int *ints, *block_data, *out;
  cudaMallocManaged(&vectors, 2 * kThreads * sizeof(float4));
  cudaMallocManaged(&ints, kThreads * sizeof(int));
  cudaMallocManaged(&block_data, 3 * kThreads * sizeof(int));
  cudaMallocManaged(&out, 2 * kThreads * sizeof(int));
  for (int i = 0; i < 2 * kThreads; ++i) vectors[i] = make_float4(i, 2 * i, 3 * i, 4 * i);
  for (int i = 0; i < kThreads; ++i) ints[i] = 1000 + i;
  for (int i = 0; i < 3 * kThreads; ++i) block_data[i] = 7 * i;
  k<<<2, kThreads>>>(vectors, ints, block_data, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int b = 0; b < 2; ++b) {
    for (int t = 0; t < kThreads; ++t) {
      const int i = b * kThreads + kThreads - 1 - t;
      const int want = 10 * i + 1000 + (t + 1) % kThreads + 7 * 3 * t + 7 * (3 * t + 2);
      if (out[b * kThreads + t] != want) return 2;
    }
  }
  return 0;
}
