// What the programs that check dense factorizations and solves by recomputing them share (cublas/,
// cusolver/): column-major matrices on the host in double or complex<double>, whatever precision
// the library computed in, products of them, and the largest error of a result against the value
// it should have. A factorization is checked by multiplying its factors back (P L U = A, Q R = A,
// L L^H = A) and a solve by its residual, so the expected values come from this independent
// arithmetic, not from the library.
#pragma once

#include <cuComplex.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#define CK(x)                                                  \
  do {                                                         \
    cudaError_t e_ = (x);                                      \
    if (e_ != cudaSuccess) {                                   \
      printf("FAIL %s: %s\n", #x, cudaGetErrorString(e_));     \
      exit(1);                                                 \
    }                                                          \
  } while (0)

using Z = std::complex<double>;

// Element types as the host sees them: every one widens to Z and narrows back.
inline Z Widen(float v) { return v; }
inline Z Widen(double v) { return v; }
inline Z Widen(cuComplex v) { return Z(v.x, v.y); }
inline Z Widen(cuDoubleComplex v) { return Z(v.x, v.y); }
template <class T> T Narrow(Z v);
template <> inline float Narrow<float>(Z v) { return static_cast<float>(v.real()); }
template <> inline double Narrow<double>(Z v) { return v.real(); }
template <> inline cuComplex Narrow<cuComplex>(Z v) { return make_cuComplex(static_cast<float>(v.real()), static_cast<float>(v.imag())); }
template <> inline cuDoubleComplex Narrow<cuDoubleComplex>(Z v) { return make_cuDoubleComplex(v.real(), v.imag()); }
template <class T> constexpr bool IsComplex() {
  return std::is_same_v<T, cuComplex> || std::is_same_v<T, cuDoubleComplex>;
}
template <class T> constexpr bool IsSingle() { return std::is_same_v<T, float> || std::is_same_v<T, cuComplex>; }

// A column-major rows x cols matrix.
struct Mat {
  int rows = 0, cols = 0;
  std::vector<Z> v;
  Mat(int r, int c) : rows(r), cols(c), v(static_cast<size_t>(r) * c) {}
  Z& operator()(int i, int j) { return v[i + static_cast<size_t>(j) * rows]; }
  Z operator()(int i, int j) const { return v[i + static_cast<size_t>(j) * rows]; }
  static Mat Identity(int n) {
    Mat m(n, n);
    for (int i = 0; i < n; ++i) m(i, i) = 1;
    return m;
  }
};

inline Mat operator*(const Mat& a, const Mat& b) {
  Mat c(a.rows, b.cols);
  for (int j = 0; j < b.cols; ++j)
    for (int k = 0; k < a.cols; ++k)
      for (int i = 0; i < a.rows; ++i) c(i, j) += a(i, k) * b(k, j);
  return c;
}
// The conjugate transpose (the transpose, for real values).
inline Mat Adjoint(const Mat& a) {
  Mat t(a.cols, a.rows);
  for (int j = 0; j < a.cols; ++j)
    for (int i = 0; i < a.rows; ++i) t(j, i) = std::conj(a(i, j));
  return t;
}
inline Mat Transpose(const Mat& a) {
  Mat t(a.cols, a.rows);
  for (int j = 0; j < a.cols; ++j)
    for (int i = 0; i < a.rows; ++i) t(j, i) = a(i, j);
  return t;
}

// The k-th value of stream `seed` from a hash of both, in [-0.5, 0.5), exact in float; complex
// elements take two of them.
inline double Val(int seed, int k) {
  unsigned long long z = (static_cast<unsigned long long>(seed) << 32) + static_cast<unsigned>(k) + 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  return static_cast<double>(z >> 40) / 16777216.0 - 0.5;
}
template <class T> Mat Random(int seed, int rows, int cols) {
  Mat m(rows, cols);
  for (size_t k = 0; k < m.v.size(); ++k)
    m.v[k] = IsComplex<T>() ? Z(Val(seed, 2 * static_cast<int>(k)), Val(seed, 2 * static_cast<int>(k) + 1))
                            : Z(Val(seed, static_cast<int>(k)));
  return m;
}

// Device copies with a leading dimension: `ld` >= rows, the padding rows filled with `pad`.
template <class T> T* ToDevice(const Mat& m, int ld, double pad = NAN) {
  std::vector<T> h(static_cast<size_t>(ld) * (m.cols > 0 ? m.cols : 1), Narrow<T>(Z(pad, pad)));
  for (int j = 0; j < m.cols; ++j)
    for (int i = 0; i < m.rows; ++i) h[i + static_cast<size_t>(j) * ld] = Narrow<T>(m(i, j));
  T* d;
  CK(cudaMalloc(&d, h.size() * sizeof(T)));
  CK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}
template <class T> Mat FromDevice(const T* d, int rows, int cols, int ld) {
  std::vector<T> h(static_cast<size_t>(ld) * cols);
  CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(h.data(), d, h.size() * sizeof(T), cudaMemcpyDeviceToHost));
  Mat m(rows, cols);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i) m(i, j) = Widen(h[i + static_cast<size_t>(j) * ld]);
  return m;
}
template <class V> std::vector<V> HostArray(const V* d, size_t n) {
  std::vector<V> h(n);
  CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(h.data(), d, n * sizeof(V), cudaMemcpyDeviceToHost));
  return h;
}

// Counts failed checks and keeps the worst error of each precision.
struct Checker {
  int failures = 0;
  double worst_single = 0, worst_double = 0;

  // Every element of `got` within `tolerance` (scaled by 1 + |expected|) of `expected`.
  void Near(const std::string& what, const Mat& got, const Mat& expected, bool single, double tolerance) {
    if (got.rows != expected.rows || got.cols != expected.cols) {
      printf("FAIL %s: %dx%d, expected %dx%d\n", what.c_str(), got.rows, got.cols, expected.rows, expected.cols);
      ++failures;
      return;
    }
    double worst = 0;
    for (size_t k = 0; k < got.v.size(); ++k) {
      const double err = std::abs(got.v[k] - expected.v[k]) / (1.0 + std::abs(expected.v[k]));
      if (!(err <= tolerance)) {
        printf("FAIL %s[%zu]: got (%.9g, %.9g), expected (%.9g, %.9g)\n", what.c_str(), k, got.v[k].real(),
               got.v[k].imag(), expected.v[k].real(), expected.v[k].imag());
        ++failures;
        return;
      }
      worst = std::fmax(worst, err);
    }
    double& w = single ? worst_single : worst_double;
    w = std::fmax(w, worst);
  }
  void Equal(const std::string& what, long long got, long long expected) {
    if (got != expected) {
      printf("FAIL %s: got %lld, expected %lld\n", what.c_str(), got, expected);
      ++failures;
    }
  }
  void True(const std::string& what, bool ok) {
    if (!ok) {
      printf("FAIL %s\n", what.c_str());
      ++failures;
    }
  }
  int Finish() const {
    if (failures != 0) {
      printf("%d checks failed\n", failures);
      return 1;
    }
    printf("all checks pass\n");
    printf("worst relative error: single %.3g, double %.3g\n", worst_single, worst_double);
    return 0;
  }
};
