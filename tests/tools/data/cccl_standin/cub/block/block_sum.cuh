#ifndef STANDIN_BLOCK_SUM_CUH
#define STANDIN_BLOCK_SUM_CUH
namespace cub {
// A block-wide sum through static shared memory, and a kernel launched from a header.
template <int kThreads>
__device__ int BlockSum(int x) {
  __shared__ int partial[kThreads];
  partial[threadIdx.x] = x;
  __syncthreads();
  int total = 0;
  for (int i = 0; i < kThreads; ++i) total += partial[i];
  __syncthreads();
  return total;
}
template <int kThreads>
__global__ void SumKernel(const int* in, int* out) {
#ifdef __CUDA_ARCH__
  const int total = BlockSum<kThreads>(in[threadIdx.x]);
  if (threadIdx.x == 0) *out = total;
#endif
}
template <int kThreads>
void LaunchSum(const int* in, int* out) { SumKernel<kThreads><<<1, kThreads>>>(in, out); }
}  // namespace cub
#endif
