// namespace_shared_race.cu with the barrier: each thread writes its slot, all wait, then read.
__shared__ int tile[64];
__global__ void Shift(int* out) {
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[(threadIdx.x + 32) % 64];
}
int main() {
  int* out;
  cudaMalloc(&out, 64 * sizeof(int));
  Shift<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  cudaFree(out);
  return 0;
}
