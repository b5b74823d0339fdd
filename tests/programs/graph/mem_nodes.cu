// Graph memory nodes (engine/src/graph/mem_nodes.cpp, GRAPH-MEM-1 .. GRAPH-MEM-3): an alloc node's
// address is fixed when it is added and the same in every launch; a graph whose allocation was not
// freed cannot be launched again until it is (cudaErrorInvalidValue), unless instantiated with
// cudaGraphInstantiateFlagAutoFreeOnLaunch; cudaFree of a graph allocation frees it; the node
// queries and CUDA's errors for bad parameters.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      graph memory nodes: ok
// CHECK-NOT:  {{.}}

#include <cstdio>
#include <cstring>

#include "Inputs/expect.h"

__global__ void Fill(int* v, int base, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = base + i;
}

__global__ void Total(const int* v, int n, int* out) {
  if (threadIdx.x == 0) {
    int s = 0;
    for (int i = 0; i < n; ++i) s += v[i];
    *out = s;
  }
}

cudaMemAllocNodeParams DeviceBlock(size_t bytes) {
  cudaMemAllocNodeParams p;
  std::memset(&p, 0, sizeof p);
  p.poolProps.allocType = cudaMemAllocationTypePinned;
  p.poolProps.location.type = cudaMemLocationTypeDevice;
  p.poolProps.location.id = 0;
  p.bytesize = bytes;
  return p;
}

