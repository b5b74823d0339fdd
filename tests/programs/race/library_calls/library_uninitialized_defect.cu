// cuSPARSE multiplies with a vector x that nothing wrote: cudaMalloc memory has no defined
// content, so the product is garbage on a GPU (MEM-3, MEM-5).
// REQUIRES: race-detector, math-libraries
// RUN: %expect-exit 66 %warpsafe check %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: read of uninitialized global memory
// CHECK-NEXT:   in cuSPARSE call cusparseSpMV
// CHECK-NEXT:   at [[FILE]]:[[@LINE+32]]: read of 8 bytes of operand vecX by cuSPARSE call cusparseSpMV, none of whose bytes a copy, memset, kernel or library call had written
// CHECK-NEXT:   global memory: cudaMalloc block of 8 bytes (the program's 4th allocation, made at [[FILE]]:[[@LINE+17]]), at +0
// CHECK-NEXT:   cudaMalloc memory starts undefined; copy or set it (cudaMemcpy, cudaMemset) or write it in a kernel before a library call reads it (MEM-3, MEM-5)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}

#include <cusparse.h>

#include <cstdio>

int main() {
  const int offsets[] = {0, 1, 2}, columns[] = {0, 1};
  const float values[] = {1, 2};
  int *d_off, *d_col;
  float *d_val, *d_x, *d_y;
  cudaMalloc(&d_off, sizeof offsets);
  cudaMalloc(&d_col, sizeof columns);
  cudaMalloc(&d_val, sizeof values);
  cudaMalloc(&d_x, 2 * sizeof(float));  // never written
  cudaMalloc(&d_y, 2 * sizeof(float));
  cudaMemcpy(d_off, offsets, sizeof offsets, cudaMemcpyHostToDevice);
  cudaMemcpy(d_col, columns, sizeof columns, cudaMemcpyHostToDevice);
  cudaMemcpy(d_val, values, sizeof values, cudaMemcpyHostToDevice);
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
  std::printf("done\n");
  return 0;
}
