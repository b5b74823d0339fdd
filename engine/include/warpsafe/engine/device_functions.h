// CUDA's integer, bit, reinterpretation and conversion intrinsics, cache-hinted loads and stores,
// the unqualified min/max overloads, fences, sleep, clock and trap: each with the semantics the CUDA
// Math API (integer intrinsics, type casting intrinsics) and the PTX ISA give it. Everything here is
// a pure function of its arguments except the functions that take a `Site`, which call the engine
// (and the 16-byte cache-hinted accesses, which ask it how to move 16 bytes whole).
// Warp and block collectives (__shfl*_sync, __syncwarp, __syncthreads, ...) are the engine core's
// (warp_intrinsics.h), not this file's.
#pragma once

#include <cfenv>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "vector_types.h"
#include "warpsafe/engine/address_space.h"
#include "warpsafe/engine/api.h"
#include "warpsafe/engine/dpx_intrinsics.h"
#include "warpsafe/engine/keywords.h"
#include "warpsafe/engine/simd_intrinsics.h"

namespace warpsafe::engine::detail {

// The IEEE rounding directions that the _rn/_rz/_ru/_rd suffixes name.
enum class Round : std::uint8_t { kNearest, kZero, kUp, kDown };

inline int FenvMode(Round r) {
  switch (r) {
    case Round::kNearest: return FE_TONEAREST;
    case Round::kZero: return FE_TOWARDZERO;
    case Round::kUp: return FE_UPWARD;
    case Round::kDown: return FE_DOWNWARD;
  }
  return FE_TONEAREST;
}

// Runs `op` (one floating-point operation on volatile copies of its operands) with the rounding
// direction `r` and restores the caller's direction. The volatile reads and the volatile result
// keep the compiler from folding the operation or moving it out from between the two fesetround
// calls, so no -frounding-math is needed.
template <class Op>
inline auto WithRounding(Round r, Op op) {
  const int saved = std::fegetround();
  std::fesetround(FenvMode(r));
  volatile auto result = op();
  std::fesetround(saved);
  return +result;
}

// x rounded to an integral value in direction r, exactly, whatever the current fenv direction.
template <class F>
inline F RoundIntegral(F x, Round r) {
  switch (r) {
    case Round::kZero: return std::trunc(x);
    case Round::kUp: return std::ceil(x);
    case Round::kDown: return std::floor(x);
    case Round::kNearest: break;
  }
  F low = std::floor(x);
  const F frac = x - low;  // exact; NaN for infinities, which then stay as they are
  if (frac > F(0.5) || (frac == F(0.5) && std::fmod(low, F(2)) != F(0))) low += F(1);
  return low == F(0) ? std::copysign(F(0), x) : low;  // rint(-0.3) is -0
}

// cvt.{rni,rzi,rpi,rmi}.{s,u}{32,64}.f{32,64}: the integer result is clamped to the destination's
// range. A NaN gives 0 when the source is not f64 and the destination not 64 bits wide, otherwise
// 1 << (bits - 1) (PTX ISA, cvt: "NaN input results in ..."). f16 and bf16 sources come as float.
template <class I, class F>
inline I FloatToInt(F x, Round r) {
  using U = std::make_unsigned_t<I>;
  constexpr int kBits = sizeof(I) * CHAR_BIT;
  if (std::isnan(x)) {
    if (std::is_same_v<F, float> && kBits < 64) return I(0);
    return static_cast<I>(U(1) << (kBits - 1));
  }
  const F v = RoundIntegral(x, r);
  constexpr F kHalfRange = static_cast<F>(std::uint64_t{1} << (kBits - 1));  // exact: a power of 2
  constexpr F kUpper = std::is_signed_v<I> ? kHalfRange : 2 * kHalfRange;
  constexpr F kLower = std::is_signed_v<I> ? -kHalfRange : F(0);
  if (v >= kUpper) return std::numeric_limits<I>::max();
  if (v < kLower) return std::numeric_limits<I>::min();
  return static_cast<I>(v);
}

// The integer (-1)^negative * magnitude rounded to F in direction r, in exact integer arithmetic
// (compilers lower unsigned 64-bit conversions with tricks that are only right to nearest).
template <class F>
inline F IntToFloat(bool negative, std::uint64_t magnitude, Round r) {
  constexpr int kDigits = std::numeric_limits<F>::digits;
  if (magnitude < (std::uint64_t{1} << kDigits)) {
    const F v = static_cast<F>(magnitude);
    return negative ? -v : v;
  }
  const int msb = 63 - __builtin_clzll(magnitude);
  const int shift = msb + 1 - kDigits;
  std::uint64_t kept = magnitude >> shift;
  const std::uint64_t rest = magnitude & ((std::uint64_t{1} << shift) - 1);
  const std::uint64_t half = std::uint64_t{1} << (shift - 1);
  bool up = false;
  switch (r) {
    case Round::kNearest: up = rest > half || (rest == half && (kept & 1) != 0); break;
    case Round::kZero: up = false; break;
    case Round::kUp: up = !negative && rest != 0; break;
    case Round::kDown: up = negative && rest != 0; break;
  }
  kept += up ? 1 : 0;
  const F v = std::ldexp(static_cast<F>(kept), shift);
  return negative ? -v : v;
}

template <class F, class I>
inline F IntToFloat(I value, Round r) {
  if constexpr (std::is_signed_v<I>) {
    const bool negative = value < 0;
    const std::uint64_t magnitude =
        negative ? std::uint64_t{0} - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
    return IntToFloat<F>(negative, magnitude, r);
  } else {
    return IntToFloat<F>(false, static_cast<std::uint64_t>(value), r);
  }
}

template <class T>
struct NonDeduced {
  using type = T;
};

}  // namespace warpsafe::engine::detail

