// expect: warpsafe: livelock
// env: WARPSAFE_LIVELOCK_STEPS=200000
// A lock taken by lanes of one warp, whose holder waits at __syncwarp for lanes that spin on it.
__device__ int lock;
__global__ void k(int* counter) {
  while (atomicCAS(&lock, 0, 1) != 0) {
  }
  __syncwarp();
  *counter += 1;
  atomicExch(&lock, 0);
}
int main() {
  int* counter;
  cudaMallocManaged(&counter, sizeof(int));
  *counter = 0;
  k<<<1, 32>>>(counter);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
