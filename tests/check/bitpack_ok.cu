// expect: clean
// Independent Thread Scheduling, pattern 1: setting bit i of output[] when data[i] > threshold.
//
// The guide's CORRECT form: a non-divergent loop condition with __ballot_sync names the lanes that
// take part. Its invalid twin, which takes __activemask() as the mask, is bitpack_bug.cu (both as in examples/).
// Expected: "bitpack: ok (N words)"; exit 0, under every schedule.
#include <stdio.h>
#include <stdlib.h>

__global__ void bitpack(const int* data, int dataLen, int threshold, unsigned* output) {
  int warpLane = threadIdx.x & 31;
  for (int i = warpLane; i - warpLane < dataLen; i += warpSize) {
    unsigned active = __ballot_sync(0xFFFFFFFF, i < dataLen);
    if (i < dataLen) {
      unsigned bitPack = __ballot_sync(active, data[i] > threshold);
      if (warpLane == 0) output[i / 32] = bitPack;
    }
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
  for (int w = 0; w < words; ++w) {
    unsigned want = 0;
    for (int b = 0; b < 32 && w * 32 + b < n; ++b) want |= (unsigned)(data[w * 32 + b] > threshold) << b;
    if (out[w] != want) {
      printf("bitpack: word %d is %08x, expected %08x\n", w, out[w], want);
      return 1;
    }
  }
  printf("bitpack: ok (%d words)\n", words);
  return 0;
}
