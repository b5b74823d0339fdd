// Host code with OpenMP, as multi-GPU samples and CPU references have it: a file that includes
// <omp.h> is compiled and linked with the host compiler's OpenMP option, as its own build system
// would (tools/warpsafe/cli/openmp.h), so the omp_* calls link and the parallel region has the
// threads it asks for. Without that, the link stops at undefined omp_* functions.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// RUN: %warpsafe build %s -o %t && %t 2>&1 | FileCheck %s
// CHECK:      _OPENMP defined 1, threads in the region 3
// CHECK-NEXT: sums: cpu 4950 gpu 4950
// CHECK-NOT:  {{.}}

#include <omp.h>

#include <cstdio>

__global__ void sum(const int* v, int n, int* out) {
  for (int i = threadIdx.x; i < n; i += blockDim.x) atomicAdd(out, v[i]);
}

int main() {
#ifdef _OPENMP
  const int openmp = 1;
#else
  const int openmp = 0;
#endif
  omp_set_num_threads(3);
  int threads = 0;
#pragma omp parallel
  {
#pragma omp single
    threads = omp_get_num_threads();
  }
  std::printf("_OPENMP defined %d, threads in the region %d\n", openmp, threads);

  int host[100];
  int cpu = 0;
#pragma omp parallel for reduction(+ : cpu)
  for (int i = 0; i < 100; ++i) {
    host[i] = i;
    cpu += i;
  }
  int* v = nullptr;
  int* out = nullptr;
  if (cudaMalloc(&v, sizeof host) != cudaSuccess || cudaMalloc(&out, sizeof(int)) != cudaSuccess) return 1;
  cudaMemcpy(v, host, sizeof host, cudaMemcpyHostToDevice);
  cudaMemset(out, 0, sizeof(int));
  sum<<<1, 32>>>(v, 100, out);
  int gpu = 0;
  cudaMemcpy(&gpu, out, sizeof gpu, cudaMemcpyDeviceToHost);
  std::printf("sums: cpu %d gpu %d\n", cpu, gpu);
  return 0;
}
