// cuSOLVER's staged sparse factorizations (cusolverSp_LOWLEVEL_PREVIEW.h) in D and Z, host and
// device forms: Cholesky (analysis, buffer sizes, factor, zero pivot, solve) checked by the
// residual of A x = b computed here from the CSR arrays; QR of A - mu I on a square matrix
// (residual of (A - mu I) x = b) and on a tall one (least squares: A^H (A x - b) = 0); the zero
// pivot of a matrix with a dependent column and of one that is not positive definite; a stage
// called before its predecessor.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      stages: 12 solves checked, worst residual {{[0-9.]+e[-+][0-9]+}}
// CHECK-NEXT: zero pivots: chol -1 2 qr -1 3
// CHECK-NEXT: out of order: 3 3
// CHECK-NOT:  {{.}}
#include <cuda_runtime.h>
#include <cusolverSp.h>
#include <cusolverSp_LOWLEVEL_PREVIEW.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <complex>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("FAIL %s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)
#define CS(x) do { cusolverStatus_t s_ = (x); if (s_ != CUSOLVER_STATUS_SUCCESS) { printf("FAIL line %d %s: %d\n", __LINE__, #x, (int)s_); exit(1); } } while (0)

using Z = std::complex<double>;
static Z Get(double v) { return v; }
static Z Get(cuDoubleComplex v) { return Z(v.x, v.y); }
static void Put(double& d, Z v) { d = v.real(); }
static void Put(cuDoubleComplex& d, Z v) { d = make_cuDoubleComplex(v.real(), v.imag()); }

struct Csr {
  int m = 0, n = 0;
  std::vector<int> ptr, col;
  std::vector<Z> val;
};

// Hermitian positive definite (band 3, some entries missing), or a general m x n matrix.
static Csr Make(int m, int n, bool hermitian, bool cplx) {
  Csr a;
  a.m = m;
  a.n = n;
  a.ptr.push_back(0);
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      const int lo = i < j ? i : j, hi = i < j ? j : i;
      if (hi - lo > 3 || (i != j && (lo + 2 * hi) % 4 == 0)) continue;
      Z v = i == j ? Z(9 + i % 2) : Z(sin(lo + 0.5 * hi), cplx ? cos(hi - lo * 0.3) : 0);
      if (!hermitian && i < j) v = Z(cos(i + 1.7 * j), cplx ? sin(0.2 * i) : 0);
      if (hermitian && i < j) v = std::conj(v);
      a.col.push_back(j);
      a.val.push_back(v);
    }
    a.ptr.push_back((int)a.col.size());
  }
  return a;
}

static double worst;
static int solves;

static void Record(double residual, const char* what) {
  if (!(residual < 1e-12)) { printf("FAIL %s: residual %g\n", what, residual); exit(1); }
  if (residual > worst) worst = residual;
  ++solves;
}

// max |op(A - mu I) v - w| / (max|A| max|v| + max|w|), op the identity, or the adjoint for a
// least-squares check (then w is the adjoint applied to b, computed by the caller as zero).
static double Residual(const Csr& a, Z mu, const std::vector<Z>& x, const std::vector<Z>& b, bool normal) {
  std::vector<Z> r(a.m);
  double an = fabs(std::abs(mu)), xn = 0, bn = 0;
  for (int i = 0; i < a.m; ++i) {
    r[i] = -b[i];
    for (int k = a.ptr[i]; k < a.ptr[i + 1]; ++k) { r[i] += a.val[k] * x[a.col[k]]; an = fmax(an, std::abs(a.val[k])); }
    if (i < a.n) r[i] -= mu * x[i];
    bn = fmax(bn, std::abs(b[i]));
  }
  for (Z v : x) xn = fmax(xn, std::abs(v));
  double worst_r = 0;
  if (!normal) {
    for (Z v : r) worst_r = fmax(worst_r, std::abs(v));
    return worst_r / (an * xn + bn);
  }
  std::vector<Z> g(a.n);  // A^H r
  for (int i = 0; i < a.m; ++i)
    for (int k = a.ptr[i]; k < a.ptr[i + 1]; ++k) g[a.col[k]] += std::conj(a.val[k]) * r[i];
  for (Z v : g) worst_r = fmax(worst_r, std::abs(v));
  return worst_r / (an * (an * xn + bn));
}

