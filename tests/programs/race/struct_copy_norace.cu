// struct_copy_race.cu with one slot per thread: the 32-byte aggregate copies (memcpy intrinsics,
// checked as byte ranges) touch disjoint ranges (MEM-1). The copies are checked.
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
// CHECK:      warpsafe note: leak: cudaMalloc block of 2048 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+8]]) was never freed
// CHECK-NEXT: warpsafe note: leak: cudaMalloc block of 2048 bytes (the program's 2nd allocation, made at [[FILE]]:[[@LINE+8]]) was never freed
// CHECK-NOT:  warpsafe:

struct Particle { float x, y, z, w, vx, vy, vz, m; };
__global__ void Copy(const Particle* in, Particle* out) { out[threadIdx.x] = in[threadIdx.x]; }
int main() {
  Particle *in, *out;
  cudaMalloc(&in, 64 * sizeof(Particle));
  cudaMalloc(&out, 64 * sizeof(Particle));
  Particle host[64];
  for (int i = 0; i < 64; ++i) host[i] = Particle{float(i), 0, 0, 0, 0, 0, 0, 1};
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  Copy<<<1, 64>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; ++i) if (host[i].x != float(i)) return 2;
  return 0;
}
