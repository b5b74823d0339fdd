// A kernel on one stream fills A; cuBLAS, on another stream, multiplies with A without waiting for
// it. On a GPU both are work queued on their streams, and nothing orders the two (MEM-5).
// REQUIRES: race-detector, math-libraries
// RUN: %expect-exit 66 %warpsafe check %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in cuBLAS call cublasSgemm, after the launch of Fill at [[FILE]]:[[@LINE+31]] on another stream, with nothing ordering the two
// CHECK-NEXT:   between a library call and a kernel it is not ordered with:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+31]]: read of 1024 bytes of operand A by cuBLAS call cublasSgemm
// CHECK-NEXT:   at [[FILE]]:[[@LINE+12]]: write of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0) of the kernel
// CHECK-NEXT:   global memory: cudaMalloc block of 1024 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+17]]), at +0
// CHECK-NEXT:   a library call is work on its stream, as a kernel is: order the two (the same stream, cudaStreamSynchronize, or an event and cudaStreamWaitEvent) (MEM-5)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}

#include <cublas_v2.h>

#include <cstdio>

__global__ void Fill(float* a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = 0.5f * static_cast<float>(i % 7);
}

int main() {
  const int n = 16;
  float *a, *b, *c;
  cudaMalloc(&a, n * n * sizeof(float));
  cudaMalloc(&b, n * n * sizeof(float));
  cudaMalloc(&c, n * n * sizeof(float));
  cudaMemset(b, 0, n * n * sizeof(float));
  cudaStream_t fill_stream, blas_stream;
  cudaStreamCreateWithFlags(&fill_stream, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&blas_stream, cudaStreamNonBlocking);
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, blas_stream);
  Fill<<<(n * n + 127) / 128, 128, 0, fill_stream>>>(a, n * n);
  const float one = 1, zero = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n);  // reads a: unordered
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
