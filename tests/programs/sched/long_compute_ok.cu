// A matrix-vector product that keeps every thread busy for millions of plain loads and stores and
// no synchronisation at all: 4 rows of 1 M columns, the running sum stored after every column
// (3 M accesses per thread). Under `run` plain accesses are no scheduling points: the threads run
// between them undisturbed, and nothing may call that a hang or a livelock. Under `check` each
// access is a scheduling step (race/long_compute_norace.test runs this program instrumented).
// The result is checked.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

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
