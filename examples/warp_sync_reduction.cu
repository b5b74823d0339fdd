// A block sum through shared memory that finishes inside one warp. While more than 32 partial sums
// are left, the whole block folds the upper half onto the lower half with a __syncthreads between
// steps. The last 32 are folded by warp 0 alone, and the warp's lanes do not run in lockstep: each
// step reads the partner's slot, meets the other lanes at __syncwarp, then writes its own slot and
// meets them again, so no lane overwrites a slot another lane has yet to read (SYNCWARP-2).
// Expected: "sum = 32640 (expected 32640)"; exit 0, under every schedule.
#include <stdio.h>

constexpr int kThreads = 256;

__global__ void SumBlock(const float* in, float* out) {
  __shared__ float partial[kThreads];
  const int t = threadIdx.x;
  partial[t] = in[t];
  __syncthreads();
  for (int half = kThreads / 2; half >= 32; half /= 2) {
    if (t < half) partial[t] += partial[t + half];
    __syncthreads();
  }
  if (t < 32) {
    // A butterfly: every lane of warp 0 keeps working, so __syncwarp() always names the full warp.
    for (int bit = 16; bit >= 1; bit /= 2) {
      const float partner = partial[t ^ bit];
      __syncwarp();
      partial[t] += partner;
      __syncwarp();
    }
    if (t == 0) *out = partial[0];
  }
}

int main() {
  float *in = nullptr, *out = nullptr;
  cudaMallocManaged(&in, kThreads * sizeof(float));
  cudaMallocManaged(&out, sizeof(float));
  float expected = 0;
  for (int i = 0; i < kThreads; ++i) {
    in[i] = static_cast<float>(i);
    expected += in[i];
  }
  *out = -1.0f;  // a result that was never written fails the comparison
  SumBlock<<<1, kThreads>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  const float sum = *out;
  printf("sum = %.0f (expected %.0f)\n", sum, expected);
  cudaFree(in);
  cudaFree(out);
  return sum == expected ? 0 : 1;
}
