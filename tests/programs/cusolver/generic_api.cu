// cuSOLVER's 64-bit generic API checked by recomputing on the host: Xgetrf with 64-bit pivots then
// Xgetrs (the residual of op(A) X = B for N, T and C) in every precision, Xgetrf without pivots,
// Xpotrf then Xpotrs (both triangles, NaN in the other), Xgeqrf against the typed geqrf's factors, the workspace
// queries, SetAdvOptions, and the refused combinations (mixed types, a half-precision matrix).
// REQUIRES: math-libraries
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all checks pass
// CHECK-NEXT: worst relative error: single {{[0-9.e-]+}}, double {{[0-9.e-]+}}
// CHECK-NOT:  {{.}}
#include <cusolverDn.h>

#include "../Inputs/dense_check.h"

#define CS(x) do { cusolverStatus_t s_ = (x); if (s_ != CUSOLVER_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

static Checker check;

template <class T> constexpr cudaDataType Type() {
  return std::is_same_v<T, float> ? CUDA_R_32F : std::is_same_v<T, double> ? CUDA_R_64F
                                               : std::is_same_v<T, cuComplex> ? CUDA_C_32F : CUDA_C_64F;
}

static Mat Op(const Mat& a, cublasOperation_t op) {
  return op == CUBLAS_OP_N ? a : op == CUBLAS_OP_T ? Transpose(a) : Adjoint(a);
}

template <class T> static void Lu(cusolverDnHandle_t h, cusolverDnParams_t params, bool pivoting) {
  const bool single = IsSingle<T>();
  const int n = 5, nrhs = 2, lda = n + 1;
  Mat a = Random<T>(1, n, n);
  for (int i = 0; i < n; ++i) a(i, i) += 3;  // well conditioned, and factorable without pivots
  T* d_a = ToDevice<T>(a, lda);
  int64_t* d_ipiv = nullptr;
  int* d_info;
  CK(cudaMalloc(&d_info, sizeof(int)));
  if (pivoting) CK(cudaMalloc(&d_ipiv, sizeof(int64_t) * n));
  size_t device_bytes = 0, host_bytes = 7;
  CS(cusolverDnXgetrf_bufferSize(h, params, n, n, Type<T>(), d_a, lda, Type<T>(), &device_bytes, &host_bytes));
  check.True("Xgetrf_bufferSize", device_bytes > 0 && host_bytes == 0);
  void* work;
  CK(cudaMalloc(&work, device_bytes));
  CS(cusolverDnXgetrf(h, params, n, n, Type<T>(), d_a, lda, d_ipiv, Type<T>(), work, device_bytes, nullptr, 0, d_info));
  check.Equal("Xgetrf info", HostArray(d_info, 1)[0], 0);
  if (pivoting) {
    const std::vector<int64_t> pivots = HostArray(d_ipiv, n);
    bool in_range = true;
    for (int i = 0; i < n; ++i) in_range = in_range && pivots[i] >= i + 1 && pivots[i] <= n;
    check.True("Xgetrf pivots are 1-based rows at or below the step", in_range);
  }
  for (cublasOperation_t op : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C}) {
    const Mat b = Random<T>(2, n, nrhs);
    T* d_b = ToDevice<T>(b, n + 2);
    CS(cusolverDnXgetrs(h, params, op, n, nrhs, Type<T>(), d_a, lda, d_ipiv, Type<T>(), d_b, n + 2, d_info));
    check.Near(std::string("Xgetrs residual op ") + std::to_string(op) + (pivoting ? "" : " unpivoted"),
               Op(a, op) * FromDevice(d_b, n, nrhs, n + 2), b, single, single ? 1e-5 : 1e-13);
    CK(cudaFree(d_b));
  }
  CK(cudaFree(d_a)); CK(cudaFree(d_info)); CK(cudaFree(work));
  if (d_ipiv) CK(cudaFree(d_ipiv));
}

template <class T> static void Cholesky(cusolverDnHandle_t h, cusolverDnParams_t params) {
  const bool single = IsSingle<T>();
  const int n = 4, nrhs = 3;
  const Mat g = Random<T>(3, n, n);
  Mat a = g * Adjoint(g);
  for (int i = 0; i < n; ++i) a(i, i) += 2;  // Hermitian positive definite
  for (cublasFillMode_t uplo : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER}) {
    Mat stored = a;  // the triangle not named holds NaN: it must not be read
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
        if (uplo == CUBLAS_FILL_MODE_LOWER ? i < j : i > j) stored(i, j) = Z(NAN, NAN);
    T* d_a = ToDevice<T>(stored, n);
    int* d_info;
    CK(cudaMalloc(&d_info, sizeof(int)));
    size_t device_bytes = 0, host_bytes = 0;
    CS(cusolverDnXpotrf_bufferSize(h, params, uplo, n, Type<T>(), d_a, n, Type<T>(), &device_bytes, &host_bytes));
    CS(cusolverDnXpotrf(h, params, uplo, n, Type<T>(), d_a, n, Type<T>(), nullptr, device_bytes, nullptr, 0, d_info));
    check.Equal("Xpotrf info", HostArray(d_info, 1)[0], 0);
    const Mat b = Random<T>(4, n, nrhs);
    T* d_b = ToDevice<T>(b, n);
    CS(cusolverDnXpotrs(h, params, uplo, n, nrhs, Type<T>(), d_a, n, Type<T>(), d_b, n, d_info));
    check.Near(std::string("Xpotrs residual ") + (uplo == CUBLAS_FILL_MODE_LOWER ? "lower" : "upper"),
               a * FromDevice(d_b, n, nrhs, n), b, single, single ? 1e-5 : 1e-13);
    CK(cudaFree(d_a)); CK(cudaFree(d_b)); CK(cudaFree(d_info));
  }
}

