// expect: warpsafe: invalid shuffle width
// A width of 6 is not a power of two.
__global__ void k(int* out) { out[threadIdx.x] = __shfl_up_sync(0xffffffff, (int)threadIdx.x, 1, 6); }
int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
