// A namespace-scope __shared__ array reused as another element type through a cast, as programs
// that keep one scratch array for several phases write it: `(float*)scratch`, a C-style cast of the
// array (which decays to its element pointer first, as in CUDA), then `static_cast<void*>` and a
// cast of a two-dimensional array to its scalar type. Each block sums its lanes' values as floats
// in the unsigned array, then keeps the maximum as unsigned in its second half.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | FileCheck %s
// CHECK:      block 0: sum 496.0 max 31 first 496.0 corner 7
// CHECK-NEXT: block 1: sum 1520.0 max 63 first 1520.0 corner 7
// CHECK-NOT:  {{.}}

#include <cstdio>

constexpr int kThreads = 32;
__device__ __shared__ unsigned scratch[2 * kThreads];
__shared__ int grid2d[4][kThreads];

__global__ void reduce(float* sums, unsigned* maxima, float* firsts, int* corners) {
  const unsigned value = blockIdx.x * kThreads + threadIdx.x;
  ((float*)scratch)[threadIdx.x] = (float)value;
  scratch[threadIdx.x + kThreads] = value;
  grid2d[threadIdx.x % 4][threadIdx.x] = 7;
  __syncthreads();
  for (int i = kThreads / 2; i > 0; i >>= 1) {
    if (threadIdx.x < i) {
      ((float*)scratch)[threadIdx.x] += ((float*)scratch)[threadIdx.x + i];
      if (scratch[threadIdx.x + kThreads] < scratch[threadIdx.x + i + kThreads])
        scratch[threadIdx.x + kThreads] = scratch[threadIdx.x + i + kThreads];
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    sums[blockIdx.x] = ((float*)scratch)[0];
    maxima[blockIdx.x] = scratch[kThreads];
    firsts[blockIdx.x] = *static_cast<float*>(static_cast<void*>(scratch));
    corners[blockIdx.x] = ((int*)grid2d)[0];
  }
}

int main() {
  float* sums = nullptr;
  unsigned* maxima = nullptr;
  float* firsts = nullptr;
  int* corners = nullptr;
  if (cudaMallocManaged(&sums, 2 * sizeof(float)) != cudaSuccess) return 1;
  if (cudaMallocManaged(&maxima, 2 * sizeof(unsigned)) != cudaSuccess) return 1;
  if (cudaMallocManaged(&firsts, 2 * sizeof(float)) != cudaSuccess) return 1;
  if (cudaMallocManaged(&corners, 2 * sizeof(int)) != cudaSuccess) return 1;
  reduce<<<2, kThreads>>>(sums, maxima, firsts, corners);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int b = 0; b < 2; ++b)
    std::printf("block %d: sum %.1f max %u first %.1f corner %d\n", b, sums[b], maxima[b], firsts[b], corners[b]);
  return 0;
}
