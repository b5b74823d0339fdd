// Graphs built node by node (engine/src/graph/graph.cpp, exec.cpp): memcpy, memset, kernel, host,
// empty and child graph nodes, explicit dependencies, the node queries, and CUDA's errors.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      manual graph: ok
// CHECK-NOT:  {{.}}

#include <cstdio>
#include <cstring>

#include "Inputs/expect.h"

__global__ void AddOffset(int* v, int offset, size_t n) {
  const size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] += offset;
}

// A template instantiation that the program never names typed: its address is unknown to the runtime
// (every non-template kernel is registered by the front end; GRAPH-3).
template <int kValue>
__global__ void NeverRegistered(int* v) {
  v[threadIdx.x] = kValue;
}

struct Log {
  char text[64];
  int length;
};
static void Append(void* data) {
  Log* log = static_cast<Log*>(data);
  log->text[log->length++] = 'h';
}

int main() {
  const size_t n = 256;
  int host_in[n], host_out[n];
  for (size_t i = 0; i < n; ++i) host_in[i] = int(i);
  int* d = nullptr;
  cudaMalloc(&d, n * sizeof(int));
  // Naming the kernel typed to the runtime makes it callable from an argument array.
  cudaFuncAttributes attr;
  EXPECT(cudaFuncGetAttributes(&attr, AddOffset) == cudaSuccess);

  cudaGraph_t g;
  EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess);
  cudaGraphNode_t copy_in, set, kernel, copy_out, host, empty;

  cudaMemcpy3DParms in = {};
  in.srcPtr = make_cudaPitchedPtr(host_in, n * sizeof(int), n, 1);
  in.dstPtr = make_cudaPitchedPtr(d, n * sizeof(int), n, 1);
  in.extent = make_cudaExtent(n * sizeof(int), 1, 1);
  in.kind = cudaMemcpyHostToDevice;
  EXPECT(cudaGraphAddMemcpyNode(&copy_in, g, nullptr, 0, &in) == cudaSuccess);

  // Overwrite the second half with 1000 as 4-byte elements, after the copy.
  cudaMemsetParams fill = {};
  fill.dst = d + n / 2;
  fill.value = 1000;
  fill.elementSize = 4;
  fill.width = n / 2;
  fill.height = 1;
  EXPECT(cudaGraphAddMemsetNode(&set, g, &copy_in, 1, &fill) == cudaSuccess);

  int offset = 7;
  size_t count = n;
  void* args[] = {&d, &offset, &count};
  cudaKernelNodeParams k = {};
  k.func = (void*)AddOffset;
  k.gridDim = dim3(2);
  k.blockDim = dim3(128);
  k.kernelParams = args;
  EXPECT(cudaGraphAddKernelNode(&kernel, g, &set, 1, &k) == cudaSuccess);
  offset = 99;  // the node copied its arguments when it was added

  EXPECT(cudaGraphAddMemcpyNode1D(&copy_out, g, &kernel, 1, host_out, d, sizeof host_out, cudaMemcpyDeviceToHost) ==
         cudaSuccess);
  Log log = {};
  cudaHostNodeParams h = {Append, &log};
  EXPECT(cudaGraphAddHostNode(&host, g, &copy_out, 1, &h) == cudaSuccess);
  EXPECT(cudaGraphAddEmptyNode(&empty, g, nullptr, 0) == cudaSuccess);
  EXPECT(cudaGraphAddDependencies(g, &host, &empty, 1) == cudaSuccess);  // CUDA 12's form

  // Queries.
  size_t num = 0;
  EXPECT(cudaGraphGetNodes(g, nullptr, &num) == cudaSuccess && num == 6);
  cudaGraphNode_t nodes[8];
  num = 8;
  EXPECT(cudaGraphGetNodes(g, nodes, &num) == cudaSuccess && num == 6 && nodes[2] == kernel && nodes[6] == nullptr);
  num = 4;
  cudaGraphNode_t roots[4];
  EXPECT(cudaGraphGetRootNodes(g, roots, &num) == cudaSuccess && num == 1 && roots[0] == copy_in);
  cudaGraphNodeType type;
  EXPECT(cudaGraphNodeGetType(set, &type) == cudaSuccess && type == cudaGraphNodeTypeMemset);
  EXPECT(cudaGraphNodeGetType(empty, &type) == cudaSuccess && type == cudaGraphNodeTypeEmpty);
  cudaGraphNode_t deps[2];
  num = 2;
  EXPECT(cudaGraphNodeGetDependencies(empty, deps, &num) == cudaSuccess && num == 1 && deps[0] == host);
  cudaKernelNodeParams back;
  EXPECT(cudaGraphKernelNodeGetParams(kernel, &back) == cudaSuccess && back.func == (void*)AddOffset &&
         back.gridDim.x == 2);

  // A child graph: the whole graph again, after an empty node.
  cudaGraph_t outer;
  cudaGraphNode_t child, first;
  EXPECT(cudaGraphCreate(&outer, 0) == cudaSuccess);
  EXPECT(cudaGraphAddEmptyNode(&first, outer, nullptr, 0) == cudaSuccess);
  EXPECT(cudaGraphAddChildGraphNode(&child, outer, &first, 1, g) == cudaSuccess);
  cudaGraph_t inner;
  EXPECT(cudaGraphChildGraphNodeGetGraph(child, &inner) == cudaSuccess && inner != g);

  cudaGraphExec_t exec, outer_exec;
  EXPECT(cudaGraphInstantiate(&exec, g, 0) == cudaSuccess);
  EXPECT(cudaGraphInstantiate(&outer_exec, outer, 0) == cudaSuccess);
  EXPECT(cudaGraphLaunch(exec, 0) == cudaSuccess);
  for (size_t i = 0; i < n; ++i) EXPECT(host_out[i] == (i < n / 2 ? int(i) : 1000) + 7);
  std::memset(host_out, 0, sizeof host_out);
  EXPECT(cudaGraphLaunch(outer_exec, 0) == cudaSuccess);
  EXPECT(host_out[3] == 10 && host_out[n - 1] == 1007);
  EXPECT(log.length == 2);

  // Errors.
  cudaGraphNode_t bad;
  cudaKernelNodeParams unknown = k;
  unknown.func = (void*)NeverRegistered<-1>;
  EXPECT(cudaGraphAddKernelNode(&bad, g, nullptr, 0, &unknown) == cudaErrorInvalidDeviceFunction);
  EXPECT(cudaGraphAddKernelNode(&bad, g, nullptr, 0, nullptr) == cudaErrorInvalidValue);
  EXPECT(cudaGraphAddEmptyNode(&bad, g, &first, 1) == cudaErrorInvalidValue);  // a node of another graph
  cudaGraphNode_t twice[2] = {copy_in, copy_in};
  EXPECT(cudaGraphAddEmptyNode(&bad, g, twice, 2) == cudaErrorInvalidValue);
  fill.elementSize = 3;
  EXPECT(cudaGraphAddMemsetNode(&bad, g, nullptr, 0, &fill) == cudaErrorInvalidValue);
  EXPECT(cudaGraphAddDependencies(g, &host, &empty, 1) == cudaErrorInvalidValue);  // already there
  // A cycle is refused when the graph is instantiated.
  EXPECT(cudaGraphAddDependencies(g, &empty, &copy_in, 1) == cudaSuccess);
  cudaGraphExec_t cyclic;
  EXPECT(cudaGraphInstantiate(&cyclic, g, 0) == cudaErrorInvalidValue);
  EXPECT(cudaGraphDestroyNode(empty) == cudaSuccess);
  EXPECT(cudaGraphNodeGetType(empty, &type) == cudaErrorInvalidValue);
  EXPECT(cudaGraphInstantiate(&cyclic, g, 0) == cudaSuccess);
  EXPECT(cudaGraphGetNodes(g, nullptr, &num) == cudaSuccess && num == 5);
  EXPECT(cudaGraphLaunch(exec, reinterpret_cast<cudaStream_t>(0x55)) == cudaErrorInvalidResourceHandle);
  cudaGetLastError();

  cudaGraphExecDestroy(cyclic);
  cudaGraphExecDestroy(exec);
  cudaGraphExecDestroy(outer_exec);
  EXPECT(cudaGraphDestroy(g) == cudaSuccess);
  EXPECT(cudaGraphDestroy(g) == cudaErrorInvalidValue);
  cudaGraphDestroy(outer);
  cudaFree(d);
  std::printf("manual graph: %s\n", g_failures == 0 ? "ok" : "wrong");
  return g_failures == 0 ? 0 : 1;
}
