// expect: warpsafe: deadlock
// Lane 0 waits for its warp at __syncwarp while the others wait at __syncthreads for lane 0.
__global__ void k() {
  if (threadIdx.x == 0) __syncwarp();
  __syncthreads();
}
int main() {
  k<<<1, 64>>>();
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
