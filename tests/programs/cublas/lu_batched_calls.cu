// cuBLAS's batched LU (getrfBatched, getrsBatched, getriBatched, matinvBatched) and trsm in every
// precision, called as a program would, on inputs made by formula. Built with nvcc it prints what
// the GPU computed ("name v v v ..."); built by warpsafe with WARPSAFE_EXPECTED defined it compares
// each result with the recorded GPU values (lu_batched_gpu_values.h): pivots and info exactly,
// factors, solutions and inverses within 1e-4 (single) and 1e-11 (double) of 1 + |value| (the
// GPU's kernels may round in another order). Complex results are recorded as (re, im) pairs.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all match the GPU
// CHECK-NEXT: worst relative error: single {{[0-9.]+e-[0-9]+}}, double {{[0-9.]+e-[0-9]+}}
// CHECK-NOT:  {{.}}
#include <cublas_v2.h>

#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "../Inputs/gpu_recorded.h"

#define CB(x) do { cublasStatus_t s_ = (x); if (s_ != CUBLAS_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

#ifdef WARPSAFE_EXPECTED
#include "Inputs/lu_batched_gpu_values.h"
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

// R: the real type the elements are made of (two per complex element).
template <class T> struct Real { using type = T; };
template <> struct Real<cuComplex> { using type = float; };
template <> struct Real<cuDoubleComplex> { using type = double; };
template <class T> constexpr int Parts() { return std::is_same_v<T, typename Real<T>::type> ? 1 : 2; }

// `count` elements of stream `seed`; `diagonal` is added to the diagonal of an n x n matrix of
// leading dimension ld laid out in it (0 for none).
template <class T> static std::vector<T> Fill(int seed, int count, int n = 0, int ld = 0, double diagonal = 0) {
  using R = typename Real<T>::type;
  std::vector<R> parts(static_cast<size_t>(count) * Parts<T>());
  for (size_t k = 0; k < parts.size(); ++k) parts[k] = static_cast<R>(static_cast<float>(Val(seed, static_cast<int>(k))));
  for (int i = 0; i < n; ++i) parts[(static_cast<size_t>(i) * ld + i) * Parts<T>()] += static_cast<R>(diagonal);
  std::vector<T> out(count);
  memcpy(out.data(), parts.data(), parts.size() * sizeof(R));
  return out;
}

template <class T> static void RecordMatrix(const std::string& name, const T* d, size_t count) {
  recorder.RecordDev(name, reinterpret_cast<const typename Real<T>::type*>(d), count * Parts<T>());
}
static void RecordInts(const std::string& name, const int* d, size_t count) {
  const std::vector<int> h = Host(d, count);
  recorder.Record(name, std::vector<double>(h.begin(), h.end()), Agreement::kExact);
}

template <class T> static T** PointerArray(const std::vector<T*>& matrices) {
  T** d;
  CK(cudaMalloc(&d, sizeof(T*) * matrices.size()));
  CK(cudaMemcpy(d, matrices.data(), sizeof(T*) * matrices.size(), cudaMemcpyHostToDevice));
  return d;
}

template <class T> struct Api;
#define API_(P, T)                                                                                                   \
  template <> struct Api<T> {                                                                                       \
    static constexpr const char* p = #P;                                                                            \
    static constexpr auto getrf = cublas##P##getrfBatched; static constexpr auto getrs = cublas##P##getrsBatched;   \
    static constexpr auto getri = cublas##P##getriBatched; static constexpr auto matinv = cublas##P##matinvBatched; \
    static constexpr auto trsm = cublas##P##trsm;                                                                   \
  };
API_(S, float)
API_(D, double)
API_(C, cuComplex)
API_(Z, cuDoubleComplex)

