// cuBLAS's level 3 routines of structured matrices in S/D/C/Z, checked by recomputing on the host
// with dense matrices: symm and hemm (both sides, both triangles, the other triangle NaN), the
// rank-k updates syrk, herk, syr2k, her2k, syrkx and herkx (every allowed operation; only the named
// triangle of C changes), the out-of-place trmm (every side, fill mode, operation and diagonal; B
// unchanged), dgmm from both sides and with a stride, beta zero over NaNs, the argument errors;
// herkx and her2k and the emulation settings' defaults against values recorded on a GPU.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all checks pass
// CHECK-NEXT: worst relative error: single {{[0-9.]+e-[0-9]+}}, double {{[0-9.e-]+}}
// CHECK-NOT:  {{.}}
#include <cublas_v2.h>

#include "../Inputs/dense_check.h"

#define CB(x) do { cublasStatus_t s_ = (x); if (s_ != CUBLAS_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

static Checker check;
static const double kNaN = NAN;

template <class T> struct Api;
#define API(P)                                                                                        \
  static constexpr auto symm = cublas##P##symm; static constexpr auto syrk = cublas##P##syrk;           \
  static constexpr auto syr2k = cublas##P##syr2k; static constexpr auto syrkx = cublas##P##syrkx;       \
  static constexpr auto trmm = cublas##P##trmm; static constexpr auto dgmm = cublas##P##dgmm;
template <> struct Api<float> { API(S) };
template <> struct Api<double> { API(D) };
template <> struct Api<cuComplex> {
  API(C)
  static constexpr auto hemm = cublasChemm; static constexpr auto herk = cublasCherk;
  static constexpr auto her2k = cublasCher2k; static constexpr auto herkx = cublasCherkx;
};
template <> struct Api<cuDoubleComplex> {
  API(Z)
  static constexpr auto hemm = cublasZhemm; static constexpr auto herk = cublasZherk;
  static constexpr auto her2k = cublasZher2k; static constexpr auto herkx = cublasZherkx;
};
template <class T> using Real = std::conditional_t<IsSingle<T>(), float, double>;

static bool InTriangle(bool lower, int i, int j) { return lower ? i >= j : i <= j; }
static Mat Op(const Mat& a, cublasOperation_t op) {
  return op == CUBLAS_OP_N ? a : op == CUBLAS_OP_T ? Transpose(a) : Adjoint(a);
}
static Mat Scaled(const Mat& a, Z s) {
  Mat r = a;
  for (Z& v : r.v) v *= s;
  return r;
}
static Mat Sum(const Mat& a, const Mat& b) {
  Mat r = a;
  for (size_t e = 0; e < r.v.size(); ++e) r.v[e] += b.v[e];
  return r;
}

