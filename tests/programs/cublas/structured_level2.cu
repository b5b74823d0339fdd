// cuBLAS's level 2 routines of structured matrices and its rotations, every precision they exist
// in, checked by recomputing on the host with dense matrices: the symmetric and Hermitian products
// (full, banded, packed) and the general banded product, the triangular products and solves (full,
// banded, packed) for every fill mode, operation and diagonal, the rank-1 and rank-2 updates of a
// triangle (the other triangle must stay as it was), geru and gerc, rot, rotg, rotm and rotmg.
// Entries outside the stored part hold NaN, which must not be read; beta zero over NaNs in y.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all checks pass
// CHECK-NEXT: worst relative error: single {{[0-9.]+e-[0-9]+}}, double {{[0-9.]+e-[0-9]+}}
// CHECK-NOT:  {{.}}
#include <cublas_v2.h>

#include "../Inputs/dense_check.h"

#define CB(x) do { cublasStatus_t s_ = (x); if (s_ != CUBLAS_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

static Checker check;
static const double kNaN = NAN;

// The entry points of one precision; the ones a precision lacks are null.
template <class T> struct Api;
#define API_COMMON(P)                                                                                  \
  static constexpr auto gbmv = cublas##P##gbmv; static constexpr auto trmv = cublas##P##trmv;            \
  static constexpr auto tbmv = cublas##P##tbmv; static constexpr auto tpmv = cublas##P##tpmv;            \
  static constexpr auto trsv = cublas##P##trsv; static constexpr auto tbsv = cublas##P##tbsv;            \
  static constexpr auto tpsv = cublas##P##tpsv;
template <> struct Api<float> {
  API_COMMON(S)
  static constexpr auto hemv = cublasSsymv; static constexpr auto hbmv = cublasSsbmv; static constexpr auto hpmv = cublasSspmv;
  static constexpr auto her = cublasSsyr; static constexpr auto her2 = cublasSsyr2; static constexpr auto hpr = cublasSspr;
  static constexpr auto hpr2 = cublasSspr2;
};
template <> struct Api<double> {
  API_COMMON(D)
  static constexpr auto hemv = cublasDsymv; static constexpr auto hbmv = cublasDsbmv; static constexpr auto hpmv = cublasDspmv;
  static constexpr auto her = cublasDsyr; static constexpr auto her2 = cublasDsyr2; static constexpr auto hpr = cublasDspr;
  static constexpr auto hpr2 = cublasDspr2;
};
template <> struct Api<cuComplex> {
  API_COMMON(C)
  static constexpr auto hemv = cublasChemv; static constexpr auto hbmv = cublasChbmv; static constexpr auto hpmv = cublasChpmv;
  static constexpr auto her = cublasCher; static constexpr auto her2 = cublasCher2; static constexpr auto hpr = cublasChpr;
  static constexpr auto hpr2 = cublasChpr2;
};
template <> struct Api<cuDoubleComplex> {
  API_COMMON(Z)
  static constexpr auto hemv = cublasZhemv; static constexpr auto hbmv = cublasZhbmv; static constexpr auto hpmv = cublasZhpmv;
  static constexpr auto her = cublasZher; static constexpr auto her2 = cublasZher2; static constexpr auto hpr = cublasZhpr;
  static constexpr auto hpr2 = cublasZhpr2;
};
template <class T> using Real = std::conditional_t<IsSingle<T>(), float, double>;

