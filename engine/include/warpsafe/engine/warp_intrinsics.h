// CUDA's warp and block synchronisation intrinsics (shuffle, vote, match, reduce, __syncwarp,
// __activemask, __syncthreads*), as the CUDA C++ Programming Guide declares them. Each forwards to
// the engine (api.h) with the user's call site. Types follow nvcc: a type nvcc rejects is
// rejected here, and __reduce_*_sync exists only when building for sm_80 or later.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "warpsafe/engine/api.h"
#include "warpsafe/engine/keywords.h"

namespace warpsafe::engine::detail {

// The shuffle types of the Programming Guide: int, unsigned, long, unsigned long, long long,
// unsigned long long, float, double, and (with cuda_fp16.h / cuda_bf16.h) __half, __half2,
// __nv_bfloat16, __nv_bfloat162. The half types are 2- or 4-byte trivially copyable structs.
// No overload takes long double (16 bytes here; nvcc finds the call ambiguous), so neither does this.
template <class T>
constexpr bool kShuffleType =
    (std::is_arithmetic_v<T> && !std::is_same_v<T, bool> && sizeof(T) >= 4 && sizeof(T) <= 8) ||
    (std::is_class_v<T> && std::is_trivially_copyable_v<T> && (sizeof(T) == 2 || sizeof(T) == 4));

template <class T>
std::uint64_t ToBits(const T& v) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof(T));
  return bits;
}

template <class T>
T FromBits(std::uint64_t bits) {
  T v;
  std::memcpy(static_cast<void*>(&v), &bits, sizeof(T));  // void*: __half has a non-trivial default ctor
  return v;
}

// Inline: the mode, the size and (usually) the width are constants here, so the width check and
// the packing of Shfl's arguments fold away at compile time.
template <class T>
inline T Shuffle(ShflMode mode, unsigned mask, const T& var, int arg, int width, Site site) {
  if (__builtin_expect(!ShflWidthOk(width), 0)) ShflBadWidth(mode, width, site);
  // Narrow integers promote to int, as CUDA's int overload would take them.
  if constexpr (std::is_integral_v<T> && sizeof(T) < 4) {
    return static_cast<T>(FromBits<int>(Shfl(ShflKey(mode, 4, mask), ToBits<int>(var), ShflOp(arg, width), site)));
  } else {
    static_assert(kShuffleType<T>, "no __shfl*_sync overload for this type (CUDA accepts int, unsigned, long, "
                                   "unsigned long, long long, unsigned long long, float, double, __half, __half2)");
    return FromBits<T>(Shfl(ShflKey(mode, sizeof(T), mask), ToBits(var), ShflOp(arg, width), site));
  }
}

template <class T>
constexpr bool kMatchType = std::is_integral_v<T> || std::is_floating_point_v<T>;

}  // namespace warpsafe::engine::detail

// ---- shuffles ------------------------------------------------------------------------------------

template <class T>
T __shfl_sync(unsigned mask, T var, int srcLane, int width = warpSize,
              ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::detail::Shuffle(::warpsafe::engine::ShflMode::kIdx, mask, var, srcLane, width, site);
}
template <class T>
T __shfl_up_sync(unsigned mask, T var, unsigned int delta, int width = warpSize,
                 ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::detail::Shuffle(::warpsafe::engine::ShflMode::kUp, mask, var, static_cast<int>(delta),
                                             width, site);
}
template <class T>
T __shfl_down_sync(unsigned mask, T var, unsigned int delta, int width = warpSize,
                   ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::detail::Shuffle(::warpsafe::engine::ShflMode::kDown, mask, var, static_cast<int>(delta),
                                             width, site);
}
template <class T>
T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = warpSize,
                  ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::detail::Shuffle(::warpsafe::engine::ShflMode::kXor, mask, var, laneMask, width, site);
}

// ---- votes ---------------------------------------------------------------------------------------

inline unsigned __ballot_sync(unsigned mask, int predicate,
                              ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::Vote(::warpsafe::engine::VoteMode::kBallot, mask, predicate != 0, site);
}
inline int __any_sync(unsigned mask, int predicate, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return static_cast<int>(::warpsafe::engine::Vote(::warpsafe::engine::VoteMode::kAny, mask, predicate != 0, site));
}
inline int __all_sync(unsigned mask, int predicate, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return static_cast<int>(::warpsafe::engine::Vote(::warpsafe::engine::VoteMode::kAll, mask, predicate != 0, site));
}
// Non-zero when the predicate is the same in every lane that takes part (VOTE-4).
inline int __uni_sync(unsigned mask, int predicate, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return static_cast<int>(::warpsafe::engine::Vote(::warpsafe::engine::VoteMode::kUni, mask, predicate != 0, site));
}
inline unsigned __activemask(::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::ActiveMask(site);
}

// ---- the mask-less forms (before sm_70) ------------------------------------------------------------
// __shfl, __shfl_up, __shfl_down, __shfl_xor, __ballot, __any and __all take no mask: they act on the
// lanes of the warp that execute the call together. nvcc declares the shuffles only below sm_70 and
// refuses the votes there (ptxas: vote without .sync), so a build for sm_70 or later stops at the
// call, naming the _sync form to write instead (docs/semantics/legacy_warp.md, LEGACY-1, LEGACY-5).
#if __WARPSAFE_ARCH__ < 700

