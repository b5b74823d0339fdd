// The per-thread runtime calls of CUDA 3.x (cudaThreadSetLimit, cudaThreadExit, ...), removed from
// CUDA 13's headers but still in older programs, each doing what its cudaDevice* successor does.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      limit 8192 same 1
// CHECK-NEXT: cache 1
// CHECK-NEXT: sum 496
// CHECK-NEXT: exit 0 then 0
// CHECK-NOT:  {{.}}
#include <cstdio>

__global__ void Sum(int* out) { atomicAdd(out, int(threadIdx.x)); }

int main() {
  size_t limit = 0, device_limit = 0;
  if (cudaThreadSetLimit(cudaLimitStackSize, 8192) != cudaSuccess) return 1;
  cudaThreadGetLimit(&limit, cudaLimitStackSize);
  cudaDeviceGetLimit(&device_limit, cudaLimitStackSize);
  std::printf("limit %zu same %d\n", limit, int(limit == device_limit));

  cudaFuncCache cache = cudaFuncCachePreferNone;
  if (cudaThreadSetCacheConfig(cudaFuncCachePreferShared) != cudaSuccess) return 1;
  cudaThreadGetCacheConfig(&cache);
  std::printf("cache %d\n", int(cache == cudaFuncCachePreferShared));

  int* d;
  int h = 0;
  cudaMalloc(&d, sizeof(int));
  cudaMemset(d, 0, sizeof(int));
  Sum<<<1, 32>>>(d);
  if (cudaThreadSynchronize() != cudaSuccess) return 1;
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("sum %d\n", h);
  // cudaThreadExit resets the device as cudaDeviceReset does, and the device works on after it.
  const cudaError_t exit_error = cudaThreadExit();
  std::printf("exit %d then %d\n", int(exit_error), int(cudaMalloc(&d, sizeof(int))));
  return 0;
}
