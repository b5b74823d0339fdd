// cuSOLVER's sparse solves csrlsvlu (host), csrlsvqr and csrlsvchol (host and device) in S, D and Z
// on CSR matrices with zero- and one-based indices: each x is checked by the residual
// ||A x - b|| / (||A|| ||x|| + ||b||) computed here from the CSR arrays; Cholesky reads only the
// lower triangle (the upper one holds garbage); a singular matrix gives the index of its first
// dependent column; every reordering code gives the same solution; the argument errors.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      solves: 75 checked, worst residual single {{[0-9.]+e[-+][0-9]+}} double {{[0-9.]+e[-+][0-9]+}}
// CHECK-NEXT: singular: lu 3 qr 3 chol 2 lu-device-qr 3
// CHECK-NEXT: statuses: 8 3 1 1
// CHECK-NOT:  {{.}}
#include <cuda_runtime.h>
#include <cusolverSp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <complex>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("FAIL %s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)
#define CS(x) do { cusolverStatus_t s_ = (x); if (s_ != CUSOLVER_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

using Z = std::complex<double>;
static Z Get(float v) { return v; }
static Z Get(double v) { return v; }
static Z Get(cuDoubleComplex v) { return Z(v.x, v.y); }
static void Put(float& d, Z v) { d = (float)v.real(); }
static void Put(double& d, Z v) { d = v.real(); }
static void Put(cuDoubleComplex& d, Z v) { d = make_cuDoubleComplex(v.real(), v.imag()); }

enum Method { kLu, kQr, kChol };

struct Csr {
  int n = 0;
  std::vector<int> ptr, col;
  std::vector<Z> val;
};

// A nonsymmetric n x n matrix with an irregular pattern (entries up to 4 below and 3 above the
// diagonal), diagonally dominant; or, for Cholesky, a Hermitian positive definite one.
static Csr Make(int n, bool hermitian, bool complex_values) {
  Csr a;
  a.n = n;
  a.ptr.push_back(0);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      const int d = i - j, lo = i < j ? i : j, hi = i < j ? j : i;
      const int skip = hermitian ? (lo * 7 + hi * 3) % 5 : (i * 7 + j * 3) % 5;
      if (d > 4 || d < -3 || (d != 0 && skip == 0)) continue;
      Z v;
      if (d == 0) {
        v = 12.0 + i % 3;
      } else if (hermitian) {
        if (hi - lo > 3) continue;
        v = Z(sin(lo + 2.0 * hi), complex_values ? cos(lo * 1.0 + hi) : 0);
        if (i < j) v = std::conj(v);
      } else {
        v = Z(sin(i * 1.3 + j), complex_values ? cos(i - 0.7 * j) : 0);
      }
      a.col.push_back(j);
      a.val.push_back(v);
    }
    a.ptr.push_back((int)a.col.size());
  }
  return a;
}

static double worst[2];
static int solves;

template <class T>
static cusolverStatus_t Call(Method m, bool device, cusolverSpHandle_t h, int n, int nnz, cusparseMatDescr_t d,
                             const T* v, const int* p, const int* c, const T* b, double tol, int reorder, T* x, int* s);
#define SP_CALLS(P, T, R)                                                                                          \
  template <>                                                                                                      \
  cusolverStatus_t Call<T>(Method m, bool device, cusolverSpHandle_t h, int n, int nnz, cusparseMatDescr_t d,     \
                           const T* v, const int* p, const int* c, const T* b, double tol, int r, T* x, int* s) { \
    if (m == kLu) return cusolverSp##P##csrlsvluHost(h, n, nnz, d, v, p, c, b, (R)tol, r, x, s);                  \
    if (m == kQr)                                                                                                  \
      return device ? cusolverSp##P##csrlsvqr(h, n, nnz, d, v, p, c, b, (R)tol, r, x, s)                           \
                    : cusolverSp##P##csrlsvqrHost(h, n, nnz, d, v, p, c, b, (R)tol, r, x, s);                      \
    return device ? cusolverSp##P##csrlsvchol(h, n, nnz, d, v, p, c, b, (R)tol, r, x, s)                           \
                  : cusolverSp##P##csrlsvcholHost(h, n, nnz, d, v, p, c, b, (R)tol, r, x, s);                      \
  }
SP_CALLS(S, float, float)
SP_CALLS(D, double, double)
SP_CALLS(Z, cuDoubleComplex, double)

