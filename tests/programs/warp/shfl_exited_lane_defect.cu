// expect: warpsafe: shuffle from inactive lane
// Lanes 8-31 return early; lane 0 still reads lane 9.
__global__ void k(int* out) {
  if (threadIdx.x >= 8) return;
  out[threadIdx.x] = __shfl_sync(0xffffffff, (int)threadIdx.x, threadIdx.x + 9);
}
int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
