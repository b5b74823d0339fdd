// The twin of host_global_defect.cu: the kernel writes a __device__ array, and the host copies
// it into its own global afterwards (DEVMEM-1). The host global is host memory, used by the host
// only.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s
// CHECK:      31
// CHECK-NOT:  {{.}}

#include <cstdio>

int results[32];
__device__ int device_results[32];

__global__ void Fill(int* out) {
  out[threadIdx.x] = static_cast<int>(threadIdx.x);
}

int main() {
  int* p = nullptr;
  if (cudaGetSymbolAddress(reinterpret_cast<void**>(&p), device_results) != cudaSuccess) return 1;
  Fill<<<1, 32>>>(p);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  cudaMemcpyFromSymbol(results, device_results, sizeof results);
  std::printf("%d\n", results[31]);
  return 0;
}
