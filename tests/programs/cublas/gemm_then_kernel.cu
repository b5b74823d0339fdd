// A program that multiplies with cuBLAS and post-processes the product with a kernel of its own:
// C = A B (column-major, as cuBLAS is), then a ReLU and a sum per row, read back and checked on
// the host against a product computed there. Runs clean under `warpsafe run` and `warpsafe check`.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: %warpsafe check %s --schedules 10 2>&1 | FileCheck %s --check-prefix=CHECKED
// PLAIN-NOT:    {{.}}
// PLAIN:        0 of 70 row sums wrong
// PLAIN-NOT:    {{.}}
// CHECKED:      warpsafe check: no defect in 10 schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// CHECKED-NOT:  {{.}}
#include <cublas_v2.h>

#include <cmath>
#include <cstdio>
#include <vector>

#define CHECK_CUDA(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { std::printf("%s: %s\n", #x, cudaGetErrorString(e_)); return 1; } } while (0)
#define CHECK_CUBLAS(x) do { cublasStatus_t s_ = (x); if (s_ != CUBLAS_STATUS_SUCCESS) { std::printf("%s: %s\n", #x, cublasGetStatusString(s_)); return 1; } } while (0)

// One thread per row of the m x n column-major matrix c: clamps negatives to zero in place and
// writes the row's sum.
__global__ void ReluRowSums(float* c, int m, int n, float* sums) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= m) return;
  float sum = 0.0f;
  for (int j = 0; j < n; ++j) {
    float v = c[row + j * m];
    v = v > 0.0f ? v : 0.0f;
    c[row + j * m] = v;
    sum += v;
  }
  sums[row] = sum;
}

int main() {
  const int m = 70, n = 24, k = 33;
  std::vector<float> a(m * k), b(k * n);
  for (int i = 0; i < m * k; ++i) a[i] = static_cast<float>((i * 37) % 19) / 9.0f - 1.0f;
  for (int i = 0; i < k * n; ++i) b[i] = static_cast<float>((i * 11) % 23) / 11.0f - 1.0f;
  float *da, *db, *dc, *dsums;
  CHECK_CUDA(cudaMalloc(&da, a.size() * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&db, b.size() * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dc, m * n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dsums, m * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(da, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(db, b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice));

  cublasHandle_t handle;
  CHECK_CUBLAS(cublasCreate(&handle));
  cudaStream_t stream;
  CHECK_CUDA(cudaStreamCreate(&stream));
  CHECK_CUBLAS(cublasSetStream(handle, stream));
  const float alpha = 1.0f, beta = 0.0f;
  CHECK_CUBLAS(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, da, m, db, k, &beta, dc, m));
  // The same product again through gemmEx with a CUDA 10 style compute type (a cudaDataType).
  CHECK_CUBLAS(cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, da, CUDA_R_32F, m, db, CUDA_R_32F, k,
                            &beta, dc, CUDA_R_32F, m, CUDA_R_32F, CUBLAS_GEMM_DEFAULT));
  ReluRowSums<<<(m + 31) / 32, 32, 0, stream>>>(dc, m, n, dsums);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaStreamSynchronize(stream));

  std::vector<float> sums(m);
  CHECK_CUDA(cudaMemcpy(sums.data(), dsums, m * sizeof(float), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < m; ++i) {
    double expected = 0.0;
    for (int j = 0; j < n; ++j) {
      double v = 0.0;
      for (int p = 0; p < k; ++p) v += static_cast<double>(a[i + p * m]) * b[p + j * k];
      expected += v > 0.0 ? v : 0.0;
    }
    if (std::fabs(sums[i] - expected) > 1e-4 * (1.0 + std::fabs(expected))) ++wrong;
  }
  CHECK_CUBLAS(cublasDestroy(handle));
  CHECK_CUDA(cudaStreamDestroy(stream));
  CHECK_CUDA(cudaFree(da));
  CHECK_CUDA(cudaFree(db));
  CHECK_CUDA(cudaFree(dc));
  CHECK_CUDA(cudaFree(dsums));
  std::printf("%d of %d row sums wrong\n", wrong, m);
  return wrong == 0 ? 0 : 1;
}
