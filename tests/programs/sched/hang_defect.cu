// expect: warpsafe: no progress (hang)
// env: WARPSAFE_HANG_SECONDS=2
// Lane 0 spins on a plain load that no other thread will ever write.
__global__ void k(volatile int* flag) {
  if (threadIdx.x == 0) {
    while (*flag == 0) {
    }
  }
}
int main() {
  int* flag;
  cudaMallocManaged(&flag, sizeof(int));
  *flag = 0;
  k<<<1, 32>>>(flag);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
