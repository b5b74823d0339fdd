// The checker's heavy case (BENCHMARKS.md, "Checker"): a matrix-vector product with nothing but
// plain loads and stores, 256 threads in 2 blocks, each going 100 times over its row of 25,600
// columns and storing its running sum after every column: 1.97 G checked accesses, every one a
// scheduling step. The result is checked.
constexpr int kRows = 256;
constexpr int kCols = 25600;
constexpr int kPasses = 100;
__global__ void MatVec(const float* a, const float* x, float* partial, float* y) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int pass = 0; pass < kPasses; ++pass) {
    for (int j = 0; j < kCols; ++j) {
      sum += a[(long)row * kCols + j] * x[j];
      partial[row] = sum;
    }
  }
  y[row] = partial[row];
}
int main() {
  float *a, *x, *partial, *y;
  cudaMallocManaged(&a, sizeof(float) * kRows * (long)kCols);
  cudaMallocManaged(&x, sizeof(float) * kCols);
  cudaMallocManaged(&partial, sizeof(float) * kRows);
  cudaMallocManaged(&y, sizeof(float) * kRows);
  for (long i = 0; i < (long)kRows * kCols; ++i) a[i] = (i % 4 == 0) ? 1.0f : 0.0f;
  for (int j = 0; j < kCols; ++j) x[j] = 1.0f;
  MatVec<<<2, kRows / 2>>>(a, x, partial, y);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int r = 0; r < kRows; ++r) {
    if (y[r] != float(kPasses) * (kCols / 4)) return 2;
  }
  cudaFree(a);
  cudaFree(x);
  cudaFree(partial);
  cudaFree(y);
  return 0;
}
