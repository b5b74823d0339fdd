// What a program asks of a capture and of a graph: cudaStreamGetCaptureInfo in each toolkit's form
// (GRAPH-INFO-1), cudaGraphInstantiateWithParams (GRAPH-INST-1), and cudaGraphDebugDotPrint, whose
// file is checked below (GRAPH-DOT-1).
// RUN: %warpsafe run %s --schedule lockstep -- %t.dot 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=DOT < %t.dot
// CHECK-NOT:  {{.}}
// CHECK:      capture queries: ok
// CHECK-NOT:  {{.}}
// DOT:      digraph
// DOT:      subgraph cluster_0 {
// DOT-NEXT:   label="graph";
// DOT-NEXT:   g0_n0 [label="0: kernel\nTouch\ngrid (2,1,1) block (32,1,1)"];
// DOT-NEXT:   g0_n1 [label="1: memset\n16 x 1 elements of 1 bytes"];
// DOT-NEXT:   g0_n2 [label="2: kernel\nTouch\ngrid (2,1,1) block (32,1,1)"];
// DOT-NEXT:   g0_n3 [label="3: child graph"];
// DOT-NEXT: }
// DOT-NEXT: g0_n0 -> g0_n1;
// DOT-NEXT: g0_n0 -> g0_n2;
// DOT-NEXT: g0_n1 -> g0_n2;
// DOT-NEXT: g0_n2 -> g0_n3;
// DOT-NEXT: subgraph cluster_1 {
// DOT-NEXT:   label="graph / node 3 child graph";
// DOT-NEXT:   g1_n0 [label="0: empty"];
// DOT-NEXT: }
// DOT-NEXT: g0_n3 -> g1_n0 [style=dashed];
// DOT-NEXT: }

#include <cstdio>

#include "Inputs/expect.h"

__global__ void Touch(int* p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 1; }

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  int* buf;
  cudaMalloc(&buf, 64 * sizeof(int));
  cudaStream_t s, side;
  cudaStreamCreate(&s);
  cudaStreamCreate(&side);

  // Not capturing: every form says so.
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusActive;
  EXPECT(cudaStreamGetCaptureInfo(s, &status) == cudaSuccess && status == cudaStreamCaptureStatusNone);

  cudaEvent_t fork, join;
  cudaEventCreate(&fork);
  cudaEventCreate(&join);
  EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaSuccess);
  unsigned long long id = 0, id2 = 0;
  cudaGraph_t graph = nullptr, graph2 = nullptr;
  const cudaGraphNode_t* deps = nullptr;
  size_t count = 99;
  // CUDA 11's form: status and id.
  EXPECT(cudaStreamGetCaptureInfo(s, &status, &id) == cudaSuccess);
  EXPECT(status == cudaStreamCaptureStatusActive && id != 0);
  // CUDA 12.0 to 12.2's form, before any work: no dependencies yet.
  EXPECT(cudaStreamGetCaptureInfo(s, &status, &id2, &graph, &deps, &count) == cudaSuccess);
  EXPECT(id2 == id && graph != nullptr && count == 0);
  Touch<<<2, 32, 0, s>>>(buf);
  cudaEventRecord(fork, s);
  cudaStreamWaitEvent(side, fork, 0);
  cudaMemsetAsync(buf + 60, 0, 4 * sizeof(int), side);
  cudaEventRecord(join, side);
  cudaStreamWaitEvent(s, join, 0);
  // The stream's next work depends on the kernel and the memset: two dependencies.
  EXPECT(cudaStreamGetCaptureInfo_v2(s, &status, nullptr, &graph2, &deps, &count) == cudaSuccess);
  EXPECT(graph2 == graph && count == 2);
  const cudaGraphEdgeData* edges = reinterpret_cast<const cudaGraphEdgeData*>(&count);
  size_t count3 = 0;
  EXPECT(cudaStreamGetCaptureInfo_v3(s, &status, nullptr, nullptr, &deps, &edges, &count3) == cudaSuccess);
  EXPECT(count3 == 2 && edges == nullptr);  // default edges only
  count3 = 0;
  EXPECT(cudaStreamGetCaptureInfo(s, &status, nullptr, nullptr, &deps, nullptr, &count3) == cudaSuccess && count3 == 2);
  Touch<<<2, 32, 0, s>>>(buf);
  cudaGraph_t child;
  cudaGraphCreate(&child, 0);
  cudaGraphNode_t empty;
  cudaGraphAddEmptyNode(&empty, child, nullptr, 0);
  cudaGraphExec_t child_exec;
  cudaGraphInstantiate(&child_exec, child, 0);
  cudaGraphLaunch(child_exec, s);  // captured as a child graph node
  cudaGraph_t captured = nullptr;
  EXPECT(cudaStreamEndCapture(s, &captured) == cudaSuccess && captured == graph);

  // The DOT file: checked by the second RUN line.
  EXPECT(cudaGraphDebugDotPrint(captured, argv[1], cudaGraphDebugDotFlagsVerbose & 0) == cudaSuccess);
  EXPECT(cudaGraphDebugDotPrint(captured, argv[1], cudaGraphDebugDotFlagsKernelNodeParams) == cudaSuccess);
  EXPECT(cudaGraphDebugDotPrint(captured, nullptr, 0) == cudaErrorInvalidValue);
  EXPECT(cudaGraphDebugDotPrint(captured, "/nonexistent-dir/x.dot", 0) == cudaErrorOperatingSystem);
  cudaGetLastError();

  // Instantiation with a parameter block.
  cudaGraphInstantiateParams params = {};
  params.result_out = cudaGraphInstantiateError;
  cudaGraphExec_t exec = nullptr;
  EXPECT(cudaGraphInstantiateWithParams(&exec, captured, &params) == cudaSuccess);
  EXPECT(params.result_out == cudaGraphInstantiateSuccess && params.errNode_out == nullptr && exec != nullptr);
  EXPECT(cudaGraphLaunch(exec, s) == cudaSuccess && cudaStreamSynchronize(s) == cudaSuccess);
  EXPECT(cudaGraphInstantiateWithParams(&exec, captured, nullptr) == cudaErrorInvalidValue);
  params.flags = cudaGraphInstantiateFlagUpload;
  params.uploadStream = reinterpret_cast<cudaStream_t>(&params);  // not a stream
  EXPECT(cudaGraphInstantiateWithParams(&exec, captured, &params) == cudaErrorInvalidResourceHandle);
  EXPECT(params.result_out == cudaGraphInstantiateError);
  // A cycle: two empty nodes depending on each other.
  cudaGraph_t cyclic;
  cudaGraphCreate(&cyclic, 0);
  cudaGraphNode_t a, b;
  cudaGraphAddEmptyNode(&a, cyclic, nullptr, 0);
  cudaGraphAddEmptyNode(&b, cyclic, &a, 1);
  cudaGraphAddDependencies(cyclic, &b, &a, 1);
  params = {};
  EXPECT(cudaGraphInstantiateWithParams(&exec, cyclic, &params) == cudaErrorInvalidValue);
  EXPECT(params.result_out == cudaGraphInstantiateInvalidStructure);
  cudaGetLastError();

  if (g_failures == 0) std::printf("capture queries: ok\n");
  return g_failures == 0 ? 0 : 1;
}
