// cuSOLVER's symmetric and Hermitian eigensolvers (syevd in S/D, heevd in C/Z), checked against
// arithmetic done here: a tridiagonal matrix with 2 on its diagonal and off-diagonal elements of
// modulus one (phases for the complex precisions) has the eigenvalues 2 - 2 cos(k pi / (n + 1)),
// k = 1..n, whatever the phases; W must hold them in ascending order, the eigenvectors must satisfy
// A V = V diag(W) and V^H V = I. Only the triangle named is read (the other one holds garbage), the
// mode without vectors gives the same W and leaves A as NaN (cuSOLVER documents it destroyed), and
// bad arguments are CUSOLVER_STATUS_INVALID_VALUE.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all checks pass
// CHECK-NEXT: worst relative error: single {{[0-9.]+e-[0-9]+}}, double {{[0-9.]+e-[0-9]+}}
// CHECK-NOT:  {{.}}
#include <cusolverDn.h>

#include "../Inputs/dense_check.h"

#define CS(x) do { cusolverStatus_t s_ = (x); if (s_ != CUSOLVER_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

static Checker check;

template <class T> struct Api;
template <> struct Api<float> {
  using R = float;
  static constexpr const char* name = "Ssyevd";
  static constexpr auto size = cusolverDnSsyevd_bufferSize; static constexpr auto eig = cusolverDnSsyevd;
};
template <> struct Api<double> {
  using R = double;
  static constexpr const char* name = "Dsyevd";
  static constexpr auto size = cusolverDnDsyevd_bufferSize; static constexpr auto eig = cusolverDnDsyevd;
};
template <> struct Api<cuComplex> {
  using R = float;
  static constexpr const char* name = "Cheevd";
  static constexpr auto size = cusolverDnCheevd_bufferSize; static constexpr auto eig = cusolverDnCheevd;
};
template <> struct Api<cuDoubleComplex> {
  using R = double;
  static constexpr const char* name = "Zheevd";
  static constexpr auto size = cusolverDnZheevd_bufferSize; static constexpr auto eig = cusolverDnZheevd;
};

// The test matrix, whole (both triangles), and a copy whose triangle opposite `uplo` is garbage.
template <class T> static Mat Tridiagonal(int n) {
  Mat a(n, n);
  for (int i = 0; i < n; ++i) a(i, i) = 2;
  for (int i = 0; i + 1 < n; ++i) {
    const Z off = IsComplex<T>() ? std::polar(-1.0, 0.7 * (i + 1)) : Z(-1);
    a(i + 1, i) = off;
    a(i, i + 1) = std::conj(off);
  }
  return a;
}
static Mat Stored(const Mat& a, bool lower) {
  Mat s = a;
  for (int j = 0; j < a.cols; ++j)
    for (int i = 0; i < a.rows; ++i)
      if (lower ? i < j : i > j) s(i, j) = Z(1e3 + i, -7.0 * j);
  return s;
}

template <class T> static void Solve(cusolverDnHandle_t h, int n, cublasFillMode_t uplo) {
  using A = Api<T>;
  using R = typename A::R;
  const bool single = IsSingle<T>();
  const double tol = single ? 2e-5 : 1e-12;
  const bool lower = uplo == CUBLAS_FILL_MODE_LOWER;
  const std::string name = std::string(A::name) + " " + std::to_string(n) + (lower ? " lower" : " upper");
  const int lda = n + 2;
  const Mat a = Tridiagonal<T>(n);
  T* d_a = ToDevice<T>(Stored(a, lower), lda);
  R* d_w;
  int* info;
  CK(cudaMalloc(&d_w, sizeof(R) * n));
  CK(cudaMalloc(&info, sizeof(int)));
  int lwork = 0;
  CS(A::size(h, CUSOLVER_EIG_MODE_VECTOR, uplo, n, d_a, lda, d_w, &lwork));
  check.True(name + " lwork", lwork >= 1);
  T* work;
  CK(cudaMalloc(&work, sizeof(T) * lwork));
  CS(A::eig(h, CUSOLVER_EIG_MODE_VECTOR, uplo, n, d_a, lda, d_w, work, lwork, info));
  check.Equal(name + " info", HostArray(info, 1)[0], 0);

  const std::vector<R> w = HostArray(d_w, n);
  Mat got_w(n, 1), expected_w(n, 1), lambda(n, n);
  for (int k = 0; k < n; ++k) {
    got_w(k, 0) = w[k];
    expected_w(k, 0) = 2 - 2 * std::cos((k + 1) * M_PI / (n + 1));
    lambda(k, k) = w[k];
    if (k > 0) check.True(name + " ascending", w[k - 1] <= w[k]);
  }
  check.Near(name + " eigenvalues", got_w, expected_w, single, tol);
  const Mat v = FromDevice(d_a, n, n, lda);
  check.Near(name + " A V = V W", a * v, v * lambda, single, tol * 10);
  check.Near(name + " V^H V = I", Adjoint(v) * v, Mat::Identity(n), single, tol * 10);

  // Eigenvalues alone: the same W, and A left as NaN.
  CK(cudaFree(d_a));
  d_a = ToDevice<T>(Stored(a, lower), lda);
  CK(cudaMemset(d_w, 0, sizeof(R) * n));
  CS(A::eig(h, CUSOLVER_EIG_MODE_NOVECTOR, uplo, n, d_a, lda, d_w, work, lwork, info));
  check.Equal(name + " novector info", HostArray(info, 1)[0], 0);
  const std::vector<R> w2 = HostArray(d_w, n);
  for (int k = 0; k < n; ++k) got_w(k, 0) = w2[k];
  check.Near(name + " novector eigenvalues", got_w, expected_w, single, tol);
  const Mat destroyed = FromDevice(d_a, n, n, lda);
  bool all_nan = true;
  for (const Z& z : destroyed.v) all_nan = all_nan && std::isnan(z.real());
  check.True(name + " novector A destroyed", all_nan);

  // Arguments checked before anything is touched.
  check.Equal(name + " lda < n", A::eig(h, CUSOLVER_EIG_MODE_VECTOR, uplo, n, d_a, n - 1, d_w, work, lwork, info),
              CUSOLVER_STATUS_INVALID_VALUE);
  check.Equal(name + " n < 0", A::eig(h, CUSOLVER_EIG_MODE_VECTOR, uplo, -1, d_a, lda, d_w, work, lwork, info),
              CUSOLVER_STATUS_INVALID_VALUE);
  check.Equal(name + " bad jobz",
              A::eig(h, static_cast<cusolverEigMode_t>(7), uplo, n, d_a, lda, d_w, work, lwork, info),
              CUSOLVER_STATUS_INVALID_VALUE);
  check.Equal(name + " full fill mode",
              A::eig(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_FULL, n, d_a, lda, d_w, work, lwork, info),
              CUSOLVER_STATUS_INVALID_VALUE);
  CK(cudaFree(d_a)); CK(cudaFree(d_w)); CK(cudaFree(work)); CK(cudaFree(info));
}

template <class T> static void Precision(cusolverDnHandle_t h) {
  Solve<T>(h, 9, CUBLAS_FILL_MODE_LOWER);
  Solve<T>(h, 12, CUBLAS_FILL_MODE_UPPER);
}

int main() {
  cusolverDnHandle_t h;
  CS(cusolverDnCreate(&h));
  Precision<float>(h);
  Precision<double>(h);
  Precision<cuComplex>(h);
  Precision<cuDoubleComplex>(h);
  CS(cusolverDnDestroy(h));
  return check.Finish();
}
