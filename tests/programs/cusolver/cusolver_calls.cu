// cuSOLVER's dense LU (getrf, getrs) and Cholesky (potrf, potrs) in single and double precision,
// called as a program would, on inputs made by formula. Built with nvcc it prints what the GPU
// computed ("name v v v ..."); built by warpsafe with WARPSAFE_EXPECTED defined it compares each
// result with the recorded GPU values (cusolver_gpu_values.h): pivots and devInfo exactly, factors
// and solutions within 1e-4 (single) and 1e-11 (double) of 1 + |value| (a blocked factorization may
// round differently).
// REQUIRES: math-libraries
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all match the GPU
// CHECK-NEXT: worst relative error: single {{[0-9.]+e-[0-9]+}}, double {{[0-9.]+e-[0-9]+}}
// CHECK-NOT:  {{.}}
#include <cusolverDn.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CS(x) do { cusolverStatus_t s_ = (x); if (s_ != CUSOLVER_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

#include "../Inputs/gpu_recorded.h"
#ifdef WARPSAFE_EXPECTED
#include "Inputs/cusolver_gpu_values.h"
static Recorder recorder(kExpected, 1e-4, 1e-11);
#else
static Recorder recorder(1e-4, 1e-11);
#endif

// Inputs: the k-th value of stream `seed`, from a hash of both (a well-conditioned random matrix,
// whose pivots no rounding difference can change), exact in float and double alike.
static double Val(int seed, int k) {
  unsigned long long z = (static_cast<unsigned long long>(seed) << 32) + static_cast<unsigned>(k) + 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  return static_cast<double>(z >> 40) / 16777216.0 - 0.5;
}
template <class T> static std::vector<T> Fill(int seed, int n) {
  std::vector<T> v(n);
  for (int k = 0; k < n; ++k) v[k] = (T)(float)Val(seed, k);
  return v;
}

static int Info(const int* d) { return Host(d, 1)[0]; }

template <class T> struct Api;
template <> struct Api<float> {
  static constexpr const char* p = "S"; static constexpr Agreement kAgreement = Agreement::kSingle;
  static constexpr auto getrf_size = cusolverDnSgetrf_bufferSize; static constexpr auto getrf = cusolverDnSgetrf;
  static constexpr auto getrs = cusolverDnSgetrs; static constexpr auto potrf_size = cusolverDnSpotrf_bufferSize;
  static constexpr auto potrf = cusolverDnSpotrf; static constexpr auto potrs = cusolverDnSpotrs;
};
template <> struct Api<double> {
  static constexpr const char* p = "D"; static constexpr Agreement kAgreement = Agreement::kDouble;
  static constexpr auto getrf_size = cusolverDnDgetrf_bufferSize; static constexpr auto getrf = cusolverDnDgetrf;
  static constexpr auto getrs = cusolverDnDgetrs; static constexpr auto potrf_size = cusolverDnDpotrf_bufferSize;
  static constexpr auto potrf = cusolverDnDpotrf; static constexpr auto potrs = cusolverDnDpotrs;
};

// LU with partial pivoting of an m x n matrix (leading dimension m + 2); a square one then solves
// with 3 right-hand sides, both op(A) = A and A^T. `zero_column` >= 0 makes that column zero, so
// devInfo names it.
template <class T> static void Lu(cusolverDnHandle_t h, int m, int n, int zero_column, bool pivot, const std::string& tag) {
  using A = Api<T>;
  const int lda = m + 2;
  std::vector<T> ha = Fill<T>(31 + m, lda * n);
  if (zero_column >= 0) for (int i = 0; i < lda; ++i) ha[zero_column * lda + i] = 0;
  if (!pivot) for (int i = 0; i < std::min(m, n); ++i) ha[i * lda + i] += T(4);  // no pivot needed
  T* a = Dev(ha);
  int lwork = 0;
  CS(A::getrf_size(h, m, n, a, lda, &lwork));
  T* work;
  CK(cudaMalloc(&work, sizeof(T) * (lwork > 0 ? lwork : 1)));
  int *ipiv, *info;
  CK(cudaMalloc(&ipiv, sizeof(int) * (m < n ? m : n)));
  CK(cudaMalloc(&info, sizeof(int)));
  CK(cudaMemset(info, 0x7f, sizeof(int)));
  CS(A::getrf(h, m, n, a, lda, work, pivot ? ipiv : nullptr, info));
  const std::string name = std::string(A::p) + "getrf_" + tag;
  recorder.Record(name + "_info", {static_cast<double>(Info(info))}, Agreement::kExact);
  recorder.RecordDev(name, a, static_cast<size_t>(lda) * n);
  if (pivot) {
    const std::vector<int> piv = Host(ipiv, m < n ? m : n);
    recorder.Record(name + "_ipiv", std::vector<double>(piv.begin(), piv.end()), Agreement::kExact);
  }
  if (m == n && zero_column < 0) {
    const int ldb = n + 1, nrhs = 3;
    for (cublasOperation_t op : {CUBLAS_OP_N, CUBLAS_OP_T}) {
      T* b = Dev(Fill<T>(40, ldb * nrhs));
      CK(cudaMemset(info, 0x7f, sizeof(int)));
      CS(A::getrs(h, op, n, nrhs, a, lda, pivot ? ipiv : nullptr, b, ldb, info));
      const std::string s = std::string(A::p) + "getrs_" + tag + (op == CUBLAS_OP_N ? "_N" : "_T");
      recorder.Record(s + "_info", {static_cast<double>(Info(info))}, Agreement::kExact);
      recorder.RecordDev(s, b, static_cast<size_t>(ldb) * nrhs);
      CK(cudaFree(b));
    }
  }
  CK(cudaFree(a)); CK(cudaFree(work)); CK(cudaFree(ipiv)); CK(cudaFree(info));
}

