// A Makefile that asks the host compiler itself for an older standard (`-Xcompiler -std=c++14`,
// nvcc hands it on): the engine's headers need C++17, so the program still builds as C++17, as
// with nvcc's own `-std=c++14`, and the options beside it in the same list still apply.
// RUN: %warpsafe run %s -std=c++14 -Xcompiler -std=c++14 -- 3 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -Xcompiler -std=gnu++11,-DOFFSET=10 -- 3 2>&1 | FileCheck %s --check-prefix=OFFSET
// CHECK:      cplusplus>=201703 1 tripled 0 3 93
// CHECK-NOT:  {{.}}
// OFFSET:     cplusplus>=201703 1 tripled 10 13 103
// OFFSET-NOT: {{.}}

#include <cstdio>
#include <cstdlib>

#ifndef OFFSET
#define OFFSET 0
#endif

__global__ void scale(int* out, int factor) { out[threadIdx.x] = OFFSET + factor * static_cast<int>(threadIdx.x); }

int main(int argc, char** argv) {
  const int factor = argc > 1 ? std::atoi(argv[1]) : 1;
  int* d = nullptr;
  if (cudaMalloc(&d, 32 * sizeof(int)) != cudaSuccess) return 1;
  scale<<<1, 32>>>(d, factor);
  int h[32];
  if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) return 1;
  std::printf("cplusplus>=201703 %d tripled %d %d %d\n", __cplusplus >= 201703L ? 1 : 0, h[0], h[1], h[31]);
  return 0;
}
