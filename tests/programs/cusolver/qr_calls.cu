// cuSOLVER's QR factorization (geqrf) and the product with its Q (ormqr, unmqr) in every
// precision, called as a program would, on inputs made by formula. Built with nvcc it prints what
// the GPU computed ("name v v v ..."); built by warpsafe with WARPSAFE_EXPECTED defined it compares
// each result with the recorded GPU values (qr_gpu_values.h) within 1e-4 (single) and 1e-11
// (double) of 1 + |value|: the same reflectors, scales and signs (LAPACK's convention, which
// cuSOLVER documents), rounded in another order by a blocked factorization. Complex results are
// recorded as (re, im) pairs.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all match the GPU
// CHECK-NEXT: worst relative error: single {{[0-9.]+e-[0-9]+}}, double {{[0-9.]+e-[0-9]+}}
// CHECK-NOT:  {{.}}
#include <cusolverDn.h>

#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "../Inputs/gpu_recorded.h"

#define CS(x) do { cusolverStatus_t s_ = (x); if (s_ != CUSOLVER_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

#ifdef WARPSAFE_EXPECTED
#include "Inputs/qr_gpu_values.h"
static Recorder recorder(kExpected, 1e-4, 1e-11);
#else
static Recorder recorder(1e-4, 1e-11);
#endif

// The k-th value of stream `seed`, from a hash of both, in [-0.5, 0.5), exact in float.
static double Val(int seed, int k) {
  unsigned long long z = (static_cast<unsigned long long>(seed) << 32) + static_cast<unsigned>(k) + 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  return static_cast<double>(z >> 40) / 16777216.0 - 0.5;
}

template <class T> struct Real { using type = T; };
template <> struct Real<cuComplex> { using type = float; };
template <> struct Real<cuDoubleComplex> { using type = double; };
template <class T> constexpr int Parts() { return std::is_same_v<T, typename Real<T>::type> ? 1 : 2; }

template <class T> static std::vector<T> Fill(int seed, int count) {
  using R = typename Real<T>::type;
  std::vector<R> parts(static_cast<size_t>(count) * Parts<T>());
  for (size_t k = 0; k < parts.size(); ++k) parts[k] = static_cast<R>(static_cast<float>(Val(seed, static_cast<int>(k))));
  std::vector<T> out(count);
  memcpy(out.data(), parts.data(), parts.size() * sizeof(R));
  return out;
}
template <class T> static void RecordMatrix(const std::string& name, const T* d, size_t count) {
  recorder.RecordDev(name, reinterpret_cast<const typename Real<T>::type*>(d), count * Parts<T>());
}
static int Info(const int* d) { return Host(d, 1)[0]; }

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

// geqrf of an m x n matrix (leading dimension m + 2), then op(Q) C and C op(Q) for op N and the
// (conjugate) transpose, C holding 3 columns (rows) of other values.
template <class T> static void Qr(cusolverDnHandle_t h, int m, int n) {
  using A = Api<T>;
  const int lda = m + 2, k = m < n ? m : n;
  const std::string name = std::string(A::p) + "geqrf_" + std::to_string(m) + "x" + std::to_string(n);
  T* a = Dev(Fill<T>(11 * m + n, lda * n));
  T *tau, *work;
  int lwork = 0, *info;
  CK(cudaMalloc(&tau, sizeof(T) * k));
  CK(cudaMalloc(&info, sizeof(int)));
  CS(A::size(h, m, n, a, lda, &lwork));
  CK(cudaMalloc(&work, sizeof(T) * lwork));
  CK(cudaMemset(info, 0x7f, sizeof(int)));
  CS(A::geqrf(h, m, n, a, lda, tau, work, lwork, info));
  recorder.Record(name + "_info", {static_cast<double>(Info(info))}, Agreement::kExact);
  RecordMatrix(name, a, static_cast<size_t>(lda) * n);
  RecordMatrix(name + "_tau", tau, k);
  const cublasOperation_t adjoint = Parts<T>() == 2 ? CUBLAS_OP_C : CUBLAS_OP_T;
  for (cublasSideMode_t side : {CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT})
    for (cublasOperation_t op : {CUBLAS_OP_N, adjoint}) {
      const int rows = side == CUBLAS_SIDE_LEFT ? m : 3, cols = side == CUBLAS_SIDE_LEFT ? 3 : m, ldc = rows + 1;
      T* c = Dev(Fill<T>(33, ldc * cols));
      int qwork = 0;
      CS(A::q_size(h, side, op, rows, cols, k, a, lda, tau, c, ldc, &qwork));
      T* w;
      CK(cudaMalloc(&w, sizeof(T) * qwork));
      CK(cudaMemset(info, 0x7f, sizeof(int)));
      CS(A::apply_q(h, side, op, rows, cols, k, a, lda, tau, c, ldc, w, qwork, info));
      const std::string s = std::string(A::p) + "mqr_" + std::to_string(m) + "x" + std::to_string(n) + "_" +
                            std::to_string(side) + std::to_string(op);
      recorder.Record(s + "_info", {static_cast<double>(Info(info))}, Agreement::kExact);
      RecordMatrix(s, c, static_cast<size_t>(ldc) * cols);
      CK(cudaFree(c)); CK(cudaFree(w));
    }
  CK(cudaFree(a)); CK(cudaFree(tau)); CK(cudaFree(work)); CK(cudaFree(info));
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
    std::vector<double> codes;
    codes.push_back(cusolverDnDormqr(h, CUBLAS_SIDE_LEFT, CUBLAS_OP_N, 4, 4, 5, a, 4, a, a, 4, a, 16, info));
    codes.push_back(cusolverDnDormqr(h, CUBLAS_SIDE_RIGHT, CUBLAS_OP_N, 2, 4, 2, a, 3, a, a, 2, a, 16, info));
    codes.push_back(cusolverDnCunmqr(h, CUBLAS_SIDE_LEFT, CUBLAS_OP_T, 4, 4, 2, c, 4, c, c, 4, c, 16, info));
    codes.push_back(cusolverDnDgeqrf(h, 4, 4, a, 3, a, a, 16, info));
    codes.push_back(cusolverDnDgeqrf(h, -1, 4, a, 4, a, a, 16, info));
    recorder.Record("argument_errors", codes, Agreement::kExact);
    CK(cudaFree(a)); CK(cudaFree(c)); CK(cudaFree(info));
  }
  CS(cusolverDnDestroy(h));
  return recorder.Finish();
}
