// Under `warpsafe check` a library call captured into a graph is work of its node, ordered by the
// graph's edges like a kernel node (GRAPH-ORDER-1), not work of the stream the graph is launched
// into. cuBLAS scales x in one node and a kernel node sums x: with an edge between them (both
// captured on one stream, -D ORDERED) the graph is race-free; forked onto a second stream during
// the capture, the two nodes have no path between them, and their accesses race.
// REQUIRES: race-detector, math-libraries
// RUN: %expect-exit 66 %warpsafe check %s --schedules 2 2>&1 | FileCheck %s -DFILE=%s
// RUN: %warpsafe check %s -D ORDERED --schedules 4 2>&1 | FileCheck %s --check-prefix=ORDERED
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel Sum (launched at [[FILE]]:[[@LINE+48]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   between a kernel node and a library call of another node of the graph, with no edge ordering the two:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+53]]: write of 256 bytes of operand x by cuBLAS call cublasSscal (read and written), captured into a node of the graph launched here
// CHECK-NEXT:   at [[FILE]]:[[@LINE+14]]: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   global memory: cudaMalloc block of 256 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+20]]), at +0
// CHECK-NEXT:   a library call captured into a graph is work of its node, as a kernel node is: add an edge between the two nodes (capture both on one stream, or join the streams with an event) (docs/semantics/graph_capture.md, GRAPH-ORDER-1)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}
// ORDERED:      warpsafe check: no defect in 4 schedules {{.*}}
// ORDERED-NOT:  {{.}}

#include <cublas_v2.h>

#include <cstdio>

__global__ void Sum(const float* x, int n, float* out) {
  float s = 0;
  for (int i = 0; i < n; ++i) s += x[i];
  *out = s;
}

int main() {
  const int n = 64;
  float *x, *out;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  float host[n];
  for (int i = 0; i < n; ++i) host[i] = static_cast<float>(i);
  cudaMemcpy(x, host, sizeof host, cudaMemcpyHostToDevice);
  cudaStream_t s, side;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking);
  cudaEvent_t fork, join;
  cudaEventCreate(&fork);
  cudaEventCreate(&join);
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, s);
  const float two = 2;
  cudaGraph_t g;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
#ifdef ORDERED
  cublasSscal(h, n, &two, x, 1);
  Sum<<<1, 1, 0, s>>>(x, n, out);  // after the scal: an edge
#else
  cudaEventRecord(fork, s);
  cudaStreamWaitEvent(side, fork);
  cublasSscal(h, n, &two, x, 1);
  Sum<<<1, 1, 0, side>>>(x, n, out);  // beside the scal: no edge
  cudaEventRecord(join, side);
  cudaStreamWaitEvent(s, join);
#endif
  cudaStreamEndCapture(s, &g);
  cudaGraphExec_t exec;
  if (cudaGraphInstantiate(&exec, g, 0) != cudaSuccess) return 1;
  cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  float sum = 0;
  cudaMemcpy(&sum, out, sizeof sum, cudaMemcpyDeviceToHost);
  std::printf("sum %g\n", sum);
  return 0;
}
