// Structs copied into shared memory: clang turns these copies into memcpy intrinsics, which the
// instrumentation does not see. The uninitialised-read check must still know the bytes were
// written (the poison is gone), so this runs clean.
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
// CHECK:      warpsafe note: leak: cudaMalloc block of 2048 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+19]]) was never freed
// CHECK-NEXT: warpsafe note: leak: cudaMalloc block of 2048 bytes (the program's 2nd allocation, made at [[FILE]]:[[@LINE+19]]) was never freed
// CHECK-NOT:  warpsafe:

struct Particle { float x, y, z, w, vx, vy, vz, m; };
__global__ void k(const Particle* in, Particle* out) {
  __shared__ float3 pos[64];
  __shared__ Particle ps[64];
  const unsigned t = threadIdx.x;
  pos[t] = make_float3(t, t + 1, t + 2);
  ps[t] = in[t];
  __syncthreads();
  const float3 p = pos[(t + 1) % 64];
  Particle q = ps[(t + 1) % 64];
  q.x += p.x;
  out[t] = q;
}
int main() {
  Particle *in, *out;
  cudaMalloc(&in, 64 * sizeof(Particle));
  cudaMalloc(&out, 64 * sizeof(Particle));
  cudaMemset(in, 0, 64 * sizeof(Particle));
  k<<<1, 64>>>(in, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
