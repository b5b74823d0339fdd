// threadIdx, blockIdx, blockDim, gridDim and warpSize are variables, as under nvcc: host and device
// code may declare objects of those names, which shadow the built-ins in their scope, and a
// built-in read passes through varargs as the unsigned int it is.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      thread 5 of block 0, block of 256, grid of 2, warp of 32
// CHECK-NEXT: builtin variables: ok
// CHECK-NOT:  {{.}}

#include <cstdio>

struct Launch {
  unsigned threadIdx;  // a member of the same name
  unsigned blockDim;
};

__device__ unsigned Offset(unsigned gridDim) {  // a parameter shadows the built-in
  return gridDim * 1000;
}

__global__ void Fill(unsigned* out, Launch l) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = Offset(7) + i + l.threadIdx;
  {
    int warpSize = 3;  // a local shadows the built-in in its block only
    out[i] += warpSize;
  }
  out[i] += warpSize;
  if (i == 5) printf("thread %u of block %u, block of %u, grid of %u, warp of %d\n", threadIdx.x, blockIdx.x,
                     blockDim.x, gridDim.x, warpSize);
}

int main() {
  const int n = 512;
  dim3 blockDim(16, 16);  // host code: the shapes of a launch under the built-ins' names
  int gridDim = n / 256;
  unsigned* out = nullptr;
  cudaMallocManaged(&out, n * sizeof(unsigned));
  const Launch l{100, 0};
  Fill<<<gridDim, blockDim.x * blockDim.y>>>(out, l);
  cudaDeviceSynchronize();
  int wrong = 0;
  for (int blockIdx = 0; blockIdx < gridDim; ++blockIdx) {
    for (unsigned threadIdx = 0; threadIdx < blockDim.x * blockDim.y; ++threadIdx) {
      const unsigned i = blockIdx * 256 + threadIdx;
      if (out[i] != 7000 + i + 100 + 3 + 32) ++wrong;
    }
  }
  uint3 threadIdx = {1, 2, 3};
  int warpSize = 64;
  const bool shadows = threadIdx.y == 2 && warpSize == 64 && blockDim.y == 16 && gridDim == 2;
  cudaFree(out);
  std::printf("builtin variables: %s\n", wrong == 0 && shadows ? "ok" : "wrong");
  return wrong == 0 && shadows ? 0 : 1;
}