template <class T> struct Api;
#define API(P, T)                                                                                                    \
  template <> struct Api<T> {                                                                                        \
    static constexpr auto chol_buffer = cusolverSp##P##csrcholBufferInfoHost;                                        \
    static constexpr auto chol_factor = cusolverSp##P##csrcholFactorHost;                                            \
    static constexpr auto chol_pivot = cusolverSp##P##csrcholZeroPivotHost;                                          \
    static constexpr auto chol_solve = cusolverSp##P##csrcholSolveHost;                                              \
    static constexpr auto dchol_buffer = cusolverSp##P##csrcholBufferInfo;                                           \
    static constexpr auto dchol_factor = cusolverSp##P##csrcholFactor;                                               \
    static constexpr auto dchol_pivot = cusolverSp##P##csrcholZeroPivot;                                             \
    static constexpr auto dchol_solve = cusolverSp##P##csrcholSolve;                                                 \
    static constexpr auto qr_setup = cusolverSp##P##csrqrSetupHost;                                                  \
    static constexpr auto qr_buffer = cusolverSp##P##csrqrBufferInfoHost;                                            \
    static constexpr auto qr_factor = cusolverSp##P##csrqrFactorHost;                                                \
    static constexpr auto qr_pivot = cusolverSp##P##csrqrZeroPivotHost;                                              \
    static constexpr auto qr_solve = cusolverSp##P##csrqrSolveHost;                                                  \
    static constexpr auto dqr_setup = cusolverSp##P##csrqrSetup;                                                     \
    static constexpr auto dqr_buffer = cusolverSp##P##csrqrBufferInfo;                                               \
    static constexpr auto dqr_factor = cusolverSp##P##csrqrFactor;                                                   \
    static constexpr auto dqr_pivot = cusolverSp##P##csrqrZeroPivot;                                                 \
    static constexpr auto dqr_solve = cusolverSp##P##csrqrSolve;                                                     \
  };
API(D, double)
API(Z, cuDoubleComplex)

template <class T> static T* Device(const std::vector<T>& v) {
  T* d;
  CK(cudaMalloc(&d, sizeof(T) * (v.size() ? v.size() : 1)));
  CK(cudaMemcpy(d, v.data(), sizeof(T) * v.size(), cudaMemcpyHostToDevice));
  return d;
}
template <class T> static std::vector<Z> Back(const T* d, int n) {
  std::vector<T> h(n);
  CK(cudaMemcpy(h.data(), d, sizeof(T) * n, cudaMemcpyDeviceToHost));
  std::vector<Z> out(n);
  for (int i = 0; i < n; ++i) out[i] = Get(h[i]);
  return out;
}

