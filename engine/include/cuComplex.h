// CUDA's cuComplex.h: single and double complex numbers as float2/double2 (real part in x), with
// the helper functions programs use beside cuBLAS and cuFFT. Products and quotients are computed
// in the obvious way; the quotient scales by the larger of |re| and |im| of the divisor so that
// it neither overflows nor underflows for representable results, as CUDA's does.
#pragma once
#define CU_COMPLEX_H_

#include <cmath>

#include "vector_types.h"

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

namespace warpsafe::engine::detail {
template <class C, class R>
inline C ComplexDivide(C a, C b) {
  const R scale = R(1) / (std::fabs(b.x) + std::fabs(b.y));
  const R ar = a.x * scale, ai = a.y * scale, br = b.x * scale, bi = b.y * scale;
  const R denominator = br * br + bi * bi;
  return C{(ar * br + ai * bi) / denominator, (ai * br - ar * bi) / denominator};
}
}  // namespace warpsafe::engine::detail

inline float cuCrealf(cuFloatComplex z) { return z.x; }
inline float cuCimagf(cuFloatComplex z) { return z.y; }
inline cuFloatComplex make_cuFloatComplex(float r, float i) { return cuFloatComplex{r, i}; }
inline cuFloatComplex cuConjf(cuFloatComplex z) { return cuFloatComplex{z.x, -z.y}; }
inline cuFloatComplex cuCaddf(cuFloatComplex a, cuFloatComplex b) { return cuFloatComplex{a.x + b.x, a.y + b.y}; }
inline cuFloatComplex cuCsubf(cuFloatComplex a, cuFloatComplex b) { return cuFloatComplex{a.x - b.x, a.y - b.y}; }
inline cuFloatComplex cuCmulf(cuFloatComplex a, cuFloatComplex b) {
  return cuFloatComplex{a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x};
}
inline cuFloatComplex cuCdivf(cuFloatComplex a, cuFloatComplex b) {
  return warpsafe::engine::detail::ComplexDivide<cuFloatComplex, float>(a, b);
}
inline float cuCabsf(cuFloatComplex z) { return std::hypot(z.x, z.y); }
inline cuFloatComplex cuCfmaf(cuFloatComplex a, cuFloatComplex b, cuFloatComplex c) {
  return cuCaddf(cuCmulf(a, b), c);
}

inline double cuCreal(cuDoubleComplex z) { return z.x; }
inline double cuCimag(cuDoubleComplex z) { return z.y; }
inline cuDoubleComplex make_cuDoubleComplex(double r, double i) { return cuDoubleComplex{r, i}; }
inline cuDoubleComplex cuConj(cuDoubleComplex z) { return cuDoubleComplex{z.x, -z.y}; }
inline cuDoubleComplex cuCadd(cuDoubleComplex a, cuDoubleComplex b) { return cuDoubleComplex{a.x + b.x, a.y + b.y}; }
inline cuDoubleComplex cuCsub(cuDoubleComplex a, cuDoubleComplex b) { return cuDoubleComplex{a.x - b.x, a.y - b.y}; }
inline cuDoubleComplex cuCmul(cuDoubleComplex a, cuDoubleComplex b) {
  return cuDoubleComplex{a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x};
}
inline cuDoubleComplex cuCdiv(cuDoubleComplex a, cuDoubleComplex b) {
  return warpsafe::engine::detail::ComplexDivide<cuDoubleComplex, double>(a, b);
}
inline double cuCabs(cuDoubleComplex z) { return std::hypot(z.x, z.y); }
inline cuDoubleComplex cuCfma(cuDoubleComplex a, cuDoubleComplex b, cuDoubleComplex c) { return cuCadd(cuCmul(a, b), c); }

inline cuComplex make_cuComplex(float r, float i) { return cuComplex{r, i}; }
inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex z) { return cuDoubleComplex{z.x, z.y}; }
inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex z) {
  return cuFloatComplex{static_cast<float>(z.x), static_cast<float>(z.y)};
}
