// cudaMallocAsync and cudaFreeAsync in a capturing stream become a memory alloc node and a memory
// free node (GRAPH-MEM-4): the pointer is valid for the captured work at once, the same in every
// launch of the graph, and a cudaFreeAsync of memory that no alloc node gave still invalidates the
// capture (GRAPH-7).
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      captured allocation: ok
// CHECK-NOT:  {{.}}

#include <cstdio>

#include "Inputs/expect.h"

__global__ void Square(const int* in, int* tmp, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) tmp[i] = in[i] * in[i];
}

__global__ void Shift(const int* tmp, int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tmp[(i + 1) % n];
}

int main() {
  const int n = 64;
  int *in, *out;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&out, n * sizeof(int));
  for (int i = 0; i < n; ++i) in[i] = i;
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);

  cudaGraph_t g;
  int* tmp = nullptr;
  EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaSuccess);
  EXPECT(cudaMallocAsync(reinterpret_cast<void**>(&tmp), n * sizeof(int), s) == cudaSuccess);
  EXPECT(tmp != nullptr);
  Square<<<1, n, 0, s>>>(in, tmp, n);
  Shift<<<1, n, 0, s>>>(tmp, out, n);
  EXPECT(cudaFreeAsync(tmp, s) == cudaSuccess);
  EXPECT(cudaStreamEndCapture(s, &g) == cudaSuccess);

  size_t count = 0;
  EXPECT(cudaGraphGetNodes(g, nullptr, &count) == cudaSuccess && count == 4);
  cudaGraphNode_t nodes[4];
  EXPECT(cudaGraphGetNodes(g, nodes, &count) == cudaSuccess);
  cudaGraphNodeType first, last;
  cudaGraphNodeGetType(nodes[0], &first);
  cudaGraphNodeGetType(nodes[3], &last);
  EXPECT(first == cudaGraphNodeTypeMemAlloc && last == cudaGraphNodeTypeMemFree);
  cudaMemAllocNodeParams p;
  EXPECT(cudaGraphMemAllocNodeGetParams(nodes[0], &p) == cudaSuccess && p.dptr == tmp && p.bytesize == n * sizeof(int));

  cudaGraphExec_t exec;
  EXPECT(cudaGraphInstantiate(&exec, g, 0) == cudaSuccess);
  for (int round = 0; round < 2; ++round) {
    for (int i = 0; i < n; ++i) out[i] = -1;
    in[0] = round;
    EXPECT(cudaGraphLaunch(exec, s) == cudaSuccess);
    EXPECT(cudaStreamSynchronize(s) == cudaSuccess);
    for (int i = 0; i < n; ++i) {
      const int j = (i + 1) % n;
      EXPECT(out[i] == (j == 0 ? round * round : j * j));
    }
  }
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(g);

  // Freeing memory that no alloc node of a capture gave is not captured.
  int* plain;
  cudaMalloc(&plain, 64);
  cudaGraph_t g2;
  EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaSuccess);
  EXPECT(cudaFreeAsync(plain, s) == cudaErrorStreamCaptureUnsupported);
  EXPECT(cudaStreamEndCapture(s, &g2) == cudaErrorStreamCaptureInvalidated);
  EXPECT(cudaFree(plain) == cudaSuccess);

  cudaStreamDestroy(s);
  if (g_failures == 0) std::printf("captured allocation: ok\n");
  return g_failures == 0 ? 0 : 1;
}