// Cholesky on the host and the device; returns the zero pivot (tol 1e-12) the host form gives.
template <class T>
static int Cholesky(cusolverSpHandle_t h, cusparseMatDescr_t descr, const Csr& a, bool expect_solution) {
  const int n = a.n, nnz = (int)a.col.size();
  std::vector<T> val(nnz), b(n), x(n);
  for (int k = 0; k < nnz; ++k) Put(val[k], a.val[k]);
  std::vector<Z> zb(n);
  for (int i = 0; i < n; ++i) { zb[i] = Z(1 + cos(i), sizeof(T) == 16 ? sin(i) : 0); Put(b[i], zb[i]); }
  csrcholInfoHost_t info;
  CS(cusolverSpCreateCsrcholInfoHost(&info));
  CS(cusolverSpXcsrcholAnalysisHost(h, n, nnz, descr, a.ptr.data(), a.col.data(), info));
  size_t internal = 0, work = 0;
  CS(Api<T>::chol_buffer(h, n, nnz, descr, val.data(), a.ptr.data(), a.col.data(), info, &internal, &work));
  std::vector<char> buffer(work);
  CS(Api<T>::chol_factor(h, n, nnz, descr, val.data(), a.ptr.data(), a.col.data(), info, buffer.data()));
  int pivot = -5;
  CS(Api<T>::chol_pivot(h, info, 1e-12, &pivot));
  CS(Api<T>::chol_solve(h, n, b.data(), x.data(), info, buffer.data()));
  CS(cusolverSpDestroyCsrcholInfoHost(info));
  if (!expect_solution) return pivot;
  std::vector<Z> zx(n);
  for (int i = 0; i < n; ++i) zx[i] = Get(x[i]);
  Record(Residual(a, 0, zx, zb, false), "host Cholesky");

  int *dp = Device(a.ptr), *dc = Device(a.col);
  T *dv = Device(val), *db = Device(b), *dx = Device(x);
  csrcholInfo_t dinfo;
  CS(cusolverSpCreateCsrcholInfo(&dinfo));
  CS(cusolverSpXcsrcholAnalysis(h, n, nnz, descr, dp, dc, dinfo));
  CS(Api<T>::dchol_buffer(h, n, nnz, descr, dv, dp, dc, dinfo, &internal, &work));
  void* dbuf;
  CK(cudaMalloc(&dbuf, work));
  CS(Api<T>::dchol_factor(h, n, nnz, descr, dv, dp, dc, dinfo, dbuf));
  int dpivot = -5;
  CS(Api<T>::dchol_pivot(h, dinfo, 1e-12, &dpivot));
  CS(Api<T>::dchol_solve(h, n, db, dx, dinfo, dbuf));
  CS(cusolverSpDestroyCsrcholInfo(dinfo));
  if (dpivot != pivot) { printf("FAIL device pivot %d host %d\n", dpivot, pivot); exit(1); }
  Record(Residual(a, 0, Back(dx, n), zb, false), "device Cholesky");
  CK(cudaFree(dp)); CK(cudaFree(dc)); CK(cudaFree(dv)); CK(cudaFree(db)); CK(cudaFree(dx)); CK(cudaFree(dbuf));
  return pivot;
}

// QR of A - mu I on the host and the device (the device form solving inside Factor).
template <class T>
static int Qr(cusolverSpHandle_t h, cusparseMatDescr_t descr, const Csr& a, Z mu, bool expect_solution) {
  const int m = a.m, n = a.n, nnz = (int)a.col.size();
  std::vector<T> val(nnz), b(m), x(n);
  for (int k = 0; k < nnz; ++k) Put(val[k], a.val[k]);
  std::vector<Z> zb(m);
  for (int i = 0; i < m; ++i) { zb[i] = Z(sin(2.0 * i) + 0.5, sizeof(T) == 16 ? cos(i) : 0); Put(b[i], zb[i]); }
  T tmu;
  Put(tmu, mu);
  csrqrInfoHost_t info;
  CS(cusolverSpCreateCsrqrInfoHost(&info));
  CS(cusolverSpXcsrqrAnalysisHost(h, m, n, nnz, descr, a.ptr.data(), a.col.data(), info));
  CS(Api<T>::qr_setup(h, m, n, nnz, descr, val.data(), a.ptr.data(), a.col.data(), tmu, info));
  size_t internal = 0, work = 0;
  CS(Api<T>::qr_buffer(h, m, n, nnz, descr, val.data(), a.ptr.data(), a.col.data(), info, &internal, &work));
  std::vector<char> buffer(work);
  CS(Api<T>::qr_factor(h, m, n, nnz, nullptr, nullptr, info, buffer.data()));
  int pivot = -5;
  CS(Api<T>::qr_pivot(h, info, 1e-12, &pivot));
  if (!expect_solution) { CS(cusolverSpDestroyCsrqrInfoHost(info)); return pivot; }
  CS(Api<T>::qr_solve(h, m, n, b.data(), x.data(), info, buffer.data()));
  CS(cusolverSpDestroyCsrqrInfoHost(info));
  std::vector<Z> zx(n);
  for (int i = 0; i < n; ++i) zx[i] = Get(x[i]);
  Record(Residual(a, mu, zx, zb, m != n), "host QR");

  int *dp = Device(a.ptr), *dc = Device(a.col);
  T *dv = Device(val), *db = Device(b), *dx = Device(x);
  csrqrInfo_t dinfo;
  CS(cusolverSpCreateCsrqrInfo(&dinfo));
  CS(cusolverSpXcsrqrAnalysis(h, m, n, nnz, descr, dp, dc, dinfo));
  CS(Api<T>::dqr_setup(h, m, n, nnz, descr, dv, dp, dc, tmu, dinfo));
  CS(Api<T>::dqr_buffer(h, m, n, nnz, descr, dv, dp, dc, dinfo, &internal, &work));
  void* dbuf;
  CK(cudaMalloc(&dbuf, work));
  CS(Api<T>::dqr_factor(h, m, n, nnz, db, dx, dinfo, dbuf));
  CS(cusolverSpDestroyCsrqrInfo(dinfo));
  Record(Residual(a, mu, Back(dx, n), zb, m != n), "device QR");
  CK(cudaFree(dp)); CK(cudaFree(dc)); CK(cudaFree(dv)); CK(cudaFree(db)); CK(cudaFree(dx)); CK(cudaFree(dbuf));
  return pivot;
}

