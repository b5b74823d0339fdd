// Every SIMD and DPX intrinsic of the CUDA Math API ("SIMD Intrinsics") as one case each, and the
// operands they are evaluated on. Shared by values.cu (on the GPU with nvcc, and under warpsafe
// run) and by the engine's unit test (tests/engine/device/simd_gpu_values_test.cpp), which hash
// each case's results over the same operands the same way: simd_gpu_hashes.h holds the GPU's.
//
// A case is X(name, expression) over the operands a, b, c (unsigned int), sa, sb, sc (the same
// read as int) and two bools p and q, false before each case, which the __vib* cases may set and
// their _pred twins return (q low, p high for the halves' forms).
#pragma once

#include <cstdint>

#define SIMD_CASES_BINARY_(X, name) X(name##2, name##2(a, b)) X(name##4, name##4(a, b))
#define SIMD_CASES_UNARY_(X, name) X(name##2, name##2(a)) X(name##4, name##4(a))

#define SIMD_CASES(X)                                                                                  \
  SIMD_CASES_UNARY_(X, __vabs)                                                                         \
  SIMD_CASES_UNARY_(X, __vabsss)                                                                       \
  SIMD_CASES_UNARY_(X, __vneg)                                                                         \
  SIMD_CASES_UNARY_(X, __vnegss)                                                                       \
  SIMD_CASES_BINARY_(X, __vabsdiffs)                                                                   \
  SIMD_CASES_BINARY_(X, __vabsdiffu)                                                                   \
  SIMD_CASES_BINARY_(X, __vadd)                                                                        \
  SIMD_CASES_BINARY_(X, __vaddss)                                                                      \
  SIMD_CASES_BINARY_(X, __vaddus)                                                                      \
  SIMD_CASES_BINARY_(X, __vavgs)                                                                       \
  SIMD_CASES_BINARY_(X, __vavgu)                                                                       \
  SIMD_CASES_BINARY_(X, __vhaddu)                                                                      \
  SIMD_CASES_BINARY_(X, __vmaxs)                                                                       \
  SIMD_CASES_BINARY_(X, __vmaxu)                                                                       \
  SIMD_CASES_BINARY_(X, __vmins)                                                                       \
  SIMD_CASES_BINARY_(X, __vminu)                                                                       \
  SIMD_CASES_BINARY_(X, __vsads)                                                                       \
  SIMD_CASES_BINARY_(X, __vsadu)                                                                       \
  SIMD_CASES_BINARY_(X, __vsub)                                                                        \
  SIMD_CASES_BINARY_(X, __vsubss)                                                                      \
  SIMD_CASES_BINARY_(X, __vsubus)                                                                      \
  SIMD_CASES_BINARY_(X, __vcmpeq)                                                                      \
  SIMD_CASES_BINARY_(X, __vcmpne)                                                                      \
  SIMD_CASES_BINARY_(X, __vcmpges)                                                                     \
  SIMD_CASES_BINARY_(X, __vcmpgeu)                                                                     \
  SIMD_CASES_BINARY_(X, __vcmpgts)                                                                     \
  SIMD_CASES_BINARY_(X, __vcmpgtu)                                                                     \
  SIMD_CASES_BINARY_(X, __vcmples)                                                                     \
  SIMD_CASES_BINARY_(X, __vcmpleu)                                                                     \
  SIMD_CASES_BINARY_(X, __vcmplts)                                                                     \
  SIMD_CASES_BINARY_(X, __vcmpltu)                                                                     \
  SIMD_CASES_BINARY_(X, __vseteq)                                                                      \
  SIMD_CASES_BINARY_(X, __vsetne)                                                                      \
  SIMD_CASES_BINARY_(X, __vsetges)                                                                     \
  SIMD_CASES_BINARY_(X, __vsetgeu)                                                                     \
  SIMD_CASES_BINARY_(X, __vsetgts)                                                                     \
  SIMD_CASES_BINARY_(X, __vsetgtu)                                                                     \
  SIMD_CASES_BINARY_(X, __vsetles)                                                                     \
  SIMD_CASES_BINARY_(X, __vsetleu)                                                                     \
  SIMD_CASES_BINARY_(X, __vsetlts)                                                                     \
  SIMD_CASES_BINARY_(X, __vsetltu)                                                                     \
  X(__vimax_s32_relu, __vimax_s32_relu(sa, sb))                                                        \
  X(__vimin_s32_relu, __vimin_s32_relu(sa, sb))                                                        \
  X(__vimax_s16x2_relu, __vimax_s16x2_relu(a, b))                                                      \
  X(__vimin_s16x2_relu, __vimin_s16x2_relu(a, b))                                                      \
  X(__vimax3_s32, __vimax3_s32(sa, sb, sc))                                                            \
  X(__vimax3_u32, __vimax3_u32(a, b, c))                                                               \
  X(__vimax3_s16x2, __vimax3_s16x2(a, b, c))                                                           \
  X(__vimax3_u16x2, __vimax3_u16x2(a, b, c))                                                           \
  X(__vimin3_s32, __vimin3_s32(sa, sb, sc))                                                            \
  X(__vimin3_u32, __vimin3_u32(a, b, c))                                                               \
  X(__vimin3_s16x2, __vimin3_s16x2(a, b, c))                                                           \
  X(__vimin3_u16x2, __vimin3_u16x2(a, b, c))                                                           \
  X(__vimax3_s32_relu, __vimax3_s32_relu(sa, sb, sc))                                                  \
  X(__vimax3_s16x2_relu, __vimax3_s16x2_relu(a, b, c))                                                 \
  X(__vimin3_s32_relu, __vimin3_s32_relu(sa, sb, sc))                                                  \
  X(__vimin3_s16x2_relu, __vimin3_s16x2_relu(a, b, c))                                                 \
  X(__viaddmax_s32, __viaddmax_s32(sa, sb, sc))                                                        \
  X(__viaddmax_u32, __viaddmax_u32(a, b, c))                                                           \
  X(__viaddmax_s16x2, __viaddmax_s16x2(a, b, c))                                                       \
  X(__viaddmax_u16x2, __viaddmax_u16x2(a, b, c))                                                       \
  X(__viaddmin_s32, __viaddmin_s32(sa, sb, sc))                                                        \
  X(__viaddmin_u32, __viaddmin_u32(a, b, c))                                                           \
  X(__viaddmin_s16x2, __viaddmin_s16x2(a, b, c))                                                       \
  X(__viaddmin_u16x2, __viaddmin_u16x2(a, b, c))                                                       \
  X(__viaddmax_s32_relu, __viaddmax_s32_relu(sa, sb, sc))                                              \
  X(__viaddmax_s16x2_relu, __viaddmax_s16x2_relu(a, b, c))                                             \
  X(__viaddmin_s32_relu, __viaddmin_s32_relu(sa, sb, sc))                                              \
  X(__viaddmin_s16x2_relu, __viaddmin_s16x2_relu(a, b, c))                                             \
  X(__vibmax_s32, __vibmax_s32(sa, sb, &p))                                                            \
  X(__vibmax_s32_pred, (__vibmax_s32(sa, sb, &p), p))                                                  \
  X(__vibmax_u32, __vibmax_u32(a, b, &p))                                                              \
  X(__vibmax_u32_pred, (__vibmax_u32(a, b, &p), p))                                                    \
  X(__vibmin_s32, __vibmin_s32(sa, sb, &p))                                                            \
  X(__vibmin_s32_pred, (__vibmin_s32(sa, sb, &p), p))                                                  \
  X(__vibmin_u32, __vibmin_u32(a, b, &p))                                                              \
  X(__vibmin_u32_pred, (__vibmin_u32(a, b, &p), p))                                                    \
  X(__vibmax_s16x2, __vibmax_s16x2(a, b, &p, &q))                                                      \
  X(__vibmax_s16x2_pred, (__vibmax_s16x2(a, b, &p, &q), 2u * p + q))                                   \
  X(__vibmax_u16x2, __vibmax_u16x2(a, b, &p, &q))                                                      \
  X(__vibmax_u16x2_pred, (__vibmax_u16x2(a, b, &p, &q), 2u * p + q))                                   \
  X(__vibmin_s16x2, __vibmin_s16x2(a, b, &p, &q))                                                      \
  X(__vibmin_s16x2_pred, (__vibmin_s16x2(a, b, &p, &q), 2u * p + q))                                   \
  X(__vibmin_u16x2, __vibmin_u16x2(a, b, &p, &q))                                                      \
  X(__vibmin_u16x2_pred, (__vibmin_u16x2(a, b, &p, &q), 2u * p + q))

