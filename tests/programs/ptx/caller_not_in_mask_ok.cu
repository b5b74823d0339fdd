// The same shuffle in inline PTX with a mask that names every lane that runs it.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

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
