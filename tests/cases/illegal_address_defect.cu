// expect: warpsafe: illegal memory access in GPU thread
// A kernel writes through a null pointer.
__global__ void k(int* out) {
  if (threadIdx.x == 3) out[threadIdx.x] = 1;
}
int main() {
  k<<<1, 32>>>(nullptr);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
