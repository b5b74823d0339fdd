// cuSOLVER's QR factorization (geqrf) and the product with its Q (ormqr, unmqr) in every
// precision, checked by recomputing on the host: Q from applying it to the identity is unitary,
// Q R rebuilds A, Q^H A gives R back, C Q from the right matches the host's product, and the
// Householder convention of LAPACK that cuSOLVER documents holds (tau with real part in [1, 2] and
// |tau - 1| <= 1, a real diagonal of R, R(0,0) of the sign opposite A(0,0)). Then the argument
// errors: k beyond the order of Q, a plain transpose of a complex Q, a short leading dimension.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | FileCheck %s
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
  static constexpr const char* p = "S";
  static constexpr auto size = cusolverDnSgeqrf_bufferSize; static constexpr auto geqrf = cusolverDnSgeqrf;
  static constexpr auto q_size = cusolverDnSormqr_bufferSize; static constexpr auto apply_q = cusolverDnSormqr;
};
template <> struct Api<double> {
  static constexpr const char* p = "D";
  static constexpr auto size = cusolverDnDgeqrf_bufferSize; static constexpr auto geqrf = cusolverDnDgeqrf;
  static constexpr auto q_size = cusolverDnDormqr_bufferSize; static constexpr auto apply_q = cusolverDnDormqr;
};
template <> struct Api<cuComplex> {
  static constexpr const char* p = "C";
  static constexpr auto size = cusolverDnCgeqrf_bufferSize; static constexpr auto geqrf = cusolverDnCgeqrf;
  static constexpr auto q_size = cusolverDnCunmqr_bufferSize; static constexpr auto apply_q = cusolverDnCunmqr;
};
template <> struct Api<cuDoubleComplex> {
  static constexpr const char* p = "Z";
  static constexpr auto size = cusolverDnZgeqrf_bufferSize; static constexpr auto geqrf = cusolverDnZgeqrf;
  static constexpr auto q_size = cusolverDnZunmqr_bufferSize; static constexpr auto apply_q = cusolverDnZunmqr;
};

static int Info(const int* d) { return HostArray(d, 1)[0]; }

// op(Q) C or C op(Q) through the library, for the reflectors in d_a (leading dimension lda).
template <class T>
static Mat ApplyQ(cusolverDnHandle_t h, cublasSideMode_t side, cublasOperation_t op, int k, const T* d_a, int lda,
                  const T* d_tau, const Mat& c, const std::string& what) {
  using A = Api<T>;
  const int ldc = c.rows + 2;
  T* d_c = ToDevice<T>(c, ldc);
  int lwork = 0;
  CS(A::q_size(h, side, op, c.rows, c.cols, k, d_a, lda, d_tau, d_c, ldc, &lwork));
  T* work;
  CK(cudaMalloc(&work, sizeof(T) * lwork));
  int* info;
  CK(cudaMalloc(&info, sizeof(int)));
  CK(cudaMemset(info, 0x7f, sizeof(int)));
  CS(A::apply_q(h, side, op, c.rows, c.cols, k, d_a, lda, d_tau, d_c, ldc, work, lwork, info));
  check.Equal(what + " info", Info(info), 0);
  Mat out = FromDevice(d_c, c.rows, c.cols, ldc);
  CK(cudaFree(d_c)); CK(cudaFree(work)); CK(cudaFree(info));
  return out;
}

