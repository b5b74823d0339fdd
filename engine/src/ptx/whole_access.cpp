// Whole aligned accesses (whole_access.h).
//
// Up to 8 bytes, a C++ atomic of that size is whole on every host the engine builds for.
//
// 16 bytes: C++ has no portable 16-byte atomic load or store that is not a compare-and-swap or a
// lock. On x86-64, Intel's Software Developer's Manual (vol. 3A, "Guaranteed Atomic Operations")
// and AMD's Architecture Programmer's Manual (vol. 2, "Access Atomicity") both guarantee that
// on a processor that has AVX, a 16-byte aligned SSE move (movdqa, or its VEX.128 form) reads or
// writes its 16 bytes as one indivisible access. Those are the accesses used here, written in
// assembly so that the compiler cannot split them into two 8-byte moves. Ordering: x86's
// ordering already keeps a load before the thread's later accesses and a store after its earlier
// ones (the acquire and release the callers ask for), so only the compiler must not move accesses
// across them: the "memory" clobber.
//
// Without AVX (or off x86-64) no plain move is promised whole. cmpxchg16b would be, but it writes
// even to load, which faults on read-only pages. So the fallback serializes 16-byte accesses to
// the same 16 bytes through one of a set of spin locks chosen by address: a 16-byte load then
// never sees half of a 16-byte store. (A narrower atomic to half of the 16 bytes does not take the
// lock; on a GPU such a mixed-size pair is not ordered either.)
#include "ptx/whole_access.h"

#include "warpsafe/engine/api.h"

#include <atomic>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

namespace warpsafe::engine::ptx {
namespace {

constexpr int LoadOrder(WholeOrder o) { return o == WholeOrder::kAcquire ? __ATOMIC_ACQUIRE : __ATOMIC_RELAXED; }
constexpr int StoreOrder(WholeOrder o) { return o == WholeOrder::kRelease ? __ATOMIC_RELEASE : __ATOMIC_RELAXED; }

template <class T>
void LoadAtomic(const void* p, void* out, WholeOrder order) {
  const T v = __atomic_load_n(static_cast<const T*>(p), LoadOrder(order));
  std::memcpy(out, &v, sizeof(T));
}
template <class T>
void StoreAtomic(void* p, const void* in, WholeOrder order) {
  T v;
  std::memcpy(&v, in, sizeof(T));
  __atomic_store_n(static_cast<T*>(p), v, StoreOrder(order));
}

// The fallback's locks: 16-byte locations map to them by address, so unrelated locations rarely
// share one.
constexpr unsigned kLockCount = 64;
struct alignas(64) SpinLock {
  std::atomic<bool> held{false};
};
SpinLock g_locks[kLockCount];

SpinLock& LockOf(const void* p) { return g_locks[(reinterpret_cast<std::uintptr_t>(p) >> 4) % kLockCount]; }
void Acquire(SpinLock& l) {
  while (l.held.exchange(true, std::memory_order_acquire)) {
    while (l.held.load(std::memory_order_relaxed)) {
    }
  }
}
void Release(SpinLock& l) { l.held.store(false, std::memory_order_release); }

void Load16(const void* p, void* out) {
#if defined(__x86_64__)
  if (SseMovesAreWhole()) {
    __m128i v;
    asm volatile("movdqa %1, %0" : "=x"(v) : "m"(*static_cast<const __m128i*>(p)) : "memory");
    std::memcpy(out, &v, 16);
    return;
  }
#endif
  SpinLock& l = LockOf(p);
  Acquire(l);
  std::memcpy(out, p, 16);
  Release(l);
}

void Store16(void* p, const void* in) {
#if defined(__x86_64__)
  if (SseMovesAreWhole()) {
    __m128i v;
    std::memcpy(&v, in, 16);
    asm volatile("movdqa %1, %0" : "=m"(*static_cast<__m128i*>(p)) : "x"(v) : "memory");
    return;
  }
#endif
  SpinLock& l = LockOf(p);
  Acquire(l);
  std::memcpy(p, in, 16);
  Release(l);
}

}  // namespace

void LoadWhole(const void* p, unsigned bytes, void* out, WholeOrder order) {
  switch (bytes) {
    case 1: LoadAtomic<std::uint8_t>(p, out, order); break;
    case 2: LoadAtomic<std::uint16_t>(p, out, order); break;
    case 4: LoadAtomic<std::uint32_t>(p, out, order); break;
    case 8: LoadAtomic<std::uint64_t>(p, out, order); break;
    default: Load16(p, out); break;
  }
}

void StoreWhole(void* p, const void* in, unsigned bytes, WholeOrder order) {
  switch (bytes) {
    case 1: StoreAtomic<std::uint8_t>(p, in, order); break;
    case 2: StoreAtomic<std::uint16_t>(p, in, order); break;
    case 4: StoreAtomic<std::uint32_t>(p, in, order); break;
    case 8: StoreAtomic<std::uint64_t>(p, in, order); break;
    default: Store16(p, in); break;
  }
}

}  // namespace warpsafe::engine::ptx

namespace warpsafe::engine {

#if defined(__x86_64__)
bool SseMovesAreWhole() {
  static const bool avx = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx") != 0;
  }();
  return avx;
}
#else
bool SseMovesAreWhole() { return false; }
#endif

void LoadWhole16(const void* device, void* value) { ptx::LoadWhole(device, 16, value, ptx::WholeOrder::kRelaxed); }
void StoreWhole16(void* device, const void* value) { ptx::StoreWhole(device, value, 16, ptx::WholeOrder::kRelaxed); }

}  // namespace warpsafe::engine
