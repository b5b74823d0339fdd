// Value types and operators the warp collective tests run over, each with a host reference of the
// operator, a random generator and an exact comparison. Floating-point inputs are small integers,
// so every sum of them is exact whatever the association order.
#pragma once

#include <cstdint>
#include <cstdio>
#include <type_traits>
#include <utility>

#include <warpsafe/warp.cuh>

#include "harness.cuh"

namespace wstest {

// A 16-byte value with an associative, non-commutative operator: 2x2 matrices of uint32 under the
// matrix product (wrapping arithmetic is exact on host and device alike).
struct Mat2 {
  std::uint32_t a, b, c, d;
};
struct MatMul {
  __host__ __device__ Mat2 operator()(const Mat2& x, const Mat2& y) const {
    return Mat2{x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c, x.c * y.b + x.d * y.d};
  }
};
static_assert(sizeof(Mat2) == 16, "the struct case is 16 bytes");

struct Int32Sum {
  using T = int;
  using Op = warpsafe::Sum;
  static constexpr const char* kName = "int32/Sum";
  static constexpr bool kZeroIdentity = true;
  static T Make(Random& r) { return r.Int(-1000, 1000); }
  static T HostOp(T a, T b) { return T(std::uint32_t(a) + std::uint32_t(b)); }
  static bool Equal(T a, T b) { return a == b; }
  static void Print(char* s, T v) { std::snprintf(s, 64, "%d", v); }
};
struct Int32Max {
  using T = int;
  using Op = warpsafe::Max;
  static constexpr const char* kName = "int32/Max";
  static constexpr bool kZeroIdentity = false;
  static T Make(Random& r) { return r.Int(-1000000, 1000000); }
  static T HostOp(T a, T b) { return a < b ? b : a; }
  static bool Equal(T a, T b) { return a == b; }
  static void Print(char* s, T v) { std::snprintf(s, 64, "%d", v); }
};
struct Uint32Sum {
  using T = unsigned;
  using Op = warpsafe::Sum;
  static constexpr const char* kName = "uint32/Sum";
  static constexpr bool kZeroIdentity = true;
  static T Make(Random& r) { return T(r.Next()); }  // wraps: exact in modular arithmetic
  static T HostOp(T a, T b) { return a + b; }
  static bool Equal(T a, T b) { return a == b; }
  static void Print(char* s, T v) { std::snprintf(s, 64, "%u", v); }
};
struct FloatSum {
  using T = float;
  using Op = warpsafe::Sum;
  static constexpr const char* kName = "float/Sum";
  static constexpr bool kZeroIdentity = true;
  static T Make(Random& r) { return float(r.Int(-64, 64)); }
  static T HostOp(T a, T b) { return a + b; }
  static bool Equal(T a, T b) { return a == b; }
  static void Print(char* s, T v) { std::snprintf(s, 64, "%g", v); }
};
struct DoubleSum {
  using T = double;
  using Op = warpsafe::Sum;
  static constexpr const char* kName = "double/Sum";
  static constexpr bool kZeroIdentity = true;
  static T Make(Random& r) { return double(r.Int(-(1 << 20), 1 << 20)); }
  static T HostOp(T a, T b) { return a + b; }
  static bool Equal(T a, T b) { return a == b; }
  static void Print(char* s, T v) { std::snprintf(s, 64, "%g", v); }
};
struct Mat2Product {
  using T = Mat2;
  using Op = MatMul;
  static constexpr const char* kName = "struct16/MatMul";
  static constexpr bool kZeroIdentity = false;
  static T Make(Random& r) {
    return Mat2{std::uint32_t(r.Int(0, 3)), std::uint32_t(r.Int(0, 3)), std::uint32_t(r.Int(0, 3)),
                std::uint32_t(r.Int(0, 3))};
  }
  static T HostOp(T x, T y) { return MatMul{}(x, y); }
  static bool Equal(T x, T y) { return x.a == y.a && x.b == y.b && x.c == y.c && x.d == y.d; }
  static void Print(char* s, T v) { std::snprintf(s, 64, "[%u %u; %u %u]", v.a, v.b, v.c, v.d); }
};

// Calls f(std::integral_constant<int, W>{}) for W = kFirst..kLast.
template <int kFirst, int kLast, class F>
void ForEachWidth(F&& f) {
  f(std::integral_constant<int, kFirst>{});
  if constexpr (kFirst < kLast) ForEachWidth<kFirst + 1, kLast>(f);
}

// The block sizes every collective is tested with: full warps, and a last hardware warp of 13 lanes.
inline constexpr int kBlockSizes[] = {96, 45};
inline constexpr int kBlocks = 3;

// valid_items of a logical warp, as the test kernels compute it from its first lane and block.
__host__ __device__ inline int ValidItemsFor(int base_lane, int block, int width) {
  return 1 + (base_lane * 7 + block * 5) % width;
}

}  // namespace wstest
