// Packing one bit per element (element > limit) into 32-bit words, one word per warp iteration,
// with the WRONG mask: __activemask(). It reports only the lanes that happen to be together at the
// call, and since Volta a warp may split anywhere, not just at the loop's exit test. Lanes that
// arrive in separate groups then each vote over a part of the warp, and whichever group stores
// last writes a word with the other groups' bits missing. bitpack_ballot.cu is the correct form.
//
// Expected: correct under --schedule lockstep (as on pre-Volta hardware, and almost always on a
// real GPU); wrong words and exit 1 under --schedule random for some seeds (e.g. --seed 1).
#include <stdio.h>

__global__ void PackAboveLimit(const int* values, int count, int limit, unsigned* words) {
  const int lane = threadIdx.x % 32;
  for (int i = lane; i < count; i += 32) {
    const unsigned together = __activemask();  // a snapshot, not a promise
    const unsigned bits = __ballot_sync(together, values[i] > limit);
    if (lane == 0) words[i / 32] = bits;
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
    if (words[w] != expected) ++wrong;
  }
  cudaFree(values);
  cudaFree(words);
  if (wrong) {
    printf("bitpack: %d of %d words wrong\n", wrong, kWords);
    return 1;
  }
  printf("bitpack: ok (%d words)\n", kWords);
  return 0;
}
