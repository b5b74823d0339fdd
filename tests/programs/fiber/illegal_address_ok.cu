// Twin: the pointer is a device allocation.
__global__ void k(int* out) {
  if (threadIdx.x == 3) out[threadIdx.x] = 1;
}
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  return out[3] == 1 ? 0 : 2;
}
