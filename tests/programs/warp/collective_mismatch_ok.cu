// Twin: both halves reach the same kind of collective with the same mask from two call sites,
// which is one collective since Volta.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

__global__ void k(unsigned* out) {
  if (threadIdx.x < 16) out[threadIdx.x] = __ballot_sync(0xffffffff, 1);
  else out[threadIdx.x] = __ballot_sync(0xffffffff, 0);
}
int main() {
  unsigned* out;
  cudaMallocManaged(&out, 32 * sizeof(unsigned));
  k<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int i = 0; i < 32; ++i) if (out[i] != 0xffff) return 2;
  return 0;
}
