// Twin: the reduction over a partial warp stays within the lanes that exist (width 16).
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

__global__ void k(int* out) {
  int v = threadIdx.x;
  for (int o = 8; o >= 1; o /= 2) v += __shfl_down_sync(0xffffffff, v, o, 16);
  out[threadIdx.x] = v;
}
int main() {
  int* out;
  cudaMallocManaged(&out, 48 * sizeof(int));
  k<<<1, 48>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  return out[32] == (32 + 47) * 16 / 2 ? 0 : 2;
}
