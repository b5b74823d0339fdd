// cuRAND's host API fills a buffer on one stream while a kernel on another stream reads it: the
// generator's work is queued on its stream like a kernel, so the read races with it (MEM-5).
// REQUIRES: race-detector, math-libraries
// RUN: %expect-exit 66 %warpsafe check %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel Mean (launched at [[FILE]]:[[@LINE+31]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   between a kernel and a library call issued before it to another stream, with nothing ordering the two:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+28]]: write of 1024 bytes of operand outputPtr by cuRAND call curandGenerateUniform
// CHECK-NEXT:   at [[FILE]]:[[@LINE+12]]: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   global memory: cudaMalloc block of 1024 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+18]]), at +0
// CHECK-NEXT:   a library call is work on its stream, as a kernel is: order the two (the same stream, cudaStreamSynchronize, or an event and cudaStreamWaitEvent) (MEM-5)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}

#include <curand.h>

#include <cstdio>

__global__ void Mean(const float* v, int n, float* out) {
  float s = 0;
  for (int i = 0; i < n; ++i) s += v[i];
  *out = s / n;
}

int main() {
  const int n = 256;
  float *v, *out;
  cudaMalloc(&v, n * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  cudaStream_t rng_stream, kernel_stream;
  cudaStreamCreateWithFlags(&rng_stream, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&kernel_stream, cudaStreamNonBlocking);
  curandGenerator_t g;
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10);
  curandSetStream(g, rng_stream);
  curandGenerateUniform(g, v, n);
  Mean<<<1, 1, 0, kernel_stream>>>(v, n, out);  // nothing orders it after the generator's work
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
