// A kernel on one stream writes a transform's input; cuFFT, on another stream, transforms it
// without waiting (MEM-5).
// REQUIRES: race-detector, math-libraries
// RUN: %expect-exit 66 %warpsafe check %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in cuFFT call cufftExecC2C, after the launch of Signal at [[FILE]]:[[@LINE+29]] on another stream, with nothing ordering the two
// CHECK-NEXT:   between a library call and a kernel it is not ordered with:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+28]]: read of 512 bytes of operand idata by cuFFT call cufftExecC2C
// CHECK-NEXT:   at [[FILE]]:[[@LINE+12]]: write of 8 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0) of the kernel
// CHECK-NEXT:   global memory: cudaMalloc block of 512 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+17]]), at +0
// CHECK-NEXT:   a library call is work on its stream, as a kernel is: order the two (the same stream, cudaStreamSynchronize, or an event and cudaStreamWaitEvent) (MEM-5)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}

#include <cufft.h>

#include <cstdio>

__global__ void Signal(cufftComplex* x, int n) {
  const int i = threadIdx.x;
  if (i < n) x[i] = make_cuComplex(static_cast<float>(i % 5), 0.0f);
}

int main() {
  const int n = 64;
  cufftComplex *x, *y;
  cudaMalloc(&x, n * sizeof(cufftComplex));
  cudaMalloc(&y, n * sizeof(cufftComplex));
  cudaStream_t signal_stream, fft_stream;
  cudaStreamCreateWithFlags(&signal_stream, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&fft_stream, cudaStreamNonBlocking);
  cufftHandle plan;
  cufftPlan1d(&plan, n, CUFFT_C2C, 1);
  cufftSetStream(plan, fft_stream);
  Signal<<<1, n, 0, signal_stream>>>(x, n);
  cufftExecC2C(plan, x, y, CUFFT_FORWARD);  // reads x: unordered with Signal
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
