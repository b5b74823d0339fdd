// cuSOLVER's LU (getrf, getrs) and Cholesky (potrf, potrs) in the complex precisions, checked by
// recomputing on the host: the row exchanges of the pivots applied to A equal L U, every multiplier
// is at most sqrt(2) in modulus (partial pivoting takes the element largest in |re| + |im|, as
// LAPACK's icamax does), op(A) X = B for the solves with A, A^T and A^H, L L^H (U^H U) rebuilds the Hermitian
// matrix from its named triangle alone, and a singular matrix's devInfo names its zero pivot.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all checks pass
// CHECK-NEXT: worst relative error: single {{[0-9.]+e-[0-9]+}}, double {{[0-9.]+e-[0-9]+}}
// CHECK-NOT:  {{.}}
#include <cusolverDn.h>

#include "../Inputs/dense_check.h"

#define CS(x) do { cusolverStatus_t s_ = (x); if (s_ != CUSOLVER_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

static Checker check;

template <class T> struct Api;
template <> struct Api<cuComplex> {
  static constexpr const char* p = "C";
  static constexpr auto getrf_size = cusolverDnCgetrf_bufferSize; static constexpr auto getrf = cusolverDnCgetrf;
  static constexpr auto getrs = cusolverDnCgetrs; static constexpr auto potrf_size = cusolverDnCpotrf_bufferSize;
  static constexpr auto potrf = cusolverDnCpotrf; static constexpr auto potrs = cusolverDnCpotrs;
};
template <> struct Api<cuDoubleComplex> {
  static constexpr const char* p = "Z";
  static constexpr auto getrf_size = cusolverDnZgetrf_bufferSize; static constexpr auto getrf = cusolverDnZgetrf;
  static constexpr auto getrs = cusolverDnZgetrs; static constexpr auto potrf_size = cusolverDnZpotrf_bufferSize;
  static constexpr auto potrf = cusolverDnZpotrf; static constexpr auto potrs = cusolverDnZpotrs;
};

static int Info(const int* d) { return HostArray(d, 1)[0]; }

template <class T> static void Lu(cusolverDnHandle_t h, int n, int zero_column) {
  using A = Api<T>;
  const bool single = IsSingle<T>();
  const double tol = single ? 2e-5 : 1e-13;
  const std::string name = std::string(A::p) + "getrf " + std::to_string(n) + (zero_column >= 0 ? " singular" : "");
  const int lda = n + 3;
  Mat a = Random<T>(40 + n, n, n);
  if (zero_column >= 0) for (int i = 0; i < n; ++i) a(i, zero_column) = 0;
  T* d_a = ToDevice<T>(a, lda);
  int lwork = 0;
  CS(A::getrf_size(h, n, n, d_a, lda, &lwork));
  T* work;
  int *ipiv, *info;
  CK(cudaMalloc(&work, sizeof(T) * lwork));
  CK(cudaMalloc(&ipiv, sizeof(int) * n));
  CK(cudaMalloc(&info, sizeof(int)));
  CS(A::getrf(h, n, n, d_a, lda, work, ipiv, info));
  check.Equal(name + " info", Info(info), zero_column + 1);
  const Mat f = FromDevice(d_a, n, n, lda);
  const std::vector<int> piv = HostArray(ipiv, n);
  Mat l = Mat::Identity(n), u(n, n), pa = a;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) (i > j ? l(i, j) : u(i, j)) = f(i, j);
  for (int i = 0; i < n; ++i) {
    check.True(name + " pivot in range", piv[i] >= i + 1 && piv[i] <= n);
    if (piv[i] < 1 || piv[i] > n) break;
    for (int j = 0; j < n; ++j) std::swap(pa(i, j), pa(piv[i] - 1, j));
    for (int r = i + 1; r < n; ++r)
      check.True(name + " multiplier at most sqrt(2)", std::abs(l(r, i)) <= std::sqrt(2.0) + tol);
  }
  check.Near(name + " P A = L U", l * u, pa, single, tol);
  if (zero_column < 0) {
    const int ldb = n + 1, nrhs = 2;
    const Mat b = Random<T>(77, n, nrhs);
    for (cublasOperation_t op : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C}) {
      T* d_b = ToDevice<T>(b, ldb);
      CS(A::getrs(h, op, n, nrhs, d_a, lda, ipiv, d_b, ldb, info));
      check.Equal(name + " getrs info", Info(info), 0);
      const Mat x = FromDevice(d_b, n, nrhs, ldb);
      const Mat opa = op == CUBLAS_OP_N ? a : op == CUBLAS_OP_T ? Transpose(a) : Adjoint(a);
      check.Near(name + " getrs op " + std::to_string(op) + " residual", opa * x, b, single, tol * 10);
      CK(cudaFree(d_b));
    }
  }
  CK(cudaFree(d_a)); CK(cudaFree(work)); CK(cudaFree(ipiv)); CK(cudaFree(info));
}

template <class T> static void Cholesky(cusolverDnHandle_t h, cublasFillMode_t uplo) {
  using A = Api<T>;
  const bool single = IsSingle<T>();
  const double tol = single ? 2e-5 : 1e-13;
  const bool lower = uplo == CUBLAS_FILL_MODE_LOWER;
  const std::string name = std::string(A::p) + "potrf " + (lower ? "L" : "U");
  const int n = 7, lda = 9;
  const Mat m = Random<T>(5, n, n);
  Mat a = Adjoint(m) * m;  // Hermitian positive definite
  for (int i = 0; i < n; ++i) a(i, i) += n;
  Mat stored = a;  // the other triangle holds garbage: the factorization must not read it
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      if (lower ? i < j : i > j) stored(i, j) = Z(-99, 42);
  T* d_a = ToDevice<T>(stored, lda);
  int lwork = 0;
  CS(A::potrf_size(h, uplo, n, d_a, lda, &lwork));
  T* work;
  int* info;
  CK(cudaMalloc(&work, sizeof(T) * lwork));
  CK(cudaMalloc(&info, sizeof(int)));
  CS(A::potrf(h, uplo, n, d_a, lda, work, lwork, info));
  check.Equal(name + " info", Info(info), 0);
  const Mat f = FromDevice(d_a, n, n, lda);
  Mat t(n, n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      if (lower ? i >= j : i <= j) t(i, j) = f(i, j);
  check.Near(name + " rebuilds A", lower ? t * Adjoint(t) : Adjoint(t) * t, a, single, tol);
  const Mat b = Random<T>(6, n, 3);
  T* d_b = ToDevice<T>(b, n);
  CS(A::potrs(h, uplo, n, 3, d_a, lda, d_b, n, info));
  check.Equal(name + " potrs info", Info(info), 0);
  check.Near(name + " potrs residual", a * FromDevice(d_b, n, 3, n), b, single, tol * 10);
  CK(cudaFree(d_a)); CK(cudaFree(d_b)); CK(cudaFree(work)); CK(cudaFree(info));
}

template <class T> static void Precision(cusolverDnHandle_t h) {
  Lu<T>(h, 8, -1);
  Lu<T>(h, 6, 2);
  Cholesky<T>(h, CUBLAS_FILL_MODE_LOWER);
  Cholesky<T>(h, CUBLAS_FILL_MODE_UPPER);
}

int main() {
  cusolverDnHandle_t h;
  CS(cusolverDnCreate(&h));
  Precision<cuComplex>(h);
  Precision<cuDoubleComplex>(h);
  CS(cusolverDnDestroy(h));
  return check.Finish();
}
