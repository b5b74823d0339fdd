// A 3 x 4 CSR matrix whose third column index (7) is past its last column: a GPU's SpMV would read
// x out of bounds, and the engine reports it at the call.
// REQUIRES: math-libraries
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: illegal memory access in GPU thread
// CHECK-NEXT:   in cuSPARSE call cusparseSpMV
// CHECK-NEXT:   operand csrColInd: entry 2 is 7, outside the matrix's columns 0 to 3: the library's kernel would read outside its operands
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cusparse.h>

#include <cstdio>

int main() {
  const int offsets[] = {0, 2, 3, 4}, columns[] = {0, 3, 7, 1};
  const float values[] = {1, 2, 3, 4}, x[] = {1, 1, 1, 1};
  int *d_off, *d_col;
  float *d_val, *d_x, *d_y;
  cudaMalloc(&d_off, sizeof offsets);
  cudaMalloc(&d_col, sizeof columns);
  cudaMalloc(&d_val, sizeof values);
  cudaMalloc(&d_x, sizeof x);
  cudaMalloc(&d_y, 3 * sizeof(float));
  cudaMemcpy(d_off, offsets, sizeof offsets, cudaMemcpyHostToDevice);
  cudaMemcpy(d_col, columns, sizeof columns, cudaMemcpyHostToDevice);
  cudaMemcpy(d_val, values, sizeof values, cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, sizeof x, cudaMemcpyHostToDevice);
  cusparseHandle_t h;
  cusparseCreate(&h);
  cusparseSpMatDescr_t a;
  cusparseDnVecDescr_t vx, vy;
  cusparseCreateCsr(&a, 3, 4, 4, d_off, d_col, d_val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                    CUDA_R_32F);
  cusparseCreateDnVec(&vx, 4, d_x, CUDA_R_32F);
  cusparseCreateDnVec(&vy, 3, d_y, CUDA_R_32F);
  const float alpha = 1, beta = 0;
  cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, a, vx, &beta, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT,
               nullptr);
  printf("not reached\n");
  return 0;
}
