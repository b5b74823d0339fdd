// Stream capture (engine/src/graph/capture.cpp): work issued to a capturing stream becomes a graph
// with the dependencies of the streams' order and of event forks and joins; launching the graph
// replays it with the arguments of capture time. CUDA's errors for misuse.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      graph capture: ok
// CHECK-NOT:  {{.}}

#include <cstdio>

#include "Inputs/expect.h"

__device__ float g_symbol;

__global__ void Scale(float* v, float by, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= by;
}

__global__ void Sum(const float* a, const float* b, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + b[i];
}

static int g_host_calls = 0;
static void CountHost(void* data) { ++*static_cast<int*>(data); }

static void ForkJoinCapture() {
  const int n = 100;
  float host_in[n];
  for (int i = 0; i < n; ++i) host_in[i] = float(i);
  float *a, *b, *out;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaStream_t s1, s2, s3;
  cudaStreamCreate(&s1);
  cudaStreamCreate(&s2);
  cudaStreamCreate(&s3);
  cudaEvent_t fork, joined;
  cudaEventCreate(&fork);
  cudaEventCreate(&joined);

  EXPECT(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal) == cudaSuccess);
  cudaStreamCaptureStatus status;
  EXPECT(cudaStreamIsCapturing(s1, &status) == cudaSuccess && status == cudaStreamCaptureStatusActive);
  EXPECT(cudaStreamIsCapturing(s2, &status) == cudaSuccess && status == cudaStreamCaptureStatusNone);
  EXPECT(cudaMemcpyAsync(a, host_in, sizeof host_in, cudaMemcpyHostToDevice, s1) == cudaSuccess);
  EXPECT(cudaEventRecord(fork, s1) == cudaSuccess);
  EXPECT(cudaStreamWaitEvent(s2, fork, 0) == cudaSuccess);  // s2 joins the capture
  EXPECT(cudaStreamIsCapturing(s2, &status) == cudaSuccess && status == cudaStreamCaptureStatusActive);
  EXPECT(cudaMemcpyAsync(b, a, sizeof host_in, cudaMemcpyDeviceToDevice, s2) == cudaSuccess);
  float factor = 3.0f;
  Scale<<<1, 128, 0, s2>>>(b, factor, n);
  factor = 100.0f;  // the captured launch keeps the value it was given
  EXPECT(cudaEventRecord(joined, s2) == cudaSuccess);
  EXPECT(cudaStreamWaitEvent(s1, joined, 0) == cudaSuccess);
  Sum<<<1, 128, 0, s1>>>(a, b, out, n);
  EXPECT(cudaLaunchHostFunc(s1, CountHost, &g_host_calls) == cudaSuccess);
  EXPECT(g_host_calls == 0);  // nothing ran yet
  cudaGraph_t graph = nullptr;
  EXPECT(cudaStreamEndCapture(s2, &graph) == cudaErrorStreamCaptureUnmatched);  // not the origin
  EXPECT(cudaStreamEndCapture(s1, &graph) == cudaSuccess && graph != nullptr);
  EXPECT(cudaStreamIsCapturing(s2, &status) == cudaSuccess && status == cudaStreamCaptureStatusNone);

  size_t count = 0;
  EXPECT(cudaGraphGetNodes(graph, nullptr, &count) == cudaSuccess && count == 5);
  size_t roots = 0;
  EXPECT(cudaGraphGetRootNodes(graph, nullptr, &roots) == cudaSuccess && roots == 1);

  cudaGraphExec_t exec;
  EXPECT(cudaGraphInstantiate(&exec, graph, 0) == cudaSuccess);
  cudaStream_t run;
  cudaStreamCreate(&run);
  for (int launch = 0; launch < 3; ++launch) {
    cudaMemset(out, 0, n * sizeof(float));
    EXPECT(cudaGraphLaunch(exec, run) == cudaSuccess);
    EXPECT(cudaStreamSynchronize(run) == cudaSuccess);
    float result[n];
    cudaMemcpy(result, out, sizeof result, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) EXPECT(result[i] == 4.0f * i);
  }
  EXPECT(g_host_calls == 3);

  cudaGraph_t copy;
  cudaGraphExec_t copy_exec;
  EXPECT(cudaGraphClone(&copy, graph) == cudaSuccess);
  EXPECT(cudaGraphDestroy(graph) == cudaSuccess);  // the clone and the exec stay
  EXPECT(cudaGraphInstantiate(&copy_exec, copy, nullptr, nullptr, 0) == cudaSuccess);  // CUDA 12's form
  EXPECT(cudaGraphLaunch(copy_exec, run) == cudaSuccess);
  EXPECT(cudaGraphLaunch(exec, run) == cudaSuccess);
  EXPECT(g_host_calls == 5);
  EXPECT(cudaGraphExecDestroy(exec) == cudaSuccess);
  EXPECT(cudaGraphExecDestroy(copy_exec) == cudaSuccess);
  EXPECT(cudaGraphExecDestroy(copy_exec) == cudaErrorInvalidValue);
  EXPECT(cudaGraphDestroy(copy) == cudaSuccess);
  cudaFree(a);
  cudaFree(b);
  cudaFree(out);
}

