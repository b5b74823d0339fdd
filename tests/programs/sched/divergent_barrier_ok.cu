// Twin: the condition is uniform across the block.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

__global__ void k(int* out, int flag) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  if (flag) {
    __syncthreads();
  } else {
    __syncthreads();
  }
  out[threadIdx.x] = s[63 - threadIdx.x];
}
int main() {
  int* out;
  cudaMallocManaged(&out, 64 * sizeof(int));
  k<<<1, 64>>>(out, 1);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int i = 0; i < 64; ++i) if (out[i] != 63 - i) return 2;
  return 0;
}
