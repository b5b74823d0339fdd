// expect: warpsafe: schedule-dependent failure
// (examples/bitpack_activemask.cu; its twin is bitpack_ok.cu.)
// Independent Thread Scheduling, pattern 1, the INVALID form from the CUDA guide: __activemask()
// as the ballot's mask. "This code is invalid because CUDA does not guarantee that the warp will
// diverge ONLY at the loop condition": under incidental divergence, different subsets of the warp
// compute conflicting results for the same output word.
//
// Expected: correct under --schedule lockstep (as on pre-Volta hardware, and almost always on a
// real GPU); wrong output and exit 1 under --schedule random for some seeds (e.g. --seed 1).
#include <stdio.h>

__global__ void bitpack(const int* data, int dataLen, int threshold, unsigned* output) {
  int warpLane = threadIdx.x & 31;
  for (int i = warpLane; i < dataLen; i += warpSize) {
    unsigned active = __activemask();
    unsigned bitPack = __ballot_sync(active, data[i] > threshold);
    if (warpLane == 0) output[i / 32] = bitPack;
  }
}

int main() {
  const int n = 1000, words = (n + 31) / 32, threshold = 50;
  int* data;
  unsigned* out;
  cudaMallocManaged(&data, n * sizeof(int));
  cudaMallocManaged(&out, words * sizeof(unsigned));
  for (int i = 0; i < n; ++i) data[i] = (i * 37) % 101;
  cudaMemset(out, 0xAB, words * sizeof(unsigned));  // poison
  bitpack<<<1, 32>>>(data, n, threshold, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  int wrong = 0;
  for (int w = 0; w < words; ++w) {
    unsigned want = 0;
    for (int b = 0; b < 32 && w * 32 + b < n; ++b) want |= (unsigned)(data[w * 32 + b] > threshold) << b;
    if (out[w] != want) ++wrong;
  }
  if (wrong) {
    printf("bitpack: %d of %d words wrong\n", wrong, words);
    return 1;
  }
  printf("bitpack: ok (%d words)\n", words);
  return 0;
}
