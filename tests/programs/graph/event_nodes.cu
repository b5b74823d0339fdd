// Event record and event wait nodes (engine/src/graph/event_nodes.cpp) and cudaMemcpy3D, the copy
// a memcpy node runs (engine/src/graph/copy.cpp).
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      event nodes and 3D copies: ok
// CHECK-NOT:  {{.}}

#include <cstdio>
#include <cstring>

#include "Inputs/expect.h"

__global__ void Increment(int* v) { v[threadIdx.x] += 1; }

static void EventNodes() {
  int* v = nullptr;
  EXPECT(cudaMallocManaged(&v, 32 * sizeof(int)) == cudaSuccess);
  std::memset(v, 0, 32 * sizeof(int));
  cudaEvent_t done;
  EXPECT(cudaEventCreate(&done) == cudaSuccess);
  cudaStream_t s;
  EXPECT(cudaStreamCreate(&s) == cudaSuccess);

  cudaGraph_t g;
  EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess);
  cudaGraphNode_t kernel, record, wait, after;
  cudaKernelNodeParams k = {};
  void* args[] = {&v};
  k.func = (void*)Increment;
  k.gridDim = dim3(1);
  k.blockDim = dim3(32);
  k.kernelParams = args;
  EXPECT(cudaGraphAddKernelNode(&kernel, g, nullptr, 0, &k) == cudaSuccess);
  EXPECT(cudaGraphAddEventRecordNode(&record, g, &kernel, 1, done) == cudaSuccess);
  EXPECT(cudaGraphAddEventWaitNode(&wait, g, &record, 1, done) == cudaSuccess);
  EXPECT(cudaGraphAddKernelNode(&after, g, &wait, 1, &k) == cudaSuccess);
  cudaGraphNodeType type;
  EXPECT(cudaGraphNodeGetType(record, &type) == cudaSuccess && type == cudaGraphNodeTypeEventRecord);
  EXPECT(cudaGraphNodeGetType(wait, &type) == cudaSuccess && type == cudaGraphNodeTypeWaitEvent);
  cudaGraphNode_t bad;
  EXPECT(cudaGraphAddEventRecordNode(&bad, g, nullptr, 0, nullptr) == cudaErrorInvalidValue);
  EXPECT(cudaGraphAddEventWaitNode(&bad, g, nullptr, 0, nullptr) == cudaErrorInvalidValue);
  EXPECT(cudaGetLastError() == cudaErrorInvalidValue);

  cudaGraphExec_t exec;
  EXPECT(cudaGraphInstantiate(&exec, g, 0) == cudaSuccess);
  cudaEvent_t start;
  EXPECT(cudaEventCreate(&start) == cudaSuccess);
  EXPECT(cudaEventRecord(start, s) == cudaSuccess);
  EXPECT(cudaGraphLaunch(exec, s) == cudaSuccess);
  EXPECT(cudaGraphLaunch(exec, s) == cudaSuccess);
  EXPECT(cudaStreamSynchronize(s) == cudaSuccess);
  // The record node recorded the event on the graph's stream: it completed, and it is later than
  // an event recorded before the launch.
  EXPECT(cudaEventQuery(done) == cudaSuccess);
  float ms = -1;
  EXPECT(cudaEventElapsedTime(&ms, start, done) == cudaSuccess && ms >= 0);
  EXPECT(v[0] == 4 && v[31] == 4);

  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(g);
  cudaEventDestroy(start);
  cudaEventDestroy(done);
  cudaStreamDestroy(s);
  cudaFree(v);
}

// A box of 3 x 4 x 2 ints at (1, 2, 1) of a 6 x 5 x 3 host volume, copied to the origin of a pitched
// device volume and back to a second host volume; cudaMemcpy3DAsync on a stream does the same.
static void Copy3D() {
  constexpr int kX = 6, kY = 5, kZ = 3;
  int host[kZ][kY][kX];
  for (int z = 0; z < kZ; ++z)
    for (int y = 0; y < kY; ++y)
      for (int x = 0; x < kX; ++x) host[z][y][x] = 100 * z + 10 * y + x;
  const size_t pitch = 64;
  void* dev = nullptr;
  EXPECT(cudaMalloc(&dev, pitch * 4 * 2) == cudaSuccess);

  cudaMemcpy3DParms in = {};
  in.srcPtr = make_cudaPitchedPtr(host, kX * sizeof(int), kX, kY);
  in.srcPos = make_cudaPos(1 * sizeof(int), 2, 1);
  in.dstPtr = make_cudaPitchedPtr(dev, pitch, 3, 4);
  in.extent = make_cudaExtent(3 * sizeof(int), 4, 2);
  in.kind = cudaMemcpyHostToDevice;
  EXPECT(cudaMemcpy3D(&in) == cudaSuccess);

  int back[2][4][3] = {};
  cudaMemcpy3DParms out = {};
  out.srcPtr = make_cudaPitchedPtr(dev, pitch, 3, 4);
  out.dstPtr = make_cudaPitchedPtr(back, 3 * sizeof(int), 3, 4);
  out.extent = make_cudaExtent(3 * sizeof(int), 4, 2);
  out.kind = cudaMemcpyDeviceToHost;
  cudaStream_t s;
  EXPECT(cudaStreamCreate(&s) == cudaSuccess);
  EXPECT(cudaMemcpy3DAsync(&out, s) == cudaSuccess);
  EXPECT(cudaStreamSynchronize(s) == cudaSuccess);
  bool same = true;
  for (int z = 0; z < 2; ++z)
    for (int y = 0; y < 4; ++y)
      for (int x = 0; x < 3; ++x) same = same && back[z][y][x] == host[z + 1][y + 2][x + 1];
  EXPECT(same);

  // Bad arguments: no parameters, an empty extent.
  EXPECT(cudaMemcpy3D(nullptr) == cudaErrorInvalidValue);
  cudaMemcpy3DParms empty = in;
  empty.extent = make_cudaExtent(0, 4, 2);
  EXPECT(cudaMemcpy3D(&empty) == cudaErrorInvalidValue);
  EXPECT(cudaGetLastError() == cudaErrorInvalidValue);
  cudaStreamDestroy(s);
  cudaFree(dev);
}

int main() {
  EventNodes();
  Copy3D();
  if (g_failures != 0) return 1;
  std::printf("event nodes and 3D copies: ok\n");
  return 0;
}
