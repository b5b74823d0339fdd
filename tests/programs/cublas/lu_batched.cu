// cuBLAS's batched LU in every precision, checked by recomputing on the host: getrfBatched's
// pivots applied to each A equal L U with multipliers of modulus at most 1 (the pivot is the
// element of largest modulus, as on the GPU, also for complex elements), and without a pivot array
// A = L U directly; a singular matrix of the batch gets the column of its zero pivot in info, its
// factorization stopped there as the GPU's does (the later pivots name their own rows, the trailing
// block is left unfactored, so P A = L U still holds with that block in U), the others info 0;
// getrsBatched's solutions have small residuals for op = N, T (and C); getriBatched and
// matinvBatched give inverses (A A^-1 = I). Then the argument errors: getrsBatched's host info
// names the bad argument's position, matinvBatched refuses n > 32.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all checks pass
// CHECK-NEXT: worst relative error: single {{[0-9.]+e-[0-9]+}}, double {{[0-9.]+e-[0-9]+}}
// CHECK-NOT:  {{.}}
#include <cublas_v2.h>

#include "../Inputs/dense_check.h"

#define CB(x) do { cublasStatus_t s_ = (x); if (s_ != CUBLAS_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

static Checker check;

template <class T> struct Api;
#define API_(P, T)                                                                                   \
  template <> struct Api<T> {                                                                      \
    static constexpr const char* p = #P;                                                           \
    static constexpr auto getrf = cublas##P##getrfBatched; static constexpr auto getrs = cublas##P##getrsBatched; \
    static constexpr auto getri = cublas##P##getriBatched; static constexpr auto matinv = cublas##P##matinvBatched; \
  };
API_(S, float)
API_(D, double)
API_(C, cuComplex)
API_(Z, cuDoubleComplex)

// A device array holding the device pointers of `matrices`.
template <class T> static T** PointerArray(const std::vector<T*>& matrices) {
  T** d;
  CK(cudaMalloc(&d, sizeof(T*) * matrices.size()));
  CK(cudaMemcpy(d, matrices.data(), sizeof(T*) * matrices.size(), cudaMemcpyHostToDevice));
  return d;
}