// ---- bit counting and permutation ------------------------------------------------------------

inline int __popc(unsigned int x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
// Leading zeros; 32 (64) for 0.
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(static_cast<unsigned>(x)); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(x)); }
// Position of the least significant set bit, counting from 1; 0 for 0.
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }

inline unsigned int __brev(unsigned int x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
  return __builtin_bswap32(x);
}
inline unsigned long long __brevll(unsigned long long x) {
  return (static_cast<unsigned long long>(__brev(static_cast<unsigned>(x))) << 32) | __brev(static_cast<unsigned>(x >> 32));
}

// result byte n = input[s<4n+2:4n>], input bytes 0-3 from x and 4-7 from y; s<31:16> unused.
inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  const unsigned long long input = (static_cast<unsigned long long>(y) << 32) | x;
  unsigned int r = 0;
  for (int n = 0; n < 4; ++n) {
    const unsigned sel = (s >> (4 * n)) & 7u;
    r |= static_cast<unsigned>((input >> (8 * sel)) & 0xFFu) << (8 * n);
  }
  return r;
}

// hi:lo shifted by shift & 31 (the wrapping forms) or min(shift, 32) (the clamping _lc/_rc forms).
inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>((v << (shift & 31u)) >> 32);
}
inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>((v << (shift < 32u ? shift : 32u)) >> 32);
}
inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>(v >> (shift & 31u));
}
inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>(v >> (shift < 32u ? shift : 32u));
}

// fns.b32: the position of the |offset|-th set bit of mask, counting from bit `base` upwards
// (offset > 0) or downwards (offset < 0), base itself included; 0xFFFFFFFF when there is none.
// PTX leaves base > 31 undefined; here it finds nothing.
inline unsigned int __fns(unsigned int mask, unsigned int base, int offset) {
  if (base > 31u) return 0xFFFFFFFFu;
  if (offset == 0) return ((mask >> base) & 1u) != 0 ? base : 0xFFFFFFFFu;
  long long count = (offset > 0 ? static_cast<long long>(offset) : -static_cast<long long>(offset)) - 1;
  const int inc = offset > 0 ? 1 : -1;
  for (int pos = static_cast<int>(base); pos >= 0 && pos < 32; pos += inc) {
    if (((mask >> pos) & 1u) != 0) {
      if (count == 0) return static_cast<unsigned>(pos);
      --count;
    }
  }
  return 0xFFFFFFFFu;
}

// ---- integer arithmetic ------------------------------------------------------------------------

