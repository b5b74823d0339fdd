// The bit-pack of examples/bitpack_activemask.cu, which takes __activemask() as its ballot's mask:
// right under lockstep, wrong under schedules that split the warp inside the loop. That is what
// `warpsafe check` must find. bitpack_ok.cu is its correct twin.
// RUN: %expect-exit 66 %warpsafe check %s --schedules 10 --policy all 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: schedule-dependent failure
// CHECK-NEXT:   in program [[FILE]], schedule random with seed 1
// CHECK-NEXT:   under the random schedule (seed 1) the program exited with status 1; under lockstep it exited with status 0
// CHECK-NEXT:   its stdout ended with:
// CHECK-NEXT:   | bitpack: 32 of 32 words wrong
// CHECK-NEXT:   its stderr ended with:
// CHECK-NEXT:   | warpsafe note: leak: cudaMallocManaged block of 4000 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+21]]) was never freed
// CHECK-NEXT:   | warpsafe note: leak: cudaMallocManaged block of 128 bytes (the program's 2nd allocation, made at [[FILE]]:[[@LINE+21]]) was never freed
// CHECK-NEXT:   code that passes under lockstep and fails under another legal schedule assumes lockstep execution (independent thread scheduling, since Volta)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --policy random --seed 1 --schedules 1 --arch sm_90
// CHECK-NOT:  {{.}}

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
