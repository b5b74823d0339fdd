// Conditional nodes (engine/src/graph/conditional.cpp, GRAPH-COND-1 .. GRAPH-COND-4 in
// docs/semantics/graphs.md): if, if/else, while and switch nodes added with cudaGraphAddNode, their
// handles set by kernels with cudaGraphSetConditional, default values applied at each launch, a
// body captured with cudaStreamBeginCaptureToGraph, and the parameter checks.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | FileCheck %s
// RUN: %warpsafe check %s --policy random --schedules 3 2>&1 | FileCheck %s --check-prefix=CHECKER
// CHECKER-NOT: {{.}}
// CHECKER:     warpsafe check: no defect in 3 schedules (policies random, {{[0-9.]+}} s)
// CHECKER-NOT: {{.}}
// CHECK-NOT:  {{.}}
// CHECK:      conditional nodes: ok
// CHECK-NOT:  {{.}}

#include <cstdio>

#include "Inputs/expect.h"

__global__ void SetFrom(const int* source, cudaGraphConditionalHandle h) { cudaGraphSetConditional(h, *source); }
__global__ void Record(int* log, int mark) { log[log[0]++ + 1] = mark; }
// A loop body: counts *counter down and keeps the loop going while it is above zero.
__global__ void CountDown(int* counter, int* log, cudaGraphConditionalHandle h) {
  log[log[0]++ + 1] = *counter;
  --*counter;
  cudaGraphSetConditional(h, *counter > 0 ? 1 : 0);
}

static cudaGraphNode_t AddKernel(cudaGraph_t g, const cudaGraphNode_t* dep, void* func, void** args) {
  cudaGraphNodeParams p = {cudaGraphNodeTypeKernel};
  p.kernel.func = func;
  p.kernel.gridDim = dim3(1);
  p.kernel.blockDim = dim3(1);
  p.kernel.kernelParams = args;
  cudaGraphNode_t n = nullptr;
  EXPECT(cudaGraphAddNode(&n, g, dep, nullptr, dep ? 1 : 0, &p) == cudaSuccess);
  return n;
}

static void Launch(cudaGraphExec_t e) { EXPECT(cudaGraphLaunch(e, 0) == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess); }