static Mat Column(const Mat& m, int j) {
  Mat c(m.rows, 1);
  for (int i = 0; i < m.rows; ++i) c(i, 0) = m(i, j);
  return c;
}
static bool InTriangle(bool lower, int i, int j) { return lower ? i >= j : i <= j; }
// Position of (i, j) of the triangle in packed storage.
static int Packed(bool lower, int n, int i, int j) { return lower ? i + (2 * n - j - 1) * j / 2 : i + j * (j + 1) / 2; }
// Band storage of a matrix with kl subdiagonals and ku superdiagonals: (ku + i - j, j).
static Mat ToBand(const Mat& a, int kl, int ku, int ld) {
  Mat b(ld, a.cols);
  for (Z& v : b.v) v = Z(kNaN, kNaN);
  for (int j = 0; j < a.cols; ++j)
    for (int i = 0; i < a.rows; ++i)
      if (i - j <= kl && j - i <= ku) b(ku + i - j, j) = a(i, j);
  return b;
}
static Mat ToPacked(const Mat& a, bool lower) {
  const int n = a.rows;
  Mat p(n * (n + 1) / 2, 1);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      if (InTriangle(lower, i, j)) p(Packed(lower, n, i, j), 0) = a(i, j);
  return p;
}
// A's triangle with NaN elsewhere, for a full matrix operand.
static Mat OnlyTriangle(const Mat& a, bool lower) {
  Mat t = a;
  for (int j = 0; j < a.cols; ++j)
    for (int i = 0; i < a.rows; ++i)
      if (!InTriangle(lower, i, j)) t(i, j) = Z(kNaN, kNaN);
  return t;
}
// A Hermitian (symmetric, for real T) matrix of bandwidth k (k = n - 1: full).
template <class T> Mat Hermitian(int seed, int n, int k) {
  Mat a = Random<T>(seed, n, n);
  for (int j = 0; j < n; ++j) {
    a(j, j) = Z(a(j, j).real() + 3);
    for (int i = j + 1; i < n; ++i) {
      if (i - j > k) a(i, j) = 0;
      a(j, i) = std::conj(a(i, j));
    }
  }
  return a;
}
static Mat Op(const Mat& a, cublasOperation_t op) {
  return op == CUBLAS_OP_N ? a : op == CUBLAS_OP_T ? Transpose(a) : Adjoint(a);
}

