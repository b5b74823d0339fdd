// Thread 0 zeroes a shared table in a loop (an idiom the optimizer would make a memset), the
// others read it after the barrier.
__global__ void k(int* out) {
  __shared__ int table[256];
  if (threadIdx.x == 0) {
    for (int i = 0; i < 256; ++i) table[i] = 0;
  }
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = table[threadIdx.x];
}
int main() {
  int* out;
  cudaMalloc(&out, 512 * sizeof(int));
  k<<<2, 256>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
