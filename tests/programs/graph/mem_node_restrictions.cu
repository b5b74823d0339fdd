// What a graph that holds memory nodes may not do (GRAPH-MEM-5): be cloned, become a child graph
// (added as a child graph node, or launched into a capturing stream), lose a node, or have a
// second executable graph while one exists. Each call fails with CUDA's error and leaves the graph
// as it was; the same calls on a graph without memory nodes succeed, and once the executable graph
// is destroyed the graph can be instantiated again.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | FileCheck %s
// CHECK:      clone: cudaErrorNotSupported
// CHECK-NEXT: child graph node: cudaErrorNotSupported
// CHECK-NEXT: destroy node: cudaErrorNotSupported
// CHECK-NEXT: first instantiation: cudaSuccess
// CHECK-NEXT: second instantiation: cudaErrorInvalidValue
// CHECK-NEXT: launch into a capture: cudaErrorNotSupported
// CHECK-NEXT: end of that capture: cudaErrorStreamCaptureInvalidated
// CHECK-NEXT: launch: cudaSuccess, total 6
// CHECK-NEXT: instantiation after the first is destroyed: cudaSuccess
// CHECK-NEXT: without memory nodes: clone cudaSuccess, child cudaSuccess, destroy node cudaSuccess, two instantiations cudaSuccess cudaSuccess
// CHECK-NOT:  {{.}}

#include <cstdio>
#include <cstring>

__global__ void Fill(int* v) { v[threadIdx.x] = threadIdx.x; }
__global__ void Total(const int* v, int n, int* out) {
  int s = 0;
  for (int i = 0; i < n; ++i) s += v[i];
  *out = s;
}

int main() {
  int* total;
  cudaMallocManaged(&total, sizeof(int));
  // alloc -> Fill -> Total -> free
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  cudaMemAllocNodeParams p;
  std::memset(&p, 0, sizeof p);
  p.poolProps.allocType = cudaMemAllocationTypePinned;
  p.poolProps.location.type = cudaMemLocationTypeDevice;
  p.poolProps.location.id = 0;
  p.bytesize = 4 * sizeof(int);
  cudaGraphNode_t alloc, fill, sum, release;
  cudaGraphAddMemAllocNode(&alloc, g, nullptr, 0, &p);
  int* v = static_cast<int*>(p.dptr);
  cudaKernelNodeParams k;
  std::memset(&k, 0, sizeof k);
  void* fill_args[] = {&v};
  k.func = reinterpret_cast<void*>(Fill);
  k.gridDim = dim3(1);
  k.blockDim = dim3(4);
  k.kernelParams = fill_args;
  cudaGraphAddKernelNode(&fill, g, &alloc, 1, &k);
  int n = 4;
  void* total_args[] = {&v, &n, &total};
  k.func = reinterpret_cast<void*>(Total);
  k.blockDim = dim3(1);
  k.kernelParams = total_args;
  cudaGraphAddKernelNode(&sum, g, &fill, 1, &k);
  cudaGraphAddMemFreeNode(&release, g, &sum, 1, v);

  cudaGraph_t copy = nullptr, parent;
  std::printf("clone: %s\n", cudaGetErrorName(cudaGraphClone(&copy, g)));
  cudaGraphCreate(&parent, 0);
  cudaGraphNode_t child;
  std::printf("child graph node: %s\n", cudaGetErrorName(cudaGraphAddChildGraphNode(&child, parent, nullptr, 0, g)));
  std::printf("destroy node: %s\n", cudaGetErrorName(cudaGraphDestroyNode(sum)));
  cudaGraphExec_t exec, second;
  std::printf("first instantiation: %s\n", cudaGetErrorName(cudaGraphInstantiate(&exec, g, 0)));
  std::printf("second instantiation: %s\n", cudaGetErrorName(cudaGraphInstantiate(&second, g, 0)));
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  std::printf("launch into a capture: %s\n", cudaGetErrorName(cudaGraphLaunch(exec, s)));
  cudaGraph_t captured = nullptr;
  std::printf("end of that capture: %s\n", cudaGetErrorName(cudaStreamEndCapture(s, &captured)));
  // The refused calls changed nothing: the graph still runs all four nodes.
  const cudaError_t launched = cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  std::printf("launch: %s, total %d\n", cudaGetErrorName(launched), *total);
  cudaGraphExecDestroy(exec);
  std::printf("instantiation after the first is destroyed: %s\n", cudaGetErrorName(cudaGraphInstantiate(&exec, g, 0)));
  cudaGraphExecDestroy(exec);

  // The same calls on a graph of kernel nodes only.
  cudaGraph_t plain;
  cudaGraphCreate(&plain, 0);
  cudaGraphNode_t a, b;
  k.func = reinterpret_cast<void*>(Total);
  cudaGraphAddKernelNode(&a, plain, nullptr, 0, &k);
  cudaGraphAddKernelNode(&b, plain, &a, 1, &k);
  cudaGraph_t plain_copy;
  const cudaError_t cloned = cudaGraphClone(&plain_copy, plain);
  const cudaError_t added = cudaGraphAddChildGraphNode(&child, parent, nullptr, 0, plain);
  const cudaError_t destroyed = cudaGraphDestroyNode(b);
  cudaGraphExec_t e1, e2;
  const cudaError_t i1 = cudaGraphInstantiate(&e1, plain, 0);
  const cudaError_t i2 = cudaGraphInstantiate(&e2, plain, 0);
  std::printf("without memory nodes: clone %s, child %s, destroy node %s, two instantiations %s %s\n",
              cudaGetErrorName(cloned), cudaGetErrorName(added), cudaGetErrorName(destroyed), cudaGetErrorName(i1),
              cudaGetErrorName(i2));
  return 0;
}
