// Item types and operators the device collective tests run over: the four the benchmarks measure (int32,
// int64, float, double; sums) and non-commutative operators of both sizes the look-back handles
// (4 bytes, packed status words; 8 bytes, separate arrays). Float inputs are small integers, so
// every partial sum is exact whatever the association order.
#pragma once

#include <cstdint>
#include <cstdio>

#include "test_cases.cuh"

namespace wstest {

// x -> a*x + b (mod 2^16 or 2^32); composition f then g is associative and does not commute.
template <class U>
struct Affine {
  U a, b;
};
struct ThenAffine {
  template <class U>
  __host__ __device__ Affine<U> operator()(const Affine<U>& f, const Affine<U>& g) const {
    return Affine<U>{U(g.a * f.a), U(g.a * f.b + g.b)};
  }
};

// int32 sums and maxima and double sums are the warp tests' cases.
using I32Sum = Int32Sum;
using I32Max = Int32Max;
using F64Sum = DoubleSum;
struct I64Sum {
  using T = long long;
  using Op = warpsafe::Sum;
  static constexpr const char* kName = "int64/Sum";
  static T Make(Random& r) { return (long long)(r.Next() >> 20) - (1ll << 43); }
  static T HostOp(T a, T b) { return T(std::uint64_t(a) + std::uint64_t(b)); }
  static bool Equal(T a, T b) { return a == b; }
  static void Print(char* s, T v) { std::snprintf(s, 64, "%lld", v); }
};
// Not the warp tests' FloatSum (values to 64): with values in [-2, 2] the partial sums of 2^30
// items are a random walk that stays far below 2^24, so they are exact in float in any order.
struct F32Sum {
  using T = float;
  using Op = warpsafe::Sum;
  static constexpr const char* kName = "float/Sum";
  static T Make(Random& r) { return float(r.Int(-2, 2)); }
  static T HostOp(T a, T b) { return a + b; }
  static bool Equal(T a, T b) { return a == b; }
  static void Print(char* s, T v) { std::snprintf(s, 64, "%g", v); }
};
template <class U>
struct AffineCase {
  using T = Affine<U>;
  using Op = ThenAffine;
  static constexpr const char* kName = sizeof(U) == 2 ? "affine16/Then" : "affine32/Then";
  static T Make(Random& r) { return T{U(r.Next() | 1u), U(r.Next())}; }
  static T HostOp(T f, T g) { return ThenAffine{}(f, g); }
  static bool Equal(T x, T y) { return x.a == y.a && x.b == y.b; }
  static void Print(char* s, T v) { std::snprintf(s, 64, "(%llu, %llu)", (unsigned long long)v.a, (unsigned long long)v.b); }
};
using Affine4 = AffineCase<std::uint16_t>;
using Affine8 = AffineCase<std::uint32_t>;
static_assert(sizeof(Affine4::T) == 4 && sizeof(Affine8::T) == 8, "both look-back layouts");

// Sizes every device test runs: empty, one item, around every tile size of the collectives (2048,
// 4096, 8192 and 12288 items), several tiles and a ragged end. On a GPU also the large sizes the
// issue names.
inline const std::int64_t kSmallSizes[] = {0,     1,     2,     31,    2047,  2048,  2049,  4095,  4096,
                                           4097,  8191,  8192,  8193,  12287, 12288, 12289, 12345, 16385,
                                           24577, 65536 * 3 + 17};
#if defined(__WARPSAFE__)
inline const std::int64_t kLargeSizes[] = {(1 << 20) + 3};
#else
inline const std::int64_t kLargeSizes[] = {(1 << 20) + 3, (1 << 24) + 5, 1 << 28, (1ll << 30) - 7};
#endif

}  // namespace wstest
