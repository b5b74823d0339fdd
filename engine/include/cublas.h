// CUDA's cublas.h: cuBLAS's legacy API, the routines without a handle, as a thin layer over the
// handle API (engine/src/cublas/legacy.cpp). One implicit handle serves the whole process: the
// first call creates it (cublasInit need not come first, as on CUDA's cuBLAS), cublasShutdown
// destroys it and a later call makes a new one. A routine that returns no status records it for
// cublasGetError, which returns the status of the last such call and resets it to success.
// Transposes, triangles, sides and diagonals are characters ('N'/'n', 'T'/'t', 'C'/'c'; 'U'/'u',
// 'L'/'l'; 'L'/'l', 'R'/'r'; 'N'/'n', 'U'/'u'); any other character is an invalid value, and the
// routine does nothing. docs/semantics/cublas_legacy.md says what is provided.
//
// C and C++ callers alike: the functions have C linkage. A translation unit includes this header or
// cublas_v2.h, not both, as CUDA requires: the two give the same names different functions.
#pragma once
#define CUBLAS_H_

#if defined(CUBLAS_V2_H_)
#error "warpsafe: cublas.h (the legacy API) and cublas_v2.h (the handle API) cannot both be included in one file, as on CUDA"
#endif

#include "cuda_runtime.h"
#include "cublas_api.h"

// The legacy status type: the handle API's status codes under their legacy name.
typedef cublasStatus_t cublasStatus;

