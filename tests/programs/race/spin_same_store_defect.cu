// expect: warpsafe: livelock
// env: WARPSAFE_LIVELOCK_STEPS=2000000
// Each thread waits for its own slot to become 2 while storing 1 into it on every turn: it keeps
// storing, but what it stores is already there, so nothing changes (LIVE-1).
__global__ void Wait(volatile int* slot) {
  while (slot[threadIdx.x] != 2) slot[threadIdx.x] = 1;
}
int main() {
  int* slot;
  cudaMalloc(&slot, 32 * sizeof(int));
  cudaMemset(slot, 0, 32 * sizeof(int));
  Wait<<<1, 32>>>(slot);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