// symm (hermitian false) or hemm: A's named triangle stored, NaN in the other.
template <class T, class F> static void Multiply(cublasHandle_t h, F routine, bool hermitian) {
  const bool single = IsSingle<T>();
  const int m = 4, n = 3;
  const Z alpha = IsComplex<T>() ? Z(0.5, 0.25) : Z(0.5), beta = IsComplex<T>() ? Z(-1, 0.5) : Z(-1);
  const T a_ = Narrow<T>(alpha), b_ = Narrow<T>(beta), zero_ = Narrow<T>(Z(0));
  for (cublasSideMode_t side : {CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT})
    for (bool lower : {true, false})
      for (bool beta_zero : {false, true}) {
        const int ka = side == CUBLAS_SIDE_LEFT ? m : n;
        Mat a = Random<T>(1, ka, ka), stored = a;
        for (int j = 0; j < ka; ++j)
          for (int i = 0; i < ka; ++i) {
            if (i == j && hermitian) a(i, j) = Z(a(i, j).real());
            if (!InTriangle(lower, i, j)) a(i, j) = hermitian ? std::conj(a(j, i)) : a(j, i);
          }
        for (int j = 0; j < ka; ++j)
          for (int i = 0; i < ka; ++i)
            stored(i, j) = InTriangle(lower, i, j) ? a(i, j) : Z(kNaN, kNaN);
        if (hermitian)  // the imaginary part of the diagonal is not read
          for (int i = 0; i < ka; ++i) stored(i, i) = Z(a(i, i).real(), 7);
        const Mat b = Random<T>(2, m, n), c = Random<T>(3, m, n);
        T* d_a = ToDevice<T>(stored, ka + 1);
        T* d_b = ToDevice<T>(b, m);
        T* d_c = ToDevice<T>(beta_zero ? Mat(m, n) : c, m + 2);
        if (beta_zero) CK(cudaMemset(d_c, 0xff, sizeof(T) * (m + 2) * n));
        CB(routine(h, side, lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER, m, n, &a_, d_a, ka + 1, d_b, m,
                   beta_zero ? &zero_ : &b_, d_c, m + 2));
        const Mat prod = side == CUBLAS_SIDE_LEFT ? a * b : b * a;
        const Mat want = beta_zero ? Scaled(prod, alpha) : Sum(Scaled(prod, alpha), Scaled(c, beta));
        check.Near(std::string(hermitian ? "hemm" : "symm") + (side == CUBLAS_SIDE_LEFT ? " L" : " R") +
                       (lower ? "L" : "U") + (beta_zero ? " beta0" : ""),
                   FromDevice(d_c, m, n, m + 2), want, single, single ? 2e-6 : 1e-14);
        CK(cudaFree(d_a)); CK(cudaFree(d_b)); CK(cudaFree(d_c));
      }
}

// The rank-k updates. kind 0: syrk/herk (B = A), 1: syr2k/her2k, 2: syrkx/herkx. The other
// triangle of C holds a sentinel that must survive.
template <class T, class F>
static void RankK(cublasHandle_t h, F routine, int kind, bool hermitian, cublasOperation_t op, bool lower) {
  const bool single = IsSingle<T>();
  const int n = 4, k = 3, rows = op == CUBLAS_OP_N ? n : k, cols = op == CUBLAS_OP_N ? k : n;
  const Z alpha = IsComplex<T>() ? Z(0.5, 0.25) : Z(0.5);
  const Z beta = hermitian ? Z(-1.5) : (IsComplex<T>() ? Z(-1, 0.5) : Z(-1));
  const Mat a = Random<T>(10, rows, cols), b = Random<T>(11, rows, cols);
  Mat c = Random<T>(12, n, n);
  if (hermitian)
    for (int i = 0; i < n; ++i) c(i, i) = Z(c(i, i).real());
  const Mat opa = Op(a, op), opb = Op(b, op);
  const Mat opbh = hermitian ? Adjoint(opb) : Transpose(opb), opah = hermitian ? Adjoint(opa) : Transpose(opa);
  Mat want(n, n);
  const Real<T> real_alpha = 0.5;
  if (kind == 0) want = Scaled(opa * opah, hermitian ? Z(real_alpha) : alpha);
  if (kind == 1) want = Sum(Scaled(opa * opbh, alpha), Scaled(opb * opah, hermitian ? std::conj(alpha) : alpha));
  if (kind == 2) want = Scaled(opa * opbh, alpha);
  want = Sum(want, Scaled(c, beta));
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      if (!InTriangle(lower, i, j)) want(i, j) = Z(99, 99);
      if (hermitian && i == j) want(i, j) = Z(want(i, j).real());
    }
  Mat c_in = c;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      if (!InTriangle(lower, i, j)) c_in(i, j) = Z(99, IsComplex<T>() ? 99 : 0);
  if (!IsComplex<T>())
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
        if (!InTriangle(lower, i, j)) want(i, j) = Z(99);
  T* d_a = ToDevice<T>(a, rows + 1);
  T* d_b = ToDevice<T>(b, rows + 2);
  T* d_c = ToDevice<T>(c_in, n);
  const T a_ = Narrow<T>(alpha), b_ = Narrow<T>(beta);
  const Real<T> rb = static_cast<Real<T>>(beta.real());
  const cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
  if constexpr (std::is_invocable_v<F, cublasHandle_t, cublasFillMode_t, cublasOperation_t, int, int, const Real<T>*,
                                    const T*, int, const Real<T>*, T*, int>) {
    CB(routine(h, uplo, op, n, k, &real_alpha, d_a, rows + 1, &rb, d_c, n));  // herk
  } else if constexpr (std::is_invocable_v<F, cublasHandle_t, cublasFillMode_t, cublasOperation_t, int, int, const T*,
                                           const T*, int, const T*, int, const Real<T>*, T*, int> &&
                       IsComplex<T>()) {
    CB(routine(h, uplo, op, n, k, &a_, d_a, rows + 1, d_b, rows + 2, &rb, d_c, n));  // her2k, herkx
  } else if constexpr (std::is_invocable_v<F, cublasHandle_t, cublasFillMode_t, cublasOperation_t, int, int, const T*,
                                           const T*, int, const T*, T*, int>) {
    CB(routine(h, uplo, op, n, k, &a_, d_a, rows + 1, &b_, d_c, n));  // syrk
  } else {
    CB(routine(h, uplo, op, n, k, &a_, d_a, rows + 1, d_b, rows + 2, &b_, d_c, n));  // syr2k, syrkx
  }
  const char* names[2][3] = {{"syrk", "syr2k", "syrkx"}, {"herk", "her2k", "herkx"}};
  check.Near(std::string(names[hermitian][kind]) + (lower ? " L" : " U") + std::to_string(op) +
                 (IsComplex<T>() ? " complex" : " real") + (single ? " single" : " double"),
             FromDevice(d_c, n, n, n), want, single, single ? 2e-6 : 1e-14);
  CK(cudaFree(d_a)); CK(cudaFree(d_b)); CK(cudaFree(d_c));
}

