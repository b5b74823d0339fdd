// Packing one bit per element (element > limit) into 32-bit words, done right: every lane runs
// the same number of iterations (the loop tests the iteration's first element, which is the same
// for the whole warp), a full-warp ballot says which lanes still have an element, and only those
// lanes vote, with exactly that mask. bitpack_activemask.cu is the broken variant.
// Expected: "bitpack: ok (N words)"; exit 0, under every schedule.
#include <stdio.h>

__global__ void PackAboveLimit(const int* values, int count, int limit, unsigned* words) {
  const int lane = threadIdx.x % 32;
  for (int first = 0; first < count; first += 32) {
    const int i = first + lane;
    const unsigned has_element = __ballot_sync(0xffffffffu, i < count);
    if (i < count) {
      const unsigned bits = __ballot_sync(has_element, values[i] > limit);
      if (lane == 0) words[first / 32] = bits;
    }
  }
}

int main() {
  constexpr int kCount = 1000, kWords = (kCount + 31) / 32, kLimit = 50;
  int* values = nullptr;
  unsigned* words = nullptr;
  cudaMallocManaged(&values, kCount * sizeof(int));
  cudaMallocManaged(&words, kWords * sizeof(unsigned));
  for (int i = 0; i < kCount; ++i) values[i] = (i * 37) % 101;
  cudaMemset(words, 0xAB, kWords * sizeof(unsigned));  // stale words can never pass the check
  PackAboveLimit<<<1, 32>>>(values, kCount, kLimit, words);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  int wrong = 0;
  for (int w = 0; w < kWords; ++w) {
    unsigned expected = 0;
    for (int b = 0; b < 32 && w * 32 + b < kCount; ++b) {
      if (values[w * 32 + b] > kLimit) expected |= 1u << b;
    }
    if (words[w] != expected && wrong++ == 0) {
      printf("bitpack: word %d is %08x, expected %08x\n", w, words[w], expected);
    }
  }
  cudaFree(values);
  cudaFree(words);
  if (wrong) return 1;
  printf("bitpack: ok (%d words)\n", kWords);
  return 0;
}
