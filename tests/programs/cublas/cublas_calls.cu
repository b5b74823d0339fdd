// Every cuBLAS routine the engine provides, called as a program would, on inputs made by formula.
// Built with nvcc it prints what the GPU computed ("name v v v ..."); built by warpsafe with
// WARPSAFE_EXPECTED defined it compares each result with the recorded GPU values.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      worst relative error: single {{[0-9.]+e-[0-9]+}}, double {{[0-9.]+e-[0-9]+}}, half/bf16 output {{[0-9.e-]+}}
// CHECK-NEXT: all match the GPU
// CHECK-NOT:  {{.}}
#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuComplex.h>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("FAIL %s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)
#define CB(x) do { cublasStatus_t s_ = (x); if (s_ != CUBLAS_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

#ifdef WARPSAFE_EXPECTED
#include "Inputs/cublas_gpu_values.h"
#endif
static int failures = 0;
static double worst_single = 0, worst_double = 0, worst_half = 0;

// Inputs: k-th value of stream `seed`, exact in float and double alike.
static double Val(int seed, int k) { return (double)((k * 7919 + seed * 104729) % 1009) / 1009.0 - 0.5; }
template <class T> std::vector<T> Fill(int seed, int n) { std::vector<T> v(n); for (int k = 0; k < n; ++k) v[k] = (T)(float)Val(seed, k); return v; }
template <> std::vector<double> Fill<double>(int seed, int n) { std::vector<double> v(n); for (int k = 0; k < n; ++k) v[k] = Val(seed, k); return v; }

template <class T> T* Dev(const std::vector<T>& h) { T* d; CK(cudaMalloc(&d, h.size() * sizeof(T))); CK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice)); return d; }
template <class T> std::vector<T> Host(const T* d, size_t n) { std::vector<T> h(n); CK(cudaDeviceSynchronize()); CK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost)); return h; }

// kind: 0 float, 1 double, 2 half-precision output
static void Record(const char* name, const std::vector<double>& got, int kind) {
#ifndef WARPSAFE_EXPECTED
  printf("%s", name); for (double g : got) printf(" %.17g", g); printf("\n");
#else
  const Expected* e = nullptr;
  for (const Expected& x : kExpected) if (std::strcmp(x.name, name) == 0) e = &x;
  if (e == nullptr || e->values.size() != got.size()) { printf("MISSING %s\n", name); ++failures; return; }
  const double tol = kind == 1 ? 1e-13 : kind == 0 ? 1e-6 : 1e-3;
  double worst = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    const double err = std::fabs(got[i] - e->values[i]) / (1.0 + std::fabs(e->values[i]));
    if (!(err <= tol)) { printf("MISMATCH %s[%zu]: got %.17g, the GPU gave %.17g\n", name, i, got[i], e->values[i]); ++failures; return; }
    worst = std::fmax(worst, err);
  }
  double& w = kind == 1 ? worst_double : kind == 0 ? worst_single : worst_half;
  w = std::fmax(w, worst);
#endif
}
template <class T> static void RecordDev(const char* name, const T* d, size_t n, int kind) {
  std::vector<T> h = Host(d, n); std::vector<double> v(h.begin(), h.end()); Record(name, v, kind);
}

template <class T> struct Api;
template <> struct Api<float> {
  static constexpr const char* p = "S"; static constexpr int kind = 0;
  static constexpr auto axpy = cublasSaxpy; static constexpr auto dot = cublasSdot; static constexpr auto nrm2 = cublasSnrm2;
  static constexpr auto scal = cublasSscal; static constexpr auto asum = cublasSasum; static constexpr auto amax = cublasIsamax;
  static constexpr auto amin = cublasIsamin; static constexpr auto copy = cublasScopy; static constexpr auto swap = cublasSswap;
  static constexpr auto gemv = cublasSgemv; static constexpr auto ger = cublasSger; static constexpr auto gemm = cublasSgemm;
  static constexpr auto geam = cublasSgeam; static constexpr auto strided = cublasSgemmStridedBatched; static constexpr auto batched = cublasSgemmBatched;
};
template <> struct Api<double> {
  static constexpr const char* p = "D"; static constexpr int kind = 1;
  static constexpr auto axpy = cublasDaxpy; static constexpr auto dot = cublasDdot; static constexpr auto nrm2 = cublasDnrm2;
  static constexpr auto scal = cublasDscal; static constexpr auto asum = cublasDasum; static constexpr auto amax = cublasIdamax;
  static constexpr auto amin = cublasIdamin; static constexpr auto copy = cublasDcopy; static constexpr auto swap = cublasDswap;
  static constexpr auto gemv = cublasDgemv; static constexpr auto ger = cublasDger; static constexpr auto gemm = cublasDgemm;
  static constexpr auto geam = cublasDgeam; static constexpr auto strided = cublasDgemmStridedBatched; static constexpr auto batched = cublasDgemmBatched;
};