template <class T> static void Updates(cublasHandle_t h) {
  for (bool lower : {true, false}) {
    for (cublasOperation_t op : {CUBLAS_OP_N, CUBLAS_OP_T}) {
      RankK<T>(h, Api<T>::syrk, 0, false, op, lower);
      RankK<T>(h, Api<T>::syr2k, 1, false, op, lower);
      RankK<T>(h, Api<T>::syrkx, 2, false, op, lower);
    }
    if constexpr (IsComplex<T>()) {
      for (cublasOperation_t op : {CUBLAS_OP_N, CUBLAS_OP_C}) {
        RankK<T>(h, Api<T>::herk, 0, true, op, lower);
        RankK<T>(h, Api<T>::her2k, 1, true, op, lower);
        RankK<T>(h, Api<T>::herkx, 2, true, op, lower);
      }
    }
  }
}

template <class T> static void Trmm(cublasHandle_t h) {
  const bool single = IsSingle<T>();
  const int m = 4, n = 3;
  const Z alpha = IsComplex<T>() ? Z(0.75, -0.5) : Z(0.75);
  const T a_ = Narrow<T>(alpha);
  for (cublasSideMode_t side : {CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT})
    for (bool lower : {true, false})
      for (cublasOperation_t op : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C})
        for (bool unit : {false, true}) {
          const int ka = side == CUBLAS_SIDE_LEFT ? m : n;
          Mat stored = Random<T>(20, ka, ka), t(ka, ka);
          for (int j = 0; j < ka; ++j)
            for (int i = 0; i < ka; ++i) {
              if (i == j) { t(i, j) = unit ? Z(1) : stored(i, j); if (unit) stored(i, j) = Z(kNaN, kNaN); }
              else if (InTriangle(lower, i, j)) t(i, j) = stored(i, j);
              else stored(i, j) = Z(kNaN, kNaN);
            }
          const Mat b = Random<T>(21, m, n);
          T* d_a = ToDevice<T>(stored, ka);
          T* d_b = ToDevice<T>(b, m + 1);
          T* d_c = ToDevice<T>(Mat(m, n), m + 2, kNaN);
          CB(Api<T>::trmm(h, side, lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER, op,
                          unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT, m, n, &a_, d_a, ka, d_b, m + 1, d_c, m + 2));
          const Mat want = Scaled(side == CUBLAS_SIDE_LEFT ? Op(t, op) * b : b * Op(t, op), alpha);
          const std::string name = std::string("trmm ") + (side == CUBLAS_SIDE_LEFT ? "L" : "R") + (lower ? "L" : "U") +
                                   std::to_string(op) + (unit ? "U" : "N");
          check.Near(name, FromDevice(d_c, m, n, m + 2), want, single, single ? 2e-6 : 1e-14);
          check.Near(name + " B unchanged", FromDevice(d_b, m, n, m + 1), b, single, 0);
          CK(cudaFree(d_a)); CK(cudaFree(d_b)); CK(cudaFree(d_c));
        }
}

