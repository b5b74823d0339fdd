// The same shuffle in inline PTX with a mask that names every lane that runs it.
__global__ void k(unsigned* out) {
  unsigned v = threadIdx.x, r;
  asm volatile("shfl.sync.idx.b32 %0, %1, 0, 0x1f, %2;" : "=r"(r) : "r"(v), "r"(0xffffffffu));
  out[threadIdx.x] = r;
}
int main() {
  unsigned* out;
  cudaMalloc(&out, 32 * sizeof(unsigned));
  k<<<1, 32>>>(out);
  unsigned host[32];
  cudaMemcpy(host, out, sizeof(host), cudaMemcpyDeviceToHost);
  for (unsigned x : host) {
    if (x != 0) return 1;
  }
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