int main() {
  const int n = 100;
  int* total;
  cudaMallocManaged(&total, sizeof(int));

  // alloc -> fill -> total -> free, launched three times.
  cudaGraph_t g;
  EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess);
  cudaMemAllocNodeParams ap = DeviceBlock(n * sizeof(int));
  cudaGraphNode_t alloc, fill, sum, release;
  EXPECT(cudaGraphAddMemAllocNode(&alloc, g, nullptr, 0, &ap) == cudaSuccess);
  EXPECT(ap.dptr != nullptr);
  int* v = static_cast<int*>(ap.dptr);
  int base = 1000;
  void* fill_args[] = {&v, &base, const_cast<int*>(&n)};
  cudaKernelNodeParams kp = {reinterpret_cast<void*>(Fill), dim3(1), dim3(128), 0, fill_args, nullptr};
  EXPECT(cudaGraphAddKernelNode(&fill, g, &alloc, 1, &kp) == cudaSuccess);
  void* total_args[] = {&v, const_cast<int*>(&n), &total};
  cudaKernelNodeParams tp = {reinterpret_cast<void*>(Total), dim3(1), dim3(32), 0, total_args, nullptr};
  EXPECT(cudaGraphAddKernelNode(&sum, g, &fill, 1, &tp) == cudaSuccess);
  EXPECT(cudaGraphAddMemFreeNode(&release, g, &sum, 1, ap.dptr) == cudaSuccess);

  cudaGraphNodeType type;
  EXPECT(cudaGraphNodeGetType(alloc, &type) == cudaSuccess && type == cudaGraphNodeTypeMemAlloc);
  EXPECT(cudaGraphNodeGetType(release, &type) == cudaSuccess && type == cudaGraphNodeTypeMemFree);
  cudaMemAllocNodeParams got;
  EXPECT(cudaGraphMemAllocNodeGetParams(alloc, &got) == cudaSuccess);
  EXPECT(got.dptr == ap.dptr && got.bytesize == n * sizeof(int));
  void* freed = nullptr;
  EXPECT(cudaGraphMemFreeNodeGetParams(release, &freed) == cudaSuccess && freed == ap.dptr);
  EXPECT(cudaGraphMemAllocNodeGetParams(release, &got) == cudaErrorInvalidValue);

  cudaGraphExec_t exec;
  EXPECT(cudaGraphInstantiate(&exec, g, 0) == cudaSuccess);
  for (int launch = 0; launch < 3; ++launch) {
    *total = -1;
    EXPECT(cudaGraphLaunch(exec, 0) == cudaSuccess);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    EXPECT(*total == 1000 * n + n * (n - 1) / 2);
  }
  EXPECT(cudaGraphExecDestroy(exec) == cudaSuccess);
  EXPECT(cudaGraphDestroy(g) == cudaSuccess);

  // A graph that allocates and does not free: its next launch fails until the block is freed.
  cudaGraph_t keep;
  cudaGraphCreate(&keep, 0);
  cudaMemAllocNodeParams kp2 = DeviceBlock(n * sizeof(int));
  cudaGraphNode_t a2, f2;
  EXPECT(cudaGraphAddMemAllocNode(&a2, keep, nullptr, 0, &kp2) == cudaSuccess);
  int* w = static_cast<int*>(kp2.dptr);
  int base2 = 7;
  void* args2[] = {&w, &base2, const_cast<int*>(&n)};
  cudaKernelNodeParams fp2 = {reinterpret_cast<void*>(Fill), dim3(1), dim3(128), 0, args2, nullptr};
  EXPECT(cudaGraphAddKernelNode(&f2, keep, &a2, 1, &fp2) == cudaSuccess);
  cudaGraphExec_t once, again;
  EXPECT(cudaGraphInstantiate(&once, keep, 0) == cudaSuccess);
  EXPECT(cudaGraphLaunch(once, 0) == cudaSuccess);
  int host[n];
  EXPECT(cudaMemcpy(host, w, sizeof host, cudaMemcpyDeviceToHost) == cudaSuccess);
  EXPECT(host[0] == 7 && host[n - 1] == 7 + n - 1);
  EXPECT(cudaGraphLaunch(once, 0) == cudaErrorInvalidValue);  // still allocated
  EXPECT(cudaFree(w) == cudaSuccess);
  EXPECT(cudaFree(w) == cudaErrorInvalidValue);  // freed already
  EXPECT(cudaGraphLaunch(once, 0) == cudaSuccess);
  EXPECT(cudaFreeAsync(w, 0) == cudaSuccess);
  EXPECT(cudaGraphExecDestroy(once) == cudaSuccess);
  // Instantiated to free on launch: every launch succeeds, at the same address.
  EXPECT(cudaGraphInstantiate(&again, keep, cudaGraphInstantiateFlagAutoFreeOnLaunch) == cudaSuccess);
  EXPECT(cudaGraphLaunch(again, 0) == cudaSuccess);
  EXPECT(cudaGraphLaunch(again, 0) == cudaSuccess);
  EXPECT(cudaMemcpy(host, w, sizeof host, cudaMemcpyDeviceToHost) == cudaSuccess);
  EXPECT(host[n - 1] == 7 + n - 1);
  EXPECT(cudaFree(w) == cudaSuccess);
  EXPECT(cudaGraphExecDestroy(again) == cudaSuccess);
  EXPECT(cudaGraphDestroy(keep) == cudaSuccess);

  // CUDA's errors for bad parameters.
  cudaGraph_t bad;
  cudaGraphCreate(&bad, 0);
  cudaGraphNode_t node;
  cudaMemAllocNodeParams zero = DeviceBlock(0);
  EXPECT(cudaGraphAddMemAllocNode(&node, bad, nullptr, 0, &zero) == cudaErrorInvalidValue);
  EXPECT(cudaGraphAddMemAllocNode(&node, bad, nullptr, 0, nullptr) == cudaErrorInvalidValue);
  cudaMemAllocNodeParams managed = DeviceBlock(64);
  managed.poolProps.allocType = cudaMemAllocationTypeManaged;
  EXPECT(cudaGraphAddMemAllocNode(&node, bad, nullptr, 0, &managed) == cudaErrorInvalidValue);
  int* plain;
  cudaMalloc(&plain, 64);
  EXPECT(cudaGraphAddMemFreeNode(&node, bad, nullptr, 0, plain) == cudaErrorInvalidValue);
  cudaFree(plain);
  EXPECT(cudaDeviceGraphMemTrim(0) == cudaSuccess);
  cudaGraphDestroy(bad);

  if (g_failures == 0) std::printf("graph memory nodes: ok\n");
  return g_failures == 0 ? 0 : 1;
}
