// Twin: a spin lock taken by the lanes of one warp completes, since a runnable lane always runs
// eventually (independent thread scheduling is fair).
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

__device__ int lock;
__global__ void k(int* counter) {
  while (atomicCAS(&lock, 0, 1) != 0) {
  }
  __threadfence();
  *counter += 1;
  __threadfence();
  atomicExch(&lock, 0);
}
int main() {
  int* counter;
  cudaMallocManaged(&counter, sizeof(int));
  *counter = 0;
  k<<<2, 64>>>(counter);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  return *counter == 128 ? 0 : 2;
}
