// Fuzz seed: directives, line splices, conditionals and includes of headers that the fuzzer's
// reader serves (one of them includes itself).
#pragma once
#include "header.cuh"
#include "self.cuh"
#include <cstdio>
#if defined(__CUDA_ARCH__) && \
    __CUDA_ARCH__ >= 700
#define WIDTH 32
#else
#define WIDTH 16
#endif
#define KERNEL(name) __global__ void name(int* p) { p[threadIdx.x] = __shfl_sync(0xffffffff, \
    threadIdx.x, 0, WIDTH); }
KERNEL(shuffle)
int main() {
  int* p;
  cudaMalloc(&p, 32 * sizeof(int));
  shuffle<<<1, 32>>>(p);
  std::printf("%d\n", '\'');
}
