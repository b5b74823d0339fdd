// A checked build compiles the device pass in two steps (bitcode, then that bitcode again with the
// inline access callbacks: INLINE-1) and the host pass of the same file in one: no GPU thread runs
// host code, so the second step would only cost compile time there.
// REQUIRES: race-detector
// RUN: rm -rf %t.cache
// RUN: env WARPSAFE_CACHE_DIR=%t.cache %warpsafe check %s --schedules 1 --verbose 2>&1 | FileCheck %s
// CHECK:     (host pass): {{.*}}-fsanitize-coverage
// CHECK-NOT: -x ir
// CHECK:     (device pass): {{.*}}-emit-llvm
// CHECK:     (device pass): {{.*}}-x ir
// CHECK:     warpsafe check: no defect in 1 schedule
#include <cstdio>

__device__ int Twice(int v) {
#ifdef __CUDA_ARCH__
  return 2 * v;  // the device pass differs from the host's: both passes are compiled
#else
  return -1;
#endif
}

__global__ void Double(int* out) { out[threadIdx.x] = Twice(static_cast<int>(threadIdx.x)); }

int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  Double<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  std::printf("%d\n", out[5]);
  cudaFree(out);
  return out == nullptr;
}
