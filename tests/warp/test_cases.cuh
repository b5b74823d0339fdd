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
// 64-bit integers (std::int64_t: `long` on LP64, a type apart from `long long`), with values whose
// low words carry into the high words when summed.
struct Int64Sum {
  using T = std::int64_t;
  using Op = warpsafe::Sum;
  static constexpr const char* kName = "int64/Sum";
  static constexpr bool kZeroIdentity = true;
  static T Make(Random& r) {
    return std::int64_t(std::uint64_t(std::int64_t(r.Int(-8, 8))) << 32) + std::int64_t(r.Int(0, 0x7fffffff)) * 2;
  }
  static T HostOp(T a, T b) { return a + b; }
  static bool Equal(T a, T b) { return a == b; }
  static void Print(char* s, T v) { std::snprintf(s, 64, "%lld", (long long)v); }
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

// The reduced test set, for the instrumented builds of `warpsafe check` (tests/warp/CMakeLists.txt
// defines WARPSAFE_TEST_REDUCED=1 there; every other build runs the full set). Every width and
// type is a template instantiation, and an instrumented clang build of the full set takes minutes
// per test. The reduced set keeps one case of each kind of geometry and value: widths 1, 3 (a
// short 2-lane tail), 8 (a power of two, 4 per warp), 12 (not a power of two, 8-lane tail) and 32
// (both code paths: block sizes 96 and 45, detail::WithMemberMask); a 32-bit type and the 16-byte
// non-commutative Mat2. What the checker adds, races on the shared-memory scans' TempStorage and
// schedule-dependent results, does not depend on the type.
#ifndef WARPSAFE_TEST_REDUCED
#define WARPSAFE_TEST_REDUCED 0
#endif
inline constexpr bool kReducedSet = WARPSAFE_TEST_REDUCED != 0;

// ForEachWidth<1, 32>, or the reduced widths.
template <class F>
void ForEachTestWidth(F&& f) {
  if constexpr (kReducedSet) {
    f(std::integral_constant<int, 1>{});
    f(std::integral_constant<int, 3>{});
    f(std::integral_constant<int, 8>{});
    f(std::integral_constant<int, 12>{});
    f(std::integral_constant<int, 32>{});
  } else {
    ForEachWidth<1, 32>(f);
  }
}

// The block sizes every collective is tested with: full warps, and a last hardware warp of 13 lanes.
inline constexpr int kBlockSizes[] = {96, 45};
inline constexpr int kBlocks = 3;

// The scans and reductions also run in a three-dimensional block of 45 threads, 3 x 5 x 3: which
// lanes of its last warp exist then depends on threadIdx.y and .z too (on the GPU the 32-lane
// path reads them with its own asm, detail/lane.cuh). x, y, z of each shape.
inline constexpr int kBlockShapes[][3] = {{96, 1, 1}, {45, 1, 1}, {3, 5, 3}};

// The calling thread's index in its block, linearised as CUDA forms warps, and the block's size.
__device__ inline int BlockThread() {
  return int(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
}
__device__ inline int BlockThreads() { return int(blockDim.x * blockDim.y * blockDim.z); }

// valid_items of a logical warp, as the test kernels compute it from its first lane and block.
__host__ __device__ inline int ValidItemsFor(int base_lane, int block, int width) {
  return 1 + (base_lane * 7 + block * 5) % width;
}

}  // namespace wstest