// Solves A x = b as the program's own arrays hold it; returns the singularity output.
template <class T>
static int Solve(cusolverSpHandle_t h, Method m, bool device, int base, int reorder, const Csr& a, const std::vector<Z>& b,
                 std::vector<Z>* x) {
  cusparseMatDescr_t descr;
  cusparseCreateMatDescr(&descr);
  cusparseSetMatIndexBase(descr, base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO);
  const int n = a.n, nnz = (int)a.col.size();
  std::vector<int> ptr(a.ptr), col(a.col);
  for (int& v : ptr) v += base;
  for (int& v : col) v += base;
  std::vector<T> val(nnz), hb(n), hx(n);
  for (int k = 0; k < nnz; ++k) Put(val[k], a.val[k]);
  if (m == kChol) {  // the strict upper triangle must not be read
    for (int i = 0; i < n; ++i)
      for (int k = a.ptr[i]; k < a.ptr[i + 1]; ++k)
        if (a.col[k] > i) Put(val[k], Z(1e6, -1e6));
  }
  for (int i = 0; i < n; ++i) Put(hb[i], b[i]);
  const bool single = sizeof(T) == 4;
  const double tol = single ? 1e-5 : 1e-12;
  int singularity = -7;
  if (device) {
    int *dp, *dc;
    T *dv, *db, *dx;
    CK(cudaMalloc(&dp, sizeof(int) * (n + 1)));
    CK(cudaMalloc(&dc, sizeof(int) * nnz));
    CK(cudaMalloc(&dv, sizeof(T) * nnz));
    CK(cudaMalloc(&db, sizeof(T) * n));
    CK(cudaMalloc(&dx, sizeof(T) * n));
    CK(cudaMemcpy(dp, ptr.data(), sizeof(int) * (n + 1), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dc, col.data(), sizeof(int) * nnz, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dv, val.data(), sizeof(T) * nnz, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, hb.data(), sizeof(T) * n, cudaMemcpyHostToDevice));
    CS(Call<T>(m, true, h, n, nnz, descr, dv, dp, dc, db, tol, reorder, dx, &singularity));
    CK(cudaMemcpy(hx.data(), dx, sizeof(T) * n, cudaMemcpyDeviceToHost));
    CK(cudaFree(dp)); CK(cudaFree(dc)); CK(cudaFree(dv)); CK(cudaFree(db)); CK(cudaFree(dx));
  } else {
    CS(Call<T>(m, false, h, n, nnz, descr, val.data(), ptr.data(), col.data(), hb.data(), tol, reorder, hx.data(),
               &singularity));
  }
  cusparseDestroyMatDescr(descr);
  x->resize(n);
  for (int i = 0; i < n; ++i) (*x)[i] = Get(hx[i]);
  return singularity;
}

template <class T>
static void Check(cusolverSpHandle_t h, Method m, bool device, int base, int reorder) {
  const bool single = sizeof(T) == 4, complex_values = sizeof(T) == 16;
  const Csr a = Make(23, m == kChol, complex_values);
  std::vector<Z> b(a.n), x;
  for (int i = 0; i < a.n; ++i) b[i] = Z(cos(i * 0.9), complex_values ? sin(i * 0.4) : 0);
  const int singularity = Solve<T>(h, m, device, base, reorder, a, b, &x);
  if (singularity != -1) { printf("FAIL method %d: singularity %d on an invertible matrix\n", m, singularity); exit(1); }
  double rnorm = 0, anorm = 0, xnorm = 0, bnorm = 0;
  for (int i = 0; i < a.n; ++i) {
    Z r = -b[i];
    for (int k = a.ptr[i]; k < a.ptr[i + 1]; ++k) {
      r += a.val[k] * x[a.col[k]];
      anorm = fmax(anorm, std::abs(a.val[k]));
    }
    rnorm = fmax(rnorm, std::abs(r));
    xnorm = fmax(xnorm, std::abs(x[i]));
    bnorm = fmax(bnorm, std::abs(b[i]));
  }
  const double residual = rnorm / (anorm * xnorm + bnorm);
  if (!(residual < (single ? 1e-5 : 1e-13))) {
    printf("FAIL method %d size %d device %d base %d: residual %g\n", m, (int)sizeof(T), device, base, residual);
    exit(1);
  }
  if (residual > worst[single ? 0 : 1]) worst[single ? 0 : 1] = residual;
  ++solves;
}