template <class T> static void Batch(cublasHandle_t h, bool pivot) {
  using A = Api<T>;
  const bool single = IsSingle<T>();
  const double tol = single ? 2e-5 : 1e-13;
  const std::string name = std::string(A::p) + (pivot ? "" : " unpivoted");
  const int n = 6, lda = 8, batch = 3, singular = 1;  // matrix 1 has a zero column 4
  std::vector<Mat> a;
  std::vector<T*> d_a;
  for (int i = 0; i < batch; ++i) {
    a.push_back(Random<T>(10 + i, n, n));
    if (!pivot) for (int j = 0; j < n; ++j) a[i](j, j) += 4;  // needs no row exchange
    if (i == singular) for (int r = 0; r < n; ++r) a[i](r, 3) = 0;
    d_a.push_back(ToDevice<T>(a[i], lda));
  }
  T** d_array = PointerArray(d_a);
  int *d_piv, *d_info;
  CK(cudaMalloc(&d_piv, sizeof(int) * n * batch));
  CK(cudaMalloc(&d_info, sizeof(int) * batch));
  CK(cudaMemset(d_info, 0x7f, sizeof(int) * batch));
  CB(A::getrf(h, n, d_array, lda, pivot ? d_piv : nullptr, d_info, batch));
  const std::vector<int> info = HostArray(d_info, batch);
  const std::vector<int> piv = HostArray(d_piv, n * batch);
  for (int b = 0; b < batch; ++b) {
    const std::string what = name + "getrfBatched[" + std::to_string(b) + "]";
    check.Equal(what + " info", info[b], b == singular ? 4 : 0);
    const Mat f = FromDevice(d_a[b], n, n, lda);
    const int stop = info[b] > 0 ? info[b] - 1 : n;  // the step the factorization stopped at
    Mat l = Mat::Identity(n), u(n, n), pa = a[b];
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) (i > j && j < stop ? l(i, j) : u(i, j)) = f(i, j);
    for (int i = 0; pivot && i < n; ++i) {
      const int p = piv[b * n + i];
      check.True(what + " pivot in range", p >= i + 1 && p <= n);
      if (i > stop) check.Equal(what + " pivot after the stop", p, i + 1);
      if (p < 1 || p > n) break;
      for (int j = 0; j < n; ++j) std::swap(pa(i, j), pa(p - 1, j));
      for (int r = i + 1; r < n && i < stop; ++r)
        check.True(what + " multiplier at most 1", std::abs(l(r, i)) <= 1 + tol);
    }
    check.Near(what + " P A = L U", l * u, pa, single, tol);
  }

  // Solves with the factors of the two regular matrices of the batch (the singular one is left out).
  const int nrhs = 2, ldb = n;
  std::vector<cublasOperation_t> ops = {CUBLAS_OP_N, CUBLAS_OP_T};
  if (IsComplex<T>()) ops.push_back(CUBLAS_OP_C);
  for (cublasOperation_t op : ops) {
    std::vector<const T*> factors = {d_a[0], d_a[2]};
    std::vector<Mat> rhs = {Random<T>(30, n, nrhs), Random<T>(31, n, nrhs)};
    std::vector<T*> d_b = {ToDevice<T>(rhs[0], ldb), ToDevice<T>(rhs[1], ldb)};
    // The pivots of matrices 0 and 2, one after the other.
    std::vector<int> two(piv.begin(), piv.begin() + n);
    two.insert(two.end(), piv.begin() + 2 * n, piv.begin() + 3 * n);
    int* d_two;
    CK(cudaMalloc(&d_two, sizeof(int) * 2 * n));
    CK(cudaMemcpy(d_two, two.data(), sizeof(int) * 2 * n, cudaMemcpyHostToDevice));
    const T** d_factors;
    CK(cudaMalloc(&d_factors, sizeof(T*) * 2));
    CK(cudaMemcpy(d_factors, factors.data(), sizeof(T*) * 2, cudaMemcpyHostToDevice));
    T** d_rhs = PointerArray(d_b);
    int host_info = 99;
    CB(A::getrs(h, op, n, nrhs, d_factors, lda, pivot ? d_two : nullptr, d_rhs, ldb, &host_info, 2));
    check.Equal(name + " getrsBatched info", host_info, 0);
    for (int k = 0; k < 2; ++k) {
      const Mat& m = a[k == 0 ? 0 : 2];
      const Mat opa = op == CUBLAS_OP_N ? m : op == CUBLAS_OP_T ? Transpose(m) : Adjoint(m);
      check.Near(name + " getrsBatched op " + std::to_string(op) + " residual", opa * FromDevice(d_b[k], n, nrhs, ldb),
                 rhs[k], single, tol * 10);
      CK(cudaFree(d_b[k]));
    }
    CK(cudaFree(d_two)); CK(cudaFree(d_factors)); CK(cudaFree(d_rhs));
  }

  // Inverses from the factors, out of place; the singular matrix's info names its zero pivot.
  const int ldc = n + 1;
  std::vector<T*> d_c;
  for (int b = 0; b < batch; ++b) d_c.push_back(ToDevice<T>(Mat(n, n), ldc));
  T** d_c_array = PointerArray(d_c);
  CK(cudaMemset(d_info, 0x7f, sizeof(int) * batch));
  CB(A::getri(h, n, const_cast<const T**>(d_array), lda, pivot ? d_piv : nullptr, d_c_array, ldc, d_info, batch));
  const std::vector<int> getri_info = HostArray(d_info, batch);
  for (int b = 0; b < batch; ++b) {
    check.Equal(name + " getriBatched info", getri_info[b], b == singular ? 4 : 0);
    if (b != singular)
      check.Near(name + " getriBatched A A^-1 = I", a[b] * FromDevice(d_c[b], n, n, ldc), Mat::Identity(n), single,
                 tol * 10);
  }

  // matinvBatched from the original matrices: A is only read.
  std::vector<T*> d_orig, d_inv;
  for (int b = 0; b < batch; ++b) {
    d_orig.push_back(ToDevice<T>(a[b], lda));
    d_inv.push_back(ToDevice<T>(Mat(n, n), ldc));
  }
  T** d_orig_array = PointerArray(d_orig);
  T** d_inv_array = PointerArray(d_inv);
  CK(cudaMemset(d_info, 0x7f, sizeof(int) * batch));
  CB(A::matinv(h, n, const_cast<const T**>(d_orig_array), lda, d_inv_array, ldc, d_info, batch));
  const std::vector<int> matinv_info = HostArray(d_info, batch);
  for (int b = 0; b < batch; ++b) {
    check.Equal(name + " matinvBatched info", matinv_info[b] != 0, b == singular);
    if (b != singular) {
      check.Near(name + " matinvBatched A A^-1 = I", a[b] * FromDevice(d_inv[b], n, n, ldc), Mat::Identity(n), single,
                 tol * 10);
      check.Near(name + " matinvBatched leaves A", FromDevice(d_orig[b], n, n, lda), a[b], single, single ? 1e-7 : 0);
    }
  }

  for (int b = 0; b < batch; ++b) {
    CK(cudaFree(d_a[b])); CK(cudaFree(d_c[b])); CK(cudaFree(d_orig[b])); CK(cudaFree(d_inv[b]));
  }
  CK(cudaFree(d_array)); CK(cudaFree(d_c_array)); CK(cudaFree(d_orig_array)); CK(cudaFree(d_inv_array));
  CK(cudaFree(d_piv)); CK(cudaFree(d_info));
}

int main() {
  cublasHandle_t h;
  CB(cublasCreate(&h));
  for (bool pivot : {true, false}) {
    Batch<float>(h, pivot);
    Batch<double>(h, pivot);
    Batch<cuComplex>(h, pivot);
    Batch<cuDoubleComplex>(h, pivot);
  }
  {
    double** d_array;
    int* d_info;
    CK(cudaMalloc(&d_array, sizeof(double*)));
    CK(cudaMalloc(&d_info, sizeof(int)));
    int host_info = 0;
    check.Equal("getrsBatched nrhs < 0",
                cublasDgetrsBatched(h, CUBLAS_OP_N, 4, -1, const_cast<const double**>(d_array), 4, nullptr, d_array, 4,
                                    &host_info, 1),
                CUBLAS_STATUS_INVALID_VALUE);
    check.Equal("getrsBatched nrhs < 0 info", host_info, -3);
    check.Equal("getrsBatched ldb < n",
                cublasDgetrsBatched(h, CUBLAS_OP_N, 4, 1, const_cast<const double**>(d_array), 4, nullptr, d_array, 3,
                                    &host_info, 1),
                CUBLAS_STATUS_INVALID_VALUE);
    check.Equal("getrsBatched ldb < n info", host_info, -8);
    check.Equal("getrfBatched lda < n", cublasDgetrfBatched(h, 4, d_array, 3, nullptr, d_info, 1),
                CUBLAS_STATUS_INVALID_VALUE);
    check.Equal("matinvBatched n > 32",
                cublasDmatinvBatched(h, 33, const_cast<const double**>(d_array), 33, d_array, 33, d_info, 1),
                CUBLAS_STATUS_INVALID_VALUE);
    CK(cudaFree(d_array)); CK(cudaFree(d_info));
  }
  CB(cublasDestroy(h));
  return check.Finish();
}
