// Twin: __builtin_assume in device and host code, as nvcc accepts it, with conditions that hold.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
#include <cstdio>

__host__ __device__ int Scale(int x) {
  __builtin_assume(x >= 0);
  return x * 3;
}

__global__ void Kernel(int* out) {
  const unsigned lane = threadIdx.x % 32;
  __builtin_assume(lane < 32u);
  out[threadIdx.x] = Scale(int(lane));
}

int main() {
  int* out;
  cudaMallocManaged(&out, 64 * sizeof(int));
  Kernel<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int i = 0; i < 64; ++i) bad += out[i] != Scale(i % 32);
  if (bad != 0) std::printf("%d wrong\n", bad);
  return bad == 0 ? 0 : 1;
}
