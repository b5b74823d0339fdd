// cuBLAS's triangular solve trsm in every precision and every combination of side, fill mode,
// operation and diagonal, checked by recomputing on the host: op(T) X = alpha B (side left) or
// X op(T) = alpha B (side right), T being the named triangle of A with ones on the diagonal for
// CUBLAS_DIAG_UNIT, while the other triangle and (for a unit diagonal) the diagonal of A hold
// garbage the routine must not read. alpha in device memory under CUBLAS_POINTER_MODE_DEVICE;
// alpha zero sets B to zero over NaNs without reading A; the argument errors; trsmBatched.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all checks pass
// CHECK-NEXT: worst relative error: single {{[0-9.]+e-[0-9]+}}, double {{[0-9.]+e-[0-9]+}}
// CHECK-NOT:  {{.}}
#include <cublas_v2.h>

#include "../Inputs/dense_check.h"

#define CB(x) do { cublasStatus_t s_ = (x); if (s_ != CUBLAS_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

static Checker check;

template <class T> struct Api;
template <> struct Api<float> { static constexpr const char* p = "S"; static constexpr auto trsm = cublasStrsm; };
template <> struct Api<double> { static constexpr const char* p = "D"; static constexpr auto trsm = cublasDtrsm; };
template <> struct Api<cuComplex> { static constexpr const char* p = "C"; static constexpr auto trsm = cublasCtrsm; };
template <> struct Api<cuDoubleComplex> { static constexpr const char* p = "Z"; static constexpr auto trsm = cublasZtrsm; };

template <class T>
static void Solve(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t op,
                  cublasDiagType_t diag, bool device_alpha) {
  const bool single = IsSingle<T>();
  const double tol = single ? 1e-5 : 1e-13;
  const bool left = side == CUBLAS_SIDE_LEFT, lower = uplo == CUBLAS_FILL_MODE_LOWER, unit = diag == CUBLAS_DIAG_UNIT;
  const int m = 5, n = 4, order = left ? m : n, lda = order + 2, ldb = m + 1;
  const std::string name = std::string(Api<T>::p) + "trsm " + (left ? "L" : "R") + (lower ? "L" : "U") +
                           std::to_string(op) + (unit ? "U" : "N") + (device_alpha ? " device alpha" : "");
  Mat stored = Random<T>(3 + order, order, order), t(order, order);
  for (int j = 0; j < order; ++j)
    for (int i = 0; i < order; ++i) {
      if (i == j) {
        stored(i, j) += 2;  // well conditioned
        t(i, j) = unit ? Z(1) : stored(i, j);
        if (unit) stored(i, j) = Z(1e30, -1e30);  // must not be read
      } else if (lower ? i > j : i < j) {
        t(i, j) = stored(i, j);
      } else {
        stored(i, j) = Z(NAN, NAN);  // the other triangle: must not be read
      }
    }
  const Mat b = Random<T>(20, m, n);
  const Z alpha = IsComplex<T>() ? Z(0.75, -0.5) : Z(0.75);
  T* d_a = ToDevice<T>(stored, lda);
  T* d_b = ToDevice<T>(b, ldb);
  const T host_alpha = Narrow<T>(alpha);
  const T* alpha_ptr = &host_alpha;
  T* d_alpha = nullptr;
  if (device_alpha) {
    CK(cudaMalloc(&d_alpha, sizeof(T)));
    CK(cudaMemcpy(d_alpha, &host_alpha, sizeof(T), cudaMemcpyHostToDevice));
    CB(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
    alpha_ptr = d_alpha;
  }
  CB(Api<T>::trsm(h, side, uplo, op, diag, m, n, alpha_ptr, d_a, lda, d_b, ldb));
  CB(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
  const Mat x = FromDevice(d_b, m, n, ldb);
  const Mat opt = op == CUBLAS_OP_N ? t : op == CUBLAS_OP_T ? Transpose(t) : Adjoint(t);
  Mat scaled = b;
  for (Z& v : scaled.v) v *= alpha;
  check.Near(name, left ? opt * x : x * opt, scaled, single, tol);
  CK(cudaFree(d_a)); CK(cudaFree(d_b));
  if (d_alpha) CK(cudaFree(d_alpha));
}

template <class T> static void Precision(cublasHandle_t h) {
  for (cublasSideMode_t side : {CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT})
    for (cublasFillMode_t uplo : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER})
      for (cublasOperation_t op : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C})
        for (cublasDiagType_t diag : {CUBLAS_DIAG_NON_UNIT, CUBLAS_DIAG_UNIT}) Solve<T>(h, side, uplo, op, diag, false);
  Solve<T>(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, true);
  // alpha zero: B becomes zero, its NaNs and A unread.
  const int m = 3, n = 2;
  T* d_b = ToDevice<T>(Mat(m, n), m);
  CK(cudaMemset(d_b, 0xff, sizeof(T) * m * n));  // NaN patterns
  const T zero = Narrow<T>(Z(0));
  CB(Api<T>::trsm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, m, n, &zero, nullptr,
                  m, d_b, m));
  check.Near(std::string(Api<T>::p) + "trsm alpha zero", FromDevice(d_b, m, n, m), Mat(m, n), IsSingle<T>(), 0);
  CK(cudaFree(d_b));
}

