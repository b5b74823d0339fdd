// Twin: the mask is computed with __ballot_sync over the lanes that take the branch.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

__global__ void k(unsigned* out) {
  unsigned mask = __ballot_sync(0xffffffff, threadIdx.x < 10);
  if (threadIdx.x < 10) out[threadIdx.x] = __ballot_sync(mask, threadIdx.x & 1);
}
int main() {
  unsigned* out;
  cudaMallocManaged(&out, 32 * sizeof(unsigned));
  k<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int i = 0; i < 10; ++i) if (out[i] != 0x2aa) return 2;
  return 0;
}
