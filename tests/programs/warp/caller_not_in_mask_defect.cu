// expect: warpsafe: caller not named in its own mask
// Each lane votes with a mask that names only lane 0.
__global__ void k(unsigned* out) { out[threadIdx.x] = __ballot_sync(0x1, threadIdx.x & 1); }
int main() {
  unsigned* out;
  cudaMalloc(&out, 32 * sizeof(unsigned));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