namespace warpsafe::engine::detail {
template <class T>
inline T ShuffleConverged(ShflMode mode, const T& var, int arg, int width, Site site) {
  if (__builtin_expect(!ShflWidthOk(width), 0)) ShflBadWidth(mode, width, site, true);
  if constexpr (std::is_integral_v<T> && sizeof(T) < 4) {
    return static_cast<T>(FromBits<int>(ShflConverged(ShflKey(mode, 4, 0), ToBits<int>(var), ShflOp(arg, width), site)));
  } else {
    static_assert(kShuffleType<T>, "no __shfl* overload for this type (CUDA accepts int, unsigned, long, "
                                   "unsigned long, long long, unsigned long long, float, double, __half, __half2)");
    return FromBits<T>(ShflConverged(ShflKey(mode, sizeof(T), 0), ToBits(var), ShflOp(arg, width), site));
  }
}
}  // namespace warpsafe::engine::detail

template <class T>
T __shfl(T var, int srcLane, int width = warpSize, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::detail::ShuffleConverged(::warpsafe::engine::ShflMode::kIdx, var, srcLane, width, site);
}
template <class T>
T __shfl_up(T var, unsigned int delta, int width = warpSize,
            ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::detail::ShuffleConverged(::warpsafe::engine::ShflMode::kUp, var, static_cast<int>(delta),
                                                      width, site);
}
template <class T>
T __shfl_down(T var, unsigned int delta, int width = warpSize,
              ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::detail::ShuffleConverged(::warpsafe::engine::ShflMode::kDown, var, static_cast<int>(delta),
                                                      width, site);
}
template <class T>
T __shfl_xor(T var, int laneMask, int width = warpSize,
             ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::detail::ShuffleConverged(::warpsafe::engine::ShflMode::kXor, var, laneMask, width, site);
}
inline unsigned __ballot(int predicate, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::VoteConverged(::warpsafe::engine::VoteMode::kBallot, predicate != 0, site);
}
inline int __any(int predicate, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return static_cast<int>(::warpsafe::engine::VoteConverged(::warpsafe::engine::VoteMode::kAny, predicate != 0, site));
}
inline int __all(int predicate, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return static_cast<int>(::warpsafe::engine::VoteConverged(::warpsafe::engine::VoteMode::kAll, predicate != 0, site));
}

#else
// Declared with CUDA's parameters rather than as a catch-all, so that a program's own overload of
// the name (dpid's `float4 __shfl_down(float4, uint32_t, uint32_t)`, which nvcc builds for sm_70)
// still wins where its conversions tie; only a call nothing else takes reaches the assertion.
#define WARPSAFE_MASKLESS_MESSAGE(name)                                                                  \
  #name "() has no mask and exists only before Volta: on sm_70 and later a warp's threads are "         \
  "scheduled independently and the call needs one; write " #name "_sync(mask, ...), or build for an "  \
  "older architecture (--arch sm_60, -arch=sm_52)"
#define WARPSAFE_MASKLESS_SHUFFLE_BEFORE_SM70(name, Arg)                                                 \
  template <class T>                                                                                     \
  T name(T var, Arg, int width = warpSize) {                                                             \
    static_assert(sizeof(T) == 0, WARPSAFE_MASKLESS_MESSAGE(name));                                      \
    return var;                                                                                          \
  }
#define WARPSAFE_MASKLESS_VOTE_BEFORE_SM70(name, Result)                                                 \
  template <class P>                                                                                     \
  Result name(P predicate) {                                                                             \
    static_assert(sizeof(P) == 0, WARPSAFE_MASKLESS_MESSAGE(name));                                      \
    return static_cast<Result>(predicate);                                                               \
  }
WARPSAFE_MASKLESS_SHUFFLE_BEFORE_SM70(__shfl, int)
WARPSAFE_MASKLESS_SHUFFLE_BEFORE_SM70(__shfl_up, unsigned int)
WARPSAFE_MASKLESS_SHUFFLE_BEFORE_SM70(__shfl_down, unsigned int)
WARPSAFE_MASKLESS_SHUFFLE_BEFORE_SM70(__shfl_xor, int)
WARPSAFE_MASKLESS_VOTE_BEFORE_SM70(__ballot, unsigned)
WARPSAFE_MASKLESS_VOTE_BEFORE_SM70(__any, int)
WARPSAFE_MASKLESS_VOTE_BEFORE_SM70(__all, int)
#undef WARPSAFE_MASKLESS_SHUFFLE_BEFORE_SM70
#undef WARPSAFE_MASKLESS_VOTE_BEFORE_SM70
#undef WARPSAFE_MASKLESS_MESSAGE
#endif

// ---- match (sm_70 and later) -----------------------------------------------------------------------
#if __WARPSAFE_ARCH__ >= 700

