// memcpy_overlap_race.cu with the records placed side by side: the byte ranges do not overlap,
// and the barrier orders them before the read-back (MEM-1).
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
// CHECK:      warpsafe note: leak: cudaMalloc block of 64 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+13]]) was never freed
// CHECK-NEXT: warpsafe note: leak: cudaMalloc block of 64 bytes (the program's 2nd allocation, made at [[FILE]]:[[@LINE+13]]) was never freed
// CHECK-NOT:  warpsafe:

__global__ void Pack(const char* in, char* out) {
  __shared__ char buf[64];
  if (threadIdx.x == 0) __builtin_memcpy(buf, in, 12);
  if (threadIdx.x == 32) __builtin_memcpy(buf + 12, in + 12, 12);
  __syncthreads();
  if (threadIdx.x == 0) __builtin_memcpy(out, buf, 24);
}
int main() {
  char *in, *out;
  cudaMalloc(&in, 64);
  cudaMalloc(&out, 64);
  cudaMemset(in, 1, 64);
  Pack<<<1, 64>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  char host[24];
  cudaMemcpy(host, out, 24, cudaMemcpyDeviceToHost);
  for (char c : host) if (c != 1) return 2;
  return 0;
}