template <class T> static void Precision(cublasHandle_t h) {
  using A = Api<T>;
  const std::string p = A::p;
  auto name = [&](const char* r) { return p + r; };
  const int n = 7;
  const T alpha = (T)1.25, beta = (T)-0.5, scale = (T)-2.5;
  // Level 1, unit and non-unit strides.
  { T* x = Dev(Fill<T>(1, 2 * n)); T* y = Dev(Fill<T>(2, 2 * n));
    CB(A::axpy(h, n, &alpha, x, 1, y, 1)); RecordDev(name("axpy").c_str(), y, 2 * n, A::kind);
    CB(A::axpy(h, n, &alpha, x, 2, y, 2)); RecordDev(name("axpy_inc2").c_str(), y, 2 * n, A::kind);
    T r; CB(A::dot(h, n, x, 1, y, 1, &r)); Record(name("dot").c_str(), {(double)r}, A::kind);
    CB(A::dot(h, n, x, 2, y, 1, &r)); Record(name("dot_inc2").c_str(), {(double)r}, A::kind);
    CB(A::nrm2(h, 2 * n, x, 1, &r)); Record(name("nrm2").c_str(), {(double)r}, A::kind);
    CB(A::asum(h, n, x, 2, &r)); Record(name("asum").c_str(), {(double)r}, A::kind);
    int i1, i2; CB(A::amax(h, 2 * n, x, 1, &i1)); CB(A::amin(h, 2 * n, x, 1, &i2)); Record(name("amax_amin").c_str(), {(double)i1, (double)i2}, A::kind);
    CB(A::scal(h, n, &scale, x, 2)); RecordDev(name("scal").c_str(), x, 2 * n, A::kind);
    CB(A::copy(h, n, x, 1, y, 2)); RecordDev(name("copy").c_str(), y, 2 * n, A::kind);
    CB(A::swap(h, n, x, 2, y, 1)); RecordDev(name("swap_x").c_str(), x, 2 * n, A::kind); RecordDev(name("swap_y").c_str(), y, 2 * n, A::kind);
    CK(cudaFree(x)); CK(cudaFree(y)); }
  // Level 2: gemv both ways, ger; m x n matrices with a padded leading dimension.
  { const int m = 5, c = 4, lda = 6;
    T* a = Dev(Fill<T>(3, lda * c)); T* x = Dev(Fill<T>(4, 8)); T* y = Dev(Fill<T>(5, 8));
    CB(A::gemv(h, CUBLAS_OP_N, m, c, &alpha, a, lda, x, 1, &beta, y, 1)); RecordDev(name("gemv_n").c_str(), y, 8, A::kind);
    CB(A::gemv(h, CUBLAS_OP_T, m, c, &alpha, a, lda, x, 1, &beta, y, 2)); RecordDev(name("gemv_t").c_str(), y, 8, A::kind);
    CB(A::ger(h, m, c, &alpha, x, 1, y, 1, a, lda)); RecordDev(name("ger").c_str(), a, lda * c, A::kind);
    CK(cudaFree(a)); CK(cudaFree(x)); CK(cudaFree(y)); }
  // Level 3: every transpose pair; C is m x n, op(A) m x k, op(B) k x n.
  { const int m = 5, c = 4, k = 3, ld = 7;
    const cublasOperation_t ops[] = {CUBLAS_OP_N, CUBLAS_OP_T};
    for (int ta = 0; ta < 2; ++ta) for (int tb = 0; tb < 2; ++tb) {
      T* a = Dev(Fill<T>(6, ld * 5)); T* b = Dev(Fill<T>(7, ld * 5)); T* cc = Dev(Fill<T>(8, ld * c));
      CB(A::gemm(h, ops[ta], ops[tb], m, c, k, &alpha, a, ld, b, ld, &beta, cc, ld));
      RecordDev((name("gemm_") + "NT"[ta] + "NT"[tb]).c_str(), cc, ld * c, A::kind);
      CB(A::geam(h, ops[ta], ops[tb], m, c, &alpha, a, ld, &beta, b, ld, cc, ld));
      RecordDev((name("geam_") + "NT"[ta] + "NT"[tb]).c_str(), cc, ld * c, A::kind);
      CK(cudaFree(a)); CK(cudaFree(b)); CK(cudaFree(cc)); }
    const int batch = 3; const long long sa = ld * k + 2, sb = ld * c + 1, sc = ld * c;
    // A has room past the last strided matrix: the batched call reads its first matrix transposed.
    T* a = Dev(Fill<T>(9, sa * batch + 8)); T* b = Dev(Fill<T>(10, sb * batch)); T* cc = Dev(Fill<T>(11, sc * batch));
    CB(A::strided(h, CUBLAS_OP_N, CUBLAS_OP_T, m, c, k, &alpha, a, ld, sa, b, ld, sb, &beta, cc, ld, sc, batch));
    RecordDev(name("gemm_strided").c_str(), cc, sc * batch, A::kind);
    const T* as[batch]; const T* bs[batch]; T* cs[batch];
    for (int i = 0; i < batch; ++i) { as[i] = a + (batch - 1 - i) * sa; bs[i] = b + i * sb; cs[i] = cc + i * sc; }
    const T** das; const T** dbs; T** dcs;
    CK(cudaMalloc(&das, sizeof as)); CK(cudaMalloc(&dbs, sizeof bs)); CK(cudaMalloc(&dcs, sizeof cs));
    CK(cudaMemcpy(das, as, sizeof as, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dbs, bs, sizeof bs, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dcs, cs, sizeof cs, cudaMemcpyHostToDevice));
    CB(A::batched(h, CUBLAS_OP_T, CUBLAS_OP_N, m, c, k, &alpha, das, ld, dbs, ld, &beta, dcs, ld, batch));
    RecordDev(name("gemm_batched").c_str(), cc, sc * batch, A::kind);
    CK(cudaFree(a)); CK(cudaFree(b)); CK(cudaFree(cc)); CK(cudaFree(das)); CK(cudaFree(dbs)); CK(cudaFree(dcs)); }
}