// The low 32 bits of the product of the low 24 bits of x and y (signed 24-bit for __mul24).
inline int __mul24(int x, int y) {
  const long long a = static_cast<int>(static_cast<unsigned>(x) << 8) >> 8;  // sign-extends bit 23
  const long long b = static_cast<int>(static_cast<unsigned>(y) << 8) >> 8;
  return static_cast<int>(static_cast<std::uint32_t>(static_cast<unsigned long long>(a * b)));
}
inline unsigned int __umul24(unsigned int x, unsigned int y) { return (x & 0xFFFFFFu) * (y & 0xFFFFFFu); }
// The high half of the full product.
inline int __mulhi(int x, int y) { return static_cast<int>((static_cast<long long>(x) * y) >> 32); }
inline unsigned int __umulhi(unsigned int x, unsigned int y) {
  return static_cast<unsigned>((static_cast<unsigned long long>(x) * y) >> 32);
}
inline long long __mul64hi(long long x, long long y) {
  return static_cast<long long>((static_cast<__int128>(x) * y) >> 64);
}
inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return static_cast<unsigned long long>((static_cast<unsigned __int128>(x) * y) >> 64);
}
// |x - y| + z, modulo 2^32.
inline unsigned int __sad(int x, int y, unsigned int z) {
  const unsigned d = x > y ? static_cast<unsigned>(x) - static_cast<unsigned>(y) : static_cast<unsigned>(y) - static_cast<unsigned>(x);
  return d + z;
}
inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) { return (x > y ? x - y : y - x) + z; }
// (x + y) >> 1 and (x + y + 1) >> 1 without intermediate overflow (arithmetic shift when signed).
inline int __hadd(int x, int y) { return static_cast<int>((static_cast<long long>(x) + y) >> 1); }
inline int __rhadd(int x, int y) { return static_cast<int>((static_cast<long long>(x) + y + 1) >> 1); }
inline unsigned int __uhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned>((static_cast<unsigned long long>(x) + y) >> 1);
}
inline unsigned int __urhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned>((static_cast<unsigned long long>(x) + y + 1) >> 1);
}

// Four-way byte dot product (and two-way 16x8-bit) plus an accumulator, modulo 2^32.
inline int __dp4a(int srcA, int srcB, int c) {
  unsigned acc = static_cast<unsigned>(c);
  for (int i = 0; i < 4; ++i) {
    const int a = static_cast<signed char>(static_cast<unsigned>(srcA) >> (8 * i));
    const int b = static_cast<signed char>(static_cast<unsigned>(srcB) >> (8 * i));
    acc += static_cast<unsigned>(a * b);
  }
  return static_cast<int>(acc);
}
inline unsigned int __dp4a(unsigned int srcA, unsigned int srcB, unsigned int c) {
  for (int i = 0; i < 4; ++i) c += ((srcA >> (8 * i)) & 0xFFu) * ((srcB >> (8 * i)) & 0xFFu);
  return c;
}
inline int __dp4a(char4 srcA, char4 srcB, int c) {
  return static_cast<int>(static_cast<unsigned>(c) + static_cast<unsigned>(srcA.x * srcB.x) +
                          static_cast<unsigned>(srcA.y * srcB.y) + static_cast<unsigned>(srcA.z * srcB.z) +
                          static_cast<unsigned>(srcA.w * srcB.w));
}
inline unsigned int __dp4a(uchar4 srcA, uchar4 srcB, unsigned int c) {
  return c + unsigned{srcA.x} * srcB.x + unsigned{srcA.y} * srcB.y + unsigned{srcA.z} * srcB.z + unsigned{srcA.w} * srcB.w;
}
namespace warpsafe::engine::detail {
// srcA's two 16-bit halves times bytes `first` and first+1 of srcB.
inline int Dp2a(int srcA, int srcB, int c, int first) {
  const int a0 = static_cast<short>(static_cast<unsigned>(srcA));
  const int a1 = static_cast<short>(static_cast<unsigned>(srcA) >> 16);
  const int b0 = static_cast<signed char>(static_cast<unsigned>(srcB) >> (8 * first));
  const int b1 = static_cast<signed char>(static_cast<unsigned>(srcB) >> (8 * first + 8));
  return static_cast<int>(static_cast<unsigned>(c) + static_cast<unsigned>(a0 * b0) + static_cast<unsigned>(a1 * b1));
}
inline unsigned UDp2a(unsigned srcA, unsigned srcB, unsigned c, int first) {
  return c + (srcA & 0xFFFFu) * ((srcB >> (8 * first)) & 0xFFu) + (srcA >> 16) * ((srcB >> (8 * first + 8)) & 0xFFu);
}
inline unsigned Pack(short2 v) { return (static_cast<unsigned short>(v.x)) | (static_cast<unsigned>(static_cast<unsigned short>(v.y)) << 16); }
inline unsigned Pack(ushort2 v) { return v.x | (static_cast<unsigned>(v.y) << 16); }
inline unsigned Pack(char4 v) {
  return static_cast<unsigned char>(v.x) | (static_cast<unsigned>(static_cast<unsigned char>(v.y)) << 8) |
         (static_cast<unsigned>(static_cast<unsigned char>(v.z)) << 16) | (static_cast<unsigned>(static_cast<unsigned char>(v.w)) << 24);
}
inline unsigned Pack(uchar4 v) {
  return v.x | (static_cast<unsigned>(v.y) << 8) | (static_cast<unsigned>(v.z) << 16) | (static_cast<unsigned>(v.w) << 24);
}
}  // namespace warpsafe::engine::detail
inline int __dp2a_lo(int srcA, int srcB, int c) { return ::warpsafe::engine::detail::Dp2a(srcA, srcB, c, 0); }
inline int __dp2a_hi(int srcA, int srcB, int c) { return ::warpsafe::engine::detail::Dp2a(srcA, srcB, c, 2); }
inline unsigned int __dp2a_lo(unsigned int srcA, unsigned int srcB, unsigned int c) {
  return ::warpsafe::engine::detail::UDp2a(srcA, srcB, c, 0);
}
inline unsigned int __dp2a_hi(unsigned int srcA, unsigned int srcB, unsigned int c) {
  return ::warpsafe::engine::detail::UDp2a(srcA, srcB, c, 2);
}
inline int __dp2a_lo(short2 srcA, char4 srcB, int c) {
  using namespace ::warpsafe::engine::detail;
  return Dp2a(static_cast<int>(Pack(srcA)), static_cast<int>(Pack(srcB)), c, 0);
}
inline int __dp2a_hi(short2 srcA, char4 srcB, int c) {
  using namespace ::warpsafe::engine::detail;
  return Dp2a(static_cast<int>(Pack(srcA)), static_cast<int>(Pack(srcB)), c, 2);
}
inline unsigned int __dp2a_lo(ushort2 srcA, uchar4 srcB, unsigned int c) {
  using namespace ::warpsafe::engine::detail;
  return UDp2a(Pack(srcA), Pack(srcB), c, 0);
}
inline unsigned int __dp2a_hi(ushort2 srcA, uchar4 srcB, unsigned int c) {
  using namespace ::warpsafe::engine::detail;
  return UDp2a(Pack(srcA), Pack(srcB), c, 2);
}

