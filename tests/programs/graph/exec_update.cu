// Changing an executable graph after instantiation (engine/src/graph/exec_update.cpp, GRAPH-UPD-1
// .. GRAPH-UPD-4 in docs/semantics/graphs.md): cudaGraphExecUpdate with both the CUDA 12 and the
// CUDA 11 signatures, the refusals and the node they name, cudaGraphExec*SetParams and
// cudaGraphNodeSetEnabled.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s
// RUN: %warpsafe check %s --policy random --schedules 3 2>&1 | FileCheck %s --check-prefix=CHECKER
// CHECKER-NOT: {{.}}
// CHECKER:     warpsafe check: no defect in 3 schedules (policies random, {{[0-9.]+}} s)
// CHECKER-NOT: {{.}}
// CHECK-NOT:  {{.}}
// CHECK:      exec update: ok
// CHECK-NOT:  {{.}}

#include <cstdio>

#include "Inputs/expect.h"

__global__ void Add(int* v, int amount) { v[threadIdx.x] += amount; }
__global__ void Twice(int* v, int amount) { v[threadIdx.x] += 2 * amount; }

// A graph: set v to zero, then Add(v, amount).
static cudaGraph_t Build(int* v, int amount, cudaGraphNode_t* set_out, cudaGraphNode_t* add_out) {
  cudaGraph_t g;
  EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess);
  cudaMemsetParams m = {};
  m.dst = v;
  m.value = 0;
  m.elementSize = 4;
  m.width = 4;
  m.height = 1;
  EXPECT(cudaGraphAddMemsetNode(set_out, g, nullptr, 0, &m) == cudaSuccess);
  cudaKernelNodeParams k = {};
  void* args[] = {&v, &amount};
  k.func = (void*)Add;
  k.gridDim = dim3(1);
  k.blockDim = dim3(4);
  k.kernelParams = args;
  EXPECT(cudaGraphAddKernelNode(add_out, g, set_out, 1, &k) == cudaSuccess);
  return g;
}

