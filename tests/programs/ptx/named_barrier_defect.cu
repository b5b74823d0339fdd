// expect: warpsafe: unsupported PTX
// A named barrier for two of the block's four warps: the engine runs only barrier 0 of the whole
// block, so it reports the instruction instead of approximating it.
__global__ void k(int* out) {
  if (threadIdx.x < 64) asm volatile("bar.sync 1, 64;" ::: "memory");
  out[threadIdx.x] = 1;
}
int main() {
  int* out;
  cudaMalloc(&out, 128 * sizeof(int));
  k<<<1, 128>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
