// CUDA's cuComplex.h: single and double complex numbers as float2/double2 (real part in x), with
// the helper functions programs use beside cuBLAS and cuFFT. Products and quotients are computed
// in the obvious way; the quotient scales by the larger of |re| and |im| of the divisor so that
// it neither overflows nor underflows for representable results, as CUDA's does.
#pragma once
#define CU_COMPLEX_H_

#ifdef __cplusplus
#include <cmath>
#else
#include <math.h>
#endif

#include "vector_types.h"

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

#ifndef __cplusplus
// C (a host .c file, docs/semantics/c_sources.md): the same functions, static inline, over the
// typedef'd vector types; the quotient is the same scaled computation.
#define WARPSAFE_C_COMPLEX_(C, R, sfx, hypot_fn)                                                      \
  static inline R cuCreal##sfx(C z) { return z.x; }                                                 \
  static inline R cuCimag##sfx(C z) { return z.y; }                                                 \
  static inline C cuConj##sfx(C z) { C r = {z.x, -z.y}; return r; }                                 \
  static inline C cuCadd##sfx(C a, C b) { C r = {a.x + b.x, a.y + b.y}; return r; }                 \
  static inline C cuCsub##sfx(C a, C b) { C r = {a.x - b.x, a.y - b.y}; return r; }                 \
  static inline C cuCmul##sfx(C a, C b) { C r = {a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x}; return r; } \
  static inline C cuCdiv##sfx(C a, C b) {                                                           \
    const R scale = (R)1 / ((R)fabs(b.x) + (R)fabs(b.y));                                           \
    const R ar = a.x * scale, ai = a.y * scale, br = b.x * scale, bi = b.y * scale;                 \
    const R denominator = br * br + bi * bi;                                                        \
    C r = {(ar * br + ai * bi) / denominator, (ai * br - ar * bi) / denominator};                   \
    return r;                                                                                       \
  }                                                                                                 \
  static inline R cuCabs##sfx(C z) { return hypot_fn(z.x, z.y); }                                   \
  static inline C cuCfma##sfx(C a, C b, C c) { return cuCadd##sfx(cuCmul##sfx(a, b), c); }
WARPSAFE_C_COMPLEX_(cuFloatComplex, float, f, hypotf)
WARPSAFE_C_COMPLEX_(cuDoubleComplex, double, , hypot)
#undef WARPSAFE_C_COMPLEX_
static inline cuFloatComplex make_cuFloatComplex(float r, float i) { cuFloatComplex z = {r, i}; return z; }
static inline cuDoubleComplex make_cuDoubleComplex(double r, double i) { cuDoubleComplex z = {r, i}; return z; }
static inline cuComplex make_cuComplex(float r, float i) { cuComplex z = {r, i}; return z; }
static inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex z) { cuDoubleComplex r = {z.x, z.y}; return r; }
static inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex z) {
  cuFloatComplex r = {(float)z.x, (float)z.y};
  return r;
}
#else

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
#endif  // __cplusplus
