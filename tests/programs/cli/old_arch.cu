// A Makefile written for a GPU older than Pascal (-arch sm_20, sm_13, sm_35, compute_20) runs
// unchanged, as sm_60: the oldest architecture the engine emulates, under the pre-Volta warp rules
// such a program was written for.
// RUN: %warpsafe run %s -arch sm_20 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -arch=sm_35 -O3 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -arch sm_13 -use_fast_math 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --gpu-architecture=compute_20 --gpu-code=compute_20 2>&1 | FileCheck %s
// CHECK:      arch 600 warp 32
// CHECK-NOT:  {{.}}
//
// The highest architecture listed decides, as for newer ones:
// RUN: %warpsafe run %s -gencode arch=compute_35,code=sm_35 -gencode arch=compute_80,code=sm_80 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEWEST
// NEWEST:      arch 800 warp 32
// NEWEST-NOT:  {{.}}

#include <cstdio>

__global__ void arch(int* out) {
#ifdef __CUDA_ARCH__
  out[0] = __CUDA_ARCH__;
#endif
  out[1] = warpSize;
}

int main() {
  int* d = nullptr;
  if (cudaMalloc(&d, 2 * sizeof(int)) != cudaSuccess || cudaMemset(d, 0, 2 * sizeof(int)) != cudaSuccess) return 1;
  arch<<<1, 1>>>(d);
  int h[2] = {0, 0};
  if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) return 1;
  std::printf("arch %d warp %d\n", h[0], h[1]);
  return cudaFree(d) == cudaSuccess ? 0 : 1;
}
