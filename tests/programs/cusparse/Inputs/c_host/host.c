/* The C half of c_host.cu: a host file compiled as C that calls cuSPARSE's SpMV on a CSR matrix
   and cuComplex's helpers, as cuSPARSE's own C samples do. */
#include <cuComplex.h>
#include <cuda_runtime_api.h>
#include <cusparse.h>
#include <stdio.h>

int RunFromC(void) {
  /* A = [1 0 2; 0 3 0; 4 0 5], x = (1, 2, 3): A x = (7, 6, 19). */
  const int rows = 3, cols = 3, nnz = 5;
  const int offsets[4] = {0, 2, 3, 5};
  const int columns[5] = {0, 2, 1, 0, 2};
  const float values[5] = {1, 2, 3, 4, 5};
  const float x[3] = {1, 2, 3};
  float y[3] = {0, 0, 0};
  int *d_offsets, *d_columns;
  float *d_values, *d_x, *d_y;
  cudaMalloc((void**)&d_offsets, sizeof offsets);
  cudaMalloc((void**)&d_columns, sizeof columns);
  cudaMalloc((void**)&d_values, sizeof values);
  cudaMalloc((void**)&d_x, sizeof x);
  cudaMalloc((void**)&d_y, sizeof y);
  cudaMemcpy(d_offsets, offsets, sizeof offsets, cudaMemcpyHostToDevice);
  cudaMemcpy(d_columns, columns, sizeof columns, cudaMemcpyHostToDevice);
  cudaMemcpy(d_values, values, sizeof values, cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, sizeof x, cudaMemcpyHostToDevice);
  cusparseHandle_t handle;
  cusparseSpMatDescr_t a;
  cusparseDnVecDescr_t vx, vy;
  size_t buffer = 1;
  const float alpha = 1, beta = 0;
  if (cusparseCreate(&handle) != CUSPARSE_STATUS_SUCCESS) return 1;
  cusparseCreateCsr(&a, rows, cols, nnz, d_offsets, d_columns, d_values, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseCreateDnVec(&vx, cols, d_x, CUDA_R_32F);
  cusparseCreateDnVec(&vy, rows, d_y, CUDA_R_32F);
  cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, a, vx, &beta, vy, CUDA_R_32F,
                          CUSPARSE_SPMV_ALG_DEFAULT, &buffer);
  if (cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, a, vx, &beta, vy, CUDA_R_32F,
                   CUSPARSE_SPMV_ALG_DEFAULT, NULL) != CUSPARSE_STATUS_SUCCESS) {
    return 1;
  }
  cudaMemcpy(y, d_y, sizeof y, cudaMemcpyDeviceToHost);
  printf("C: spmv %g %g %g\n", y[0], y[1], y[2]);
  cusparseDestroySpMat(a);
  cusparseDestroyDnVec(vx);
  cusparseDestroyDnVec(vy);
  cusparseDestroy(handle);
  {
    const cuComplex p = cuCmulf(make_cuComplex(1, 2), make_cuComplex(3, -1));
    const cuDoubleComplex q = cuCdiv(make_cuDoubleComplex(5, 5), make_cuDoubleComplex(1, 2));
    printf("C: complex %g%+gi %g%+gi |3+4i| %g\n", cuCrealf(p), cuCimagf(p), cuCreal(q), cuCimag(q),
           cuCabsf(make_cuFloatComplex(3, 4)));
  }
  cudaFree(d_offsets);
  cudaFree(d_columns);
  cudaFree(d_values);
  cudaFree(d_x);
  cudaFree(d_y);
  return 0;
}
