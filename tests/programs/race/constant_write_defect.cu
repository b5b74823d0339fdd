// A kernel stores into __constant__ memory through a pointer to it: constant memory is read-only to
// device code (only the host sets it).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// CHECK:         warpsafe: write to __constant__ memory
// LOCKSTEP-NEXT:   in kernel Scale (launched at [[FILE]]:[[@LINE+28]]), block (0,0,0), thread (7,0,0) (warp 0, lane 7)
// RANDOM-NEXT:     in kernel Scale (launched at [[FILE]]:[[@LINE+27]]), block (0,0,0), thread ([[T:[0-9]+]],0,0) (warp 0, lane [[L:[0-9]+]])
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+16]]: write of 4 bytes by block (0,0,0), thread (7,0,0) (warp 0, lane 7)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+15]]: write of 4 bytes by block (0,0,0), thread ([[T]],0,0) (warp 0, lane [[L]])
// LOCKSTEP-NEXT:   constant memory: __constant__ variable `coefficients` at [[FILE]]:[[@LINE+6]] (32 bytes) at +28
// RANDOM-NEXT:     constant memory: __constant__ variable `coefficients` at [[FILE]]:[[@LINE+5]] (32 bytes) at +{{[0-9]+}}
// CHECK-NEXT:      __constant__ memory is read-only to kernels: only the host sets it (cudaMemcpyToSymbol, cudaMemcpyToSymbolAsync); use a __device__ variable or cudaMalloc memory for data a kernel writes
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

__constant__ float coefficients[8];

__global__ void Scale(const float* in, float* out) {
  const int i = threadIdx.x;
  out[i] = in[i] * coefficients[i];
  // "Normalise" the coefficient for a later launch: not allowed.
  float* writable = const_cast<float*>(&coefficients[0]);
  __syncthreads();
  writable[i] = 1.0f;
}

int main() {
  const float host[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  cudaMemcpyToSymbol(coefficients, host, sizeof host);
  float *in, *out;
  cudaMalloc(&in, sizeof host);
  cudaMalloc(&out, sizeof host);
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  Scale<<<1, 8>>>(in, out);
  cudaDeviceSynchronize();
  return 0;
}
