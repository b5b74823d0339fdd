// The element types of cuBLAS's routines and what OpenBLAS's CBLAS interface calls them, so one
// template per routine serves every precision. Internal to engine/src/cublas.
#pragma once

#include <cblas.h>

#include <cmath>
#include <complex>

#include "cublas_api.h"

namespace warpsafe::engine::cublas {

// Scalar<T>: the C++ arithmetic type of an element (std::complex for the cuComplex pairs, whose
// layout is the same: real part first).
template <class T> struct Scalar { using type = T; };
template <> struct Scalar<cuComplex> { using type = std::complex<float>; };
template <> struct Scalar<cuDoubleComplex> { using type = std::complex<double>; };

template <class T> inline typename Scalar<T>::type Load(const T* p) {
  return *reinterpret_cast<const typename Scalar<T>::type*>(p);
}

inline CBLAS_TRANSPOSE Transpose(cublasOperation_t op) {
  return op == CUBLAS_OP_N ? CblasNoTrans : op == CUBLAS_OP_T ? CblasTrans : CblasConjTrans;
}

}  // namespace warpsafe::engine::cublas

namespace warpsafe::engine::cublas {

// CBLAS's gemm and gemv in each precision, column-major as cuBLAS is.
inline void BlasGemm(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const float* alpha,
                     const float* A, int lda, const float* B, int ldb, const float* beta, float* C, int ldc) {
  cblas_sgemm(CblasColMajor, Transpose(ta), Transpose(tb), m, n, k, *alpha, A, lda, B, ldb, *beta, C, ldc);
}
inline void BlasGemm(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const double* alpha,
                     const double* A, int lda, const double* B, int ldb, const double* beta, double* C, int ldc) {
  cblas_dgemm(CblasColMajor, Transpose(ta), Transpose(tb), m, n, k, *alpha, A, lda, B, ldb, *beta, C, ldc);
}
inline void BlasGemm(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const cuComplex* alpha,
                     const cuComplex* A, int lda, const cuComplex* B, int ldb, const cuComplex* beta, cuComplex* C,
                     int ldc) {
  cblas_cgemm(CblasColMajor, Transpose(ta), Transpose(tb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
inline void BlasGemm(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const cuDoubleComplex* alpha,
                     const cuDoubleComplex* A, int lda, const cuDoubleComplex* B, int ldb,
                     const cuDoubleComplex* beta, cuDoubleComplex* C, int ldc) {
  cblas_zgemm(CblasColMajor, Transpose(ta), Transpose(tb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

inline void BlasGemv(cublasOperation_t t, int m, int n, const float* alpha, const float* A, int lda, const float* x,
                     int incx, const float* beta, float* y, int incy) {
  cblas_sgemv(CblasColMajor, Transpose(t), m, n, *alpha, A, lda, x, incx, *beta, y, incy);
}
inline void BlasGemv(cublasOperation_t t, int m, int n, const double* alpha, const double* A, int lda,
                     const double* x, int incx, const double* beta, double* y, int incy) {
  cblas_dgemv(CblasColMajor, Transpose(t), m, n, *alpha, A, lda, x, incx, *beta, y, incy);
}
inline void BlasGemv(cublasOperation_t t, int m, int n, const cuComplex* alpha, const cuComplex* A, int lda,
                     const cuComplex* x, int incx, const cuComplex* beta, cuComplex* y, int incy) {
  cblas_cgemv(CblasColMajor, Transpose(t), m, n, alpha, A, lda, x, incx, beta, y, incy);
}
inline void BlasGemv(cublasOperation_t t, int m, int n, const cuDoubleComplex* alpha, const cuDoubleComplex* A,
                     int lda, const cuDoubleComplex* x, int incx, const cuDoubleComplex* beta, cuDoubleComplex* y,
                     int incy) {
  cblas_zgemv(CblasColMajor, Transpose(t), m, n, alpha, A, lda, x, incx, beta, y, incy);
}

}  // namespace warpsafe::engine::cublas
