// A program built with the options of its nvcc command line, unchanged: the architecture from
// -gencode (the highest listed), OpenMP in host code through -Xcompiler, a host library through -l,
// CUDA's own libraries dropped, and a kernel in a .cpp file compiled as CUDA through -x cu.
// RUN: %warpsafe run %s %S/Inputs/scale_kernel.cpp -x cu -O3 -lineinfo -std=c++17 --expt-relaxed-constexpr \
// RUN:   -gencode arch=compute_75,code=sm_75 -gencode=arch=compute_80,code=[sm_80,compute_80] \
// RUN:   -Xcompiler -fopenmp,-DSCALE_BY=3 -lm -lcudart -lcublas -o ignored -- 7 2>&1 | FileCheck %s
// CHECK:      arch 800 threads>0 1 sum 21 scaled 21 sqrt 2.00
// CHECK-NOT:  {{.}}
//
// The replay line of a report repeats them:
// RUN: %expect-exit 66 %warpsafe run %s %S/Inputs/scale_kernel.cpp -x cu -Xcompiler -fopenmp,-DSCALE_BY=3 -DFAULT \
// RUN:   -- 7 2>&1 | FileCheck %s --check-prefix=REPLAY
// REPLAY: warpsafe: illegal memory access
// REPLAY: replay: {{.*}}warpsafe run {{.*}}nvcc_options.cu {{.*}}scale_kernel.cpp {{.*}} -x cu -Xcompiler -fopenmp,-DSCALE_BY=3
//
// Options that ask nvcc for something else than a program are refused before anything is built:
// RUN: %expect-exit 64 %warpsafe run %s -c 2>&1 | FileCheck %s --check-prefix=REFUSED
// REFUSED: warpsafe: nvcc's -c asks for an object file; warpsafe builds and runs whole programs (leave it out)
// RUN: %expect-exit 64 %warpsafe run %s -arch=sm_100 2>&1 | FileCheck %s --check-prefix=ARCH
// ARCH: warpsafe: -arch sm_100: warpsafe emulates sm_60 (Pascal portability mode) and sm_70 to sm_90, not 10.0

#include <omp.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

void Scale(int* d, int n);  // Inputs/scale_kernel.cpp

__global__ void arch(int* out, int n) {
#ifdef __CUDA_ARCH__
  out[0] = __CUDA_ARCH__;
#endif
#ifdef FAULT
  if (threadIdx.x == 0) out[1 << 28] = n;
#endif
  if (threadIdx.x < n) atomicAdd(&out[1], int(threadIdx.x));
}

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 0;
  int* d = nullptr;
  if (cudaMalloc(&d, 2 * sizeof(int)) != cudaSuccess || cudaMemset(d, 0, 2 * sizeof(int)) != cudaSuccess) return 1;
  arch<<<1, 32>>>(d, n);
  int h[2] = {0, 0};
  if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) return 1;
  int threads = 0;
#pragma omp parallel
  {
#pragma omp atomic
    threads += 1;
  }
  const int sum = h[1];
  Scale(d, 2);
  if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) return 1;
  std::printf("arch %d threads>0 %d sum %d scaled %d sqrt %.2f\n", h[0] / SCALE_BY, threads > 0 && omp_get_max_threads() > 0,
              sum, h[1] / SCALE_BY, std::sqrt(4.0));
  return cudaFree(d) == cudaSuccess ? 0 : 1;
}
