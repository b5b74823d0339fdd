// A matrix-vector product that keeps every thread busy for millions of plain loads and stores and
// no synchronisation at all: 4 rows of 1 M columns, the running sum stored after every column
// (3 M accesses per thread). Under instrumentation each access is a scheduling step: 12 M steps in
// the block, three times the livelock bound set above, yet every step observes new memory:
// progress, never a livelock (LIVE-1). The result is checked.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_LIVELOCK_STEPS=4000000 WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_LIVELOCK_STEPS=4000000 WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_LIVELOCK_STEPS=4000000 WARPSAFE_SCHEDULE=random WARPSAFE_SEED=2 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_LIVELOCK_STEPS=4000000 WARPSAFE_SCHEDULE=random WARPSAFE_SEED=3 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_LIVELOCK_STEPS=4000000 WARPSAFE_SCHEDULE=random WARPSAFE_SEED=4 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_LIVELOCK_STEPS=4000000 WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_LIVELOCK_STEPS=4000000 WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_LIVELOCK_STEPS=4000000 WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1234 WARPSAFE_WORKERS=1 %t 2>&1 | count 0

constexpr int kRows = 4;
constexpr int kCols = 1 << 20;
__global__ void MatVec(const float* a, const float* x, float* partial, float* y) {
  const int row = threadIdx.x;
  float sum = 0.0f;
  for (int j = 0; j < kCols; ++j) {
    sum += a[row * kCols + j] * x[j];
    partial[row] = sum;
  }
  y[row] = partial[row];
}
int main() {
  float *a, *x, *partial, *y;
  cudaMallocManaged(&a, sizeof(float) * kRows * kCols);
  cudaMallocManaged(&x, sizeof(float) * kCols);
  cudaMallocManaged(&partial, sizeof(float) * kRows);
  cudaMallocManaged(&y, sizeof(float) * kRows);
  for (int r = 0; r < kRows; ++r) {
    for (int j = 0; j < kCols; ++j) a[r * kCols + j] = (j % 4 == 0) ? float(r) : 0.0f;
  }
  for (int j = 0; j < kCols; ++j) x[j] = 1.0f;
  MatVec<<<1, kRows>>>(a, x, partial, y);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int r = 0; r < kRows; ++r) {
    if (y[r] != float(r) * (kCols / 4)) return 2;
  }
  cudaFree(a);
  cudaFree(x);
  cudaFree(partial);
  cudaFree(y);
  return 0;
}
