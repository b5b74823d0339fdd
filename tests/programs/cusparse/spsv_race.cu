// A kernel on one stream fills the right-hand side x; cuSPARSE's triangular solve, on another
// stream, reads x without waiting for it. On a GPU both are work queued on their streams, and
// nothing orders the two (MEM-5, SPARSE-8). The same program with the solve on the kernel's stream
// is clean.
// REQUIRES: race-detector, math-libraries
// RUN: %expect-exit 66 %warpsafe check %s 2>&1 | FileCheck %s -DFILE=%s
// RUN: %warpsafe check %s -D SAME_STREAM 2>&1 | FileCheck %s --check-prefix=ORDERED
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in cuSPARSE call cusparseSpSV_solve, after the launch of Fill at [[FILE]]:[[@LINE+58]] on another stream, with nothing ordering the two
// CHECK-NEXT:   between a library call and a kernel it is not ordered with:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+57]]: read of 16 bytes of operand vecX by cuSPARSE call cusparseSpSV_solve
// CHECK-NEXT:   at [[FILE]]:[[@LINE+14]]: write of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0) of the kernel
// CHECK-NEXT:   global memory: cudaMalloc block of 16 bytes (the program's 4th allocation, made at [[FILE]]:[[@LINE+25]]), at +0
// CHECK-NEXT:   a library call is work on its stream, as a kernel is: order the two (the same stream, cudaStreamSynchronize, or an event and cudaStreamWaitEvent) (MEM-5)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}
// ORDERED:      warpsafe check: no defect in {{[0-9]+}} schedules (policies {{.*}})
// ORDERED-NOT:  {{.}}

#include <cusparse.h>

#include <cstdio>

__global__ void Fill(float* x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 0.25f * static_cast<float>(i % 5);
}

int main() {
  // The 4 x 4 lower bidiagonal matrix with 2 on the diagonal and 1 below it.
  const int n = 4, offsets[] = {0, 1, 3, 5, 7}, columns[] = {0, 0, 1, 1, 2, 2, 3};
  const float values[] = {2, 1, 2, 1, 2, 1, 2};
  int *d_off, *d_col;
  float *d_val, *d_x, *d_y;
  cudaMalloc(&d_off, sizeof offsets);
  cudaMalloc(&d_col, sizeof columns);
  cudaMalloc(&d_val, sizeof values);
  cudaMalloc(&d_x, n * sizeof(float));
  cudaMalloc(&d_y, n * sizeof(float));
  cudaMemcpy(d_off, offsets, sizeof offsets, cudaMemcpyHostToDevice);
  cudaMemcpy(d_col, columns, sizeof columns, cudaMemcpyHostToDevice);
  cudaMemcpy(d_val, values, sizeof values, cudaMemcpyHostToDevice);
  cudaStream_t fill_stream, sparse_stream;
  cudaStreamCreateWithFlags(&fill_stream, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&sparse_stream, cudaStreamNonBlocking);
  cusparseHandle_t h;
  cusparseCreate(&h);
#ifdef SAME_STREAM
  cusparseSetStream(h, fill_stream);
#else
  cusparseSetStream(h, sparse_stream);
#endif
  cusparseSpMatDescr_t a;
  cusparseCreateCsr(&a, n, n, 7, d_off, d_col, d_val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                    CUDA_R_32F);
  cusparseDnVecDescr_t x, y;
  cusparseCreateDnVec(&x, n, d_x, CUDA_R_32F);
  cusparseCreateDnVec(&y, n, d_y, CUDA_R_32F);
  cusparseSpSVDescr_t plan;
  cusparseSpSV_createDescr(&plan);
  const float one = 1;
  size_t bytes = 0;
  cusparseSpSV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a, x, y, CUDA_R_32F, CUSPARSE_SPSV_ALG_DEFAULT,
                          plan, &bytes);
  cusparseSpSV_analysis(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a, x, y, CUDA_R_32F, CUSPARSE_SPSV_ALG_DEFAULT, plan,
                        nullptr);
  Fill<<<1, 32, 0, fill_stream>>>(d_x, n);
  cusparseSpSV_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a, x, y, CUDA_R_32F, CUSPARSE_SPSV_ALG_DEFAULT,
                     plan);  // reads x
  cudaDeviceSynchronize();
  float out[n];
  cudaMemcpy(out, d_y, sizeof out, cudaMemcpyDeviceToHost);
  // y solves L y = x for x = (0, 0.25, 0.5, 0.75): y = (0, 0.125, 0.1875, 0.28125).
  const bool right = out[0] == 0.0f && out[1] == 0.125f && out[2] == 0.1875f && out[3] == 0.28125f;
  if (!right) std::printf("wrong solution %g %g %g %g\n", out[0], out[1], out[2], out[3]);
  cusparseSpSV_destroyDescr(plan);
  cusparseDestroyDnVec(x);
  cusparseDestroyDnVec(y);
  cusparseDestroySpMat(a);
  cusparseDestroy(h);
  return right ? 0 : 1;
}
