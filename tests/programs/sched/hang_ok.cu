// Twin: lane 0 waits for lane 31's flag with an atomic read, a scheduling point, so lane 31 runs.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

__global__ void k(int* flag, int* out) {
  if (threadIdx.x == 31) {
    out[0] = 42;
    __threadfence();
    atomicExch(flag, 1);
  }
  if (threadIdx.x == 0) {
    while (atomicAdd(flag, 0) == 0) {
    }
    __threadfence();
    out[1] = out[0];
  }
}
int main() {
  int *flag, *out;
  cudaMallocManaged(&flag, sizeof(int));
  cudaMallocManaged(&out, 2 * sizeof(int));
  *flag = 0;
  k<<<1, 32>>>(flag, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  return out[1] == 42 ? 0 : 2;
}
