// Every cuFFT plan kind and exec the engine provides, on inputs made by formula. Built with nvcc it
// prints the GPU's results; built by warpsafe with WARPSAFE_EXPECTED defined it compares with them.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      worst error relative to the largest value: single {{[0-9.]+e-[0-9]+}}, double {{[0-9.]+e-[0-9]+}}
// CHECK-NEXT: all match the GPU
// CHECK-NOT:  {{.}}
#include <cufft.h>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("FAIL %s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)
#define CF(x) do { cufftResult r_ = (x); if (r_ != CUFFT_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)r_); exit(1); } } while (0)

#ifdef WARPSAFE_EXPECTED
#include "Inputs/cufft_gpu_values.h"
#endif
static int failures = 0;
static double worst_single = 0, worst_double = 0;

static double Val(int seed, int k) { return (double)((k * 7919 + seed * 104729) % 1009) / 1009.0 - 0.5; }

// Errors are judged against the transform's scale: |got - gpu| <= tol * max|gpu| (FFT error grows
// with the largest magnitude, not each element's).
static void Record(const char* name, const std::vector<double>& got, bool dbl) {
#ifndef WARPSAFE_EXPECTED
  printf("%s", name); for (double g : got) printf(" %.17g", g); printf("\n");
#else
  const Expected* e = nullptr;
  for (const Expected& x : kExpected) if (std::strcmp(x.name, name) == 0) e = &x;
  if (e == nullptr || e->values.size() != got.size()) { printf("MISSING %s\n", name); ++failures; return; }
  double scale = 1; for (double v : e->values) scale = std::fmax(scale, std::fabs(v));
  const double tol = dbl ? 1e-13 : 1e-5;
  double worst = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    const double err = std::fabs(got[i] - e->values[i]) / scale;
    if (!(err <= tol)) { printf("MISMATCH %s[%zu]: got %.17g, the GPU gave %.17g\n", name, i, got[i], e->values[i]); ++failures; return; }
    worst = std::fmax(worst, err);
  }
  double& w = dbl ? worst_double : worst_single; w = std::fmax(w, worst);
#endif
}
template <class T> T* Dev(size_t n) { T* d; CK(cudaMalloc(&d, n * sizeof(T))); CK(cudaMemset(d, 0xff, n * sizeof(T))); return d; }
template <class C> static std::vector<double> Flat(const C* d, size_t n) {
  std::vector<C> h(n); CK(cudaDeviceSynchronize()); CK(cudaMemcpy(h.data(), d, n * sizeof(C), cudaMemcpyDeviceToHost));
  std::vector<double> v; for (const C& c : h) { v.push_back(c.x); v.push_back(c.y); } return v;
}
static std::vector<double> FlatR(const float* d, size_t n) { std::vector<float> h(n); CK(cudaDeviceSynchronize()); CK(cudaMemcpy(h.data(), d, n * 4, cudaMemcpyDeviceToHost)); return std::vector<double>(h.begin(), h.end()); }
static std::vector<double> FlatD(const double* d, size_t n) { std::vector<double> h(n); CK(cudaDeviceSynchronize()); CK(cudaMemcpy(h.data(), d, n * 8, cudaMemcpyDeviceToHost)); return h; }

static cufftComplex* ComplexIn(int seed, int n) {
  std::vector<cufftComplex> h(n); for (int i = 0; i < n; ++i) { h[i].x = (float)Val(seed, 2 * i); h[i].y = (float)Val(seed, 2 * i + 1); }
  cufftComplex* d = Dev<cufftComplex>(n); CK(cudaMemcpy(d, h.data(), n * sizeof h[0], cudaMemcpyHostToDevice)); return d;
}
static cufftDoubleComplex* ZIn(int seed, int n) {
  std::vector<cufftDoubleComplex> h(n); for (int i = 0; i < n; ++i) { h[i].x = Val(seed, 2 * i); h[i].y = Val(seed, 2 * i + 1); }
  cufftDoubleComplex* d = Dev<cufftDoubleComplex>(n); CK(cudaMemcpy(d, h.data(), n * sizeof h[0], cudaMemcpyHostToDevice)); return d;
}
static float* RealIn(int seed, int n) { std::vector<float> h(n); for (int i = 0; i < n; ++i) h[i] = (float)Val(seed, i); float* d = Dev<float>(n); CK(cudaMemcpy(d, h.data(), n * 4, cudaMemcpyHostToDevice)); return d; }
static double* DRealIn(int seed, int n) { std::vector<double> h(n); for (int i = 0; i < n; ++i) h[i] = Val(seed, i); double* d = Dev<double>(n); CK(cudaMemcpy(d, h.data(), n * 8, cudaMemcpyHostToDevice)); return d; }