// Cholesky of M^T M + n I (symmetric positive definite), lower and upper, then a solve; and of a
// matrix whose third leading minor is not positive, for devInfo.
template <class T> static void Cholesky(cusolverDnHandle_t h, cublasFillMode_t uplo, bool definite) {
  using A = Api<T>;
  const int n = 10, lda = 12;
  const std::vector<T> mm = Fill<T>(50, n * n);
  std::vector<T> ha(lda * n, T(-99));  // the triangle not referenced holds garbage on purpose
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      T s = 0;
      for (int k = 0; k < n; ++k) s += mm[i * n + k] * mm[j * n + k];
      if (i == j) s += definite ? T(n) : (i == 2 ? T(-5) : T(1));
      if ((uplo == CUBLAS_FILL_MODE_LOWER && i >= j) || (uplo == CUBLAS_FILL_MODE_UPPER && i <= j)) ha[j * lda + i] = s;
    }
  if (!definite) for (int j = 0; j < n; ++j) for (int i = 0; i < n; ++i) if (i != j && ha[j * lda + i] != T(-99)) ha[j * lda + i] = 0;
  T* a = Dev(ha);
  int lwork = 0;
  CS(A::potrf_size(h, uplo, n, a, lda, &lwork));
  T* work;
  CK(cudaMalloc(&work, sizeof(T) * (lwork > 0 ? lwork : 1)));
  int* info;
  CK(cudaMalloc(&info, sizeof(int)));
  CK(cudaMemset(info, 0x7f, sizeof(int)));
  CS(A::potrf(h, uplo, n, a, lda, work, lwork, info));
  const std::string name = std::string(A::p) + "potrf_" + (uplo == CUBLAS_FILL_MODE_LOWER ? "L" : "U") + (definite ? "" : "_indefinite");
  recorder.Record(name + "_info", {static_cast<double>(Info(info))}, Agreement::kExact);
  if (definite) {
    // Only the factor's own triangle is compared: the other holds what the library left there.
    const std::vector<T> f = Host(a, static_cast<size_t>(lda) * n);
    std::vector<double> tri;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
        if ((uplo == CUBLAS_FILL_MODE_LOWER && i >= j) || (uplo == CUBLAS_FILL_MODE_UPPER && i <= j)) tri.push_back(f[j * lda + i]);
    recorder.Record(name, tri, A::kAgreement);
    const int ldb = n, nrhs = 2;
    T* b = Dev(Fill<T>(51, ldb * nrhs));
    CK(cudaMemset(info, 0x7f, sizeof(int)));
    CS(A::potrs(h, uplo, n, nrhs, a, lda, b, ldb, info));
    recorder.Record(std::string(A::p) + "potrs_" + (uplo == CUBLAS_FILL_MODE_LOWER ? "L" : "U") + "_info", {static_cast<double>(Info(info))}, Agreement::kExact);
    recorder.RecordDev(std::string(A::p) + "potrs_" + (uplo == CUBLAS_FILL_MODE_LOWER ? "L" : "U"), b, static_cast<size_t>(ldb) * nrhs);
    CK(cudaFree(b));
  }
  CK(cudaFree(a)); CK(cudaFree(work)); CK(cudaFree(info));
}

template <class T> static void Precision(cusolverDnHandle_t h) {
  Lu<T>(h, 12, 12, -1, true, "square");
  Lu<T>(h, 9, 6, -1, true, "tall");
  Lu<T>(h, 5, 8, -1, true, "wide");
  Lu<T>(h, 7, 7, 3, true, "singular");
  Lu<T>(h, 8, 8, -1, false, "nopivot");
  Cholesky<T>(h, CUBLAS_FILL_MODE_LOWER, true);
  Cholesky<T>(h, CUBLAS_FILL_MODE_UPPER, true);
  Cholesky<T>(h, CUBLAS_FILL_MODE_LOWER, false);
}

int main() {
  cusolverDnHandle_t h;
  CS(cusolverDnCreate(&h));
  cudaStream_t stream;
  CK(cudaStreamCreate(&stream));
  CS(cusolverDnSetStream(h, stream));
  cudaStream_t got;
  CS(cusolverDnGetStream(h, &got));
  if (got != stream) { printf("FAIL cusolverDnGetStream\n"); return 1; }
  Precision<float>(h);
  Precision<double>(h);
  // Argument errors: the status each gives.
  {
    float* a;
    int* info;
    CK(cudaMalloc(&a, 64 * sizeof(float)));
    CK(cudaMalloc(&info, sizeof(int)));
    int lwork = 0;
    std::vector<double> codes;
    codes.push_back(cusolverDnSgetrf_bufferSize(h, -1, 4, a, 4, &lwork));
    codes.push_back(cusolverDnSgetrf_bufferSize(h, 4, 4, a, 2, &lwork));
    codes.push_back(cusolverDnSpotrf(h, CUBLAS_FILL_MODE_LOWER, 4, a, 3, a, 16, info));
    codes.push_back(cusolverDnSgetrs(h, CUBLAS_OP_N, 4, -1, a, 4, nullptr, a, 4, info));
    recorder.Record("argument_errors", codes, Agreement::kExact);
    CK(cudaFree(a)); CK(cudaFree(info));
  }
  CS(cusolverDnDestroy(h));
  CK(cudaStreamDestroy(stream));
  return recorder.Finish();
}
