// vector_types.h: CUDA's sizes, alignments and make_* functions.
#include "vector_types.h"

#include <gtest/gtest.h>

#include <type_traits>

namespace {

template <class V, std::size_t kSize, std::size_t kAlign>
constexpr bool Layout() {
  return sizeof(V) == kSize && alignof(V) == kAlign && std::is_trivially_copyable_v<V> && std::is_aggregate_v<V>;
}

static_assert(Layout<char1, 1, 1>() && Layout<char2, 2, 2>() && Layout<char3, 3, 1>() && Layout<char4, 4, 4>());
static_assert(Layout<uchar1, 1, 1>() && Layout<uchar2, 2, 2>() && Layout<uchar3, 3, 1>() && Layout<uchar4, 4, 4>());
static_assert(Layout<short1, 2, 2>() && Layout<short2, 4, 4>() && Layout<short3, 6, 2>() && Layout<short4, 8, 8>());
static_assert(Layout<ushort1, 2, 2>() && Layout<ushort2, 4, 4>() && Layout<ushort3, 6, 2>() && Layout<ushort4, 8, 8>());
static_assert(Layout<int1, 4, 4>() && Layout<int2, 8, 8>() && Layout<int3, 12, 4>() && Layout<int4, 16, 16>());
static_assert(Layout<uint1, 4, 4>() && Layout<uint2, 8, 8>() && Layout<uint3, 12, 4>() && Layout<uint4, 16, 16>());
static_assert(Layout<long1, 8, 8>() && Layout<long2, 16, 16>() && Layout<long3, 24, 8>() && Layout<long4, 32, 16>());
static_assert(Layout<ulong1, 8, 8>() && Layout<ulong2, 16, 16>() && Layout<ulong3, 24, 8>() && Layout<ulong4, 32, 16>());
static_assert(Layout<longlong1, 8, 8>() && Layout<longlong2, 16, 16>() && Layout<longlong3, 24, 8>() &&
              Layout<longlong4, 32, 16>());
static_assert(Layout<ulonglong1, 8, 8>() && Layout<ulonglong2, 16, 16>() && Layout<ulonglong3, 24, 8>() &&
              Layout<ulonglong4, 32, 16>());
static_assert(Layout<float1, 4, 4>() && Layout<float2, 8, 8>() && Layout<float3, 12, 4>() && Layout<float4, 16, 16>());
static_assert(Layout<double1, 8, 8>() && Layout<double2, 16, 16>() && Layout<double3, 24, 8>() &&
              Layout<double4, 32, 16>());
static_assert(Layout<double4_16a, 32, 16>() && Layout<double4_32a, 32, 32>() && Layout<longlong4_32a, 32, 32>());
static_assert(std::is_same_v<decltype(char1{}.x), signed char>, "CUDA's char1 holds a signed char");

TEST(VectorTypes, MakeFunctionsFillEveryComponent) {
  const int4 i = make_int4(1, 2, 3, 4);
  EXPECT_EQ(i.x + 10 * i.y + 100 * i.z + 1000 * i.w, 4321);
  const float2 f = make_float2(0.5f, -1.5f);
  EXPECT_EQ(f.x, 0.5f);
  EXPECT_EQ(f.y, -1.5f);
  const uint3 u = make_uint3(7, 8, 9);
  EXPECT_EQ(u.x + u.y + u.z, 24u);
  const dim3 d = u;  // dim3 converts from uint3, as in CUDA
  EXPECT_EQ(d.z, 9u);
  const double3 g = make_double3(1, 2, 3);
  EXPECT_EQ(g.z, 3.0);
  const ulonglong2 l = make_ulonglong2(~0ull, 1);
  EXPECT_EQ(l.x, ~0ull);
  constexpr char4 c = make_char4(-1, 2, -3, 4);  // usable in constant expressions
  static_assert(c.z == -3);
}

}  // namespace