template <class T> static void Dgmm(cublasHandle_t h) {
  const int m = 4, n = 3, incx = 2;
  const Mat a = Random<T>(30, m, n);
  for (cublasSideMode_t mode : {CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT}) {
    const int len = mode == CUBLAS_SIDE_LEFT ? m : n;
    const Mat x = Random<T>(31, 1 + (len - 1) * incx, 1);
    T* d_a = ToDevice<T>(a, m + 1);
    T* d_x = ToDevice<T>(x, x.rows);
    T* d_c = ToDevice<T>(Mat(m, n), m, kNaN);
    CB(Api<T>::dgmm(h, mode, m, n, d_a, m + 1, d_x, incx, d_c, m));
    Mat want = a;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i) want(i, j) *= x((mode == CUBLAS_SIDE_LEFT ? i : j) * incx, 0);
    check.Near(mode == CUBLAS_SIDE_LEFT ? "dgmm left" : "dgmm right", FromDevice(d_c, m, n, m), want, IsSingle<T>(),
               IsSingle<T>() ? 1e-7 : 1e-16);
    CK(cudaFree(d_a)); CK(cudaFree(d_x)); CK(cudaFree(d_c));
  }
}

template <class T> static void Precision(cublasHandle_t h) {
  Multiply<T>(h, Api<T>::symm, false);
  if constexpr (IsComplex<T>()) Multiply<T>(h, Api<T>::hemm, true);
  Updates<T>(h);
  Trmm<T>(h);
  Dgmm<T>(h);
}

