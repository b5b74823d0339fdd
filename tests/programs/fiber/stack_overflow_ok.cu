// Twin: bounded recursion.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

__device__ int depth(int n) {
  volatile char frame[256];
  frame[0] = (char)1;
  return n == 0 ? 0 : frame[0] + depth(n - 1);
}
__global__ void k(int* out) {
  if (threadIdx.x == 5) out[0] = depth(100);
}
int main() {
  int* out;
  cudaMallocManaged(&out, sizeof(int));
  k<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  return out[0] == 100 ? 0 : 2;
}
