// expect: warpsafe: livelock
// env: WARPSAFE_LIVELOCK_STEPS=2000000
// Every thread waits for a flag that nothing ever sets, re-reading it with plain loads: each turn
// observes the same value at the same address, which is no progress however many steps it takes
// (LIVE-1). On a GPU the kernel never ends.
__global__ void Wait(volatile int* flag, int* out) {
  while (flag[0] == 0) {
  }
  out[threadIdx.x] = 1;
}
int main() {
  int *flag, *out;
  cudaMalloc(&flag, sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  Wait<<<1, 32>>>(flag, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