// Zherkx and Zher2k on fixed data, against the values cuBLAS returned on an NVIDIA H200 (CUDA 13.0,
// driver 580.159.04, 2026-11-26): the triangle `uplo` is written with its diagonal real, even
// where op(A) op(B)^H is not Hermitian, and the other triangle keeps C's values.
static void RecordedOnGpu(cublasHandle_t h) {
  const int n = 3, k = 2;
  cuDoubleComplex a[n * k], b[n * k], c[n * n];
  for (int i = 0; i < n * k; ++i) {
    a[i] = make_cuDoubleComplex(0.5 + i, 0.25 * i - 1);
    b[i] = make_cuDoubleComplex(1.0 - 0.5 * i, 0.75 + i);
  }
  for (int i = 0; i < n * n; ++i) c[i] = make_cuDoubleComplex(i, 0.5 + i);
  static const double kRecorded[4][2 * n * n] = {
      {2.125, 0, 2.53125, -11.953125, 2.9375, -15.234375, 3, 3.5, -2.4375, 0, -1.71875, -24.734375, 6, 6.5, 7, 7.5,
       -6.375, 0},
      {2.125, 0, 1, 1.5, 2, 2.5, -3.15625, -15.671875, -2.4375, 0, 5, 5.5, -8.4375, -22.671875, -7.40625, -28.453125,
       -6.375, 0},
      {4.25, 0, 3.875, -1.53125, 3.5, -2.3125, 3, 3.5, 1.125, 0, 1.375, -7.53125, 6, 6.5, 7, 7.5, -0.75, 0},
      {4.25, 0, 1, 1.5, 2, 2.5, 0.875, -5.96875, 1.125, 0, 5, 5.5, -2.5, -11.1875, -1.625, -11.96875, -0.75, 0}};
  cuDoubleComplex *da, *db, *dc;
  CK(cudaMalloc(&da, sizeof a)); CK(cudaMalloc(&db, sizeof b)); CK(cudaMalloc(&dc, sizeof c));
  CK(cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice));
  const cuDoubleComplex alpha = make_cuDoubleComplex(0.5, 0.25);
  const double beta = -1.5;
  for (int routine = 0; routine < 4; ++routine) {
    CK(cudaMemcpy(dc, c, sizeof c, cudaMemcpyHostToDevice));
    const cublasFillMode_t uplo = routine % 2 ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
    if (routine < 2) CB(cublasZherkx(h, uplo, CUBLAS_OP_N, n, k, &alpha, da, n, db, n, &beta, dc, n));
    else CB(cublasZher2k(h, uplo, CUBLAS_OP_N, n, k, &alpha, da, n, db, n, &beta, dc, n));
    Mat want(n, n);
    for (int e = 0; e < n * n; ++e) want.v[e] = Z(kRecorded[routine][2 * e], kRecorded[routine][2 * e + 1]);
    check.Near(std::string(routine < 2 ? "herkx" : "her2k") + (routine % 2 ? " upper" : " lower") + " as on the GPU",
               FromDevice(dc, n, n, n), want, false, 1e-15);
  }
  CK(cudaFree(da)); CK(cudaFree(db)); CK(cudaFree(dc));
}

