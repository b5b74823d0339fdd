#include "texture/filtering.h"

#include <cmath>
#include <cstdlib>

namespace warpsafe::engine::texture {
namespace {

// A nonoverlapping expansion: the exact sum of its components, smallest first (Shewchuk's
// grow-expansion with zero elimination). 8 products of two parts each fit with room to spare.
class Exact {
 public:
  void Add(double b) {
    double q = b;
    int kept = 0;
    for (int i = 0; i < n_; ++i) {
      const double sum = q + c_[i];
      const double bv = sum - q;
      const double err = (q - (sum - bv)) + (c_[i] - bv);  // TwoSum: sum + err == q + c_[i] exactly
      q = sum;
      if (err != 0) c_[kept++] = err;
    }
    if (q != 0 || kept == 0) c_[kept++] = q;
    n_ = kept;
  }
  // The sign of (this - m): the sign of the largest component of the difference.
  int SignMinus(double m) const {
    Exact d = *this;
    d.Add(-m);
    for (int i = d.n_ - 1; i >= 0; --i)
      if (d.c_[i] != 0) return d.c_[i] > 0 ? 1 : -1;
    return 0;
  }
  double Approx() const {
    double s = 0;
    for (int i = 0; i < n_; ++i) s += c_[i];
    return s;
  }

 private:
  double c_[40];
  int n_ = 0;
};

// The nearest of lo < hi to `v` (which lies between them), a tie going away from zero.
double Nearer(const Exact& v, double lo, double hi) {
  const int side = v.SignMinus((lo + hi) / 2);
  if (side > 0) return hi;
  if (side < 0) return lo;
  return std::fabs(hi) > std::fabs(lo) ? hi : lo;
}

// The representable neighbours of a half-precision value (as doubles): the spacing is 2^-24
// below 2^-14 and 2^(e-10) in the binade [2^e, 2^(e+1)).
double HalfSpacing(double x) {
  const double a = std::fabs(x);
  if (a < std::ldexp(1.0, -14)) return std::ldexp(1.0, -24);
  int e;
  std::frexp(a, &e);  // a = m * 2^e with m in [0.5, 1)
  return std::ldexp(1.0, e - 1 - 10);
}

}  // namespace

float WeightedFloat(const float* value, const std::int32_t* weight, int n) {
  Exact v;
  for (int i = 0; i < n; ++i)  // each product is exact: 9 x 24 bits
    if (weight[i] != 0) v.Add(static_cast<double>(weight[i]) * value[i] / 256.0);
  const float f = static_cast<float>(v.Approx());
  const int side = v.SignMinus(f);
  if (side == 0) return f;
  const float other = std::nextafter(f, side > 0 ? INFINITY : -INFINITY);
  const double lo = side > 0 ? f : other, hi = side > 0 ? other : f;
  return static_cast<float>(Nearer(v, lo, hi));
}

float WeightedHalf(const float* value, const std::int32_t* weight, int n) {
  Exact v;
  for (int i = 0; i < n; ++i)
    if (weight[i] != 0) v.Add(static_cast<double>(weight[i]) * value[i] / 256.0);
  const double a = v.Approx();
  const double q = HalfSpacing(a);
  double lo = std::floor(a / q) * q, hi = lo + q;  // grid points of the binade of a
  if (v.SignMinus(lo) < 0) {  // the approximation rounded past a grid point
    hi = lo;
    lo -= HalfSpacing(std::nextafter(lo, -INFINITY));
  } else if (v.SignMinus(hi) > 0) {
    lo = hi;
    hi += HalfSpacing(hi);
  }
  if (v.SignMinus(lo) == 0) return static_cast<float>(lo);
  const double r = Nearer(v, lo, hi);
  return std::fabs(r) > 65504.0 ? std::copysign(INFINITY, r) : static_cast<float>(r);
}

std::int64_t WeightedFixed(const std::int64_t* value, const std::int32_t* weight, int n, std::int64_t scale,
                           std::int64_t range) {
  std::int64_t sum = 0;
  for (int i = 0; i < n; ++i) sum += weight[i] * value[i];
  // floor(sum * scale / den + 1/2) in integers: the nearest integer, a tie up (-2.5 gives -2).
  const std::int64_t num = 2 * sum * scale + 256 * range, den = 2 * 256 * range;
  return num >= 0 ? num / den : -((-num + den - 1) / den);
}

std::int32_t TapWeight(const std::int32_t* upper, int axes, unsigned upper_set) {
  // P(S): the rounded product of the weights of the axes in S (S empty: 256).
  auto product = [&](unsigned set) -> std::int64_t {
    std::int64_t p = 1, den = 1;
    int n = 0;
    for (int k = 0; k < axes; ++k)
      if ((set >> k) & 1) p *= upper[k], ++n;
    if (n == 0) return 256;
    for (int k = 1; k < n; ++k) den *= 256;
    return (2 * p + den) / (2 * den);  // a tie up
  };
  std::int64_t w = 0;
  const unsigned all = (1u << axes) - 1;
  for (unsigned set = 0; set <= all; ++set) {
    if ((set & upper_set) != upper_set) continue;
    const int extra = __builtin_popcount(set & ~upper_set);
    w += (extra % 2 == 0 ? 1 : -1) * product(set);
  }
  return static_cast<std::int32_t>(w);
}

float HalfToFloat(std::uint16_t h) {
  const int sign = (h >> 15) & 1, exp = (h >> 10) & 0x1f, man = h & 0x3ff;
  double v;
  if (exp == 0) v = std::ldexp(man, -24);
  else if (exp == 31) v = man != 0 ? NAN : INFINITY;
  else v = std::ldexp(man + 1024, exp - 25);
  return static_cast<float>(sign ? -v : v);
}

}  // namespace warpsafe::engine::texture