// ---- reinterpretation --------------------------------------------------------------------------

constexpr float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
constexpr int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
constexpr float __uint_as_float(unsigned int x) { return __builtin_bit_cast(float, x); }
constexpr unsigned int __float_as_uint(float x) { return __builtin_bit_cast(unsigned int, x); }
constexpr long long __double_as_longlong(double x) { return __builtin_bit_cast(long long, x); }
constexpr double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }
constexpr double __hiloint2double(int hi, int lo) {
  return __builtin_bit_cast(double, (static_cast<unsigned long long>(static_cast<unsigned>(hi)) << 32) | static_cast<unsigned>(lo));
}
constexpr int __double2hiint(double x) { return static_cast<int>(__builtin_bit_cast(unsigned long long, x) >> 32); }
constexpr int __double2loint(double x) { return static_cast<int>(static_cast<unsigned>(__builtin_bit_cast(unsigned long long, x))); }

// ---- conversions with an explicit rounding direction -------------------------------------------

#define WARPSAFE_CONVERSIONS_(suffix, mode)                                                                       \
  inline int __float2int_##suffix(float x) { return ::warpsafe::engine::detail::FloatToInt<int>(x, mode); }       \
  inline unsigned int __float2uint_##suffix(float x) {                                                            \
    return ::warpsafe::engine::detail::FloatToInt<unsigned int>(x, mode);                                         \
  }                                                                                                               \
  inline long long __float2ll_##suffix(float x) { return ::warpsafe::engine::detail::FloatToInt<long long>(x, mode); } \
  inline unsigned long long __float2ull_##suffix(float x) {                                                       \
    return ::warpsafe::engine::detail::FloatToInt<unsigned long long>(x, mode);                                   \
  }                                                                                                               \
  inline int __double2int_##suffix(double x) { return ::warpsafe::engine::detail::FloatToInt<int>(x, mode); }     \
  inline unsigned int __double2uint_##suffix(double x) {                                                          \
    return ::warpsafe::engine::detail::FloatToInt<unsigned int>(x, mode);                                         \
  }                                                                                                               \
  inline long long __double2ll_##suffix(double x) { return ::warpsafe::engine::detail::FloatToInt<long long>(x, mode); } \
  inline unsigned long long __double2ull_##suffix(double x) {                                                     \
    return ::warpsafe::engine::detail::FloatToInt<unsigned long long>(x, mode);                                   \
  }                                                                                                               \
  inline float __int2float_##suffix(int x) { return ::warpsafe::engine::detail::IntToFloat<float>(x, mode); }     \
  inline float __uint2float_##suffix(unsigned int x) { return ::warpsafe::engine::detail::IntToFloat<float>(x, mode); } \
  inline float __ll2float_##suffix(long long x) { return ::warpsafe::engine::detail::IntToFloat<float>(x, mode); } \
  inline float __ull2float_##suffix(unsigned long long x) {                                                       \
    return ::warpsafe::engine::detail::IntToFloat<float>(x, mode);                                                \
  }                                                                                                               \
  inline double __ll2double_##suffix(long long x) { return ::warpsafe::engine::detail::IntToFloat<double>(x, mode); } \
  inline double __ull2double_##suffix(unsigned long long x) {                                                     \
    return ::warpsafe::engine::detail::IntToFloat<double>(x, mode);                                               \
  }                                                                                                               \
  inline float __double2float_##suffix(double x) {                                                                \
    volatile double v = x;                                                                                        \
    return ::warpsafe::engine::detail::WithRounding(mode, [&] { return static_cast<float>(v); });                 \
  }

