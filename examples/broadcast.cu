// Warp shuffle reference, example 1: broadcast of a single value across a warp.
// Expected: prints nothing from the kernel and "broadcast: ok"; exit 0.
#include <stdio.h>

__global__ void bcast(int arg) {
  int laneId = threadIdx.x & 0x1f;
  int value;
  if (laneId == 0)  // Note unused variable for
    value = arg;    // all threads except lane 0
  value = __shfl_sync(0xffffffff, value, 0);  // Synchronize all threads in warp, and get "value" from lane 0
  if (value != arg) printf("Thread %d failed.\n", threadIdx.x);
}

int main() {
  bcast<<<1, 32>>>(1234);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("CUDA error: %s\n", cudaGetErrorString(err));
    return 1;
  }
  printf("broadcast: ok\n");
  return 0;
}