// A batch of three 7 x 7 matrices (leading dimension 9), the second with a zero column: factored
// with and without pivoting, then solved (with the first and third), inverted from the factors and
// inverted directly.
template <class T> static void Batch(cublasHandle_t h, bool pivot) {
  using A = Api<T>;
  const int n = 7, lda = 9, batch = 3, nrhs = 2, ldb = 8;
  const std::string name = std::string(A::p) + (pivot ? "_pivot" : "_nopivot");
  std::vector<std::vector<T>> host;
  std::vector<T*> d_a;
  for (int b = 0; b < batch; ++b) {
    std::vector<T> m = Fill<T>(60 + b, lda * n, n, lda, pivot ? 0 : 4);
    if (b == 1) for (int i = 0; i < lda; ++i) memset(&m[static_cast<size_t>(4) * lda + i], 0, sizeof(T));
    host.push_back(m);
    d_a.push_back(Dev(m));
  }
  T** d_array = PointerArray(d_a);
  int *piv, *info;
  CK(cudaMalloc(&piv, sizeof(int) * n * batch));
  CK(cudaMalloc(&info, sizeof(int) * batch));
  CK(cudaMemset(piv, 0, sizeof(int) * n * batch));
  CB(A::getrf(h, n, d_array, lda, pivot ? piv : nullptr, info, batch));
  RecordInts(name + "_getrf_info", info, batch);
  if (pivot) RecordInts(name + "_getrf_ipiv", piv, static_cast<size_t>(n) * batch);
  for (int b = 0; b < batch; ++b) RecordMatrix(name + "_getrf_" + std::to_string(b), d_a[b], static_cast<size_t>(lda) * n);

  std::vector<cublasOperation_t> ops = {CUBLAS_OP_N, CUBLAS_OP_T};
  if (Parts<T>() == 2) ops.push_back(CUBLAS_OP_C);
  for (cublasOperation_t op : ops) {
    std::vector<const T*> factors = {d_a[0], d_a[2]};
    std::vector<T*> d_b = {Dev(Fill<T>(70, ldb * nrhs)), Dev(Fill<T>(71, ldb * nrhs))};
    const T** d_factors;
    CK(cudaMalloc(&d_factors, sizeof(T*) * 2));
    CK(cudaMemcpy(d_factors, factors.data(), sizeof(T*) * 2, cudaMemcpyHostToDevice));
    T** d_rhs = PointerArray(d_b);
    int* two;
    CK(cudaMalloc(&two, sizeof(int) * 2 * n));
    CK(cudaMemcpy(two, piv, sizeof(int) * n, cudaMemcpyDeviceToDevice));
    CK(cudaMemcpy(two + n, piv + 2 * n, sizeof(int) * n, cudaMemcpyDeviceToDevice));
    int host_info = 99;
    CB(A::getrs(h, op, n, nrhs, d_factors, lda, pivot ? two : nullptr, d_rhs, ldb, &host_info, 2));
    const std::string s = name + "_getrs_" + std::to_string(op);
    recorder.Record(s + "_info", {static_cast<double>(host_info)}, Agreement::kExact);
    for (int k = 0; k < 2; ++k) {
      RecordMatrix(s + "_" + std::to_string(k), d_b[k], static_cast<size_t>(ldb) * nrhs);
      CK(cudaFree(d_b[k]));
    }
    CK(cudaFree(d_factors)); CK(cudaFree(d_rhs)); CK(cudaFree(two));
  }

  // Inverses from the factors of the two regular matrices (the singular one's is not defined).
  const int ldc = 8;
  std::vector<T*> d_c = {Dev(std::vector<T>(ldc * n)), Dev(std::vector<T>(ldc * n))};
  std::vector<const T*> regular = {d_a[0], d_a[2]};
  const T** d_regular;
  CK(cudaMalloc(&d_regular, sizeof(T*) * 2));
  CK(cudaMemcpy(d_regular, regular.data(), sizeof(T*) * 2, cudaMemcpyHostToDevice));
  int* two;
  CK(cudaMalloc(&two, sizeof(int) * 2 * n));
  CK(cudaMemcpy(two, piv, sizeof(int) * n, cudaMemcpyDeviceToDevice));
  CK(cudaMemcpy(two + n, piv + 2 * n, sizeof(int) * n, cudaMemcpyDeviceToDevice));
  T** d_c_array = PointerArray(d_c);
  CK(cudaMemset(info, 0x7f, sizeof(int) * batch));
  CB(A::getri(h, n, d_regular, lda, pivot ? two : nullptr, d_c_array, ldc, info, 2));
  RecordInts(name + "_getri_info", info, 2);
  for (int k = 0; k < 2; ++k) RecordMatrix(name + "_getri_" + std::to_string(k), d_c[k], static_cast<size_t>(ldc) * n);

  // matinvBatched of the original regular matrices.
  if (pivot) {
    std::vector<T*> d_orig = {Dev(host[0]), Dev(host[2])};
    std::vector<T*> d_inv = {Dev(std::vector<T>(ldc * n)), Dev(std::vector<T>(ldc * n))};
    T** d_orig_array = PointerArray(d_orig);
    T** d_inv_array = PointerArray(d_inv);
    CK(cudaMemset(info, 0x7f, sizeof(int) * batch));
    CB(A::matinv(h, n, const_cast<const T**>(d_orig_array), lda, d_inv_array, ldc, info, 2));
    RecordInts(name + "_matinv_info", info, 2);
    for (int k = 0; k < 2; ++k) {
      RecordMatrix(name + "_matinv_" + std::to_string(k), d_inv[k], static_cast<size_t>(ldc) * n);
      CK(cudaFree(d_orig[k])); CK(cudaFree(d_inv[k]));
    }
    CK(cudaFree(d_orig_array)); CK(cudaFree(d_inv_array));
  }
  for (T* p : d_a) CK(cudaFree(p));
  for (T* p : d_c) CK(cudaFree(p));
  CK(cudaFree(d_array)); CK(cudaFree(d_c_array)); CK(cudaFree(d_regular)); CK(cudaFree(two));
  CK(cudaFree(piv)); CK(cudaFree(info));
}

