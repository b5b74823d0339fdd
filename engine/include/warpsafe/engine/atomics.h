// CUDA's atomic functions (CUDA C++ Programming Guide, "Atomic Functions"), for every type CUDA
// declares them for, each in its plain (device scope), _block and _system form.
//
// Contract of every function here:
//  - It is first an atomic scheduling point of the engine (`AtomicPoint`), so that the schedule
//    policy can interleave lanes at atomics and the race detector sees an atomic access.
//  - The read-modify-write itself is one sequentially consistent GCC __atomic operation (or a
//    compare-and-swap loop for the floating-point and clamped operations): blocks run on different
//    OS threads, so atomicity must hold against real concurrency, not only between fibers.
//    Except on the calling block's own shared memory (AtomicPoint says so): only the one OS thread
//    that runs the block's lanes can reach it, and a lane runs until its next scheduling point, so
//    a plain load and store (`LocalUpdate`) is already indivisible for every thread that can see
//    the object. That matters for speed: x86's locked instructions wait for every earlier load and
//    store to complete, so a kernel whose loads miss the cache, with a shared atomic in its loop,
//    would wait out each miss in turn instead of overlapping them (BENCHMARKS.md, simpleAttributes).
//  - When it changed the bits in memory it calls `NoteProgress(address)`, which tells the livelock
//    detector that a lane spinning on this location may now see something new. An atomic that
//    leaves memory as it was (a failed CAS, atomicMax with a smaller value, adding 0) is no progress.
//  - It returns the old value, as CUDA's do.
// Every atomic is atomic for the whole process, at least what each scope promises; the scope
// (the _block / _system suffix) is passed on to the race detector, for which a block-scoped
// atomic is atomic, and orders, only among the threads of its block (docs/semantics/scopes.md).
#pragma once

#include <cstring>
#include <type_traits>

#include "vector_types.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::engine::detail {

// Whether two objects hold the same bits, compared as one integer where the size allows: programs
// are built at -O1, where a memcmp call is not always inlined, and this runs at every atomic.
template <class T>
inline bool SameBits(const T& a, const T& b) {
  if constexpr (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8) {
    using Word = std::conditional_t<sizeof(T) == 1, unsigned char,
                                    std::conditional_t<sizeof(T) == 2, unsigned short,
                                                       std::conditional_t<sizeof(T) == 4, unsigned, unsigned long long>>>;
    Word x, y;
    __builtin_memcpy(&x, &a, sizeof(T));
    __builtin_memcpy(&y, &b, sizeof(T));
    return x == y;
  } else {
    return std::memcmp(&a, &b, sizeof(T)) == 0;
  }
}

// old = *address; *address = update(old) with a plain load and store, for an object only the
// calling OS thread can reach (the block's own shared memory). Returns old. An update that leaves
// the bits as they were writes nothing, as the compare-and-swap loop below.
template <class T, class Update>
inline T LocalUpdate(T* address, Update update) {
  T old;
  __atomic_load(address, &old, __ATOMIC_RELAXED);
  T now = update(old);
  if (!SameBits(now, old)) __atomic_store(address, &now, __ATOMIC_RELAXED);
  return old;
}

// old = *address; *address = update(old), atomically, by compare-and-swap on the object's bits.
// Returns old. Used for the operations the hardware has no fetch-op for (floating point, clamped
// increments, min/max) and by cuda_fp16.h / cuda_bf16.h for the 16-bit types.
template <class T, class Update>
inline T AtomicUpdate(T* address, Update update, Site site, FenceScope scope = FenceScope::kDevice) {
  static_assert(std::is_trivially_copyable_v<T> && (sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8),
                "an atomic operates on a trivially copyable object of 2, 4 or 8 bytes");
  T old;
  if (AtomicPoint(address, sizeof(T), site, scope)) {
    __atomic_load(address, &old, __ATOMIC_RELAXED);
    T desired = update(old);
    if (SameBits(desired, old)) return old;
    __atomic_store(address, &desired, __ATOMIC_RELAXED);
    NoteProgress(address);
    return old;
  }
  __atomic_load(address, &old, __ATOMIC_SEQ_CST);
  for (;;) {
    T desired = update(old);
    if (SameBits(desired, old)) return old;  // nothing to write: the operation takes effect at the load
    if (__atomic_compare_exchange(address, &old, &desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) break;
  }
  NoteProgress(address);
  return old;
}

template <class T>
inline T AtomicAdd(T* address, T val, Site site, FenceScope scope = FenceScope::kDevice) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;  // wraps around, as the hardware's addition does
    const T old = AtomicPoint(address, sizeof(T), site, scope)
                      ? LocalUpdate(address, [val](T o) { return static_cast<T>(static_cast<U>(o) + static_cast<U>(val)); })
                      : __atomic_fetch_add(address, val, __ATOMIC_SEQ_CST);
    if (val != 0) NoteProgress(address);
    return old;
  } else {
    return AtomicUpdate(address, [val](T old) { return static_cast<T>(old + val); }, site, scope);
  }
}

