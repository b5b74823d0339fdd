// expect: warpsafe: divergent __syncthreads
// The condition differs between the block's two warps.
__global__ void k(int* out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 32) {
    __syncthreads();
  } else {
    __syncthreads();
  }
  out[threadIdx.x] = s[63 - threadIdx.x];
}
int main() {
  int* out;
  cudaMalloc(&out, 64 * sizeof(int));
  k<<<1, 64>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
