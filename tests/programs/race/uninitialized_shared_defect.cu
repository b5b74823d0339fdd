// Only the first warp fills the tile, every thread reads its own element of it.
// expect: warpsafe: read of uninitialized shared memory
__global__ void tile(int* out) {
  __shared__ int t[64];
  if (threadIdx.x < 32) t[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x];
}

int main() {
  int* out;
  cudaMalloc(&out, 64 * sizeof(int));
  tile<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