template <class T> static void Products(cublasHandle_t h) {
  const bool single = IsSingle<T>();
  const double tol = single ? 2e-6 : 1e-14;
  const int n = 6, k = 2, incx = 2, incy = 3;
  const Z alpha = IsComplex<T>() ? Z(0.5, -0.25) : Z(0.5), beta = IsComplex<T>() ? Z(-1.5, 0.5) : Z(-1.5);
  const T a_ = Narrow<T>(alpha), b_ = Narrow<T>(beta), zero_ = Narrow<T>(Z(0));
  for (bool lower : {true, false}) {
    const cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    for (int band : {n - 1, k}) {
      const Mat a = Hermitian<T>(1 + band, n, band);
      const Mat x = Random<T>(5, 1 + (n - 1) * incx, 1), y = Random<T>(6, 1 + (n - 1) * incy, 1);
      Mat xs(n, 1), ys(n, 1);
      for (int i = 0; i < n; ++i) { xs(i, 0) = x(i * incx, 0); ys(i, 0) = y(i * incy, 0); }
      const Mat ax = a * xs;
      for (int form = 0; form < 3; ++form) {  // full, banded, packed
        if (band != n - 1 && form != 1) continue;
        for (bool beta_zero : {false, true}) {
          T* d_x = ToDevice<T>(x, x.rows);
          T* d_y = ToDevice<T>(beta_zero ? Mat(y.rows, 1) : y, y.rows);
          if (beta_zero) {  // NaN where y is to be written without being read
            std::vector<T> nan(y.rows, Narrow<T>(Z(kNaN, kNaN)));
            for (int i = 0; i < y.rows; i += incy) CK(cudaMemcpy(d_y + i, nan.data(), sizeof(T), cudaMemcpyHostToDevice));
          }
          const T* bp = beta_zero ? &zero_ : &b_;
          T* d_a = nullptr;
          std::string name = std::string(single ? "single " : "double ") + (IsComplex<T>() ? "complex " : "") +
                             (lower ? "lower " : "upper ") + (beta_zero ? "beta0 " : "");
          if (form == 0) {
            d_a = ToDevice<T>(OnlyTriangle(a, lower), n + 1);
            CB(Api<T>::hemv(h, uplo, n, &a_, d_a, n + 1, d_x, incx, bp, d_y, incy));
            name += "hemv";
          } else if (form == 1) {
            const Mat stored = ToBand(a, lower ? band : 0, lower ? 0 : band, band + 2);
            d_a = ToDevice<T>(stored, band + 2);
            CB(Api<T>::hbmv(h, uplo, n, band, &a_, d_a, band + 2, d_x, incx, bp, d_y, incy));
            name += "hbmv";
          } else {
            d_a = ToDevice<T>(ToPacked(a, lower), n * (n + 1) / 2);
            CB(Api<T>::hpmv(h, uplo, n, &a_, d_a, d_x, incx, bp, d_y, incy));
            name += "hpmv";
          }
          const Mat got = FromDevice(d_y, y.rows, 1, y.rows);
          Mat g(n, 1), want(n, 1);
          for (int i = 0; i < n; ++i) {
            g(i, 0) = got(i * incy, 0);
            want(i, 0) = alpha * ax(i, 0) + (beta_zero ? Z(0) : beta * ys(i, 0));
          }
          check.Near(name, g, want, single, tol);
          CK(cudaFree(d_a)); CK(cudaFree(d_x)); CK(cudaFree(d_y));
        }
      }
    }
  }
  // gbmv: a 7 x 5 band matrix with 2 sub- and 1 superdiagonal, every operation.
  const int m = 7, cols = 5, kl = 2, ku = 1;
  Mat g = Random<T>(9, m, cols);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < m; ++i)
      if (i - j > kl || j - i > ku) g(i, j) = 0;
  for (cublasOperation_t op : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C}) {
    const Mat opg = Op(g, op);
    const Mat x = Random<T>(10, opg.cols, 1), y = Random<T>(11, opg.rows, 1);
    T* d_a = ToDevice<T>(ToBand(g, kl, ku, kl + ku + 2), kl + ku + 2);
    T* d_x = ToDevice<T>(x, x.rows);
    T* d_y = ToDevice<T>(y, y.rows);
    CB(Api<T>::gbmv(h, op, m, cols, kl, ku, &a_, d_a, kl + ku + 2, d_x, 1, &b_, d_y, 1));
    Mat want = opg * x;
    for (int i = 0; i < want.rows; ++i) want(i, 0) = alpha * want(i, 0) + beta * y(i, 0);
    check.Near(std::string("gbmv op ") + std::to_string(op), FromDevice(d_y, y.rows, 1, y.rows), want, single, tol);
    CK(cudaFree(d_a)); CK(cudaFree(d_x)); CK(cudaFree(d_y));
  }
}