// gemmEx: the common input/output/compute combinations.
template <class In, class Out> static void GemmEx(cublasHandle_t h, const char* nm, cudaDataType ti, cudaDataType to, cublasComputeType_t ct, int kind) {
  const int m = 6, c = 5, k = 9, ld = 9;
  std::vector<float> fa = Fill<float>(12, ld * 9), fb = Fill<float>(13, ld * 9), fc = Fill<float>(14, ld * c);
  std::vector<In> ha(fa.size()), hb(fb.size()); std::vector<Out> hc(fc.size());
  for (size_t i = 0; i < fa.size(); ++i) { ha[i] = (In)fa[i]; hb[i] = (In)fb[i]; }
  for (size_t i = 0; i < fc.size(); ++i) hc[i] = (Out)fc[i];
  In* a = Dev(ha); In* b = Dev(hb); Out* cc = Dev(hc);
  const float alpha = 1.5f, beta = 0.75f;
  CB(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, m, c, k, &alpha, a, ti, ld, b, ti, ld, &beta, cc, to, ld, ct, CUBLAS_GEMM_DEFAULT));
  std::vector<Out> r = Host(cc, hc.size()); std::vector<double> v; for (Out o : r) v.push_back((double)(float)o);
  Record(nm, v, kind);
  CK(cudaFree(a)); CK(cudaFree(b)); CK(cudaFree(cc));
}

