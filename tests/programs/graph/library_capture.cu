// Math-library calls issued to a capturing stream (engine/src/graph/library_capture.h): each becomes
// a node that runs when the graph is launched, never while the stream captures; a scalar passed
// from host memory in host pointer mode is kept by value when the call is made; a result the call
// would write to host memory cannot be captured and invalidates the capture.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s
// RUN: %warpsafe check %s --schedules 8 2>&1 | FileCheck %s --check-prefix=CHECKER
// CHECK-NOT:  {{.}}
// CHECK:      library capture: ok
// CHECK-NOT:  {{.}}
// CHECKER-NOT: {{.}}
// CHECKER:     warpsafe check: no defect in {{[0-9]+}} schedules {{.*}}
// CHECKER-NOT: {{.}}

#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>
#include <cusparse.h>

#include <cmath>
#include <cstdio>

#include "Inputs/expect.h"

constexpr int kN = 8;

__global__ void AddOne(float* v, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] += 1.0f;
}

// Captures y += 2 x (host-mode alpha, a variable of this function, gone when the graph runs), then
// a kernel adding one to y, then dot = y . y into device memory (device pointer mode).
static cudaGraph_t CaptureAxpyDot(cublasHandle_t h, cudaStream_t s, const float* x, float* y, float* dot) {
  cudaGraph_t graph = nullptr;
  EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaSuccess);
  float alpha = 2.0f;
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST);
  EXPECT(cublasSaxpy(h, kN, &alpha, x, 1, y, 1) == CUBLAS_STATUS_SUCCESS);
  alpha = 100.0f;  // too late: the node kept 2
  AddOne<<<1, kN, 0, s>>>(y, kN);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  EXPECT(cublasSdot(h, kN, y, 1, y, 1, dot) == CUBLAS_STATUS_SUCCESS);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST);
  EXPECT(cudaStreamEndCapture(s, &graph) == cudaSuccess);
  return graph;
}

static void Blas(cudaStream_t s) {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, s);
  float *x, *y, *dot;
  cudaMalloc(&x, kN * sizeof(float));
  cudaMalloc(&y, kN * sizeof(float));
  cudaMalloc(&dot, sizeof(float));
  float hx[kN], hy[kN];
  for (int i = 0; i < kN; ++i) {
    hx[i] = float(i);
    hy[i] = 1.0f;
  }
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  cudaMemcpy(y, hy, sizeof hy, cudaMemcpyHostToDevice);
  const float unset = -1.0f;
  cudaMemcpy(dot, &unset, sizeof unset, cudaMemcpyHostToDevice);

  cudaGraph_t graph = CaptureAxpyDot(h, s, x, y, dot);
  // Nothing ran at capture time.
  float now[kN], d = 0;
  cudaMemcpy(now, y, sizeof now, cudaMemcpyDeviceToHost);
  cudaMemcpy(&d, dot, sizeof d, cudaMemcpyDeviceToHost);
  EXPECT(now[3] == 1.0f && d == -1.0f);
  size_t nodes = 0;
  cudaGraphGetNodes(graph, nullptr, &nodes);
  EXPECT(nodes == 3);
  cudaGraphNode_t list[3];
  cudaGraphGetNodes(graph, list, &nodes);
  cudaGraphNodeType type;
  cudaGraphNodeGetType(list[0], &type);
  EXPECT(type == cudaGraphNodeTypeKernel);

  cudaGraphExec_t exec;
  EXPECT(cudaGraphInstantiate(&exec, graph, 0) == cudaSuccess);
  for (int launch = 1; launch <= 2; ++launch) {
    EXPECT(cudaGraphLaunch(exec, s) == cudaSuccess);
    cudaStreamSynchronize(s);
    cudaMemcpy(now, y, sizeof now, cudaMemcpyDeviceToHost);
    cudaMemcpy(&d, dot, sizeof d, cudaMemcpyDeviceToHost);
    float want_dot = 0;
    for (int i = 0; i < kN; ++i) {
      const float want = 1.0f + launch * (2.0f * i + 1.0f);
      EXPECT(now[i] == want);
      want_dot += want * want;
    }
    EXPECT(d == want_dot);
  }

  // A host-mode result cannot be captured: the call fails and the capture is invalidated.
  cudaGraph_t bad = nullptr;
  float host_result = 0;
  EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaSuccess);
  EXPECT(cublasSdot(h, kN, x, 1, x, 1, &host_result) != CUBLAS_STATUS_SUCCESS);
  EXPECT(cudaStreamEndCapture(s, &bad) == cudaErrorStreamCaptureInvalidated && bad == nullptr);
  // Outside a capture the same call runs at once.
  EXPECT(cublasSdot(h, kN, x, 1, x, 1, &host_result) == CUBLAS_STATUS_SUCCESS && host_result == 140.0f);

  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cublasDestroy(h);
  cudaFree(x);
  cudaFree(y);
  cudaFree(dot);
}