WARPSAFE_CONVERSIONS_(rn, ::warpsafe::engine::detail::Round::kNearest)
WARPSAFE_CONVERSIONS_(rz, ::warpsafe::engine::detail::Round::kZero)
WARPSAFE_CONVERSIONS_(ru, ::warpsafe::engine::detail::Round::kUp)
WARPSAFE_CONVERSIONS_(rd, ::warpsafe::engine::detail::Round::kDown)
#undef WARPSAFE_CONVERSIONS_

// Exact conversions: CUDA only has the _rn spelling.
inline double __int2double_rn(int x) { return static_cast<double>(x); }
inline double __uint2double_rn(unsigned int x) { return static_cast<double>(x); }

// ---- cache-hinted loads and stores: plain accesses on a CPU ------------------------------------

namespace warpsafe::engine::detail {

// On a GPU each of these intrinsics is one ld or st (ld.global.cg.v4.s32 for an int4), which
// moves a naturally aligned 8- or 16-byte value whole (docs/semantics/ptx.md, PTX-MEM-4). A host
// compiler may copy such a struct as two halves, which a thread of another block, on another
// worker, could see half written. So a struct of 8 bytes and any value of 16 bytes, aligned to
// its size, moves through a volatile integer or SSE vector of its size: one move, which the
// instrumentation of `warpsafe check` sees as one access. Scalars of 8 bytes are one move already.
// 16-byte moves are whole only on hosts with AVX; elsewhere the engine moves them under a lock.
template <class T>
inline constexpr unsigned kWholeBytes =
    std::is_trivially_copyable<T>::value && alignof(T) == sizeof(T) &&
            ((sizeof(T) == 8 && std::is_class<T>::value) || sizeof(T) == 16)
        ? sizeof(T)
        : 0;
using WholeWord8 = std::uint64_t;
typedef long long WholeWord16 __attribute__((vector_size(16)));

template <class T>
inline T HintedLoad(const T* p) {
  if constexpr (kWholeBytes<T> == 8) {
    if (reinterpret_cast<std::uintptr_t>(p) % 8 == 0) {
      const WholeWord8 w = *reinterpret_cast<const volatile WholeWord8*>(p);
      return __builtin_bit_cast(T, w);
    }
  } else if constexpr (kWholeBytes<T> == 16) {
    if (reinterpret_cast<std::uintptr_t>(p) % 16 == 0) {
      WholeWord16 w;
      if (::warpsafe::engine::SseMovesAreWhole()) {
        w = *reinterpret_cast<const volatile WholeWord16*>(p);
      } else {
        ::warpsafe::engine::LoadWhole16(p, &w);
      }
      return __builtin_bit_cast(T, w);
    }
  }
  return *p;  // misaligned: the checked build's alignment test reports it (ALIGN-1)
}

template <class T>
inline void HintedStore(T* p, const T& v) {
  if constexpr (kWholeBytes<T> == 8) {
    if (reinterpret_cast<std::uintptr_t>(p) % 8 == 0) {
      *reinterpret_cast<volatile WholeWord8*>(p) = __builtin_bit_cast(WholeWord8, v);
      return;
    }
  } else if constexpr (kWholeBytes<T> == 16) {
    if (reinterpret_cast<std::uintptr_t>(p) % 16 == 0) {
      const WholeWord16 w = __builtin_bit_cast(WholeWord16, v);
      if (::warpsafe::engine::SseMovesAreWhole()) {
        *reinterpret_cast<volatile WholeWord16*>(p) = w;
      } else {
        ::warpsafe::engine::StoreWhole16(p, &w);
      }
      return;
    }
  }
  *p = v;
}

}  // namespace warpsafe::engine::detail