static void Complex(cublasHandle_t h) {
  const int m = 3, c = 2, k = 4, ld = 4;
  std::vector<float> f = Fill<float>(15, 64);
  std::vector<cuComplex> a(ld * 4), b(ld * 4), cc(ld * c);
  for (int i = 0; i < ld * 4; ++i) { a[i] = make_cuComplex(f[i], f[i + 1]); b[i] = make_cuComplex(f[i + 2], -f[i]); }
  for (int i = 0; i < ld * c; ++i) cc[i] = make_cuComplex(f[i + 3], f[i + 5]);
  cuComplex* da = Dev(a); cuComplex* db = Dev(b); cuComplex* dc = Dev(cc);
  const cuComplex alpha = make_cuComplex(0.5f, -1.0f), beta = make_cuComplex(1.0f, 0.25f);
  CB(cublasCgemm(h, CUBLAS_OP_C, CUBLAS_OP_N, m, c, k, &alpha, da, ld, db, ld, &beta, dc, ld));
  std::vector<cuComplex> r = Host(dc, cc.size()); std::vector<double> v; for (auto z : r) { v.push_back(z.x); v.push_back(z.y); }
  Record("Cgemm_CN", v, 0);
  std::vector<cuDoubleComplex> za(ld * 4), zb(ld * 4), zc(ld * c);
  for (int i = 0; i < ld * 4; ++i) { za[i] = make_cuDoubleComplex(Val(16, i), Val(17, i)); zb[i] = make_cuDoubleComplex(Val(18, i), Val(19, i)); }
  for (int i = 0; i < ld * c; ++i) zc[i] = make_cuDoubleComplex(Val(20, i), Val(21, i));
  cuDoubleComplex* dza = Dev(za); cuDoubleComplex* dzb = Dev(zb); cuDoubleComplex* dzc = Dev(zc);
  const cuDoubleComplex zalpha = make_cuDoubleComplex(-0.5, 2.0), zbeta = make_cuDoubleComplex(0.0, 1.0);
  CB(cublasZgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, m, c, k, &zalpha, dza, ld, dzb, ld, &zbeta, dzc, ld));
  std::vector<cuDoubleComplex> zr = Host(dzc, zc.size()); v.clear(); for (auto z : zr) { v.push_back(z.x); v.push_back(z.y); }
  Record("Zgemm_NT", v, 1);
  CB(cublasZaxpy(h, 4, &zalpha, dza, 1, dzb, 2));
  zr = Host(dzb, zb.size()); v.clear(); for (auto z : zr) { v.push_back(z.x); v.push_back(z.y); }
  Record("Zaxpy", v, 1);
  cuComplex dot; CB(cublasCdotc(h, 6, da, 1, db, 2, &dot)); Record("Cdotc", {dot.x, dot.y}, 0);
  CB(cublasCdotu(h, 6, da, 1, db, 2, &dot)); Record("Cdotu", {dot.x, dot.y}, 0);
  float n2; CB(cublasScnrm2(h, 8, da, 1, &n2)); Record("Scnrm2", {n2}, 0);
  CK(cudaFree(da)); CK(cudaFree(db)); CK(cudaFree(dc)); CK(cudaFree(dza)); CK(cudaFree(dzb)); CK(cudaFree(dzc));
}

