// An outside project's CUDA program: each warp sums its lanes' values with the library's
// WarpReduce and lane 0 writes the sum; the host checks every warp's sum.
#include <cstdio>
#include <warpsafe/warp.cuh>

__global__ void WarpSums(const int* in, int* out) {
  const int value = in[blockIdx.x * blockDim.x + threadIdx.x];
  const int sum = warpsafe::WarpReduce<int>().Sum(value);
  if (threadIdx.x % 32 == 0) out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = sum;
}

int main() {
  constexpr int kBlocks = 4, kThreads = 128, kWarps = kBlocks * kThreads / 32;
  int *in = nullptr, *out = nullptr;
  if (cudaMallocManaged(&in, sizeof(int) * kBlocks * kThreads) != cudaSuccess) return 2;
  if (cudaMallocManaged(&out, sizeof(int) * kWarps) != cudaSuccess) return 2;
  for (int i = 0; i < kBlocks * kThreads; ++i) in[i] = i % 7;
  for (int w = 0; w < kWarps; ++w) out[w] = -1;
  WarpSums<<<kBlocks, kThreads>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  for (int w = 0; w < kWarps; ++w) {
    int want = 0;
    for (int lane = 0; lane < 32; ++lane) want += (w * 32 + lane) % 7;
    if (out[w] != want) {
      std::printf("warp %d: got %d, want %d\n", w, out[w], want);
      return 1;
    }
  }
  std::printf("warp sums: ok (%d warps)\n", kWarps);
  return 0;
}