// trsm for every side, fill mode, operation and diagonal on a 6 x 5 right-hand side; the
// triangle not named holds other values, which must not be read.
template <class T> static void Trsm(cublasHandle_t h) {
  const int m = 6, n = 5;
  const T alpha = Fill<T>(90, 1)[0];
  for (cublasSideMode_t side : {CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT})
    for (cublasFillMode_t uplo : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER})
      for (cublasOperation_t op : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C})
        for (cublasDiagType_t diag : {CUBLAS_DIAG_NON_UNIT, CUBLAS_DIAG_UNIT}) {
          const int order = side == CUBLAS_SIDE_LEFT ? m : n, lda = order + 1, ldb = m + 2;
          T* a = Dev(Fill<T>(91 + order, lda * order, order, lda, 2));
          T* b = Dev(Fill<T>(95, ldb * n));
          CB(Api<T>::trsm(h, side, uplo, op, diag, m, n, &alpha, a, lda, b, ldb));
          RecordMatrix(std::string(Api<T>::p) + "trsm_" + std::to_string(side) + std::to_string(uplo) +
                           std::to_string(op) + std::to_string(diag),
                       b, static_cast<size_t>(ldb) * n);
          CK(cudaFree(a)); CK(cudaFree(b));
        }
}

template <class T> static void Precision(cublasHandle_t h) {
  Batch<T>(h, true);
  Batch<T>(h, false);
  Trsm<T>(h);
}

int main() {
  cublasHandle_t h;
  CB(cublasCreate(&h));
  Precision<float>(h);
  Precision<double>(h);
  Precision<cuComplex>(h);
  Precision<cuDoubleComplex>(h);
  {
    double** d_array;
    CK(cudaMalloc(&d_array, sizeof(double*)));
    int host_info = 0;
    std::vector<double> codes;
    codes.push_back(cublasDgetrsBatched(h, CUBLAS_OP_N, 4, -1, const_cast<const double**>(d_array), 4, nullptr,
                                        d_array, 4, &host_info, 1));
    codes.push_back(host_info);
    codes.push_back(cublasDgetrsBatched(h, CUBLAS_OP_N, 4, 1, const_cast<const double**>(d_array), 4, nullptr,
                                        d_array, 3, &host_info, 1));
    codes.push_back(host_info);
    int* d_info;
    CK(cudaMalloc(&d_info, sizeof(int)));
    codes.push_back(cublasDgetrfBatched(h, 4, d_array, 3, nullptr, d_info, 1));
    codes.push_back(cublasDmatinvBatched(h, 33, const_cast<const double**>(d_array), 33, d_array, 33, d_info, 1));
    const double one = 1;
    codes.push_back(cublasDtrsm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, 4, 2, &one,
                                reinterpret_cast<double*>(d_array), 3, reinterpret_cast<double*>(d_array), 4));
    recorder.Record("argument_errors", codes, Agreement::kExact);
    CK(cudaFree(d_array)); CK(cudaFree(d_info));
  }
  CB(cublasDestroy(h));
  return recorder.Finish();
}