int main() {
  int *source, *log;
  EXPECT(cudaMallocManaged(&source, sizeof(int)) == cudaSuccess);
  EXPECT(cudaMallocManaged(&log, 64 * sizeof(int)) == cudaSuccess);

  // GRAPH-COND-1: an if/else node runs its first body for a non-zero value, its second for zero.
  {
    cudaGraph_t g;
    EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess);
    cudaGraphConditionalHandle h;
    EXPECT(cudaGraphConditionalHandleCreate(&h, g) == cudaSuccess);
    void* set_args[] = {&source, &h};
    cudaGraphNode_t set = AddKernel(g, nullptr, (void*)SetFrom, set_args);
    cudaGraphNodeParams c = {cudaGraphNodeTypeConditional};
    c.conditional.handle = h;
    c.conditional.type = cudaGraphCondTypeIf;
    c.conditional.size = 2;
    cudaGraphNode_t cond;
    EXPECT(cudaGraphAddNode(&cond, g, &set, nullptr, 1, &c) == cudaSuccess);
    int then_mark = 1, else_mark = 2;
    void* then_args[] = {&log, &then_mark};
    void* else_args[] = {&log, &else_mark};
    AddKernel(c.conditional.phGraph_out[0], nullptr, (void*)Record, then_args);
    AddKernel(c.conditional.phGraph_out[1], nullptr, (void*)Record, else_args);
    cudaGraphExec_t e;
    EXPECT(cudaGraphInstantiate(&e, g, 0) == cudaSuccess);
    log[0] = 0;
    *source = 5;
    Launch(e);
    *source = 0;
    Launch(e);
    EXPECT(log[0] == 2 && log[1] == 1 && log[2] == 2);
    cudaGraphNodeType type;
    EXPECT(cudaGraphNodeGetType(cond, &type) == cudaSuccess && type == cudaGraphNodeTypeConditional);
    EXPECT(cudaGraphExecDestroy(e) == cudaSuccess && cudaGraphDestroy(g) == cudaSuccess);
  }

  // GRAPH-COND-2 and -3: a while node whose handle defaults to 1 at each launch runs its body
  // (captured into the body graph) until the body sets the handle to zero.
  {
    cudaGraph_t g;
    EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess);
    cudaGraphConditionalHandle h;
    EXPECT(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault) == cudaSuccess);
    cudaGraphNodeParams c = {cudaGraphNodeTypeConditional};
    c.conditional.handle = h;
    c.conditional.type = cudaGraphCondTypeWhile;
    c.conditional.size = 1;
    cudaGraphNode_t cond;
    EXPECT(cudaGraphAddNode(&cond, g, nullptr, nullptr, 0, &c) == cudaSuccess);
    cudaStream_t s;
    EXPECT(cudaStreamCreate(&s) == cudaSuccess);
    EXPECT(cudaStreamBeginCaptureToGraph(s, c.conditional.phGraph_out[0], nullptr, nullptr, 0,
                                         cudaStreamCaptureModeGlobal) == cudaSuccess);
    CountDown<<<1, 1, 0, s>>>(source, log, h);
    EXPECT(cudaStreamEndCapture(s, nullptr) == cudaSuccess);
    cudaGraphExec_t e;
    EXPECT(cudaGraphInstantiate(&e, g, 0) == cudaSuccess);
    log[0] = 0;
    *source = 3;
    Launch(e);
    EXPECT(log[0] == 3 && log[1] == 3 && log[2] == 2 && log[3] == 1 && *source == 0);
    // The last run left the handle at zero; the default makes the body run once more.
    *source = 1;
    Launch(e);
    EXPECT(log[0] == 4 && log[4] == 1);
    EXPECT(cudaGraphExecDestroy(e) == cudaSuccess && cudaGraphDestroy(g) == cudaSuccess);
    EXPECT(cudaStreamDestroy(s) == cudaSuccess);
  }

  // GRAPH-COND-4: a switch runs the body its value indexes, and none past the last one.
  {
    cudaGraph_t g;
    EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess);
    cudaGraphConditionalHandle h;
    EXPECT(cudaGraphConditionalHandleCreate(&h, g) == cudaSuccess);
    void* set_args[] = {&source, &h};
    cudaGraphNode_t set = AddKernel(g, nullptr, (void*)SetFrom, set_args);
    cudaGraphNodeParams c = {cudaGraphNodeTypeConditional};
    c.conditional.handle = h;
    c.conditional.type = cudaGraphCondTypeSwitch;
    c.conditional.size = 3;
    cudaGraphNode_t cond;
    EXPECT(cudaGraphAddNode(&cond, g, &set, nullptr, 1, &c) == cudaSuccess);
    int marks[3] = {10, 11, 12};
    void* args[3][2] = {{&log, &marks[0]}, {&log, &marks[1]}, {&log, &marks[2]}};
    for (int i = 0; i < 3; ++i) AddKernel(c.conditional.phGraph_out[i], nullptr, (void*)Record, args[i]);
    cudaGraphExec_t e;
    EXPECT(cudaGraphInstantiate(&e, g, 0) == cudaSuccess);
    log[0] = 0;
    for (int value : {2, 7, 0}) {
      *source = value;
      Launch(e);
    }
    EXPECT(log[0] == 2 && log[1] == 12 && log[2] == 10);
    EXPECT(cudaGraphExecDestroy(e) == cudaSuccess && cudaGraphDestroy(g) == cudaSuccess);
  }

  // Parameter checks: sizes a kind does not take, a handle of another graph, a bad flag.
  {
    cudaGraph_t g, other;
    EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess && cudaGraphCreate(&other, 0) == cudaSuccess);
    cudaGraphConditionalHandle h, foreign;
    EXPECT(cudaGraphConditionalHandleCreate(&h, g, 0, 2) == cudaErrorInvalidValue);
    EXPECT(cudaGraphConditionalHandleCreate(&h, g) == cudaSuccess);
    EXPECT(cudaGraphConditionalHandleCreate(&foreign, other) == cudaSuccess);
    cudaGraphNodeParams c = {cudaGraphNodeTypeConditional};
    cudaGraphNode_t n;
    c.conditional.handle = h;
    c.conditional.type = cudaGraphCondTypeWhile;
    c.conditional.size = 2;
    EXPECT(cudaGraphAddNode(&n, g, nullptr, nullptr, 0, &c) == cudaErrorInvalidValue);
    c.conditional.type = cudaGraphCondTypeIf;
    c.conditional.size = 3;
    EXPECT(cudaGraphAddNode(&n, g, nullptr, nullptr, 0, &c) == cudaErrorInvalidValue);
    c.conditional.type = cudaGraphCondTypeSwitch;
    c.conditional.size = 0;
    EXPECT(cudaGraphAddNode(&n, g, nullptr, nullptr, 0, &c) == cudaErrorInvalidValue);
    c.conditional.size = 1;
    c.conditional.handle = foreign;
    EXPECT(cudaGraphAddNode(&n, g, nullptr, nullptr, 0, &c) == cudaErrorInvalidValue);
    EXPECT(cudaGetLastError() == cudaErrorInvalidValue);
    EXPECT(cudaGraphDestroy(g) == cudaSuccess && cudaGraphDestroy(other) == cudaSuccess);
  }

  cudaFree(source);
  cudaFree(log);
  std::printf("conditional nodes: %s\n", g_failures == 0 ? "ok" : "FAILED");
  return g_failures == 0 ? 0 : 1;
}
