// The set-up of one single-precision product y = A x through cuSPARSE's generic API, shared by the
// programs that only need such a call (cusparse/bad_column_defect.cu,
// race/library_calls/library_initialized_norace.cu). Not a program itself.
#pragma once

#include <cusparse.h>

// Copies a CSR matrix of `rows` x `cols` with `nnz` entries (row offsets, column indices and values,
// all on the host) and the vector x (`cols` values) to device memory, and runs cusparseSpMV with
// alpha 1 and beta 0 into a fresh y of `rows` floats, which it returns (device memory, written only
// by the product: beta 0 means y is not read).
inline float* CsrSpmv(int rows, int cols, int nnz, const int* offsets, const int* columns, const float* values,
                      const float* x) {
  int *d_off, *d_col;
  float *d_val, *d_x, *d_y;
  cudaMalloc(&d_off, (rows + 1) * sizeof(int));
  cudaMalloc(&d_col, nnz * sizeof(int));
  cudaMalloc(&d_val, nnz * sizeof(float));
  cudaMalloc(&d_x, cols * sizeof(float));
  cudaMalloc(&d_y, rows * sizeof(float));
  cudaMemcpy(d_off, offsets, (rows + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_col, columns, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_val, values, nnz * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, cols * sizeof(float), cudaMemcpyHostToDevice);
  cusparseHandle_t h;
  cusparseCreate(&h);
  cusparseSpMatDescr_t a;
  cusparseDnVecDescr_t vx, vy;
  cusparseCreateCsr(&a, rows, cols, nnz, d_off, d_col, d_val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseCreateDnVec(&vx, cols, d_x, CUDA_R_32F);
  cusparseCreateDnVec(&vy, rows, d_y, CUDA_R_32F);
  const float alpha = 1, beta = 0;
  cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, a, vx, &beta, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT,
               nullptr);
  return d_y;
}