template <class T> static void Precision(cusolverSpHandle_t h) {
  for (int base = 0; base < 2; ++base) {
    Check<T>(h, kLu, false, base, 0);
    Check<T>(h, kQr, false, base, 0);
    Check<T>(h, kQr, true, base, 0);
    Check<T>(h, kChol, false, base, 0);
    Check<T>(h, kChol, true, base, 0);
  }
  for (int reorder = 1; reorder <= 3; ++reorder) {
    Check<T>(h, kLu, false, 0, reorder);
    Check<T>(h, kQr, true, 1, reorder);
    Check<T>(h, kQr, false, 0, reorder);
    Check<T>(h, kChol, true, 0, reorder);
    Check<T>(h, kChol, false, 1, reorder);
  }
}

// A 6 x 6 matrix whose column 3 is column 0 plus twice column 1, the others independent.
static Csr Singular() {
  double d[6][6] = {{4, 1, 0, 0, 0, 1}, {1, 5, 2, 0, 0, 0}, {0, 2, 6, 0, 1, 0}, {0, 0, 1, 7, 0, 0},
                    {2, 0, 0, 0, 8, 1}, {0, 1, 0, 0, 1, 9}};
  for (int i = 0; i < 6; ++i) d[i][3] = d[i][0] + 2 * d[i][1];
  Csr a;
  a.n = 6;
  a.ptr.push_back(0);
  for (int i = 0; i < 6; ++i) {
    for (int j = 0; j < 6; ++j)
      if (d[i][j] != 0) { a.col.push_back(j); a.val.push_back(d[i][j]); }
    a.ptr.push_back((int)a.col.size());
  }
  return a;
}

int main() {
  cusolverSpHandle_t h;
  CS(cusolverSpCreate(&h));
  cudaStream_t stream;
  CK(cudaStreamCreate(&stream));
  CS(cusolverSpSetStream(h, stream));
  Precision<float>(h);
  Precision<double>(h);
  Precision<cuDoubleComplex>(h);

  const Csr s = Singular();
  std::vector<Z> b(6, Z(1)), x;
  const int lu = Solve<double>(h, kLu, false, 0, 0, s, b, &x);
  const int qr = Solve<double>(h, kQr, false, 1, 0, s, b, &x);
  const int qr_device = Solve<double>(h, kQr, true, 0, 0, s, b, &x);
  // Positive definite except that the third diagonal entry is zero.
  Csr p = Make(8, true, false);
  for (int k = p.ptr[2]; k < p.ptr[3]; ++k) p.val[k] = 0;
  for (int i = 0; i < 8; ++i)
    for (int k = p.ptr[i]; k < p.ptr[i + 1]; ++k)
      if (p.col[k] == 2) p.val[k] = 0;
  std::vector<Z> pb(8, Z(1));
  const int chol = Solve<double>(h, kChol, false, 0, 0, p, pb, &x);
  printf("solves: %d checked, worst residual single %.1e double %.1e\n", solves, worst[0], worst[1]);
  printf("singular: lu %d qr %d chol %d lu-device-qr %d\n", lu, qr, chol, qr_device);

  // A symmetric-type descriptor, a row pointer that does not end at nnz, a destroyed handle.
  cusparseMatDescr_t descr;
  cusparseCreateMatDescr(&descr);
  double v[1] = {2}, bb[1] = {1}, xx[1];
  int ptr[2] = {0, 1}, bad_ptr[2] = {0, 2}, col[1] = {0}, sing;
  cusparseSetMatType(descr, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
  const cusolverStatus_t type = cusolverSpDcsrlsvluHost(h, 1, 1, descr, v, ptr, col, bb, 0, 0, xx, &sing);
  cusparseSetMatType(descr, CUSPARSE_MATRIX_TYPE_GENERAL);
  const cusolverStatus_t bad = cusolverSpDcsrlsvqrHost(h, 1, 1, descr, v, bad_ptr, col, bb, 0, 0, xx, &sing);
  CS(cusolverSpDestroy(h));
  const cusolverStatus_t gone = cusolverSpDcsrlsvcholHost(h, 1, 1, descr, v, ptr, col, bb, 0, 0, xx, &sing);
  const cusolverStatus_t twice = cusolverSpDestroy(h);
  printf("statuses: %d %d %d %d\n", type, bad, gone, twice);
  return 0;
}