template <class T> static void Qr(cusolverDnHandle_t h, int m, int n) {
  using A = Api<T>;
  const bool single = IsSingle<T>();
  const double tol = single ? 2e-5 : 1e-13;
  const std::string name = std::string(A::p) + "geqrf " + std::to_string(m) + "x" + std::to_string(n);
  const int lda = m + 1, k = m < n ? m : n;
  const Mat a = Random<T>(7 * m + n, m, n);
  T* d_a = ToDevice<T>(a, lda);
  T* d_tau;
  CK(cudaMalloc(&d_tau, sizeof(T) * k));
  int lwork = 0;
  CS(A::size(h, m, n, d_a, lda, &lwork));
  T* work;
  CK(cudaMalloc(&work, sizeof(T) * lwork));
  int* info;
  CK(cudaMalloc(&info, sizeof(int)));
  CK(cudaMemset(info, 0x7f, sizeof(int)));
  CS(A::geqrf(h, m, n, d_a, lda, d_tau, work, lwork, info));
  check.Equal(name + " info", Info(info), 0);
  const Mat f = FromDevice(d_a, m, n, lda);
  const Mat tau = FromDevice(d_tau, k, 1, k);

  Mat r(m, n);  // R padded with zero rows to m x n
  for (int j = 0; j < n; ++j)
    for (int i = 0; i <= j && i < m; ++i) r(i, j) = f(i, j);
  for (int i = 0; i < k; ++i) {
    const Z t = tau(i, 0);
    check.True(name + " tau[" + std::to_string(i) + "] in LAPACK's range",
               t == Z(0) || (t.real() >= 1 - tol && t.real() <= 2 + tol && std::abs(t - Z(1)) <= 1 + tol));
    check.True(name + " R(i,i) real", std::abs(r(i, i).imag()) <= tol * (1 + std::abs(r(i, i))));
  }
  check.True(name + " R(0,0) of the sign opposite A(0,0)", r(0, 0).real() * a(0, 0).real() < 0);

  const Mat q = ApplyQ<T>(h, CUBLAS_SIDE_LEFT, CUBLAS_OP_N, k, d_a, lda, d_tau, Mat::Identity(m), name + " Q I");
  check.Near(name + " Q^H Q = I", Adjoint(q) * q, Mat::Identity(m), single, tol);
  check.Near(name + " Q R = A", q * r, a, single, tol);
  const cublasOperation_t adjoint = IsComplex<T>() ? CUBLAS_OP_C : CUBLAS_OP_T;
  check.Near(name + " Q^H A = R", ApplyQ<T>(h, CUBLAS_SIDE_LEFT, adjoint, k, d_a, lda, d_tau, a, name + " Q^H A"), r,
             single, tol);
  const Mat c = Random<T>(99, 3, m);
  check.Near(name + " C Q", ApplyQ<T>(h, CUBLAS_SIDE_RIGHT, CUBLAS_OP_N, k, d_a, lda, d_tau, c, name + " C Q"), c * q,
             single, tol);
  check.Near(name + " C Q^H", ApplyQ<T>(h, CUBLAS_SIDE_RIGHT, adjoint, k, d_a, lda, d_tau, c, name + " C Q^H"),
             c * Adjoint(q), single, tol);
  CK(cudaFree(d_a)); CK(cudaFree(d_tau)); CK(cudaFree(work)); CK(cudaFree(info));
}

template <class T> static void Precision(cusolverDnHandle_t h) {
  Qr<T>(h, 9, 5);
  Qr<T>(h, 6, 6);
  Qr<T>(h, 4, 7);
}

int main() {
  cusolverDnHandle_t h;
  CS(cusolverDnCreate(&h));
  Precision<float>(h);
  Precision<double>(h);
  Precision<cuComplex>(h);
  Precision<cuDoubleComplex>(h);
  {
    double* a;
    cuComplex* c;
    int* info;
    CK(cudaMalloc(&a, 64 * sizeof(double)));
    CK(cudaMalloc(&c, 64 * sizeof(cuComplex)));
    CK(cudaMalloc(&info, sizeof(int)));
    check.Equal("ormqr k > m", cusolverDnDormqr(h, CUBLAS_SIDE_LEFT, CUBLAS_OP_N, 4, 4, 5, a, 4, a, a, 4, a, 1, info),
                CUSOLVER_STATUS_INVALID_VALUE);
    check.Equal("ormqr lda < n from the right",
                cusolverDnDormqr(h, CUBLAS_SIDE_RIGHT, CUBLAS_OP_N, 2, 4, 2, a, 3, a, a, 2, a, 1, info),
                CUSOLVER_STATUS_INVALID_VALUE);
    check.Equal("unmqr with a plain transpose",
                cusolverDnCunmqr(h, CUBLAS_SIDE_LEFT, CUBLAS_OP_T, 4, 4, 2, c, 4, c, c, 4, c, 1, info),
                CUSOLVER_STATUS_INVALID_VALUE);
    check.Equal("geqrf lda < m", cusolverDnDgeqrf(h, 4, 4, a, 3, a, a, 1, info), CUSOLVER_STATUS_INVALID_VALUE);
    check.Equal("geqrf m < 0", cusolverDnDgeqrf(h, -1, 4, a, 4, a, a, 1, info), CUSOLVER_STATUS_INVALID_VALUE);
    CK(cudaFree(a)); CK(cudaFree(c)); CK(cudaFree(info));
  }
  CS(cusolverDnDestroy(h));
  return check.Finish();
}