template <class T> static void Triangles(cublasHandle_t h) {
  const bool single = IsSingle<T>();
  const double tol = single ? 5e-6 : 1e-13;
  const int n = 5, k = 2;
  for (bool lower : {true, false})
    for (cublasOperation_t op : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C})
      for (bool unit : {false, true})
        for (int form = 0; form < 3; ++form)
          for (bool solve : {false, true}) {
            const int band = form == 1 ? k : n - 1;
            Mat t = Random<T>(20 + form, n, n), stored_full = t;
            for (int j = 0; j < n; ++j)
              for (int i = 0; i < n; ++i) {
                if (!InTriangle(lower, i, j) || std::abs(i - j) > band) t(i, j) = 0;
                if (i == j) { t(i, j) += 3; stored_full(i, j) = unit ? Z(kNaN, kNaN) : t(i, j); if (unit) t(i, j) = 1; }
                else stored_full(i, j) = InTriangle(lower, i, j) ? t(i, j) : Z(kNaN, kNaN);
              }
            const Mat x = Random<T>(30, n, 1);
            T* d_x = ToDevice<T>(x, n);
            T* d_a;
            const cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
            const cublasDiagType_t diag = unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
            if (form == 0) {
              d_a = ToDevice<T>(stored_full, n);
              CB((solve ? Api<T>::trsv : Api<T>::trmv)(h, uplo, op, diag, n, d_a, n, d_x, 1));
            } else if (form == 1) {
              Mat s = ToBand(stored_full, lower ? k : 0, lower ? 0 : k, k + 1);
              d_a = ToDevice<T>(s, k + 1);
              CB((solve ? Api<T>::tbsv : Api<T>::tbmv)(h, uplo, op, diag, n, k, d_a, k + 1, d_x, 1));
            } else {
              d_a = ToDevice<T>(ToPacked(stored_full, lower), n * (n + 1) / 2);
              CB((solve ? Api<T>::tpsv : Api<T>::tpmv)(h, uplo, op, diag, n, d_a, d_x, 1));
            }
            const Mat got = FromDevice(d_x, n, 1, n);
            const std::string name = std::string("triangular form ") + std::to_string(form) + (solve ? " solve" : " product") +
                                     (lower ? " L" : " U") + std::to_string(op) + (unit ? "U" : "N");
            if (solve) check.Near(name, Op(t, op) * got, x, single, tol);
            else check.Near(name, got, Op(t, op) * x, single, tol);
            CK(cudaFree(d_a)); CK(cudaFree(d_x));
          }
}

// The rank-1 and rank-2 updates: the named triangle becomes the update's, the other is kept.
template <class T> static void Updates(cublasHandle_t h) {
  const bool single = IsSingle<T>();
  const double tol = single ? 2e-6 : 1e-14;
  const int n = 5;
  const Z alpha = IsComplex<T>() ? Z(0.5, -0.25) : Z(0.5);
  const T a_ = Narrow<T>(alpha);
  const Real<T> ra = 0.75;
  for (bool lower : {true, false})
    for (bool packed : {false, true})
      for (bool two : {false, true}) {
        const Mat a = Hermitian<T>(40, n, n - 1), x = Random<T>(41, n, 1), y = Random<T>(42, n, 1);
        const cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
        T* d_x = ToDevice<T>(x, n);
        T* d_y = ToDevice<T>(y, n);
        T* d_a = packed ? ToDevice<T>(ToPacked(a, lower), n * (n + 1) / 2) : ToDevice<T>(a, n);
        if (!two && !packed) CB(Api<T>::her(h, uplo, n, &ra, d_x, 1, d_a, n));
        if (!two && packed) CB(Api<T>::hpr(h, uplo, n, &ra, d_x, 1, d_a));
        if (two && !packed) CB(Api<T>::her2(h, uplo, n, &a_, d_x, 1, d_y, 1, d_a, n));
        if (two && packed) CB(Api<T>::hpr2(h, uplo, n, &a_, d_x, 1, d_y, 1, d_a));
        const Z one_alpha = Z(ra);  // her and hpr (syr and spr) take a real alpha
        Mat want = a;
        const Mat xh = Adjoint(x), yh = Adjoint(y), xx = x * xh, xy = x * yh, yx = y * xh;
        for (size_t e = 0; e < want.v.size(); ++e)
          want.v[e] += two ? alpha * xy.v[e] + std::conj(alpha) * yx.v[e] : one_alpha * xx.v[e];
        Mat got(n, n);
        if (packed) {
          const Mat p = FromDevice(d_a, n * (n + 1) / 2, 1, n * (n + 1) / 2);
          for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) got(i, j) = InTriangle(lower, i, j) ? p(Packed(lower, n, i, j), 0) : want(i, j);
        } else {
          got = FromDevice(d_a, n, n, n);
          for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i)
              if (!InTriangle(lower, i, j)) want(i, j) = a(i, j);  // the other triangle is untouched
        }
        check.Near(std::string("update") + (two ? "2" : "1") + (packed ? " packed" : " full") + (lower ? " L" : " U"), got,
                   want, single, tol);
        CK(cudaFree(d_a)); CK(cudaFree(d_x)); CK(cudaFree(d_y));
      }
}