int main() {
  int* v = nullptr;
  EXPECT(cudaMallocManaged(&v, 4 * sizeof(int)) == cudaSuccess);
  cudaGraphNode_t set1, add1, set2, add2;
  cudaGraph_t g1 = Build(v, 1, &set1, &add1);
  cudaGraphExec_t exec;
  EXPECT(cudaGraphInstantiate(&exec, g1, 0) == cudaSuccess);
  EXPECT(cudaGraphLaunch(exec, 0) == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess);
  EXPECT(v[0] == 1 && v[3] == 1);

  // GRAPH-UPD-1: a graph of the same shape lends its parameters; the executable graph runs them.
  cudaGraph_t g2 = Build(v, 5, &set2, &add2);
  cudaGraphExecUpdateResultInfo info = {};
  EXPECT(cudaGraphExecUpdate(exec, g2, &info) == cudaSuccess);
  EXPECT(info.result == cudaGraphExecUpdateSuccess && info.errorNode == nullptr);
  EXPECT(cudaGraphLaunch(exec, 0) == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess);
  EXPECT(v[0] == 5 && v[3] == 5);

  // GRAPH-UPD-2: an extra node changes the topology; the executable graph keeps what it had.
  cudaGraphNode_t extra;
  EXPECT(cudaGraphAddEmptyNode(&extra, g2, &add2, 1) == cudaSuccess);
  EXPECT(cudaGraphExecUpdate(exec, g2, &info) == cudaErrorGraphExecUpdateFailure);
  EXPECT(info.result == cudaGraphExecUpdateErrorTopologyChanged);
  EXPECT(cudaGetLastError() == cudaErrorGraphExecUpdateFailure);
  EXPECT(cudaGraphLaunch(exec, 0) == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess);
  EXPECT(v[0] == 5);

  // A changed edge names both its ends; a changed node type names the node (CUDA 11 signature).
  cudaGraph_t g3;
  cudaGraphNode_t a, b;
  EXPECT(cudaGraphCreate(&g3, 0) == cudaSuccess);
  EXPECT(cudaGraphAddEmptyNode(&a, g3, nullptr, 0) == cudaSuccess);
  EXPECT(cudaGraphAddEmptyNode(&b, g3, nullptr, 0) == cudaSuccess);
  EXPECT(cudaGraphExecUpdate(exec, g3, &info) == cudaErrorGraphExecUpdateFailure);
  EXPECT(info.result == cudaGraphExecUpdateErrorNodeTypeChanged && info.errorNode == a);
  cudaGraphNode_t error_node = nullptr;
  cudaGraphExecUpdateResult result = cudaGraphExecUpdateSuccess;
  EXPECT(cudaGraphExecUpdate(exec, g3, &error_node, &result) == cudaErrorGraphExecUpdateFailure);
  EXPECT(result == cudaGraphExecUpdateErrorNodeTypeChanged && error_node == a);
  cudaGraph_t g5;
  EXPECT(cudaGraphCreate(&g5, 0) == cudaSuccess);
  cudaGraphNode_t s5, k5;
  cudaMemsetParams m = {};
  m.dst = v;
  m.elementSize = 4;
  m.width = 4;
  m.height = 1;
  EXPECT(cudaGraphAddMemsetNode(&s5, g5, nullptr, 0, &m) == cudaSuccess);
  cudaKernelNodeParams k = {};
  int amount = 3;
  void* args[] = {&v, &amount};
  k.func = (void*)Add;
  k.gridDim = dim3(1);
  k.blockDim = dim3(4);
  k.kernelParams = args;
  EXPECT(cudaGraphAddKernelNode(&k5, g5, nullptr, 0, &k) == cudaSuccess);  // no edge from the memset
  EXPECT(cudaGraphExecUpdate(exec, g5, &info) == cudaErrorGraphExecUpdateFailure);
  EXPECT(info.result == cudaGraphExecUpdateErrorTopologyChanged && info.errorNode == k5);

  // GRAPH-UPD-3: a memset turned 2D is refused, as a parameter change CUDA does not make.
  cudaGraph_t g6;
  cudaGraphNode_t s6, k6;
  EXPECT(cudaGraphCreate(&g6, 0) == cudaSuccess);
  m.width = 2;
  m.height = 2;
  m.pitch = 8;
  EXPECT(cudaGraphAddMemsetNode(&s6, g6, nullptr, 0, &m) == cudaSuccess);
  EXPECT(cudaGraphAddKernelNode(&k6, g6, &s6, 1, &k) == cudaSuccess);
  EXPECT(cudaGraphExecUpdate(exec, g6, &info) == cudaErrorGraphExecUpdateFailure);
  EXPECT(info.result == cudaGraphExecUpdateErrorParametersChanged && info.errorNode == s6);

  // The handles of g1's nodes, and of g2's (the graph of the last update), name the nodes to
  // change; a node of a graph whose update was refused is an invalid value. The function may change.
  amount = 7;
  k.func = (void*)Twice;
  EXPECT(cudaGraphExecKernelNodeSetParams(exec, k5, &k) == cudaErrorInvalidValue);
  EXPECT(cudaGraphExecKernelNodeSetParams(exec, set1, &k) == cudaErrorInvalidValue);  // not a kernel node
  EXPECT(cudaGraphExecKernelNodeSetParams(exec, add2, &k) == cudaSuccess);
  EXPECT(cudaGraphExecKernelNodeSetParams(exec, add1, &k) == cudaSuccess);
  amount = 100;  // the arguments were copied
  EXPECT(cudaGraphLaunch(exec, 0) == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess);
  EXPECT(v[0] == 14 && v[3] == 14);
  m.width = 4;
  m.height = 1;
  m.value = 1;
  EXPECT(cudaGraphExecMemsetNodeSetParams(exec, set1, &m) == cudaSuccess);
  EXPECT(cudaGraphLaunch(exec, 0) == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess);
  EXPECT(v[0] == 15);

  // GRAPH-UPD-4: a disabled kernel node does nothing; enabled again, it runs.
  unsigned enabled = 2;
  EXPECT(cudaGraphNodeGetEnabled(exec, add1, &enabled) == cudaSuccess && enabled == 1);
  EXPECT(cudaGraphNodeSetEnabled(exec, add1, 0) == cudaSuccess);
  EXPECT(cudaGraphNodeGetEnabled(exec, add1, &enabled) == cudaSuccess && enabled == 0);
  EXPECT(cudaGraphLaunch(exec, 0) == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess);
  EXPECT(v[0] == 1);
  EXPECT(cudaGraphNodeSetEnabled(exec, add1, 1) == cudaSuccess);
  EXPECT(cudaGraphLaunch(exec, 0) == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess);
  EXPECT(v[0] == 15);
  cudaGraphNode_t empty;
  EXPECT(cudaGraphAddEmptyNode(&empty, g1, nullptr, 0) == cudaSuccess);
  EXPECT(cudaGraphNodeSetEnabled(exec, empty, 0) == cudaErrorInvalidValue);  // not in the executable graph

  EXPECT(cudaGraphExecDestroy(exec) == cudaSuccess);
  cudaGraph_t graphs[] = {g1, g2, g3, g5, g6};
  for (cudaGraph_t g : graphs) EXPECT(cudaGraphDestroy(g) == cudaSuccess);
  cudaFree(v);
  std::printf("exec update: %s\n", g_failures == 0 ? "ok" : "FAILED");
  return g_failures == 0 ? 0 : 1;
}
