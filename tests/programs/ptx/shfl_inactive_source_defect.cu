// expect: warpsafe: shuffle from inactive lane
// Lanes 0-15 shuffle among themselves, but the clamp value (c = 0x1f) lets lanes 14 and 15 read
// lanes 16 and 17, which are not in the mask: the values they get are undefined.
__global__ void k(unsigned* out) {
  unsigned v = threadIdx.x, r = 0;
  if (threadIdx.x < 16) asm volatile("shfl.sync.down.b32 %0, %1, 2, 0x1f, 0xffff;" : "=r"(r) : "r"(v));
  out[threadIdx.x] = r;
}
int main() {
  unsigned* out;
  cudaMalloc(&out, 32 * sizeof(unsigned));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
