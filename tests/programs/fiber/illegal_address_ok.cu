// Twin: the pointer is a device allocation.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

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
