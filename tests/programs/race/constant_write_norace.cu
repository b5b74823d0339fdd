// The defect-free twin of constant_write_defect.cu: kernels only read __constant__ memory (a const
// and a non-const declaration), the host sets it between launches, and the kernel's own state goes
// to a __device__ variable.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=2 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=3 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=4 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1234 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe note: leak: cudaMalloc block of 32 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+18]]) was never freed
// CHECK-NEXT: warpsafe note: leak: cudaMalloc block of 32 bytes (the program's 2nd allocation, made at [[FILE]]:[[@LINE+18]]) was never freed
// CHECK-NOT:  warpsafe:

__constant__ float coefficients[8];
__constant__ const int kOffsets[4] = {0, 1, 2, 3};
__device__ float last_scale[8];

__global__ void Scale(const float* in, float* out) {
  const int i = threadIdx.x;
  out[i] = in[i] * coefficients[i] + static_cast<float>(kOffsets[i % 4]);
  last_scale[i] = coefficients[i];
}

int main() {
  float host[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  cudaMemcpyToSymbol(coefficients, host, sizeof host);
  float *in, *out;
  cudaMalloc(&in, sizeof host);
  cudaMalloc(&out, sizeof host);
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  Scale<<<1, 8>>>(in, out);
  for (float& h : host) h = 1.0f;
  cudaMemcpyToSymbol(coefficients, host, sizeof host);
  Scale<<<1, 8>>>(in, out);
  float back[8];
  cudaMemcpy(back, out, sizeof back, cudaMemcpyDeviceToHost);
  return back[3] == 4.0f + 3.0f ? 0 : 1;
}
