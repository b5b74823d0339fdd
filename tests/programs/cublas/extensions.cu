// cuBLAS's typed-pointer extensions in the precisions the engine runs them in, checked against the
// host's arithmetic: AxpyEx, DotEx, DotcEx, Nrm2Ex, ScalEx (complex vector, real alpha), RotEx,
// CherkEx and CsyrkEx with their 3m forms, Cgemm3m and Zgemm3m, tpttr and trttp in both fill modes
// (the other triangle of A untouched); mixed or narrow types are refused with NOT_SUPPORTED.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all checks pass
// CHECK-NEXT: worst relative error: single {{[0-9.e-]+}}, double {{[0-9.e-]+}}
// CHECK-NOT:  {{.}}
#include <cublas_v2.h>

#include "../Inputs/dense_check.h"

#define CB(x) do { cublasStatus_t s_ = (x); if (s_ != CUBLAS_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

static Checker check;

static Mat Scalar(Z v) {
  Mat m(1, 1);
  m(0, 0) = v;
  return m;
}

int main() {
  cublasHandle_t h;
  CB(cublasCreate(&h));
  const int n = 5;
  // AxpyEx in double: y = alpha x + y.
  {
    const Mat x = Random<double>(1, n, 1), y = Random<double>(2, n, 1);
    double* d_x = ToDevice<double>(x, n);
    double* d_y = ToDevice<double>(y, n);
    const double alpha = 2.5;
    CB(cublasAxpyEx(h, n, &alpha, CUDA_R_64F, d_x, CUDA_R_64F, 1, d_y, CUDA_R_64F, 1, CUDA_R_64F));
    Mat want = y;
    for (int i = 0; i < n; ++i) want(i, 0) += alpha * x(i, 0);
    check.Near("AxpyEx", FromDevice(d_y, n, 1, n), want, false, 1e-15);
    check.Equal("AxpyEx mixed types", cublasAxpyEx(h, n, &alpha, CUDA_R_64F, d_x, CUDA_R_32F, 1, d_y, CUDA_R_64F, 1,
                                                   CUDA_R_64F), CUBLAS_STATUS_NOT_SUPPORTED);
    CK(cudaFree(d_x)); CK(cudaFree(d_y));
  }
  // DotEx (complex single, unconjugated) and DotcEx (complex double, conjugated).
  {
    const Mat x = Random<cuComplex>(3, n, 1), y = Random<cuComplex>(4, n, 1);
    cuComplex* d_x = ToDevice<cuComplex>(x, n);
    cuComplex* d_y = ToDevice<cuComplex>(y, n);
    cuComplex r;
    CB(cublasDotEx(h, n, d_x, CUDA_C_32F, 1, d_y, CUDA_C_32F, 1, &r, CUDA_C_32F, CUDA_C_32F));
    check.Near("DotEx", Scalar(Widen(r)), Transpose(x) * y, true, 1e-6);
    const Mat zx = Random<cuDoubleComplex>(5, n, 1), zy = Random<cuDoubleComplex>(6, n, 1);
    cuDoubleComplex* d_zx = ToDevice<cuDoubleComplex>(zx, n);
    cuDoubleComplex* d_zy = ToDevice<cuDoubleComplex>(zy, n);
    cuDoubleComplex zr;
    CB(cublasDotcEx(h, n, d_zx, CUDA_C_64F, 1, d_zy, CUDA_C_64F, 1, &zr, CUDA_C_64F, CUDA_C_64F));
    check.Near("DotcEx", Scalar(Widen(zr)), Adjoint(zx) * zy, false, 1e-15);
    // Nrm2Ex of a complex single vector: a real result.
    float norm = 0;
    CB(cublasNrm2Ex(h, n, d_x, CUDA_C_32F, 1, &norm, CUDA_R_32F, CUDA_R_32F));
    check.Near("Nrm2Ex", Scalar(norm), Scalar(std::sqrt((Adjoint(x) * x)(0, 0).real())), true, 1e-6);
    check.Equal("Nrm2Ex complex result", cublasNrm2Ex(h, n, d_x, CUDA_C_32F, 1, &norm, CUDA_C_32F, CUDA_R_32F),
                CUBLAS_STATUS_NOT_SUPPORTED);
    // ScalEx of a complex double vector by a real alpha.
    const double alpha = -0.75;
    CB(cublasScalEx(h, n, &alpha, CUDA_R_64F, d_zx, CUDA_C_64F, 1, CUDA_C_64F));
    Mat want = zx;
    for (Z& v : want.v) v *= alpha;
    check.Near("ScalEx", FromDevice(d_zx, n, 1, n), want, false, 1e-15);
    check.Equal("ScalEx half", cublasScalEx(h, n, &alpha, CUDA_R_16F, d_zx, CUDA_R_16F, 1, CUDA_R_32F),
                CUBLAS_STATUS_NOT_SUPPORTED);
    CK(cudaFree(d_x)); CK(cudaFree(d_y)); CK(cudaFree(d_zx)); CK(cudaFree(d_zy));
  }
  // RotEx in single precision.
  {
    const Mat x = Random<float>(7, n, 1), y = Random<float>(8, n, 1);
    float* d_x = ToDevice<float>(x, n);
    float* d_y = ToDevice<float>(y, n);
    const float c = 0.8f, s = 0.6f;
    CB(cublasRotEx(h, n, d_x, CUDA_R_32F, 1, d_y, CUDA_R_32F, 1, &c, &s, CUDA_R_32F, CUDA_R_32F));
    Mat wx(n, 1), wy(n, 1);
    for (int i = 0; i < n; ++i) {
      wx(i, 0) = Z(c) * x(i, 0) + Z(s) * y(i, 0);
      wy(i, 0) = Z(c) * y(i, 0) - Z(s) * x(i, 0);
    }
    check.Near("RotEx x", FromDevice(d_x, n, 1, n), wx, true, 1e-6);
    check.Near("RotEx y", FromDevice(d_y, n, 1, n), wy, true, 1e-6);
    CK(cudaFree(d_x)); CK(cudaFree(d_y));
  }
  // CherkEx, Cherk3mEx, CsyrkEx, Csyrk3mEx: C = alpha A A^H (A^T) on the lower triangle, beta 0.
  for (int form = 0; form < 4; ++form) {
    const int k = 3;
    const Mat a = Random<cuComplex>(9, n, k);
    cuComplex* d_a = ToDevice<cuComplex>(a, n);
    cuComplex* d_c = ToDevice<cuComplex>(Mat(n, n), n);
    const bool hermitian = form < 2;
    const float ra = 0.5f, rb = 0;
    const cuComplex ca = {0.5f, 0.25f}, cbeta = {0, 0};
    if (form == 0) CB(cublasCherkEx(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, k, &ra, d_a, CUDA_C_32F, n, &rb, d_c, CUDA_C_32F, n));
    if (form == 1) CB(cublasCherk3mEx(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, k, &ra, d_a, CUDA_C_32F, n, &rb, d_c, CUDA_C_32F, n));
    if (form == 2) CB(cublasCsyrkEx(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, k, &ca, d_a, CUDA_C_32F, n, &cbeta, d_c, CUDA_C_32F, n));
    if (form == 3) CB(cublasCsyrk3mEx(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, k, &ca, d_a, CUDA_C_32F, n, &cbeta, d_c, CUDA_C_32F, n));
    const Mat product = a * (hermitian ? Adjoint(a) : Transpose(a));
    const Mat got = FromDevice(d_c, n, n, n);
    Mat g(n * (n + 1) / 2, 1), want(n * (n + 1) / 2, 1);
    int e = 0;
    for (int j = 0; j < n; ++j)
      for (int i = j; i < n; ++i, ++e) {
        g(e, 0) = got(i, j);
        want(e, 0) = (hermitian ? Z(ra) : Widen(ca)) * product(i, j);
        if (hermitian && i == j) want(e, 0) = Z(want(e, 0).real());
      }
    check.Near(std::string("rank-k Ex form ") + std::to_string(form), g, want, true, 2e-6);
    check.Equal("CherkEx int8", cublasCherkEx(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, k, &ra, d_a, CUDA_C_8I, n, &rb,
                                              d_c, CUDA_C_32F, n), CUBLAS_STATUS_NOT_SUPPORTED);
    CK(cudaFree(d_a)); CK(cudaFree(d_c));
  }
  // Cgemm3m and Zgemm3m: the complex product.
  {
    const Mat a = Random<cuDoubleComplex>(10, 3, 4), b = Random<cuDoubleComplex>(11, 4, 2);
    cuDoubleComplex* d_a = ToDevice<cuDoubleComplex>(a, 3);
    cuDoubleComplex* d_b = ToDevice<cuDoubleComplex>(b, 4);
    cuDoubleComplex* d_c = ToDevice<cuDoubleComplex>(Mat(3, 2), 3);
    const cuDoubleComplex one = {1, 0}, zero = {0, 0};
    CB(cublasZgemm3m(h, CUBLAS_OP_N, CUBLAS_OP_N, 3, 2, 4, &one, d_a, 3, d_b, 4, &zero, d_c, 3));
    check.Near("Zgemm3m", FromDevice(d_c, 3, 2, 3), a * b, false, 1e-15);
    cuComplex* s_a = ToDevice<cuComplex>(a, 3);
    cuComplex* s_b = ToDevice<cuComplex>(b, 4);
    cuComplex* s_c = ToDevice<cuComplex>(Mat(3, 2), 3);
    const cuComplex sone = {1, 0}, szero = {0, 0};
    CB(cublasCgemm3m(h, CUBLAS_OP_N, CUBLAS_OP_N, 3, 2, 4, &sone, s_a, 3, s_b, 4, &szero, s_c, 3));
    check.Near("Cgemm3m", FromDevice(s_c, 3, 2, 3), a * b, true, 2e-6);
    CK(cudaFree(d_a)); CK(cudaFree(d_b)); CK(cudaFree(d_c)); CK(cudaFree(s_a)); CK(cudaFree(s_b)); CK(cudaFree(s_c));
  }
  // trttp then tpttr: the triangle packed column after column and back; A's other triangle kept.
  for (bool lower : {true, false}) {
    const cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    const Mat a = Random<double>(12, n, n);
    double* d_a = ToDevice<double>(a, n + 1);
    double* d_ap;
    CK(cudaMalloc(&d_ap, sizeof(double) * n * (n + 1) / 2));
    CB(cublasDtrttp(h, uplo, n, d_a, n + 1, d_ap));
    Mat want(n * (n + 1) / 2, 1);
    int e = 0;
    for (int j = 0; j < n; ++j)
      for (int i = lower ? j : 0; i < (lower ? n : j + 1); ++i) want(e++, 0) = a(i, j);
    check.Near(std::string("trttp ") + (lower ? "L" : "U"), FromDevice(d_ap, n * (n + 1) / 2, 1, n * (n + 1) / 2), want,
               false, 0);
    const Mat b = Random<double>(13, n, n);
    double* d_b = ToDevice<double>(b, n);
    CB(cublasDtpttr(h, uplo, n, d_ap, d_b, n));
    Mat full = b;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
        if (lower ? i >= j : i <= j) full(i, j) = a(i, j);
    check.Near(std::string("tpttr ") + (lower ? "L" : "U"), FromDevice(d_b, n, n, n), full, false, 0);
    CK(cudaFree(d_a)); CK(cudaFree(d_ap)); CK(cudaFree(d_b));
  }
  CB(cublasDestroy(h));
  return check.Finish();
}
