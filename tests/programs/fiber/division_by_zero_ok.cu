// Twin: the same division with every divisor non-zero.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

__global__ void k(int* out, const int* divisors, int a) {
  const int i = threadIdx.x;
  out[i] = a / divisors[i];
}
int main() {
  int* out;
  int* divisors;
  cudaMallocManaged(&out, 32 * sizeof(int));
  cudaMallocManaged(&divisors, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) divisors[i] = i + 1;
  k<<<1, 32>>>(out, divisors, 1000);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  return out[3] == 250 ? 0 : 2;
}