template <class T, class F> static void ComplexGer(cublasHandle_t h, F ger, bool conjugate) {
  const int m = 4, n = 3;
  const Mat a = Random<T>(50, m, n), x = Random<T>(51, m, 1), y = Random<T>(52, n, 1);
  const Z alpha(0.25, 1.0);
  const T a_ = Narrow<T>(alpha);
  T* d_a = ToDevice<T>(a, m + 1);
  T* d_x = ToDevice<T>(x, m);
  T* d_y = ToDevice<T>(y, n);
  CB(ger(h, m, n, &a_, d_x, 1, d_y, 1, d_a, m + 1));
  Mat want = x * (conjugate ? Adjoint(y) : Transpose(y));
  for (size_t e = 0; e < want.v.size(); ++e) want.v[e] = a.v[e] + alpha * want.v[e];
  check.Near(conjugate ? "gerc" : "geru", FromDevice(d_a, m, n, m + 1), want, IsSingle<T>(), IsSingle<T>() ? 2e-6 : 1e-14);
  CK(cudaFree(d_a)); CK(cudaFree(d_x)); CK(cudaFree(d_y));
}

static void Rotations(cublasHandle_t h) {
  const int n = 4;
  double x[n] = {1, -2, 3, 0.5}, y[n] = {4, 0.25, -1, 2};
  double *d_x, *d_y;
  CK(cudaMalloc(&d_x, sizeof x)); CK(cudaMalloc(&d_y, sizeof y));
  CK(cudaMemcpy(d_x, x, sizeof x, cudaMemcpyHostToDevice)); CK(cudaMemcpy(d_y, y, sizeof y, cudaMemcpyHostToDevice));
  const double c = 0.6, s = 0.8;
  CB(cublasDrot(h, n, d_x, 1, d_y, 1, &c, &s));
  Mat got(2 * n, 1), want(2 * n, 1);
  const std::vector<double> gx = HostArray(d_x, n), gy = HostArray(d_y, n);
  for (int i = 0; i < n; ++i) {
    got(i, 0) = gx[i]; got(n + i, 0) = gy[i];
    want(i, 0) = c * x[i] + s * y[i]; want(n + i, 0) = c * y[i] - s * x[i];
  }
  check.Near("Drot", got, want, false, 1e-15);
  // the complex rotation with a complex sine: y = c y - conj(s) x
  cuComplex cx[2] = {{1, 2}, {-0.5f, 0.25f}}, cy[2] = {{3, -1}, {0, 1}};
  cuComplex *d_cx, *d_cy;
  CK(cudaMalloc(&d_cx, sizeof cx)); CK(cudaMalloc(&d_cy, sizeof cy));
  CK(cudaMemcpy(d_cx, cx, sizeof cx, cudaMemcpyHostToDevice)); CK(cudaMemcpy(d_cy, cy, sizeof cy, cudaMemcpyHostToDevice));
  const float cc = 0.6f;
  const cuComplex cs = {0.0f, 0.8f};
  CB(cublasCrot(h, 2, d_cx, 1, d_cy, 1, &cc, &cs));
  const std::vector<cuComplex> hx = HostArray(d_cx, 2), hy = HostArray(d_cy, 2);
  Mat cg(4, 1), cw(4, 1);
  for (int i = 0; i < 2; ++i) {
    const Z a = Widen(cx[i]), b = Widen(cy[i]), sz = Widen(cs);
    cg(i, 0) = Widen(hx[i]); cg(2 + i, 0) = Widen(hy[i]);
    cw(i, 0) = Z(cc) * a + sz * b; cw(2 + i, 0) = Z(cc) * b - std::conj(sz) * a;
  }
  check.Near("Crot", cg, cw, true, 1e-6);
  // rotg: (c, s) with c a + s b = r and c b - s a = 0
  double ra = 3, rb = -4, rc = 0, rs = 0;
  CB(cublasDrotg(h, &ra, &rb, &rc, &rs));
  check.True("Drotg zeroes b", std::fabs(rc * -4.0 - rs * 3.0) < 1e-15 && std::fabs(rc * 3.0 + rs * -4.0 - ra) < 1e-15 &&
                                   std::fabs(rc * rc + rs * rs - 1) < 1e-15);
  // rotmg then rotm: the modified rotation built for (x1, y1) zeroes the second component
  double d1 = 2, d2 = 3, x1 = 1.5, y1 = -0.75, param[5];
  CB(cublasDrotmg(h, &d1, &d2, &x1, &y1, param));
  double px[1] = {1.5}, py[1] = {-0.75};
  double *d_px, *d_py;
  CK(cudaMalloc(&d_px, sizeof px)); CK(cudaMalloc(&d_py, sizeof py));
  CK(cudaMemcpy(d_px, px, sizeof px, cudaMemcpyHostToDevice)); CK(cudaMemcpy(d_py, py, sizeof py, cudaMemcpyHostToDevice));
  CB(cublasDrotm(h, 1, d_px, 1, d_py, 1, param));
  const std::vector<double> ry = HostArray(d_py, 1), rx = HostArray(d_px, 1);
  check.True("Drotmg then Drotm zeroes y", std::fabs(ry[0]) < 1e-15 && std::fabs(rx[0] - x1) < 1e-14);
  CK(cudaFree(d_x)); CK(cudaFree(d_y)); CK(cudaFree(d_cx)); CK(cudaFree(d_cy)); CK(cudaFree(d_px)); CK(cudaFree(d_py));
}

