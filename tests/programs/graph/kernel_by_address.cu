// Kernels named by address only (engine/src/graph/kernel_registry.cpp and the front end's
// kernel_registration.h): every non-template kernel a file defines is launchable through `void*`
// before main runs, by the untyped cudaLaunchKernel, cudaLaunchCooperativeKernel,
// cudaLaunchKernelExC and kernel nodes; a template instantiation once the program names it typed;
// any other address is cudaErrorInvalidDeviceFunction.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      kernel by address: ok
// CHECK-NOT:  {{.}}

#include <cooperative_groups.h>

#include <cstdio>

namespace cg = cooperative_groups;

#include "Inputs/expect.h"

// Never named typed anywhere in this file: only its address is taken.
__global__ void Scale(int* v, int factor, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= factor;
}

// Every block adds its count, then, after the grid barrier, thread 0 of block 0 reads the total.
__global__ void GridTotal(int* counter, int* total) {
  if (threadIdx.x == 0) atomicAdd(counter, 1);
  cg::this_grid().sync();
  if (blockIdx.x == 0 && threadIdx.x == 0) *total = *counter;
}

namespace ns {
__global__ void Inner(int* v);
}
__global__ void ns::Inner(int* v) { v[threadIdx.x] += 100; }

template <class T>
__global__ void Twice(T* v) {
  v[threadIdx.x] *= 2;
}

static void HostOnly(int*) {}

constexpr int kN = 64;

static bool AllEqual(const int* v, int expected) {
  for (int i = 0; i < kN; ++i) {
    if (v[i] != expected) return false;
  }
  return true;
}

int main() {
  int* v = nullptr;
  EXPECT(cudaMallocManaged(&v, kN * sizeof(int)) == cudaSuccess);
  for (int i = 0; i < kN; ++i) v[i] = 1;
  int factor = 3, n = kN;
  void* args[] = {&v, &factor, &n};

  // The untyped cudaLaunchKernel, through a pointer kept in a variable.
  const void* fn = (const void*)Scale;
  EXPECT(cudaLaunchKernel(fn, dim3(2), dim3(32), args, 0, nullptr) == cudaSuccess);
  EXPECT(cudaDeviceSynchronize() == cudaSuccess);
  EXPECT(AllEqual(v, 3));

  // cudaLaunchKernelExC.
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(1);
  config.blockDim = dim3(kN);
  EXPECT(cudaLaunchKernelExC(&config, fn, args) == cudaSuccess);
  EXPECT(cudaDeviceSynchronize() == cudaSuccess);
  EXPECT(AllEqual(v, 9));

  // A kernel node built from cudaKernelNodeParams.
  cudaGraph_t g;
  EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess);
  cudaKernelNodeParams params = {};
  params.func = (void*)Scale;
  params.gridDim = dim3(4);
  params.blockDim = dim3(16);
  params.kernelParams = args;
  cudaGraphNode_t node;
  EXPECT(cudaGraphAddKernelNode(&node, g, nullptr, 0, &params) == cudaSuccess);
  cudaKernelNodeParams inner = {};
  void* inner_args[] = {&v};
  inner.func = (void*)ns::Inner;  // defined outside its namespace
  inner.gridDim = dim3(1);
  inner.blockDim = dim3(kN);
  inner.kernelParams = inner_args;
  cudaGraphNode_t inner_node;
  EXPECT(cudaGraphAddKernelNode(&inner_node, g, &node, 1, &inner) == cudaSuccess);
  cudaGraphExec_t exec;
  EXPECT(cudaGraphInstantiate(&exec, g, 0) == cudaSuccess);
  EXPECT(cudaGraphLaunch(exec, nullptr) == cudaSuccess);
  EXPECT(cudaStreamSynchronize(nullptr) == cudaSuccess);
  EXPECT(AllEqual(v, 127));

  // The untyped cooperative launch: every block resident, the grid barrier completes.
  int* counter = nullptr;
  int* total = nullptr;
  EXPECT(cudaMallocManaged(&counter, sizeof(int)) == cudaSuccess);
  EXPECT(cudaMallocManaged(&total, sizeof(int)) == cudaSuccess);
  *counter = 0;
  *total = 0;
  void* coop_args[] = {&counter, &total};
  void* coop = (void*)GridTotal;
  EXPECT(cudaLaunchCooperativeKernel(coop, dim3(6), dim3(64), coop_args, 0, nullptr) == cudaSuccess);
  EXPECT(cudaDeviceSynchronize() == cudaSuccess);
  EXPECT(*total == 6);

  // A template instantiation is known once named typed; an unnamed one, or a host function, is not.
  cudaFuncAttributes attributes;
  EXPECT(cudaFuncGetAttributes(&attributes, Twice<int>) == cudaSuccess);
  void* twice_args[] = {&v};
  EXPECT(cudaLaunchKernel((const void*)Twice<int>, dim3(1), dim3(kN), twice_args, 0, nullptr) == cudaSuccess);
  EXPECT(cudaDeviceSynchronize() == cudaSuccess);
  EXPECT(AllEqual(v, 254));
  EXPECT(cudaLaunchKernel((const void*)Twice<unsigned>, dim3(1), dim3(kN), twice_args, 0, nullptr) ==
         cudaErrorInvalidDeviceFunction);
  EXPECT(cudaGetLastError() == cudaErrorInvalidDeviceFunction);
  EXPECT(cudaLaunchKernel((const void*)HostOnly, dim3(1), dim3(kN), twice_args, 0, nullptr) ==
         cudaErrorInvalidDeviceFunction);
  EXPECT(cudaGetLastError() == cudaErrorInvalidDeviceFunction);
  EXPECT(cudaGetLastError() == cudaSuccess);  // not sticky
  EXPECT(AllEqual(v, 254));

  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(g);
  cudaFree(v);
  if (g_failures != 0) return 1;
  std::printf("kernel by address: ok\n");
  return 0;
}