template <class T>
unsigned __match_any_sync(unsigned mask, T value, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  static_assert(::warpsafe::engine::detail::kMatchType<T> && (sizeof(T) == 4 || sizeof(T) == 8),
                "__match_any_sync takes a 32- or 64-bit integer or floating-point value");
  return ::warpsafe::engine::MatchAny(mask, ::warpsafe::engine::detail::ToBits(value), sizeof(T), site);
}
template <class T>
unsigned __match_all_sync(unsigned mask, T value, int* pred,
                          ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  static_assert(::warpsafe::engine::detail::kMatchType<T> && (sizeof(T) == 4 || sizeof(T) == 8),
                "__match_all_sync takes a 32- or 64-bit integer or floating-point value");
  return ::warpsafe::engine::MatchAll(mask, ::warpsafe::engine::detail::ToBits(value), sizeof(T), pred, site);
}

#else
// nvcc rejects these below sm_70; so does a build for the engine (--arch sm_60).
template <class... A>
unsigned __match_any_sync(A...) {
  static_assert(sizeof...(A) == 0 && false, "__match_any_sync requires sm_70 or later");
  return 0;
}
template <class... A>
unsigned __match_all_sync(A...) {
  static_assert(sizeof...(A) == 0 && false, "__match_all_sync requires sm_70 or later");
  return 0;
}
#endif

// ---- reduce (sm_80 and later) ---------------------------------------------------------------------

#if __WARPSAFE_ARCH__ >= 800
inline unsigned __reduce_add_sync(unsigned mask, unsigned value,
                                  ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::Redux(::warpsafe::engine::ReduxOp::kAdd, false, mask, value, site);
}
inline int __reduce_add_sync(unsigned mask, int value, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return static_cast<int>(
      ::warpsafe::engine::Redux(::warpsafe::engine::ReduxOp::kAdd, true, mask, static_cast<unsigned>(value), site));
}
inline unsigned __reduce_min_sync(unsigned mask, unsigned value,
                                  ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::Redux(::warpsafe::engine::ReduxOp::kMin, false, mask, value, site);
}
inline int __reduce_min_sync(unsigned mask, int value, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return static_cast<int>(
      ::warpsafe::engine::Redux(::warpsafe::engine::ReduxOp::kMin, true, mask, static_cast<unsigned>(value), site));
}
inline unsigned __reduce_max_sync(unsigned mask, unsigned value,
                                  ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::Redux(::warpsafe::engine::ReduxOp::kMax, false, mask, value, site);
}
inline int __reduce_max_sync(unsigned mask, int value, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return static_cast<int>(
      ::warpsafe::engine::Redux(::warpsafe::engine::ReduxOp::kMax, true, mask, static_cast<unsigned>(value), site));
}
inline unsigned __reduce_and_sync(unsigned mask, unsigned value,
                                  ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::Redux(::warpsafe::engine::ReduxOp::kAnd, false, mask, value, site);
}
inline unsigned __reduce_or_sync(unsigned mask, unsigned value,
                                 ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::Redux(::warpsafe::engine::ReduxOp::kOr, false, mask, value, site);
}
inline unsigned __reduce_xor_sync(unsigned mask, unsigned value,
                                  ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::Redux(::warpsafe::engine::ReduxOp::kXor, false, mask, value, site);
}
#else
// nvcc rejects these below sm_80 ("identifier is undefined"); so does a build for the engine.
#define WARPSAFE_REDUCE_NEEDS_SM80(name)                                                           \
  template <class... A>                                                                            \
  unsigned name(A...) {                                                                            \
    static_assert(sizeof...(A) == 0 && false, #name " requires sm_80 or later (build with --arch sm_80 or newer)"); \
    return 0;                                                                                      \
  }
WARPSAFE_REDUCE_NEEDS_SM80(__reduce_add_sync)
WARPSAFE_REDUCE_NEEDS_SM80(__reduce_min_sync)
WARPSAFE_REDUCE_NEEDS_SM80(__reduce_max_sync)
WARPSAFE_REDUCE_NEEDS_SM80(__reduce_and_sync)
WARPSAFE_REDUCE_NEEDS_SM80(__reduce_or_sync)
WARPSAFE_REDUCE_NEEDS_SM80(__reduce_xor_sync)
#undef WARPSAFE_REDUCE_NEEDS_SM80
#endif

// ---- barriers ------------------------------------------------------------------------------------

inline void __syncwarp(unsigned mask = 0xffffffffu, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  ::warpsafe::engine::SyncWarp(mask, site);
}
inline void __syncthreads(::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  ::warpsafe::engine::SyncThreads(::warpsafe::engine::BarrierOp::kPlain, 0, site);
}
inline int __syncthreads_count(int predicate, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::SyncThreads(::warpsafe::engine::BarrierOp::kCount, predicate, site);
}
inline int __syncthreads_and(int predicate, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::SyncThreads(::warpsafe::engine::BarrierOp::kAnd, predicate, site);
}
inline int __syncthreads_or(int predicate, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::SyncThreads(::warpsafe::engine::BarrierOp::kOr, predicate, site);
}
