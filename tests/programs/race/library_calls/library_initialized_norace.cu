// The clean twin of library_uninitialized_defect.cu: x is copied before the product, and y is
// only written (beta is zero, so cuSPARSE does not read it), then read back.
// REQUIRES: math-libraries
// RUN: %warpsafe check %s 2>&1 | FileCheck %s
// CHECK:      warpsafe check: no defect in {{[0-9]+}} schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// CHECK-NOT:  {{.}}

#include <cusparse.h>

#include <cstdio>

int main() {
  const int offsets[] = {0, 1, 2}, columns[] = {0, 1};
  const float values[] = {1, 2}, x[] = {3, 4};
  int *d_off, *d_col;
  float *d_val, *d_x, *d_y;
  cudaMalloc(&d_off, sizeof offsets);
  cudaMalloc(&d_col, sizeof columns);
  cudaMalloc(&d_val, sizeof values);
  cudaMalloc(&d_x, sizeof x);
  cudaMalloc(&d_y, 2 * sizeof(float));
  cudaMemcpy(d_off, offsets, sizeof offsets, cudaMemcpyHostToDevice);
  cudaMemcpy(d_col, columns, sizeof columns, cudaMemcpyHostToDevice);
  cudaMemcpy(d_val, values, sizeof values, cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, sizeof x, cudaMemcpyHostToDevice);
  cusparseHandle_t h;
  cusparseCreate(&h);
  cusparseSpMatDescr_t a;
  cusparseDnVecDescr_t vx, vy;
  cusparseCreateCsr(&a, 2, 2, 2, d_off, d_col, d_val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                    CUDA_R_32F);
  cusparseCreateDnVec(&vx, 2, d_x, CUDA_R_32F);
  cusparseCreateDnVec(&vy, 2, d_y, CUDA_R_32F);
  const float alpha = 1, beta = 0;
  cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, a, vx, &beta, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT,
               nullptr);
  float y[2];
  cudaMemcpy(y, d_y, sizeof y, cudaMemcpyDeviceToHost);
  std::printf("%s\n", y[0] == 3 && y[1] == 8 ? "ok" : "wrong");
  return y[0] == 3 && y[1] == 8 ? 0 : 1;
}