int main() {
  cusolverSpHandle_t h;
  CS(cusolverSpCreate(&h));
  cusparseMatDescr_t descr;
  cusparseCreateMatDescr(&descr);
  const int chol_ok = Cholesky<double>(h, descr, Make(30, 30, true, false), true);
  Cholesky<cuDoubleComplex>(h, descr, Make(17, 17, true, true), true);
  const int qr_ok = Qr<double>(h, descr, Make(25, 25, false, false), 0, true);
  Qr<cuDoubleComplex>(h, descr, Make(19, 19, false, true), Z(0.5, -0.25), true);
  Qr<double>(h, descr, Make(28, 12, false, false), 0, true);
  Qr<cuDoubleComplex>(h, descr, Make(21, 9, false, true), 0, true);

  // Not positive definite at column 2: its diagonal is negative.
  Csr p = Make(8, 8, true, false);
  for (int k = p.ptr[2]; k < p.ptr[3]; ++k) if (p.col[k] == 2) p.val[k] = -1;
  const int chol_bad = Cholesky<double>(h, descr, p, false);
  // Column 3 equals column 0 minus column 2 (the others independent).
  Csr s = Make(7, 7, false, false);
  {
    std::vector<std::vector<Z>> d(7, std::vector<Z>(7));
    for (int i = 0; i < 7; ++i) for (int k = s.ptr[i]; k < s.ptr[i + 1]; ++k) d[i][s.col[k]] = s.val[k];
    for (int i = 0; i < 7; ++i) d[i][3] = d[i][0] - d[i][2];
    s.ptr.assign(1, 0); s.col.clear(); s.val.clear();
    for (int i = 0; i < 7; ++i) {
      for (int j = 0; j < 7; ++j) if (d[i][j] != Z(0)) { s.col.push_back(j); s.val.push_back(d[i][j]); }
      s.ptr.push_back((int)s.col.size());
    }
  }
  const int qr_bad = Qr<double>(h, descr, s, 0, false);
  printf("stages: %d solves checked, worst residual %.1e\n", solves, worst);
  printf("zero pivots: chol %d %d qr %d %d\n", chol_ok, chol_bad, qr_ok, qr_bad);

  // Factor before analysis; solve before factor.
  csrcholInfoHost_t info;
  CS(cusolverSpCreateCsrcholInfoHost(&info));
  double v[1] = {2}, bb[1] = {1}, xx[1];
  int ptr[2] = {0, 1}, col[1] = {0};
  const cusolverStatus_t early_factor = cusolverSpDcsrcholFactorHost(h, 1, 1, descr, v, ptr, col, info, nullptr);
  CS(cusolverSpXcsrcholAnalysisHost(h, 1, 1, descr, ptr, col, info));
  const cusolverStatus_t early_solve = cusolverSpDcsrcholSolveHost(h, 1, bb, xx, info, nullptr);
  CS(cusolverSpDestroyCsrcholInfoHost(info));
  printf("out of order: %d %d\n", early_factor, early_solve);
  cusparseDestroyMatDescr(descr);
  CS(cusolverSpDestroy(h));
  return 0;
}