template <class T>
inline T AtomicExch(T* address, T val, Site site, FenceScope scope = FenceScope::kDevice) {
  T old;
  if (AtomicPoint(address, sizeof(T), site, scope)) {
    old = LocalUpdate(address, [val](T) { return val; });
  } else {
    __atomic_exchange(address, &val, &old, __ATOMIC_SEQ_CST);
  }
  if (!SameBits(old, val)) NoteProgress(address);
  return old;
}

template <class T>
inline T AtomicCas(T* address, T compare, T val, Site site, FenceScope scope = FenceScope::kDevice) {
  T old = compare;
  bool swapped;
  if (AtomicPoint(address, sizeof(T), site, scope)) {
    old = LocalUpdate(address, [&compare, &val](T o) { return SameBits(o, compare) ? val : o; });
    swapped = SameBits(old, compare);
  } else {
    swapped = __atomic_compare_exchange(address, &old, &val, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  }
  if (swapped && !SameBits(compare, val)) NoteProgress(address);
  return old;  // on success __atomic_compare_exchange leaves `compare` (the old value) in `old`
}

enum class BitOp { kAnd, kOr, kXor };

template <class T>
inline T AtomicBits(BitOp op, T* address, T val, Site site, FenceScope scope = FenceScope::kDevice) {
  T old = 0;
  T now = 0;
  if (AtomicPoint(address, sizeof(T), site, scope)) {
    old = LocalUpdate(address, [op, val](T o) {
      return static_cast<T>(op == BitOp::kAnd ? (o & val) : op == BitOp::kOr ? (o | val) : (o ^ val));
    });
    now = static_cast<T>(op == BitOp::kAnd ? (old & val) : op == BitOp::kOr ? (old | val) : (old ^ val));
    if (now != old) NoteProgress(address);
    return old;
  }
  switch (op) {
    case BitOp::kAnd: old = __atomic_fetch_and(address, val, __ATOMIC_SEQ_CST); now = old & val; break;
    case BitOp::kOr: old = __atomic_fetch_or(address, val, __ATOMIC_SEQ_CST); now = old | val; break;
    case BitOp::kXor: old = __atomic_fetch_xor(address, val, __ATOMIC_SEQ_CST); now = old ^ val; break;
  }
  if (now != old) NoteProgress(address);
  return old;
}

template <class T>
inline T AtomicMin(T* address, T val, Site site, FenceScope scope = FenceScope::kDevice) {
  return AtomicUpdate(address, [val](T old) { return val < old ? val : old; }, site, scope);
}
template <class T>
inline T AtomicMax(T* address, T val, Site site, FenceScope scope = FenceScope::kDevice) {
  return AtomicUpdate(address, [val](T old) { return val > old ? val : old; }, site, scope);
}

// atomicInc: ((old >= val) ? 0 : (old + 1)); atomicDec: (((old == 0) || (old > val)) ? val : (old - 1)).
inline unsigned int AtomicInc(unsigned int* address, unsigned int val, Site site,
                              FenceScope scope = FenceScope::kDevice) {
  return AtomicUpdate(address, [val](unsigned int old) { return old >= val ? 0u : old + 1u; }, site, scope);
}
inline unsigned int AtomicDec(unsigned int* address, unsigned int val, Site site,
                              FenceScope scope = FenceScope::kDevice) {
  return AtomicUpdate(address, [val](unsigned int old) { return (old == 0u || old > val) ? val : old - 1u; }, site, scope);
}

}  // namespace warpsafe::engine::detail

