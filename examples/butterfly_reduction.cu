// A warp-wide sum with XOR shuffles: in each of five rounds every lane adds the value of the lane
// whose id differs in one bit, so after the rounds every lane holds the total (a butterfly network).
// Lane l starts from 31 - l. Expected: every lane prints "lane L: 496" (0 + 1 + ... + 31); exit 0.
#include <stdio.h>

__global__ void SumAcrossWarp() {
  const int lane = threadIdx.x % 32;
  int total = 31 - lane;
  for (int bit = 1; bit < 32; bit <<= 1) total += __shfl_xor_sync(0xffffffffu, total, bit);
  printf("lane %d: %d\n", lane, total);
}

int main() {
  SumAcrossWarp<<<1, 32>>>();
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
