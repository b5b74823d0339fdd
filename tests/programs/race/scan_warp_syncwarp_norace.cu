// scan_warp_volatile_race.cu made correct: each round reads the slot `dist` below into a
// register, waits at __syncwarp until the whole warp has read, writes its own slot, and waits
// again before the next round (SYNCWARP-2). No report under any schedule; the sums are checked.
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
// CHECK:     warpsafe note: leak: cudaMalloc block of 128 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+27]]) was never freed
// CHECK-NOT: warpsafe:

constexpr int kPad = 32;

__device__ int PaddedSyncedScan(int* padded, int lane) {
  int* mine = padded + kPad + lane;
  for (int dist = 1; dist < 32; dist *= 2) {
    const int below = *(mine - dist);
    __syncwarp();
    *mine += below;
    __syncwarp();
  }
  return *mine;
}

__global__ void ScanOnes(int* out) {
  __shared__ int padded[kPad + 32];
  const int lane = threadIdx.x;
  padded[lane] = 0;
  padded[kPad + lane] = 1;
  __syncwarp();
  out[lane] = PaddedSyncedScan(padded, lane);
}

int main() {
  int* out = nullptr;
  cudaMalloc(&out, 32 * sizeof(int));
  ScanOnes<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  int sums[32];
  cudaMemcpy(sums, out, sizeof sums, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 32; ++i) {
    if (sums[i] != i + 1) return 1;
  }
  return 0;
}
