// cuSOLVER's sparse host helpers and cuSPARSE's scatter, as a program solving a reordered system
// uses them: csrissym on a symmetric and an unsymmetric pattern; csrsymrcm (and symamd, metisnd)
// give a permutation that narrows a scrambled band matrix's bandwidth; csrperm builds B = A(p, p)
// and its value map, checked entry by entry against A; solving B z = P b and scattering z through p
// gives the solution of A x = b (residual computed here).
// REQUIRES: math-libraries
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      issym: 1 0
// CHECK-NEXT: bandwidth: scrambled 3{{[0-9]}}, rcm 2, symamd 2, metisnd 2
// CHECK-NEXT: csrperm: 170 entries match A(p, p)
// CHECK-NEXT: reordered solve: residual ok, scatter ok
// CHECK-NOT:  {{.}}
#include <cuda_runtime.h>
#include <cusolverSp.h>
#include <cusparse.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <map>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("FAIL %s\n", #x); exit(1); } } while (0)
#define CS(x) do { int s_ = (int)(x); if (s_ != 0) { printf("FAIL line %d %s: %d\n", __LINE__, #x, s_); exit(1); } } while (0)

const int n = 40;

// A tridiagonal-plus-second-diagonal pattern (half-bandwidth 2) with its rows and columns
// scrambled by a fixed permutation.
static void Build(std::vector<int>& ptr, std::vector<int>& col, std::vector<double>& val) {
  std::vector<int> scramble(n);
  for (int i = 0; i < n; ++i) scramble[i] = (i * 17 + 5) % n;  // 17 is coprime with 40
  std::vector<std::map<int, double>> rows(n);
  for (int i = 0; i < n; ++i)
    for (int j = i - 2; j <= i + 2; ++j)
      if (j >= 0 && j < n && (abs(i - j) != 2 || i % 3 == 0 || j % 3 == 0))
        rows[scramble[i]][scramble[j]] = i == j ? 6.0 : -1.0 / (1 + abs(i - j));
  ptr.assign(1, 0);
  col.clear();
  val.clear();
  for (int i = 0; i < n; ++i) {
    for (auto [j, v] : rows[i]) { col.push_back(j); val.push_back(v); }
    ptr.push_back((int)col.size());
  }
}

static int Bandwidth(const std::vector<int>& ptr, const std::vector<int>& col, const std::vector<int>& p) {
  std::vector<int> inverse(n);
  for (int i = 0; i < n; ++i) inverse[p[i]] = i;
  int band = 0;
  for (int i = 0; i < n; ++i)
    for (int k = ptr[i]; k < ptr[i + 1]; ++k) band = fmax(band, abs(inverse[i] - inverse[col[k]]));
  return band;
}

