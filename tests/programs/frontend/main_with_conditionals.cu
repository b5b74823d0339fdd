// A main whose body holds preprocessor conditionals and flows off its end: the program exits 0, as
// a main does, however the conditionals are taken.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D VERBOSE 2>&1 | FileCheck %s --check-prefix=VERBOSE
// CHECK:        sum 496
// CHECK-NOT:    {{.}}
// VERBOSE:      summing 32 lanes
// VERBOSE-NEXT: sum 496
// VERBOSE-NOT:  {{.}}

#include <cstdio>

__global__ void sum(int* out) { atomicAdd(out, static_cast<int>(threadIdx.x)); }

int main() {
  int* d = nullptr;
  if (cudaMallocManaged(&d, sizeof(int)) != cudaSuccess) return 1;
  *d = 0;
#ifdef VERBOSE
  std::printf("summing %d lanes\n", 32);
  {
#else
  {
#endif
    sum<<<1, 32>>>(d);
  }
#if defined(__CUDACC__)
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
#endif
  std::printf("sum %d\n", *d);
  cudaFree(d);
}