int main() {
  cublasHandle_t h; CB(cublasCreate(&h));
  cudaStream_t s; CK(cudaStreamCreate(&s)); CB(cublasSetStream(h, s));
  Precision<float>(h);
  Precision<double>(h);
  GemmEx<float, float>(h, "gemmEx_f32", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, 0);
  GemmEx<__half, float>(h, "gemmEx_f16_f32", CUDA_R_16F, CUDA_R_32F, CUBLAS_COMPUTE_32F, 0);
  GemmEx<__half, __half>(h, "gemmEx_f16_f16", CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_32F, 2);
  GemmEx<__nv_bfloat16, float>(h, "gemmEx_bf16_f32", CUDA_R_16BF, CUDA_R_32F, CUBLAS_COMPUTE_32F, 0);
  GemmEx<__nv_bfloat16, __nv_bfloat16>(h, "gemmEx_bf16_bf16", CUDA_R_16BF, CUDA_R_16BF, CUBLAS_COMPUTE_32F, 2);
  // R_64F with COMPUTE_64F takes double alpha and beta, so GemmEx (float scalars) cannot run it; it
  // is checked against cublasDgemm on the same operands, bit for bit.
  { const int m = 6, c = 5, k = 9, ld = 9; const double alpha = 1.5, beta = 0.75;
    double* a = Dev(Fill<double>(12, ld * 9)); double* b = Dev(Fill<double>(13, ld * 9));
    double* c1 = Dev(Fill<double>(14, ld * c)); double* c2 = Dev(Fill<double>(14, ld * c));
    CB(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, m, c, k, &alpha, a, CUDA_R_64F, ld, b, CUDA_R_64F, ld, &beta, c1, CUDA_R_64F, ld, CUBLAS_COMPUTE_64F, CUBLAS_GEMM_DEFAULT));
    CB(cublasDgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, m, c, k, &alpha, a, ld, b, ld, &beta, c2, ld));
    std::vector<double> r1 = Host(c1, ld * c), r2 = Host(c2, ld * c);
    if (std::memcmp(r1.data(), r2.data(), r1.size() * sizeof(double)) != 0) { printf("MISMATCH gemmEx_f64 differs from Dgemm\n"); ++failures; }
    CK(cudaFree(a)); CK(cudaFree(b)); CK(cudaFree(c1)); CK(cudaFree(c2)); }
  Complex(h);
  // Pointer mode device: alpha and the dot's result live in device memory.
  { CB(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
    std::vector<float> hv = {2.0f}; float* dalpha = Dev(hv); float* dres; CK(cudaMalloc(&dres, 4));
    float* x = Dev(Fill<float>(1, 7)); float* y = Dev(Fill<float>(2, 7));
    CB(cublasSaxpy(h, 7, dalpha, x, 1, y, 1)); CB(cublasSdot(h, 7, x, 1, y, 1, dres));
    RecordDev("devptr_axpy", y, 7, 0); RecordDev("devptr_dot", dres, 1, 0);
    cublasPointerMode_t pm; CB(cublasGetPointerMode(h, &pm)); Record("devptr_mode", {(double)pm}, 0);
    CB(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST)); }
  // Status codes for bad arguments.
  { float* x = Dev(Fill<float>(1, 7)); float r; const float one = 1.0f;
    Record("status_negative_n", {(double)cublasSgemv(h, CUBLAS_OP_N, -1, 2, &one, x, 1, x, 1, &one, x, 1)}, 0);
    Record("status_small_lda", {(double)cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 1, 1, &one, x, 3, x, 1, &one, x, 4)}, 0);
    Record("status_zero_inc", {(double)cublasSaxpy(h, 3, &one, x, 0, x, 1)}, 0);
    Record("status_bad_op", {(double)cublasSgemm(h, (cublasOperation_t)7, CUBLAS_OP_N, 1, 1, 1, &one, x, 1, x, 1, &one, x, 1)}, 0);
    Record("status_nrm2_n0", {(double)cublasSnrm2(h, 0, x, 1, &r), (double)r}, 0);
    Record("status_dot_inc0", {(double)cublasSdot(h, 3, x, 0, x, 1, &r)}, 0); }
  { char names[256];
    snprintf(names, sizeof names, "%s | %s | %s", cublasGetStatusString(CUBLAS_STATUS_SUCCESS), cublasGetStatusString(CUBLAS_STATUS_INVALID_VALUE), cublasGetStatusString(CUBLAS_STATUS_NOT_INITIALIZED));
#ifndef WARPSAFE_EXPECTED
    printf("names %s\n", names);
#else
    if (std::strcmp(names, kStatusNames) != 0) { printf("MISMATCH status strings: %s\n", names); ++failures; }
#endif
  }
  cudaStream_t got; CB(cublasGetStream(h, &got)); Record("stream_kept", {(double)(got == s)}, 0);
  CB(cublasDestroy(h));
#ifdef WARPSAFE_EXPECTED
  printf("worst relative error: single %.3g, double %.3g, half/bf16 output %.3g\n", worst_single, worst_double, worst_half);
  if (failures) { printf("%d mismatches\n", failures); return 1; }
  printf("all match the GPU\n");
#else
  printf("OK cublas\n");
#endif
  return 0;
}