#ifdef __cplusplus
extern "C" {
#endif

// ---- the implicit handle, its error state, and memory ------------------------------------------
cublasStatus cublasInit(void);
cublasStatus cublasShutdown(void);
cublasStatus cublasGetError(void);
cublasStatus cublasGetVersion(int* version);
cublasStatus cublasAlloc(int n, int elemSize, void** devicePtr);
cublasStatus cublasFree(void* devicePtr);
cublasStatus cublasSetKernelStream(cudaStream_t stream);

// ---- level 1 ------------------------------------------------------------------------------------
float cublasSnrm2(int n, const float* x, int incx);
double cublasDnrm2(int n, const double* x, int incx);
float cublasScnrm2(int n, const cuComplex* x, int incx);
double cublasDznrm2(int n, const cuDoubleComplex* x, int incx);
float cublasSdot(int n, const float* x, int incx, const float* y, int incy);
double cublasDdot(int n, const double* x, int incx, const double* y, int incy);
cuComplex cublasCdotu(int n, const cuComplex* x, int incx, const cuComplex* y, int incy);
cuComplex cublasCdotc(int n, const cuComplex* x, int incx, const cuComplex* y, int incy);
cuDoubleComplex cublasZdotu(int n, const cuDoubleComplex* x, int incx, const cuDoubleComplex* y, int incy);
cuDoubleComplex cublasZdotc(int n, const cuDoubleComplex* x, int incx, const cuDoubleComplex* y, int incy);
void cublasSscal(int n, float alpha, float* x, int incx);
void cublasDscal(int n, double alpha, double* x, int incx);
void cublasCscal(int n, cuComplex alpha, cuComplex* x, int incx);
void cublasZscal(int n, cuDoubleComplex alpha, cuDoubleComplex* x, int incx);
void cublasCsscal(int n, float alpha, cuComplex* x, int incx);
void cublasZdscal(int n, double alpha, cuDoubleComplex* x, int incx);
void cublasSaxpy(int n, float alpha, const float* x, int incx, float* y, int incy);
void cublasDaxpy(int n, double alpha, const double* x, int incx, double* y, int incy);
void cublasCaxpy(int n, cuComplex alpha, const cuComplex* x, int incx, cuComplex* y, int incy);
void cublasZaxpy(int n, cuDoubleComplex alpha, const cuDoubleComplex* x, int incx, cuDoubleComplex* y, int incy);
void cublasScopy(int n, const float* x, int incx, float* y, int incy);
void cublasDcopy(int n, const double* x, int incx, double* y, int incy);
void cublasCcopy(int n, const cuComplex* x, int incx, cuComplex* y, int incy);
void cublasZcopy(int n, const cuDoubleComplex* x, int incx, cuDoubleComplex* y, int incy);
void cublasSswap(int n, float* x, int incx, float* y, int incy);
void cublasDswap(int n, double* x, int incx, double* y, int incy);
void cublasCswap(int n, cuComplex* x, int incx, cuComplex* y, int incy);
void cublasZswap(int n, cuDoubleComplex* x, int incx, cuDoubleComplex* y, int incy);
int cublasIsamax(int n, const float* x, int incx);
int cublasIdamax(int n, const double* x, int incx);
int cublasIcamax(int n, const cuComplex* x, int incx);
int cublasIzamax(int n, const cuDoubleComplex* x, int incx);
int cublasIsamin(int n, const float* x, int incx);
int cublasIdamin(int n, const double* x, int incx);
int cublasIcamin(int n, const cuComplex* x, int incx);
int cublasIzamin(int n, const cuDoubleComplex* x, int incx);
float cublasSasum(int n, const float* x, int incx);
double cublasDasum(int n, const double* x, int incx);
float cublasScasum(int n, const cuComplex* x, int incx);
double cublasDzasum(int n, const cuDoubleComplex* x, int incx);

// ---- level 2 ------------------------------------------------------------------------------------
void cublasSgemv(char trans, int m, int n, float alpha, const float* A, int lda, const float* x, int incx, float beta,
                 float* y, int incy);
void cublasDgemv(char trans, int m, int n, double alpha, const double* A, int lda, const double* x, int incx,
                 double beta, double* y, int incy);
void cublasCgemv(char trans, int m, int n, cuComplex alpha, const cuComplex* A, int lda, const cuComplex* x, int incx,
                 cuComplex beta, cuComplex* y, int incy);
void cublasZgemv(char trans, int m, int n, cuDoubleComplex alpha, const cuDoubleComplex* A, int lda,
                 const cuDoubleComplex* x, int incx, cuDoubleComplex beta, cuDoubleComplex* y, int incy);
void cublasSger(int m, int n, float alpha, const float* x, int incx, const float* y, int incy, float* A, int lda);
void cublasDger(int m, int n, double alpha, const double* x, int incx, const double* y, int incy, double* A, int lda);

// ---- level 3 ------------------------------------------------------------------------------------
void cublasSgemm(char transa, char transb, int m, int n, int k, float alpha, const float* A, int lda, const float* B,
                 int ldb, float beta, float* C, int ldc);
void cublasDgemm(char transa, char transb, int m, int n, int k, double alpha, const double* A, int lda,
                 const double* B, int ldb, double beta, double* C, int ldc);
void cublasCgemm(char transa, char transb, int m, int n, int k, cuComplex alpha, const cuComplex* A, int lda,
                 const cuComplex* B, int ldb, cuComplex beta, cuComplex* C, int ldc);
void cublasZgemm(char transa, char transb, int m, int n, int k, cuDoubleComplex alpha, const cuDoubleComplex* A,
                 int lda, const cuDoubleComplex* B, int ldb, cuDoubleComplex beta, cuDoubleComplex* C, int ldc);
void cublasStrsm(char side, char uplo, char transa, char diag, int m, int n, float alpha, const float* A, int lda,
                 float* B, int ldb);
void cublasDtrsm(char side, char uplo, char transa, char diag, int m, int n, double alpha, const double* A, int lda,
                 double* B, int ldb);
void cublasCtrsm(char side, char uplo, char transa, char diag, int m, int n, cuComplex alpha, const cuComplex* A,
                 int lda, cuComplex* B, int ldb);
void cublasZtrsm(char side, char uplo, char transa, char diag, int m, int n, cuDoubleComplex alpha,
                 const cuDoubleComplex* A, int lda, cuDoubleComplex* B, int ldb);

#ifdef __cplusplus
}  // extern "C"
#endif