// One macro instantiation per scope suffix ("", _block, _system) keeps the three families equal.
#define WARPSAFE_ATOMICS_(sfx, scope)                                                                                \
  inline int atomicAdd##sfx(int* address, int val, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) { \
    return ::warpsafe::engine::detail::AtomicAdd(address, val, site, ::warpsafe::engine::FenceScope::scope);         \
  }                                                                                                                  \
  inline unsigned int atomicAdd##sfx(unsigned int* address, unsigned int val,                                        \
                                     ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {             \
    return ::warpsafe::engine::detail::AtomicAdd(address, val, site, ::warpsafe::engine::FenceScope::scope);         \
  }                                                                                                                  \
  inline unsigned long long atomicAdd##sfx(unsigned long long* address, unsigned long long val,                      \
                                           ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {       \
    return ::warpsafe::engine::detail::AtomicAdd(address, val, site, ::warpsafe::engine::FenceScope::scope);         \
  }                                                                                                                  \
  inline float atomicAdd##sfx(float* address, float val,                                                             \
                              ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {                    \
    return ::warpsafe::engine::detail::AtomicAdd(address, val, site, ::warpsafe::engine::FenceScope::scope);         \
  }                                                                                                                  \
  inline double atomicAdd##sfx(double* address, double val,                                                          \
                               ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {                   \
    return ::warpsafe::engine::detail::AtomicAdd(address, val, site, ::warpsafe::engine::FenceScope::scope);         \
  }                                                                                                                  \
  /* float2/float4: atomic per element, as CUDA guarantees (not as a whole vector). */                               \
  inline float2 atomicAdd##sfx(float2* address, float2 val,                                                          \
                               ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {                   \
    using ::warpsafe::engine::detail::AtomicAdd;                                                                     \
    return float2{AtomicAdd(&address->x, val.x, site, ::warpsafe::engine::FenceScope::scope), AtomicAdd(&address->y, val.y, site, ::warpsafe::engine::FenceScope::scope)}; \
  }                                                                                                                  \
  inline float4 atomicAdd##sfx(float4* address, float4 val,                                                          \
                               ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {                   \
    using ::warpsafe::engine::detail::AtomicAdd;                                                                     \
    return float4{AtomicAdd(&address->x, val.x, site, ::warpsafe::engine::FenceScope::scope), AtomicAdd(&address->y, val.y, site, ::warpsafe::engine::FenceScope::scope), \
                  AtomicAdd(&address->z, val.z, site, ::warpsafe::engine::FenceScope::scope), AtomicAdd(&address->w, val.w, site, ::warpsafe::engine::FenceScope::scope)}; \
  }                                                                                                                  \
  inline int atomicSub##sfx(int* address, int val, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) { \
    return ::warpsafe::engine::detail::AtomicAdd(address, static_cast<int>(0u - static_cast<unsigned>(val)), site, ::warpsafe::engine::FenceScope::scope); \
  }                                                                                                                  \
  inline unsigned int atomicSub##sfx(unsigned int* address, unsigned int val,                                        \
                                     ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {             \
    return ::warpsafe::engine::detail::AtomicAdd(address, 0u - val, site, ::warpsafe::engine::FenceScope::scope);    \
  }                                                                                                                  \
  inline int atomicExch##sfx(int* address, int val,                                                                  \
                             ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {                     \
    return ::warpsafe::engine::detail::AtomicExch(address, val, site, ::warpsafe::engine::FenceScope::scope);        \
  }                                                                                                                  \
  inline unsigned int atomicExch##sfx(unsigned int* address, unsigned int val,                                       \
                                      ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {            \
    return ::warpsafe::engine::detail::AtomicExch(address, val, site, ::warpsafe::engine::FenceScope::scope);        \
  }                                                                                                                  \
  inline unsigned long long atomicExch##sfx(unsigned long long* address, unsigned long long val,                     \
                                            ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {      \
    return ::warpsafe::engine::detail::AtomicExch(address, val, site, ::warpsafe::engine::FenceScope::scope);        \
  }                                                                                                                  \
  inline float atomicExch##sfx(float* address, float val,                                                            \
                               ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {                   \
    return ::warpsafe::engine::detail::AtomicExch(address, val, site, ::warpsafe::engine::FenceScope::scope);        \
  }                                                                                                                  \
  inline int atomicMin##sfx(int* address, int val, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) { \
    return ::warpsafe::engine::detail::AtomicMin(address, val, site, ::warpsafe::engine::FenceScope::scope);         \
  }                                                                                                                  \
  inline unsigned int atomicMin##sfx(unsigned int* address, unsigned int val,                                        \
                                     ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {             \
    return ::warpsafe::engine::detail::AtomicMin(address, val, site, ::warpsafe::engine::FenceScope::scope);         \
  }                                                                                                                  \
  inline long long atomicMin##sfx(long long* address, long long val,                                                 \
                                  ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {                \
    return ::warpsafe::engine::detail::AtomicMin(address, val, site, ::warpsafe::engine::FenceScope::scope);         \
  }                                                                                                                  \
  inline unsigned long long atomicMin##sfx(unsigned long long* address, unsigned long long val,                      \
                                           ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {       \
    return ::warpsafe::engine::detail::AtomicMin(address, val, site, ::warpsafe::engine::FenceScope::scope);         \
  }                                                                                                                  \
  inline int atomicMax##sfx(int* address, int val, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) { \
    return ::warpsafe::engine::detail::AtomicMax(address, val, site, ::warpsafe::engine::FenceScope::scope);         \
  }                                                                                                                  \
  inline unsigned int atomicMax##sfx(unsigned int* address, unsigned int val,                                        \
                                     ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {             \
    return ::warpsafe::engine::detail::AtomicMax(address, val, site, ::warpsafe::engine::FenceScope::scope);         \
  }                                                                                                                  \
  inline long long atomicMax##sfx(long long* address, long long val,                                                 \
                                  ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {                \
    return ::warpsafe::engine::detail::AtomicMax(address, val, site, ::warpsafe::engine::FenceScope::scope);         \
  }                                                                                                                  \
  inline unsigned long long atomicMax##sfx(unsigned long long* address, unsigned long long val,                      \
                                           ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {       \
    return ::warpsafe::engine::detail::AtomicMax(address, val, site, ::warpsafe::engine::FenceScope::scope);         \
  }                                                                                                                  \
  inline unsigned int atomicInc##sfx(unsigned int* address, unsigned int val,                                        \
                                     ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {             \
    return ::warpsafe::engine::detail::AtomicInc(address, val, site, ::warpsafe::engine::FenceScope::scope);         \
  }                                                                                                                  \
  inline unsigned int atomicDec##sfx(unsigned int* address, unsigned int val,                                        \
                                     ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {             \
    return ::warpsafe::engine::detail::AtomicDec(address, val, site, ::warpsafe::engine::FenceScope::scope);         \
  }                                                                                                                  \
  inline int atomicCAS##sfx(int* address, int compare, int val,                                                      \
                            ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {                      \
    return ::warpsafe::engine::detail::AtomicCas(address, compare, val, site, ::warpsafe::engine::FenceScope::scope); \
  }                                                                                                                  \
  inline unsigned int atomicCAS##sfx(unsigned int* address, unsigned int compare, unsigned int val,                  \
                                     ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {             \
    return ::warpsafe::engine::detail::AtomicCas(address, compare, val, site, ::warpsafe::engine::FenceScope::scope); \
  }                                                                                                                  \
  inline unsigned long long atomicCAS##sfx(unsigned long long* address, unsigned long long compare,                  \
                                           unsigned long long val,                                                   \
                                           ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {       \
    return ::warpsafe::engine::detail::AtomicCas(address, compare, val, site, ::warpsafe::engine::FenceScope::scope); \
  }                                                                                                                  \
  inline unsigned short atomicCAS##sfx(unsigned short* address, unsigned short compare, unsigned short val,          \
                                       ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {           \
    return ::warpsafe::engine::detail::AtomicCas(address, compare, val, site, ::warpsafe::engine::FenceScope::scope); \
  }                                                                                                                  \
  WARPSAFE_ATOMIC_BITS_(sfx, scope, atomicAnd, kAnd)                                                                 \
  WARPSAFE_ATOMIC_BITS_(sfx, scope, atomicOr, kOr)                                                                   \
  WARPSAFE_ATOMIC_BITS_(sfx, scope, atomicXor, kXor)

#define WARPSAFE_ATOMIC_BITS_(sfx, scope, name, op)                                                                  \
  inline int name##sfx(int* address, int val, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {    \
    return ::warpsafe::engine::detail::AtomicBits(::warpsafe::engine::detail::BitOp::op, address, val, site, ::warpsafe::engine::FenceScope::scope); \
  }                                                                                                                  \
  inline unsigned int name##sfx(unsigned int* address, unsigned int val,                                             \
                                ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {                  \
    return ::warpsafe::engine::detail::AtomicBits(::warpsafe::engine::detail::BitOp::op, address, val, site, ::warpsafe::engine::FenceScope::scope); \
  }                                                                                                                  \
  inline unsigned long long name##sfx(unsigned long long* address, unsigned long long val,                           \
                                      ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {            \
    return ::warpsafe::engine::detail::AtomicBits(::warpsafe::engine::detail::BitOp::op, address, val, site, ::warpsafe::engine::FenceScope::scope); \
  }

WARPSAFE_ATOMICS_(, kDevice)
WARPSAFE_ATOMICS_(_block, kBlock)
WARPSAFE_ATOMICS_(_system, kSystem)

#undef WARPSAFE_ATOMIC_BITS_
#undef WARPSAFE_ATOMICS_
