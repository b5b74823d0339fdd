// expect: warpsafe: shuffle from inactive lane
// A block of 48 threads: warp 1 has lanes 0-15, and lane 0 reads lane 16, which does not exist.
__global__ void k(int* out) {
  int v = threadIdx.x;
  v += __shfl_down_sync(0xffffffff, v, 16);
  out[threadIdx.x] = v;
}
int main() {
  int* out;
  cudaMalloc(&out, 48 * sizeof(int));
  k<<<1, 48>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