// Xgeqrf in double gives the typed Dgeqrf's factors and tau exactly (the same computation).
static void Qr(cusolverDnHandle_t h, cusolverDnParams_t params) {
  const int m = 5, n = 3;
  const Mat a = Random<double>(5, m, n);
  double* d_a = ToDevice<double>(a, m);
  double* d_b = ToDevice<double>(a, m);
  double *d_tau_a, *d_tau_b, *work;
  int* d_info;
  CK(cudaMalloc(&d_tau_a, sizeof(double) * n));
  CK(cudaMalloc(&d_tau_b, sizeof(double) * n));
  CK(cudaMalloc(&d_info, sizeof(int)));
  int lwork = 0;
  CS(cusolverDnDgeqrf_bufferSize(h, m, n, d_b, m, &lwork));
  CK(cudaMalloc(&work, sizeof(double) * lwork));
  CS(cusolverDnXgeqrf(h, params, m, n, CUDA_R_64F, d_a, m, CUDA_R_64F, d_tau_a, CUDA_R_64F, nullptr, 0, nullptr, 0,
                      d_info));
  check.Equal("Xgeqrf info", HostArray(d_info, 1)[0], 0);
  CS(cusolverDnDgeqrf(h, m, n, d_b, m, d_tau_b, work, lwork, d_info));
  check.Near("Xgeqrf factors", FromDevice(d_a, m, n, m), FromDevice(d_b, m, n, m), false, 0);
  check.Near("Xgeqrf tau", FromDevice(d_tau_a, n, 1, n), FromDevice(d_tau_b, n, 1, n), false, 0);
  CK(cudaFree(d_a)); CK(cudaFree(d_b)); CK(cudaFree(d_tau_a)); CK(cudaFree(d_tau_b)); CK(cudaFree(work));
  CK(cudaFree(d_info));
}

int main() {
  cusolverDnHandle_t h;
  CS(cusolverDnCreate(&h));
  cusolverDnParams_t params;
  CS(cusolverDnCreateParams(&params));
  CS(cusolverDnSetAdvOptions(params, CUSOLVERDN_GETRF, CUSOLVER_ALG_0));
  check.Equal("SetAdvOptions unknown algorithm", cusolverDnSetAdvOptions(params, CUSOLVERDN_GETRF, (cusolverAlgMode_t)9),
              CUSOLVER_STATUS_INVALID_VALUE);
  Lu<float>(h, params, true);
  Lu<double>(h, params, true);
  Lu<cuComplex>(h, params, true);
  Lu<cuDoubleComplex>(h, params, true);
  Lu<double>(h, params, false);
  Cholesky<float>(h, params);
  Cholesky<double>(h, params);
  Cholesky<cuDoubleComplex>(h, params);
  Qr(h, params);
  double* d;
  CK(cudaMalloc(&d, 16 * sizeof(double)));
  int* d_info;
  CK(cudaMalloc(&d_info, sizeof(int)));
  check.Equal("Xgetrf mixed types", cusolverDnXgetrf(h, params, 2, 2, CUDA_R_64F, d, 2, nullptr, CUDA_R_32F, nullptr,
                                                     0, nullptr, 0, d_info), CUSOLVER_STATUS_NOT_SUPPORTED);
  check.Equal("Xpotrf half", cusolverDnXpotrf(h, params, CUBLAS_FILL_MODE_LOWER, 2, CUDA_R_16F, d, 2, CUDA_R_16F,
                                              nullptr, 0, nullptr, 0, d_info), CUSOLVER_STATUS_NOT_SUPPORTED);
  check.Equal("Xgetrf lda < m", cusolverDnXgetrf(h, params, 3, 2, CUDA_R_64F, d, 2, nullptr, CUDA_R_64F, nullptr, 0,
                                                 nullptr, 0, d_info), CUSOLVER_STATUS_INVALID_VALUE);
  CK(cudaFree(d)); CK(cudaFree(d_info));
  CS(cusolverDnDestroyParams(params));
  CS(cusolverDnDestroy(h));
  return check.Finish();
}
