// The clean twin of library_after_kernel_race.cu and kernel_after_library_race.cu: the same work,
// ordered by an event (kernel, then cuBLAS on another stream) and by sharing a stream (cuBLAS,
// then a kernel), then checked on the host.
// REQUIRES: math-libraries
// RUN: %warpsafe check %s 2>&1 | FileCheck %s
// CHECK:      warpsafe check: no defect in {{[0-9]+}} schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// CHECK-NOT:  {{.}}

#include <cublas_v2.h>

#include <cstdio>

__global__ void Fill(float* a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = 1.0f;
}

__global__ void Sum(const float* x, int n, float* out) {
  float s = 0;
  for (int i = 0; i < n; ++i) s += x[i];
  *out = s;
}

int main() {
  const int n = 16;
  float *a, *b, *c, *out;
  cudaMalloc(&a, n * n * sizeof(float));
  cudaMalloc(&b, n * n * sizeof(float));
  cudaMalloc(&c, n * n * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  cudaStream_t fill_stream, blas_stream;
  cudaStreamCreateWithFlags(&fill_stream, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&blas_stream, cudaStreamNonBlocking);
  cudaEvent_t filled;
  cudaEventCreate(&filled);
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, blas_stream);
  Fill<<<(n * n + 127) / 128, 128, 0, fill_stream>>>(a, n * n);
  Fill<<<(n * n + 127) / 128, 128, 0, fill_stream>>>(b, n * n);
  cudaEventRecord(filled, fill_stream);
  cudaStreamWaitEvent(blas_stream, filled, 0);
  const float one = 1, zero = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n);  // every c is n
  Sum<<<1, 1, 0, blas_stream>>>(c, n * n, out);                                      // same stream
  float total = 0;
  // The legacy default stream's cudaMemcpy does not wait for a non-blocking stream (STREAM-4, STREAM-6).
  cudaStreamSynchronize(blas_stream);
  cudaMemcpy(&total, out, sizeof total, cudaMemcpyDeviceToHost);
  std::printf("%s\n", total == static_cast<float>(n * n * n) ? "ok" : "wrong");
  return total == static_cast<float>(n * n * n) ? 0 : 1;
}
