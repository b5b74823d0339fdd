// butterfly_race.cu with the missing __syncwarp: each round reads the partner's slot, waits until
// the whole warp has read, writes its own slot, and waits again (SYNCWARP-2). Clean under every
// schedule; the sum 0 + 1 + ... + 31 is checked.
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
// CHECK:     warpsafe note: leak: cudaMalloc block of 4 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+19]]) was never freed
// CHECK-NOT: warpsafe:

__global__ void ButterflySum(int* out) {
  __shared__ int slot[32];
  const int lane = threadIdx.x;
  slot[lane] = lane;
  __syncwarp();
  for (int bit = 16; bit >= 1; bit /= 2) {
    const int partner = slot[lane ^ bit];
    __syncwarp();
    slot[lane] += partner;
    __syncwarp();
  }
  if (lane == 0) *out = slot[0];
}

int main() {
  int* out = nullptr;
  cudaMalloc(&out, sizeof(int));
  ButterflySum<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  int sum = 0;
  cudaMemcpy(&sum, out, sizeof sum, cudaMemcpyDeviceToHost);
  return sum == 31 * 32 / 2 ? 0 : 1;
}