int main() {
  cudaStream_t s; CK(cudaStreamCreate(&s));
  // 1D C2C forward and inverse (out of place, then in place), a power of two and not.
  for (int n : {8, 12}) {
    cufftHandle p; CF(cufftPlan1d(&p, n, CUFFT_C2C, 1)); CF(cufftSetStream(p, s));
    cufftComplex* in = ComplexIn(1, n); cufftComplex* out = Dev<cufftComplex>(n);
    CF(cufftExecC2C(p, in, out, CUFFT_FORWARD)); Record(n == 8 ? "c2c_8_fwd" : "c2c_12_fwd", Flat(out, n), false);
    CF(cufftExecC2C(p, out, out, CUFFT_INVERSE)); Record(n == 8 ? "c2c_8_inv_inplace" : "c2c_12_inv_inplace", Flat(out, n), false);
    CF(cufftDestroy(p)); CK(cudaFree(in)); CK(cudaFree(out));
  }
  // 1D R2C and C2R, batched.
  { const int n = 10, batch = 2; cufftHandle p, q; CF(cufftPlan1d(&p, n, CUFFT_R2C, batch)); CF(cufftPlan1d(&q, n, CUFFT_C2R, batch));
    float* in = RealIn(2, n * batch); cufftComplex* mid = Dev<cufftComplex>((n / 2 + 1) * batch); float* back = Dev<float>(n * batch);
    CF(cufftExecR2C(p, in, mid)); Record("r2c_10x2", Flat(mid, (n / 2 + 1) * batch), false);
    CF(cufftExecC2R(q, mid, back)); Record("c2r_10x2", FlatR(back, n * batch), false);
    CF(cufftDestroy(p)); CF(cufftDestroy(q)); CK(cudaFree(in)); CK(cudaFree(mid)); CK(cudaFree(back)); }
  // 2D and 3D C2C, 2D R2C/C2R.
  { cufftHandle p; CF(cufftPlan2d(&p, 4, 6, CUFFT_C2C)); cufftComplex* in = ComplexIn(3, 24); cufftComplex* out = Dev<cufftComplex>(24);
    CF(cufftExecC2C(p, in, out, CUFFT_FORWARD)); Record("c2c_2d_4x6", Flat(out, 24), false); CF(cufftDestroy(p)); CK(cudaFree(in)); CK(cudaFree(out)); }
  { cufftHandle p; CF(cufftPlan3d(&p, 2, 3, 4, CUFFT_C2C)); cufftComplex* in = ComplexIn(4, 24); cufftComplex* out = Dev<cufftComplex>(24);
    CF(cufftExecC2C(p, in, out, CUFFT_INVERSE)); Record("c2c_3d_2x3x4_inv", Flat(out, 24), false); CF(cufftDestroy(p)); CK(cudaFree(in)); CK(cudaFree(out)); }
  { cufftHandle p, q; CF(cufftPlan2d(&p, 4, 6, CUFFT_R2C)); CF(cufftPlan2d(&q, 4, 6, CUFFT_C2R));
    float* in = RealIn(5, 24); cufftComplex* mid = Dev<cufftComplex>(16); float* back = Dev<float>(24);
    CF(cufftExecR2C(p, in, mid)); Record("r2c_2d_4x6", Flat(mid, 16), false);
    CF(cufftExecC2R(q, mid, back)); Record("c2r_2d_4x6", FlatR(back, 24), false);
    CF(cufftDestroy(p)); CF(cufftDestroy(q)); CK(cudaFree(in)); CK(cudaFree(mid)); CK(cudaFree(back)); }
  { cufftHandle p; CF(cufftPlan3d(&p, 2, 3, 4, CUFFT_R2C)); float* in = RealIn(6, 24); cufftComplex* out = Dev<cufftComplex>(18);
    CF(cufftExecR2C(p, in, out)); Record("r2c_3d_2x3x4", Flat(out, 18), false); CF(cufftDestroy(p)); CK(cudaFree(in)); CK(cudaFree(out)); }
  // cufftPlanMany: basic layout (null embeds) and an advanced one with strides and distances.
  { int n[1] = {8}; cufftHandle p; CF(cufftPlanMany(&p, 1, n, nullptr, 1, 8, nullptr, 1, 8, CUFFT_C2C, 3));
    cufftComplex* in = ComplexIn(7, 24); cufftComplex* out = Dev<cufftComplex>(24);
    CF(cufftExecC2C(p, in, out, CUFFT_FORWARD)); Record("many_basic_8x3", Flat(out, 24), false); CF(cufftDestroy(p)); CK(cudaFree(in)); CK(cudaFree(out)); }
  { int n[1] = {6}, emb[1] = {6}; cufftHandle p; CF(cufftPlanMany(&p, 1, n, emb, 2, 1, emb, 1, 8, CUFFT_C2C, 2));
    cufftComplex* in = ComplexIn(8, 12); cufftComplex* out = Dev<cufftComplex>(16);
    CK(cudaMemset(out, 0, 16 * sizeof(cufftComplex)));
    CF(cufftExecC2C(p, in, out, CUFFT_FORWARD)); Record("many_strided_6x2", Flat(out, 16), false); CF(cufftDestroy(p)); CK(cudaFree(in)); CK(cudaFree(out)); }
  { int n[2] = {3, 4}; cufftHandle p; CF(cufftPlanMany(&p, 2, n, nullptr, 1, 12, nullptr, 1, 9, CUFFT_R2C, 2));
    float* in = RealIn(9, 24); cufftComplex* out = Dev<cufftComplex>(18);
    CF(cufftExecR2C(p, in, out)); Record("many_r2c_3x4x2", Flat(out, 18), false); CF(cufftDestroy(p)); CK(cudaFree(in)); CK(cudaFree(out)); }
  // Double precision: Z2Z, D2Z, Z2D.
  { cufftHandle p; CF(cufftPlan1d(&p, 12, CUFFT_Z2Z, 1)); cufftDoubleComplex* in = ZIn(10, 12); cufftDoubleComplex* out = Dev<cufftDoubleComplex>(12);
    CF(cufftExecZ2Z(p, in, out, CUFFT_FORWARD)); Record("z2z_12_fwd", Flat(out, 12), true); CF(cufftDestroy(p)); CK(cudaFree(in)); CK(cudaFree(out)); }
  { cufftHandle p, q; CF(cufftPlan2d(&p, 3, 5, CUFFT_D2Z)); CF(cufftPlan2d(&q, 3, 5, CUFFT_Z2D));
    double* in = DRealIn(11, 15); cufftDoubleComplex* mid = Dev<cufftDoubleComplex>(9); double* back = Dev<double>(15);
    CF(cufftExecD2Z(p, in, mid)); Record("d2z_2d_3x5", Flat(mid, 9), true);
    CF(cufftExecZ2D(q, mid, back)); Record("z2d_2d_3x5", FlatD(back, 15), true);
    CF(cufftDestroy(p)); CF(cufftDestroy(q)); CK(cudaFree(in)); CK(cudaFree(mid)); CK(cudaFree(back)); }
  // Result codes.
  { cufftHandle p; Record("result_n0", {(double)cufftPlan1d(&p, 0, CUFFT_C2C, 1)}, false);
    Record("result_batch0", {(double)cufftPlan1d(&p, 8, CUFFT_C2C, 0)}, false);
    CF(cufftPlan1d(&p, 8, CUFFT_R2C, 1)); cufftComplex* c = Dev<cufftComplex>(8);
    // An exec that does not match the plan's type: the GPU returned CUFFT_SUCCESS (and computed
    // nothing documented); the engine refuses it with CUFFT_INVALID_TYPE.
    const cufftResult wrong = cufftExecC2C(p, c, c, CUFFT_FORWARD);
#ifndef WARPSAFE_EXPECTED
    Record("result_wrong_exec", {(double)wrong}, false);
#else
    if (wrong != CUFFT_INVALID_TYPE) { printf("MISMATCH exec of the wrong type returned %d\n", (int)wrong); ++failures; }
#endif
    CF(cufftDestroy(p)); CK(cudaFree(c)); }
#ifdef WARPSAFE_EXPECTED
  printf("worst error relative to the largest value: single %.3g, double %.3g\n", worst_single, worst_double);
  if (failures) { printf("%d mismatches\n", failures); return 1; }
  printf("all match the GPU\n");
#else
  printf("OK cufft\n");
#endif
  return 0;
}
