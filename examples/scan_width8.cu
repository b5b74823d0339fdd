// Shuffles with width 8 split a warp into four independent 8-lane groups: __shfl_up_sync counts
// lanes from the start of the caller's group and never crosses into the group below. Each lane
// starts from 31 - lane and ends with the inclusive sum over its group up to itself.
// Expected: one line per lane, "lane L: S" (lane 0: 31, lane 7: 220, lane 8: 23, lane 31: 28); exit 0.
#include <stdio.h>

constexpr int kGroup = 8;

__global__ void ScanInGroupsOfEight() {
  const int lane = threadIdx.x % 32;
  const int rank = lane % kGroup;  // position inside the 8-lane group
  int sum = 31 - lane;
  for (int dist = 1; dist < kGroup; dist *= 2) {
    // Every lane shuffles, even those that will not add: the whole warp is named in the mask.
    const int from_below = __shfl_up_sync(0xffffffffu, sum, dist, kGroup);
    if (rank >= dist) sum += from_below;
  }
  printf("lane %d: %d\n", lane, sum);
}

int main() {
  ScanInGroupsOfEight<<<1, 32>>>();
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