// trsmBatched: two lower-triangular systems solved in one call, each checked by its residual.
static void Batched(cublasHandle_t h) {
  const int m = 4, n = 3, count = 2;
  std::vector<Mat> t, b;
  double *d_a[count], *d_b[count];
  for (int i = 0; i < count; ++i) {
    Mat a = Random<double>(40 + i, m, m);
    for (int r = 0; r < m; ++r) {
      a(r, r) += 3;
      for (int c = r + 1; c < m; ++c) a(r, c) = 0;
    }
    t.push_back(a);
    b.push_back(Random<double>(50 + i, m, n));
    d_a[i] = ToDevice<double>(a, m);
    d_b[i] = ToDevice<double>(b[i], m);
  }
  double **d_aa, **d_bb;
  CK(cudaMalloc(&d_aa, sizeof d_a));
  CK(cudaMalloc(&d_bb, sizeof d_b));
  CK(cudaMemcpy(d_aa, d_a, sizeof d_a, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(d_bb, d_b, sizeof d_b, cudaMemcpyHostToDevice));
  const double one = 1;
  CB(cublasDtrsmBatched(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, m, n, &one,
                        d_aa, m, d_bb, m, count));
  for (int i = 0; i < count; ++i) {
    check.Near("trsmBatched " + std::to_string(i), t[i] * FromDevice(d_b[i], m, n, m), b[i], false, 1e-13);
    CK(cudaFree(d_a[i])); CK(cudaFree(d_b[i]));
  }
  check.Equal("trsmBatched negative count", cublasDtrsmBatched(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N,
                                                               CUBLAS_DIAG_NON_UNIT, m, n, &one, d_aa, m, d_bb, m, -1),
              CUBLAS_STATUS_INVALID_VALUE);
  CK(cudaFree(d_aa)); CK(cudaFree(d_bb));
}

int main() {
  cublasHandle_t h;
  CB(cublasCreate(&h));
  Batched(h);
  Precision<float>(h);
  Precision<double>(h);
  Precision<cuComplex>(h);
  Precision<cuDoubleComplex>(h);
  double* d;
  CK(cudaMalloc(&d, 64 * sizeof(double)));
  const double one = 1;
  check.Equal("trsm m < 0", cublasDtrsm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, -1,
                                        2, &one, d, 2, d, 2), CUBLAS_STATUS_INVALID_VALUE);
  check.Equal("trsm lda < m", cublasDtrsm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, 4,
                                          2, &one, d, 3, d, 4), CUBLAS_STATUS_INVALID_VALUE);
  check.Equal("trsm lda < n from the right", cublasDtrsm(h, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N,
                                                         CUBLAS_DIAG_UNIT, 2, 4, &one, d, 3, d, 2),
              CUBLAS_STATUS_INVALID_VALUE);
  check.Equal("trsm full fill mode", cublasDtrsm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_FULL, CUBLAS_OP_N,
                                                 CUBLAS_DIAG_UNIT, 2, 2, &one, d, 2, d, 2),
              CUBLAS_STATUS_INVALID_VALUE);
  CK(cudaFree(d));
  CB(cublasDestroy(h));
  return check.Finish();
}
