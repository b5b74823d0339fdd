// cuBLASXt's gemm on host memory in every precision and every pair of operations, checked against
// a product computed here element by element; beta zero writes C over NaNs without reading it; the
// handle's settings and the argument errors (work before a device is selected, a device that does
// not exist, a bad leading dimension or tile size).
// REQUIRES: math-libraries
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      gemm: 36 products checked, worst relative error single {{[0-9.]+e[-+][0-9]+}} double {{[0-9.]+e[-+][0-9]+}}
// CHECK-NEXT: statuses: 1 7 7 7 0 64
// CHECK-NOT:  {{.}}
#include <cublasXt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <complex>
#include <vector>

#define CB(x) do { cublasStatus_t s_ = (x); if (s_ != CUBLAS_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

using Z = std::complex<double>;
static Z Get(float v) { return v; }
static Z Get(double v) { return v; }
static Z Get(cuComplex v) { return Z(v.x, v.y); }
static Z Get(cuDoubleComplex v) { return Z(v.x, v.y); }
static void Put(float& d, Z v) { d = (float)v.real(); }
static void Put(double& d, Z v) { d = v.real(); }
static void Put(cuComplex& d, Z v) { d = make_cuComplex((float)v.real(), (float)v.imag()); }
static void Put(cuDoubleComplex& d, Z v) { d = make_cuDoubleComplex(v.real(), v.imag()); }
template <class T> constexpr bool IsComplex() { return sizeof(T) == 2 * sizeof(float) || sizeof(T) == 16; }

static cublasStatus_t Gemm(cublasXtHandle_t h, cublasOperation_t a, cublasOperation_t b, size_t m, size_t n, size_t k,
                           const float* al, const float* A, size_t lda, const float* B, size_t ldb, const float* be,
                           float* C, size_t ldc) { return cublasXtSgemm(h, a, b, m, n, k, al, A, lda, B, ldb, be, C, ldc); }
static cublasStatus_t Gemm(cublasXtHandle_t h, cublasOperation_t a, cublasOperation_t b, size_t m, size_t n, size_t k,
                           const double* al, const double* A, size_t lda, const double* B, size_t ldb, const double* be,
                           double* C, size_t ldc) { return cublasXtDgemm(h, a, b, m, n, k, al, A, lda, B, ldb, be, C, ldc); }
static cublasStatus_t Gemm(cublasXtHandle_t h, cublasOperation_t a, cublasOperation_t b, size_t m, size_t n, size_t k,
                           const cuComplex* al, const cuComplex* A, size_t lda, const cuComplex* B, size_t ldb,
                           const cuComplex* be, cuComplex* C, size_t ldc) { return cublasXtCgemm(h, a, b, m, n, k, al, A, lda, B, ldb, be, C, ldc); }
static cublasStatus_t Gemm(cublasXtHandle_t h, cublasOperation_t a, cublasOperation_t b, size_t m, size_t n, size_t k,
                           const cuDoubleComplex* al, const cuDoubleComplex* A, size_t lda, const cuDoubleComplex* B,
                           size_t ldb, const cuDoubleComplex* be, cuDoubleComplex* C, size_t ldc) { return cublasXtZgemm(h, a, b, m, n, k, al, A, lda, B, ldb, be, C, ldc); }

static double worst[2];
static int checked;

// Element (i, j) of op(M) for a column-major M with leading dimension ld.
template <class T> static Z Op(const std::vector<T>& M, int ld, cublasOperation_t op, int i, int j) {
  Z v = op == CUBLAS_OP_N ? Get(M[i + j * ld]) : Get(M[j + i * ld]);
  return op == CUBLAS_OP_C ? std::conj(v) : v;
}

