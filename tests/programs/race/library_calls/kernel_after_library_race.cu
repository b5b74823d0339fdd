// cuBLAS scales x on one stream; a kernel on another stream reads x without waiting for the
// library's work (MEM-5).
// REQUIRES: race-detector, math-libraries
// RUN: %expect-exit 66 %warpsafe check %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel Sum (launched at [[FILE]]:[[@LINE+35]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   between a kernel and a library call issued before it to another stream, with nothing ordering the two:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+32]]: write of 256 bytes of operand x by cuBLAS call cublasSscal (read and written)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+12]]: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   global memory: cudaMalloc block of 256 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+18]]), at +0
// CHECK-NEXT:   a library call is work on its stream, as a kernel is: order the two (the same stream, cudaStreamSynchronize, or an event and cudaStreamWaitEvent) (MEM-5)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}

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
  cudaStream_t blas_stream, kernel_stream;
  cudaStreamCreateWithFlags(&blas_stream, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&kernel_stream, cudaStreamNonBlocking);
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, blas_stream);
  const float two = 2;
  cublasSscal(h, n, &two, x, 1);
  Sum<<<1, 1, 0, kernel_stream>>>(x, n, out);  // reads x: unordered with the scal
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