template <class T> inline T __ldg(const T* p) { return ::warpsafe::engine::detail::HintedLoad(p); }
template <class T> inline T __ldcg(const T* p) { return ::warpsafe::engine::detail::HintedLoad(p); }
template <class T> inline T __ldca(const T* p) { return ::warpsafe::engine::detail::HintedLoad(p); }
template <class T> inline T __ldcs(const T* p) { return ::warpsafe::engine::detail::HintedLoad(p); }
template <class T> inline T __ldlu(const T* p) { return ::warpsafe::engine::detail::HintedLoad(p); }
template <class T> inline T __ldcv(const T* p) { return ::warpsafe::engine::detail::HintedLoad(p); }
template <class T> inline void __stwb(T* p, typename ::warpsafe::engine::detail::NonDeduced<T>::type v) { ::warpsafe::engine::detail::HintedStore(p, v); }
template <class T> inline void __stcg(T* p, typename ::warpsafe::engine::detail::NonDeduced<T>::type v) { ::warpsafe::engine::detail::HintedStore(p, v); }
template <class T> inline void __stcs(T* p, typename ::warpsafe::engine::detail::NonDeduced<T>::type v) { ::warpsafe::engine::detail::HintedStore(p, v); }
template <class T> inline void __stwt(T* p, typename ::warpsafe::engine::detail::NonDeduced<T>::type v) { ::warpsafe::engine::detail::HintedStore(p, v); }

// ---- min and max as CUDA declares them at global scope -----------------------------------------
// Non-templates, so that with `using namespace std;` they win over std::min/std::max for equal
// argument types. Mixed signedness converts to the unsigned type, as CUDA's overloads do.

inline int min(int a, int b) { return a < b ? a : b; }
inline unsigned int min(unsigned int a, unsigned int b) { return a < b ? a : b; }
inline unsigned int min(int a, unsigned int b) { return min(static_cast<unsigned>(a), b); }
inline unsigned int min(unsigned int a, int b) { return min(a, static_cast<unsigned>(b)); }
inline long min(long a, long b) { return a < b ? a : b; }
inline unsigned long min(unsigned long a, unsigned long b) { return a < b ? a : b; }
inline unsigned long min(long a, unsigned long b) { return min(static_cast<unsigned long>(a), b); }
inline unsigned long min(unsigned long a, long b) { return min(a, static_cast<unsigned long>(b)); }
inline long long min(long long a, long long b) { return a < b ? a : b; }
inline unsigned long long min(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
inline unsigned long long min(long long a, unsigned long long b) { return min(static_cast<unsigned long long>(a), b); }
inline unsigned long long min(unsigned long long a, long long b) { return min(a, static_cast<unsigned long long>(b)); }
inline float min(float a, float b) { return std::fmin(a, b); }
inline double min(double a, double b) { return std::fmin(a, b); }
inline double min(float a, double b) { return std::fmin(static_cast<double>(a), b); }
inline double min(double a, float b) { return std::fmin(a, static_cast<double>(b)); }

inline int max(int a, int b) { return a > b ? a : b; }
inline unsigned int max(unsigned int a, unsigned int b) { return a > b ? a : b; }
inline unsigned int max(int a, unsigned int b) { return max(static_cast<unsigned>(a), b); }
inline unsigned int max(unsigned int a, int b) { return max(a, static_cast<unsigned>(b)); }
inline long max(long a, long b) { return a > b ? a : b; }
inline unsigned long max(unsigned long a, unsigned long b) { return a > b ? a : b; }
inline unsigned long max(long a, unsigned long b) { return max(static_cast<unsigned long>(a), b); }
inline unsigned long max(unsigned long a, long b) { return max(a, static_cast<unsigned long>(b)); }
inline long long max(long long a, long long b) { return a > b ? a : b; }
inline unsigned long long max(unsigned long long a, unsigned long long b) { return a > b ? a : b; }
inline unsigned long long max(long long a, unsigned long long b) { return max(static_cast<unsigned long long>(a), b); }
inline unsigned long long max(unsigned long long a, long long b) { return max(a, static_cast<unsigned long long>(b)); }
inline float max(float a, float b) { return std::fmax(a, b); }
inline double max(double a, double b) { return std::fmax(a, b); }
inline double max(float a, double b) { return std::fmax(static_cast<double>(a), b); }
inline double max(double a, float b) { return std::fmax(a, static_cast<double>(b)); }

inline unsigned int umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
inline unsigned int umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
inline long long llmin(long long a, long long b) { return a < b ? a : b; }
inline long long llmax(long long a, long long b) { return a > b ? a : b; }
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return a > b ? a : b; }