static void CaptureMisuse() {
  cudaStream_t s1, s2;
  cudaStreamCreate(&s1);
  cudaStreamCreate(&s2);
  cudaGraph_t graph = nullptr;
  EXPECT(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal) == cudaErrorStreamCaptureUnsupported);
  EXPECT(cudaStreamEndCapture(s1, &graph) == cudaErrorIllegalState);  // not capturing
  EXPECT(cudaStreamBeginCapture(s1, cudaStreamCaptureModeRelaxed) == cudaSuccess);
  EXPECT(cudaStreamBeginCapture(s1, cudaStreamCaptureModeRelaxed) == cudaErrorIllegalState);
  // Synchronizing a capturing stream fails and invalidates the capture.
  EXPECT(cudaStreamSynchronize(s1) == cudaErrorStreamCaptureUnsupported);
  cudaStreamCaptureStatus status;
  EXPECT(cudaStreamIsCapturing(s1, &status) == cudaSuccess && status == cudaStreamCaptureStatusInvalidated);
  EXPECT(cudaStreamEndCapture(s1, &graph) == cudaErrorStreamCaptureInvalidated && graph == nullptr);

  // A forked stream whose work is never joined back.
  float* p;
  cudaMalloc(&p, 64 * sizeof(float));
  cudaEvent_t fork;
  cudaEventCreate(&fork);
  EXPECT(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal) == cudaSuccess);
  EXPECT(cudaEventRecord(fork, s1) == cudaSuccess);
  EXPECT(cudaStreamWaitEvent(s2, fork, 0) == cudaSuccess);
  Scale<<<1, 64, 0, s2>>>(p, 2.0f, 64);
  EXPECT(cudaStreamEndCapture(s1, &graph) == cudaErrorStreamCaptureUnjoined);
  EXPECT(cudaStreamIsCapturing(s2, &status) == cudaSuccess && status == cudaStreamCaptureStatusNone);

  // A symbol copy is not captured (stream-ordered allocation is: captured_alloc.cu).
  EXPECT(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal) == cudaSuccess);
  const float one = 1.0f;
  EXPECT(cudaMemcpyToSymbolAsync(g_symbol, &one, sizeof one, 0, cudaMemcpyHostToDevice, s1) ==
         cudaErrorStreamCaptureUnsupported);
  EXPECT(cudaStreamEndCapture(s1, &graph) == cudaErrorStreamCaptureInvalidated);
  cudaGetLastError();
  cudaFree(p);
}

int main() {
  ForkJoinCapture();
  CaptureMisuse();
  std::printf("graph capture: %s\n", g_failures == 0 ? "ok" : "wrong");
  return g_failures == 0 ? 0 : 1;
}