int main() {
  cusolverSpHandle_t h;
  CS(cusolverSpCreate(&h));
  cusparseMatDescr_t descr;
  CS(cusparseCreateMatDescr(&descr));
  std::vector<int> ptr, col;
  std::vector<double> val;
  Build(ptr, col, val);
  const int nnz = (int)col.size();

  int sym = -1, unsym = -1;
  CS(cusolverSpXcsrissymHost(h, n, nnz, descr, ptr.data(), ptr.data() + 1, col.data(), &sym));
  const int tri_ptr[4] = {0, 2, 3, 4}, tri_col[4] = {0, 1, 1, 2};  // (0, 1) stored, (1, 0) not
  CS(cusolverSpXcsrissymHost(h, 3, 4, descr, tri_ptr, tri_ptr + 1, tri_col, &unsym));
  printf("issym: %d %d\n", sym, unsym);

  std::vector<int> identity(n), p(n), p_amd(n), p_nd(n);
  for (int i = 0; i < n; ++i) identity[i] = i;
  CS(cusolverSpXcsrsymrcmHost(h, n, nnz, descr, ptr.data(), col.data(), p.data()));
  CS(cusolverSpXcsrsymamdHost(h, n, nnz, descr, ptr.data(), col.data(), p_amd.data()));
  CS(cusolverSpXcsrmetisndHost(h, n, nnz, descr, ptr.data(), col.data(), nullptr, p_nd.data()));
  printf("bandwidth: scrambled %d, rcm %d, symamd %d, metisnd %d\n", Bandwidth(ptr, col, identity),
         Bandwidth(ptr, col, p), Bandwidth(ptr, col, p_amd), Bandwidth(ptr, col, p_nd));

  // B = A(p, p) with the map that gathers its values.
  size_t bytes = 0;
  CS(cusolverSpXcsrperm_bufferSizeHost(h, n, n, nnz, descr, ptr.data(), col.data(), p.data(), p.data(), &bytes));
  std::vector<char> buffer(bytes);
  std::vector<int> bptr(ptr), bcol(col), map(nnz);
  for (int k = 0; k < nnz; ++k) map[k] = k;
  CS(cusolverSpXcsrpermHost(h, n, n, nnz, descr, bptr.data(), bcol.data(), p.data(), p.data(), map.data(), buffer.data()));
  std::vector<double> bval(nnz);
  for (int k = 0; k < nnz; ++k) bval[k] = val[map[k]];
  int matched = 0;
  for (int i = 0; i < n; ++i)
    for (int k = bptr[i]; k < bptr[i + 1]; ++k) {
      if (k > bptr[i] && bcol[k] <= bcol[k - 1]) { printf("FAIL row %d unsorted\n", i); return 1; }
      double want = NAN;  // A(p[i], p[bcol[k]])
      for (int a = ptr[p[i]]; a < ptr[p[i] + 1]; ++a) if (col[a] == p[bcol[k]]) want = val[a];
      if (bval[k] != want) { printf("FAIL B(%d,%d) = %g, A gives %g\n", i, bcol[k], bval[k], want); return 1; }
      ++matched;
    }
  printf("csrperm: %d entries match A(p, p)\n", matched);

  // Solve B z = b(p) on the device, then x(p) = z by cusparseScatter.
  std::vector<double> b(n), bp(n), x(n);
  for (int i = 0; i < n; ++i) b[i] = sin(i + 1.0);
  for (int i = 0; i < n; ++i) bp[i] = b[p[i]];
  int *d_ptr, *d_col, *d_p;
  double *d_val, *d_b, *d_z, *d_x;
  CK(cudaMalloc(&d_ptr, sizeof(int) * (n + 1))); CK(cudaMalloc(&d_col, sizeof(int) * nnz)); CK(cudaMalloc(&d_p, sizeof(int) * n));
  CK(cudaMalloc(&d_val, sizeof(double) * nnz)); CK(cudaMalloc(&d_b, sizeof(double) * n));
  CK(cudaMalloc(&d_z, sizeof(double) * n)); CK(cudaMalloc(&d_x, sizeof(double) * n));
  CK(cudaMemcpy(d_ptr, bptr.data(), sizeof(int) * (n + 1), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(d_col, bcol.data(), sizeof(int) * nnz, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(d_p, p.data(), sizeof(int) * n, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(d_val, bval.data(), sizeof(double) * nnz, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(d_b, bp.data(), sizeof(double) * n, cudaMemcpyHostToDevice));
  CK(cudaMemset(d_x, 0, sizeof(double) * n));
  int singularity = -5;
  CS(cusolverSpDcsrlsvchol(h, n, nnz, descr, d_val, d_ptr, d_col, d_b, 1e-12, 0, d_z, &singularity));
  cusparseHandle_t sp;
  CS(cusparseCreate(&sp));
  cusparseSpVecDescr_t vz;
  cusparseDnVecDescr_t vx;
  CS(cusparseCreateSpVec(&vz, n, n, d_p, d_z, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
  CS(cusparseCreateDnVec(&vx, n, d_x, CUDA_R_64F));
  CS(cusparseScatter(sp, vz, vx));
  CK(cudaMemcpy(x.data(), d_x, sizeof(double) * n, cudaMemcpyDeviceToHost));
  std::vector<double> z(n);
  CK(cudaMemcpy(z.data(), d_z, sizeof(double) * n, cudaMemcpyDeviceToHost));
  bool scatter_ok = singularity == -1;
  for (int i = 0; i < n; ++i) scatter_ok = scatter_ok && x[p[i]] == z[i];
  double worst = 0;
  for (int i = 0; i < n; ++i) {
    double r = -b[i];
    for (int k = ptr[i]; k < ptr[i + 1]; ++k) r += val[k] * x[col[k]];
    worst = fmax(worst, fabs(r));
  }
  printf("reordered solve: residual %s, scatter %s\n", worst < 1e-13 ? "ok" : "BAD", scatter_ok ? "ok" : "BAD");
  CS(cusparseDestroySpVec(vz));
  CS(cusparseDestroyDnVec(vx));
  CS(cusparseDestroy(sp));
  CS(cusparseDestroyMatDescr(descr));
  CS(cusolverSpDestroy(h));
  return 0;
}