// The operands: first every triple of 16 edge words (4096 tuples: 0, 1, -1, INT_MAX, INT_MIN, and
// words whose halves or bytes are 0x7fff, 0x8000, 0x7f, 0x80, 0xff, 1 in mixed lanes), then 4096
// pseudo-random triples (xorshift32), in a third of which b copies some lanes of a so that equal
// lanes (ties, equality) are common.
constexpr int kSimdEdgeTuples = 4096;
constexpr int kSimdTuples = 8192;

inline void SimdOperands(std::uint32_t* ops /* 3 * kSimdTuples: a, b, c of each tuple */) {
  const std::uint32_t edges[16] = {0x00000000u, 0x00000001u, 0xffffffffu, 0x7fffffffu, 0x80000000u, 0x7fff8000u,
                                   0x80007fffu, 0x0001ffffu, 0x7f7f7f7fu, 0x80808080u, 0x7f80ff01u, 0x01ff807fu,
                                   0x00ff7f80u, 0x8001fffeu, 0xff00ff00u, 0x40003fffu};
  for (int i = 0; i < kSimdEdgeTuples; ++i) {
    ops[3 * i] = edges[i & 15];
    ops[3 * i + 1] = edges[(i >> 4) & 15];
    ops[3 * i + 2] = edges[(i >> 8) & 15];
  }
  const std::uint32_t lanes[8] = {0x000000ffu, 0x0000ff00u, 0x0000ffffu, 0xffff0000u,
                                  0xff00ff00u, 0x00ff00ffu, 0xffffff00u, 0xffffffffu};
  std::uint32_t s = 0x2545f491u;
  auto next = [&s] {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    return s;
  };
  for (int i = kSimdEdgeTuples; i < kSimdTuples; ++i) {
    const std::uint32_t a = next(), c = next();
    std::uint32_t b = next();
    if (i % 3 == 0) {
      const std::uint32_t same = lanes[next() & 7];
      b = (a & same) | (b & ~same);
    }
    ops[3 * i] = a;
    ops[3 * i + 1] = b;
    ops[3 * i + 2] = c;
  }
}

// FNV-1a (64 bits) over the bytes of a case's results, tuple by tuple, low byte first.
inline std::uint64_t SimdHash(const std::uint32_t* results, int count) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (int i = 0; i < count; ++i) {
    for (int k = 0; k < 4; ++k) {
      h ^= (results[i] >> (8 * k)) & 0xffu;
      h *= 0x100000001b3ull;
    }
  }
  return h;
}