template <class T> static void One(cublasXtHandle_t h, cublasOperation_t ta, cublasOperation_t tb, bool beta_zero) {
  const int m = 70, n = 45, k = 33;  // larger than the 32-wide tiles set below
  const int lda = (ta == CUBLAS_OP_N ? m : k) + 3, ldb = (tb == CUBLAS_OP_N ? k : n) + 1, ldc = m + 2;
  std::vector<T> A(lda * (ta == CUBLAS_OP_N ? k : m)), B(ldb * (tb == CUBLAS_OP_N ? n : k)), C(ldc * n);
  for (size_t i = 0; i < A.size(); ++i) Put(A[i], Z(sin(i * 0.37), IsComplex<T>() ? cos(i * 0.11) : 0));
  for (size_t i = 0; i < B.size(); ++i) Put(B[i], Z(cos(i * 0.23), IsComplex<T>() ? sin(i * 0.29) : 0));
  for (size_t i = 0; i < C.size(); ++i) Put(C[i], beta_zero ? Z(NAN, NAN) : Z(0.5 - i % 7, IsComplex<T>() ? 0.25 : 0));
  const std::vector<T> C0 = C;
  T alpha, beta;
  Put(alpha, Z(1.5, IsComplex<T>() ? -0.5 : 0));
  Put(beta, beta_zero ? Z(0) : Z(-0.75, IsComplex<T>() ? 0.25 : 0));
  CB(Gemm(h, ta, tb, m, n, k, &alpha, A.data(), lda, B.data(), ldb, &beta, C.data(), ldc));
  const bool single = sizeof(T) == 4 || sizeof(T) == 8 && IsComplex<T>();
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      Z want = 0, scale = 0;
      for (int p = 0; p < k; ++p) {
        want += Op(A, lda, ta, i, p) * Op(B, ldb, tb, p, j);
        scale += std::abs(Op(A, lda, ta, i, p) * Op(B, ldb, tb, p, j));
      }
      want *= Get(alpha);
      if (!beta_zero) want += Get(beta) * Get(C0[i + j * ldc]);
      const double err = std::abs(Get(C[i + j * ldc]) - want) / (std::abs(scale) + 1);
      if (!(err < (single ? 1e-5 : 1e-13))) {
        printf("FAIL %d %d %d: C(%d,%d) error %g\n", (int)sizeof(T), ta, tb, i, j, err);
        exit(1);
      }
      if (err > worst[single ? 0 : 1]) worst[single ? 0 : 1] = err;
    }
  ++checked;
}

template <class T> static void Precision(cublasXtHandle_t h) {
  for (cublasOperation_t ta : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C})
    for (cublasOperation_t tb : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C}) One<T>(h, ta, tb, tb == CUBLAS_OP_T);
}

int main() {
  cublasXtHandle_t h;
  CB(cublasXtCreate(&h));
  float one = 1, x = 0;
  // No device selected yet: gemm does no work.
  const cublasStatus_t before = cublasXtSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 1, 1, 1, &one, &one, 1, &one, 1, &one, &x, 1);
  int missing[] = {5};
  const cublasStatus_t bad_device = cublasXtDeviceSelect(h, 1, missing);
  int devices[] = {0};
  CB(cublasXtDeviceSelect(h, 1, devices));
  const cublasStatus_t bad_ld = cublasXtSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 1, 1, &one, &one, 3, &one, 1, &one, &x, 4);
  const cublasStatus_t bad_tile = cublasXtSetBlockDim(h, 0);
  CB(cublasXtSetBlockDim(h, 32));
  Precision<float>(h);
  Precision<double>(h);
  Precision<cuComplex>(h);
  Precision<cuDoubleComplex>(h);
  CB(cublasXtSetBlockDim(h, 64));
  int tile = 0;
  CB(cublasXtGetBlockDim(h, &tile));
  CB(cublasXtDestroy(h));
  const cublasStatus_t destroyed = cublasXtDestroy(h);
  printf("gemm: %d products checked, worst relative error single %.1e double %.1e\n", checked, worst[0], worst[1]);
  printf("statuses: %d %d %d %d %d %d\n", before, bad_device, bad_ld, bad_tile, destroyed == CUBLAS_STATUS_NOT_INITIALIZED ? 0 : 1, tile);
  return 0;
}
