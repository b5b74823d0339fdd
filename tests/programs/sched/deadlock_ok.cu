// Twin: every lane of the warp reaches __syncwarp, then the block's barrier.
__global__ void k(int* out) {
  __syncwarp();
  __syncthreads();
  out[threadIdx.x] = 1;
}
int main() {
  int* out;
  cudaMallocManaged(&out, 64 * sizeof(int));
  k<<<1, 64>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess && out[63] == 1 ? 0 : 1;
}
