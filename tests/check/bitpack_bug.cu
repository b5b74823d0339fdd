// expect: warpsafe: schedule-dependent failure
// The bit-pack of examples/bitpack_activemask.cu, which takes __activemask() as its ballot's mask:
// right under lockstep, wrong under schedules that split the warp inside the loop. That is what
// `warpsafe check` must find. bitpack_ok.cu is its correct twin.
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
  if (wrong) {
    printf("bitpack: %d of %d words wrong\n", wrong, kWords);
    return 1;
  }
  printf("bitpack: ok (%d words)\n", kWords);
  return 0;
}
