// A program that includes <execution> and sorts and reduces on the host with the parallel
// policies, beside a kernel. libstdc++ runs those policies on TBB whenever TBB's headers are
// installed, and its headers then call into libtbb, which nvcc's link line never names; the
// engine compiles without optimisation where CCCL is included, so those calls stay in the object.
// The engine builds every program with libstdc++'s serial backend (STDLIB-1), so the program
// links and runs whether or not the machine has TBB.
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -DWITH_CUB --schedule lockstep 2>&1 | FileCheck %s
// CHECK:      sorted 1000, sum 499500, doubled 999000
// CHECK-NOT:  {{.}}
#include <algorithm>
#include <cstdio>
#include <execution>
#include <numeric>
#include <vector>
#ifdef WITH_CUB
#include <cub/cub.cuh>
#endif

__global__ void Double(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2 * in[i];
}

int main() {
  const int n = 1000;
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i) v[i] = (i * 7919) % n;  // a permutation of 0..999
  std::sort(std::execution::par_unseq, v.begin(), v.end());
  bool sorted = true;
  for (int i = 0; i < n; ++i) sorted = sorted && v[i] == i;
  const long sum = std::reduce(std::execution::par, v.begin(), v.end(), 0L);

  int *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMemcpy(d_in, v.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  Double<<<(n + 127) / 128, 128>>>(d_in, d_out, n);
  std::vector<int> out(n);
  cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  const long doubled = std::reduce(std::execution::seq, out.begin(), out.end(), 0L);
  printf("sorted %d, sum %ld, doubled %ld\n", sorted ? n : 0, sum, doubled);
  cudaFree(d_in);
  cudaFree(d_out);
  return 0;
}
