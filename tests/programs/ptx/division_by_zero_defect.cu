// expect: warpsafe: integer division by zero in GPU thread
// div.u32 in inline PTX with a zero divisor: no defined result, reported as a C++ division is.
__global__ void k(unsigned* out, unsigned d) {
  unsigned q;
  asm("div.u32 %0, %1, %2;" : "=r"(q) : "r"(100u), "r"(d));
  out[threadIdx.x] = q;
}
int main() {
  unsigned* out;
  cudaMalloc(&out, 32 * sizeof(unsigned));
  k<<<1, 32>>>(out, 0);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
