// __shared__ declarations in the body of an `extern "C"` kernel are per block, like those of any
// function body (the `extern "C"` before the head is no linkage block), beside a namespace-scope
// `extern __shared__`: each block sees its own memory, also when the blocks of a cooperative grid
// take turns on one worker (their lanes interleave at grid.sync) and when a lane that exits runs the
// next thread on its stack. Prints "ok" and exits 0 when every block counted and summed its own.
// RUN: %warpsafe run %s --schedule random --seed 3 --workers 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule lockstep --workers 2 2>&1 | FileCheck %s
// CHECK:      ok
// CHECK-NOT:  {{.}}

#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

extern __shared__ double g_dyn[];  // namespace scope: constructed before any lane runs

constexpr int kBlocks = 4;
constexpr int kThreads = 64;
constexpr int kSteps = 50;

extern "C" __device__ double accumulate(int steps) {
  extern __shared__ double sdata[];  // the same memory as g_dyn
  for (int i = 0; i < steps; ++i) sdata[threadIdx.x] += blockIdx.x + 1;
  return sdata[threadIdx.x];
}

extern "C" __global__ void per_block(double* out) {
  __shared__ int arrived;  // one per block: a per-thread copy would count 1
  if (threadIdx.x == 0) arrived = 0;
  __syncthreads();
  atomicAdd(&arrived, 1);
  g_dyn[threadIdx.x] = 0;
  accumulate(kSteps);
  cg::this_grid().sync();  // every block is resident; on one worker they take turns here
  const double mine = accumulate(kSteps);
  __syncthreads();
  if (threadIdx.x == 0) {
    double sum = 0;
    for (int t = 0; t < kThreads; ++t) sum += g_dyn[t];
    out[blockIdx.x] = arrived == kThreads ? sum + mine : -arrived;
  }
}

extern "C" __global__ void short_threads(double* out) {
  // No scheduling point before the exit: each thread runs to its end on a stack the previous
  // thread of the block left, so a resolution kept from another thread would show here.
  extern __shared__ double sdata[];
  sdata[threadIdx.x] = blockIdx.x + 1;
  out[blockIdx.x * kThreads + threadIdx.x] = sdata[threadIdx.x];
}

int main() {
  double* out = nullptr;
  if (cudaMallocManaged(&out, sizeof(double) * kBlocks * kThreads) != cudaSuccess) return 1;
  void* args[] = {&out};
  if (cudaLaunchCooperativeKernel((void*)per_block, dim3(kBlocks), dim3(kThreads), args,
                                  kThreads * sizeof(double), nullptr) != cudaSuccess) return 2;
  if (cudaDeviceSynchronize() != cudaSuccess) return 3;
  for (int b = 0; b < kBlocks; ++b) {
    const double want = (b + 1.0) * (2 * kSteps * kThreads + 2 * kSteps);
    if (out[b] != want) {
      std::printf("block %d: %g, expected %g\n", b, out[b], want);
      return 4;
    }
  }
  short_threads<<<kBlocks, kThreads, kThreads * sizeof(double)>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 5;
  for (int i = 0; i < kBlocks * kThreads; ++i) {
    if (out[i] != i / kThreads + 1) {
      std::printf("thread %d: %g\n", i, out[i]);
      return 6;
    }
  }
  std::printf("ok\n");
  return 0;
}