int main() {
  cublasHandle_t h;
  CB(cublasCreate(&h));
  Products<float>(h); Products<double>(h); Products<cuComplex>(h); Products<cuDoubleComplex>(h);
  Triangles<float>(h); Triangles<double>(h); Triangles<cuComplex>(h); Triangles<cuDoubleComplex>(h);
  Updates<float>(h); Updates<double>(h); Updates<cuComplex>(h); Updates<cuDoubleComplex>(h);
  ComplexGer<cuComplex>(h, cublasCgeru, false); ComplexGer<cuComplex>(h, cublasCgerc, true);
  ComplexGer<cuDoubleComplex>(h, cublasZgeru, false); ComplexGer<cuDoubleComplex>(h, cublasZgerc, true);
  Rotations(h);
  double* d;
  CK(cudaMalloc(&d, 64 * sizeof(double)));
  const double one = 1;
  check.Equal("symv full fill mode", cublasDsymv(h, CUBLAS_FILL_MODE_FULL, 2, &one, d, 2, d, 1, &one, d, 1),
              CUBLAS_STATUS_INVALID_VALUE);
  check.Equal("symv lda < n", cublasDsymv(h, CUBLAS_FILL_MODE_LOWER, 3, &one, d, 2, d, 1, &one, d, 1),
              CUBLAS_STATUS_INVALID_VALUE);
  check.Equal("sbmv lda < k + 1", cublasDsbmv(h, CUBLAS_FILL_MODE_LOWER, 3, 2, &one, d, 2, d, 1, &one, d, 1),
              CUBLAS_STATUS_INVALID_VALUE);
  check.Equal("trmv zero increment", cublasDtrmv(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, 2, d, 2, d, 0),
              CUBLAS_STATUS_INVALID_VALUE);
  check.Equal("gbmv lda < kl + ku + 1", cublasDgbmv(h, CUBLAS_OP_N, 3, 3, 1, 1, &one, d, 2, d, 1, &one, d, 1),
              CUBLAS_STATUS_INVALID_VALUE);
  CK(cudaFree(d));
  CB(cublasDestroy(h));
  return check.Finish();
}