// y = A x for the 2 x 2 matrix [[1 2] [0 3]], and a curand draw, captured; each runs per launch.
static void SparseAndRandom(cudaStream_t s) {
  int* offsets;
  int* columns;
  float *values, *x, *y, *r;
  cudaMalloc(&offsets, 3 * sizeof(int));
  cudaMalloc(&columns, 3 * sizeof(int));
  cudaMalloc(&values, 3 * sizeof(float));
  cudaMalloc(&x, 2 * sizeof(float));
  cudaMalloc(&y, 2 * sizeof(float));
  cudaMalloc(&r, 4 * sizeof(float));
  const int ho[3] = {0, 2, 3}, hc[3] = {0, 1, 1};
  const float hv[3] = {1, 2, 3}, hx[2] = {1, 1}, zero[4] = {0, 0, 0, 0};
  cudaMemcpy(offsets, ho, sizeof ho, cudaMemcpyHostToDevice);
  cudaMemcpy(columns, hc, sizeof hc, cudaMemcpyHostToDevice);
  cudaMemcpy(values, hv, sizeof hv, cudaMemcpyHostToDevice);
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  cudaMemcpy(y, zero, 2 * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(r, zero, sizeof zero, cudaMemcpyHostToDevice);

  cusparseHandle_t sp;
  cusparseCreate(&sp);
  cusparseSetStream(sp, s);
  cusparseSpMatDescr_t a;
  cusparseDnVecDescr_t vx, vy;
  cusparseCreateCsr(&a, 2, 2, 3, offsets, columns, values, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseCreateDnVec(&vx, 2, x, CUDA_R_32F);
  cusparseCreateDnVec(&vy, 2, y, CUDA_R_32F);
  curandGenerator_t gen;
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  curandSetPseudoRandomGeneratorSeed(gen, 7);
  curandSetStream(gen, s);

  cudaGraph_t graph;
  EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaSuccess);
  const float one = 1.0f, beta = 1.0f;  // y = A x + y
  EXPECT(cusparseSpMV(sp, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a, vx, &beta, vy, CUDA_R_32F,
                      CUSPARSE_SPMV_ALG_DEFAULT, nullptr) == CUSPARSE_STATUS_SUCCESS);
  EXPECT(curandGenerateUniform(gen, r, 4) == CURAND_STATUS_SUCCESS);
  EXPECT(cudaStreamEndCapture(s, &graph) == cudaSuccess);
  float hy[2], hr[4];
  cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
  cudaMemcpy(hr, r, sizeof hr, cudaMemcpyDeviceToHost);
  EXPECT(hy[0] == 0.0f && hy[1] == 0.0f && hr[0] == 0.0f);  // nothing ran at capture time

  cudaGraphExec_t exec;
  cudaGraphInstantiate(&exec, graph, 0);
  float first[4];
  for (int launch = 1; launch <= 2; ++launch) {
    cudaGraphLaunch(exec, s);
    cudaStreamSynchronize(s);
    cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
    cudaMemcpy(hr, r, sizeof hr, cudaMemcpyDeviceToHost);
    EXPECT(hy[0] == 3.0f * launch && hy[1] == 3.0f * launch);
    EXPECT(hr[0] > 0.0f && hr[0] <= 1.0f);
    if (launch == 1) {
      for (int i = 0; i < 4; ++i) first[i] = hr[i];
    } else {
      EXPECT(hr[0] != first[0]);  // the generator's sequence goes on at each launch
    }
  }
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  curandDestroyGenerator(gen);
  cusparseDestroySpMat(a);
  cusparseDestroyDnVec(vx);
  cusparseDestroyDnVec(vy);
  cusparseDestroy(sp);
  cudaFree(offsets);
  cudaFree(columns);
  cudaFree(values);
  cudaFree(x);
  cudaFree(y);
  cudaFree(r);
}

// A forward FFT of [1 0 0 0] captured: all ones after the launch, untouched before.
static void Fourier(cudaStream_t s) {
  cufftComplex* data;
  cudaMalloc(&data, 4 * sizeof(cufftComplex));
  const cufftComplex impulse[4] = {{1, 0}, {0, 0}, {0, 0}, {0, 0}};
  cudaMemcpy(data, impulse, sizeof impulse, cudaMemcpyHostToDevice);
  cufftHandle plan;
  cufftPlan1d(&plan, 4, CUFFT_C2C, 1);
  cufftSetStream(plan, s);
  cudaGraph_t graph;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  EXPECT(cufftExecC2C(plan, data, data, CUFFT_FORWARD) == CUFFT_SUCCESS);
  EXPECT(cudaStreamEndCapture(s, &graph) == cudaSuccess);
  cufftComplex out[4];
  cudaMemcpy(out, data, sizeof out, cudaMemcpyDeviceToHost);
  EXPECT(out[1].x == 0.0f);
  cudaGraphExec_t exec;
  cudaGraphInstantiate(&exec, graph, 0);
  cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  cudaMemcpy(out, data, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 4; ++i) EXPECT(std::fabs(out[i].x - 1.0f) < 1e-6f && std::fabs(out[i].y) < 1e-6f);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cufftDestroy(plan);
  cudaFree(data);
}

int main() {
  cudaStream_t s;
  cudaStreamCreate(&s);
  Blas(s);
  SparseAndRandom(s);
  Fourier(s);
  cudaStreamDestroy(s);
  if (g_failures == 0) std::printf("library capture: ok\n");
  return g_failures == 0 ? 0 : 1;
}