int main() {
  cublasHandle_t h;
  CB(cublasCreate(&h));
  Precision<float>(h);
  Precision<double>(h);
  Precision<cuComplex>(h);
  Precision<cuDoubleComplex>(h);
  RecordedOnGpu(h);
  double* d;
  CK(cudaMalloc(&d, 64 * sizeof(double)));
  const double one = 1;
  cuComplex* z;
  CK(cudaMalloc(&z, 64 * sizeof(cuComplex)));
  const cuComplex cone = {1, 0};
  const float fone = 1;
  check.Equal("symm lda < m", cublasDsymm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, 3, 2, &one, d, 2, d, 3, &one, d, 3),
              CUBLAS_STATUS_INVALID_VALUE);
  check.Equal("syrk ldc < n", cublasDsyrk(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, 3, 2, &one, d, 3, &one, d, 2),
              CUBLAS_STATUS_INVALID_VALUE);
  check.Equal("complex syrk with op C", cublasCsyrk(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_C, 2, 2, &cone, z, 2, &cone, z, 2),
              CUBLAS_STATUS_INVALID_VALUE);
  check.Equal("herk with op T", cublasCherk(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, 2, 2, &fone, z, 2, &fone, z, 2),
              CUBLAS_STATUS_INVALID_VALUE);
  check.Equal("trmm full fill mode", cublasDtrmm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_FULL, CUBLAS_OP_N,
                                                 CUBLAS_DIAG_UNIT, 2, 2, &one, d, 2, d, 2, d, 2),
              CUBLAS_STATUS_INVALID_VALUE);
  check.Equal("dgmm ldc < m", cublasDdgmm(h, CUBLAS_SIDE_LEFT, 3, 2, d, 3, d, 1, d, 2), CUBLAS_STATUS_INVALID_VALUE);
  // The emulation settings: the defaults and refusals as an H200 answered (CUDA 13.0, 2026-11-26),
  // then kept and read back (BLAS-11).
  cublasEmulationStrategy_t strategy;
  cudaEmulationSpecialValuesSupport special;
  {
    cublasHandle_t fresh;
    CB(cublasCreate(&fresh));
    int bits = -1, offset = -1;
    cudaEmulationMantissaControl control;
    CB(cublasGetEmulationStrategy(fresh, &strategy));
    CB(cublasGetFixedPointEmulationMantissaControl(fresh, &control));
    CB(cublasGetEmulationSpecialValuesSupport(fresh, &special));
    CB(cublasGetFixedPointEmulationMaxMantissaBitCount(fresh, &bits));
    CB(cublasGetFixedPointEmulationMantissaBitOffset(fresh, &offset));
    check.True("emulation defaults", strategy == CUBLAS_EMULATION_STRATEGY_DEFAULT &&
                                         control == CUDA_EMULATION_MANTISSA_CONTROL_DYNAMIC && special == 0xFFFF &&
                                         bits == 0 && offset == 0);
    check.Equal("unknown mantissa control",
                cublasSetFixedPointEmulationMantissaControl(fresh, static_cast<cudaEmulationMantissaControl>(5)),
                CUBLAS_STATUS_INVALID_VALUE);
    check.Equal("negative mantissa bit count", cublasSetFixedPointEmulationMaxMantissaBitCount(fresh, -1),
                CUBLAS_STATUS_INVALID_VALUE);
    CB(cublasDestroy(fresh));
  }
  cudaEmulationMantissaControl control;
  int bits = 0, offset = 0;
  CB(cublasSetEmulationStrategy(h, CUDA_EMULATION_STRATEGY_EAGER));  // CUDA's enumeration, as C++ may pass it
  CB(cublasSetFixedPointEmulationMantissaControl(h, CUDA_EMULATION_MANTISSA_CONTROL_FIXED));
  CB(cublasSetFixedPointEmulationMaxMantissaBitCount(h, 40));
  CB(cublasSetFixedPointEmulationMantissaBitOffset(h, -8));
  CB(cublasGetEmulationStrategy(h, &strategy));
  CB(cublasGetFixedPointEmulationMantissaControl(h, &control));
  CB(cublasGetFixedPointEmulationMaxMantissaBitCount(h, &bits));
  CB(cublasGetFixedPointEmulationMantissaBitOffset(h, &offset));
  check.True("emulation settings read back", strategy == CUBLAS_EMULATION_STRATEGY_EAGER &&
                                                 control == CUDA_EMULATION_MANTISSA_CONTROL_FIXED && bits == 40 &&
                                                 offset == -8);
  // With the emulated math mode and compute type, gemm still computes in double (BLAS-11).
  {
    CB(cublasSetMathMode(h, CUBLAS_FP64_EMULATED_FIXEDPOINT_MATH));
    const Mat ea = Random<double>(60, 3, 3), eb = Random<double>(61, 3, 3);
    double* d_ea = ToDevice<double>(ea, 3);
    double* d_eb = ToDevice<double>(eb, 3);
    double* d_ec = ToDevice<double>(Mat(3, 3), 3);
    const double e_one = 1.0 / 3.0, e_zero = 0;
    CB(cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 3, 3, 3, &e_one, d_ea, 3, d_eb, 3, &e_zero, d_ec, 3));
    check.Near("dgemm under the emulated math mode", FromDevice(d_ec, 3, 3, 3), Scaled(ea * eb, 1.0 / 3.0), false, 2e-16);
    CB(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 3, 3, 3, &e_one, d_ea, CUDA_R_64F, 3, d_eb, CUDA_R_64F, 3, &e_zero, d_ec,
                    CUDA_R_64F, 3, CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT, CUBLAS_GEMM_DEFAULT));
    check.Near("gemmEx with the emulated compute type", FromDevice(d_ec, 3, 3, 3), Scaled(ea * eb, 1.0 / 3.0), false,
               2e-16);
    CB(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH));
    CK(cudaFree(d_ea)); CK(cudaFree(d_eb)); CK(cudaFree(d_ec));
  }
  check.Equal("unknown emulation strategy", cublasSetEmulationStrategy(h, static_cast<cublasEmulationStrategy_t>(7)),
              CUBLAS_STATUS_INVALID_VALUE);
  CK(cudaFree(d));
  CK(cudaFree(z));
  CB(cublasDestroy(h));
  return check.Finish();
}
