// A grid at nesting depth 24 (the host's grid is depth 0) cannot launch: the launch fails with
// cudaErrorLaunchMaxDepthExceeded, which the launching thread reads from cudaGetLastError (DP-3).
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s
// CHECK:     deepest grid 24, its launch failed: 1
// CHECK-NOT: {{.}}
#include <cstdio>

__device__ int g_deepest = -1;
__device__ int g_failed = 0;

__global__ void Nest(int depth) {
  g_deepest = depth;
  Nest<<<1, 1>>>(depth + 1);
  const cudaError_t e = cudaGetLastError();
  if (e == cudaErrorLaunchMaxDepthExceeded) g_failed = depth == 24 ? 1 : -depth;
}

int main() {
  Nest<<<1, 1>>>(0);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  int deepest = 0, failed = 0;
  cudaMemcpyFromSymbol(&deepest, g_deepest, sizeof(int));
  cudaMemcpyFromSymbol(&failed, g_failed, sizeof(int));
  std::printf("deepest grid %d, its launch failed: %d\n", deepest, failed);
  return 0;
}