// ---- memory fences, time, traps: the engine's ---------------------------------------------------
// A fence is a scheduling point; the engine also orders the CPU's memory accesses for the scopes
// that span blocks (which run on different OS threads).

inline void __threadfence_block(::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  ::warpsafe::engine::Fence(::warpsafe::engine::FenceScope::kBlock, site);
}
inline void __threadfence(::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  ::warpsafe::engine::Fence(::warpsafe::engine::FenceScope::kDevice, site);
}
inline void __threadfence_system(::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  ::warpsafe::engine::Fence(::warpsafe::engine::FenceScope::kSystem, site);
}
#if __WARPSAFE_ARCH__ >= 700
inline void __nanosleep(unsigned int ns, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  ::warpsafe::engine::NanoSleep(ns, site);
}
#else
// nvcc rejects __nanosleep below sm_70; so does a build for the engine (--arch sm_60).
template <class... A>
void __nanosleep(A...) {
  static_assert(sizeof...(A) == 0 && false, "__nanosleep requires sm_70 or later");
}
#endif
// clock() is the C library's symbol, which the engine defines to read clock64() on a GPU thread
// (sched/device_clock.cpp); clock64() is the engine's counter.
inline long long clock64() { return ::warpsafe::engine::Clock64(); }
[[noreturn]] inline void __trap(::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  ::warpsafe::engine::Trap(site);
}
// nvcc (and clang) take __builtin_assume(c) in host and device code as a promise that c holds;
// g++ has no such builtin. On the engine the condition is evaluated, and a false one is the
// undefined behaviour it is: a report at the statement. (Clang, which builds `warpsafe check`'s
// programs, keeps its own builtin.)
#if !defined(__clang__) && !defined(__builtin_assume)
#define __builtin_assume(...) \
  (static_cast<bool>(__VA_ARGS__) ? (void)0 : ::warpsafe::engine::FalseAssumption(::warpsafe::engine::Site::Here()))
#endif
// Which state space a generic address points into (1 or 0), as the calling thread sees it. The
// engine has no distributed shared memory: the only shared memory a thread can address is its
// block's, so __isClusterShared is __isShared.
inline unsigned int __isGlobal(const void* p) { return ::warpsafe::engine::IsGlobalAddress(p) ? 1u : 0u; }
inline unsigned int __isShared(const void* p) { return ::warpsafe::engine::IsSharedAddress(p) ? 1u : 0u; }
inline unsigned int __isClusterShared(const void* p) { return ::warpsafe::engine::IsSharedAddress(p) ? 1u : 0u; }
inline unsigned int __isLocal(const void* p) { return ::warpsafe::engine::IsLocalAddress(p) ? 1u : 0u; }
// __constant__ variables (each in a section of its own) and a kernel's __grid_constant__
// parameters (marked by the front end for the kernel's run): ASPACE-1.
inline unsigned int __isConstant(const void* p) { return ::warpsafe::engine::IsConstantAddress(p) ? 1u : 0u; }
inline unsigned int __isGridConstant(const void* p) {
  return ::warpsafe::engine::IsGridConstantAddress(p) ? 1u : 0u;
}
// With no debugger attached a breakpoint ends the kernel as a trap does.
[[noreturn]] inline void __brkpt(::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  ::warpsafe::engine::Trap(site);
}
inline void __prof_trigger(int) {}
