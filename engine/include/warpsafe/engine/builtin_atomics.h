// CUDA's built-in atomic functions with an explicit memory order and scope (CUDA 12.8 and later:
// `__nv_atomic_fetch_add(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE)`, the `_n` forms of
// load, store and exchange, compare-exchange, and `__nv_atomic_thread_fence`). Rules and test:
// docs/semantics/builtin_atomics.md.
//
// Contract, on top of atomics.h's (an atomic scheduling point, a sequentially consistent GCC
// atomic, NoteProgress when memory changed):
//  - The scope narrows what the race detector counts as atomic and ordered, as for the `_block` and
//    `_system` forms: thread and block scope are the block's, cluster and device the device's.
//  - An order other than relaxed also orders the thread's other accesses: it is the atomic with a
//    fence of its scope before it (release), after it (acquire), or both. A relaxed one orders
//    nothing beyond itself. The operation itself is always sequentially consistent on the CPU,
//    which every order allows.
#pragma once

#include <type_traits>

#include "warpsafe/engine/api.h"
#include "warpsafe/engine/atomics.h"

// The values of the order and scope arguments, named as CUDA names them.
enum {
  __NV_ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST
};
enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};

namespace warpsafe::engine::detail {

// The value arguments convert to the pointee's type, as a builtin's parameters do: only the
// pointer decides T.
template <class T>
struct SameAs {
  using type = T;
};
template <class T>
using ValueOf = typename SameAs<T>::type;

inline FenceScope BuiltinScope(int scope) {
  if (scope <= __NV_THREAD_SCOPE_BLOCK) return FenceScope::kBlock;
  if (scope >= __NV_THREAD_SCOPE_SYSTEM) return FenceScope::kSystem;
  return FenceScope::kDevice;
}

// Runs `op` (the atomic itself) between the fences that `order` asks for.
template <class Op>
inline auto Ordered(int order, int scope, Site site, Op op) {
  const FenceScope s = BuiltinScope(scope);
  const bool release = order == __NV_ATOMIC_RELEASE || order == __NV_ATOMIC_ACQ_REL || order == __NV_ATOMIC_SEQ_CST;
  const bool acquire = order == __NV_ATOMIC_CONSUME || order == __NV_ATOMIC_ACQUIRE ||
                       order == __NV_ATOMIC_ACQ_REL || order == __NV_ATOMIC_SEQ_CST;
  if (release) Fence(s, site);
  if constexpr (std::is_void_v<decltype(op(s))>) {
    op(s);
    if (acquire) Fence(s, site);
  } else {
    auto result = op(s);
    if (acquire) Fence(s, site);
    return result;
  }
}

template <class T>
inline T BuiltinLoad(T* address, FenceScope scope, Site site) {
  AtomicPoint(address, sizeof(T), site, scope);
  T value;
  __atomic_load(address, &value, __ATOMIC_SEQ_CST);
  return value;
}

}  // namespace warpsafe::engine::detail

#define WARPSAFE_SITE_ ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()
#define WARPSAFE_FETCH_OP_(name, call)                                                                    \
  template <class T>                                                                                      \
  inline T __nv_atomic_fetch_##name(T* ptr, ::warpsafe::engine::detail::ValueOf<T> val, int order, int scope = __NV_THREAD_SCOPE_SYSTEM,       \
                                    WARPSAFE_SITE_) {                                                     \
    return ::warpsafe::engine::detail::Ordered(order, scope, site, [&](::warpsafe::engine::FenceScope s) { \
      return call;                                                                                        \
    });                                                                                                   \
  }                                                                                                       \
  template <class T>                                                                                      \
  inline void __nv_atomic_##name(T* ptr, ::warpsafe::engine::detail::ValueOf<T> val, int order, int scope = __NV_THREAD_SCOPE_SYSTEM,          \
                                 WARPSAFE_SITE_) {                                                        \
    __nv_atomic_fetch_##name(ptr, val, order, scope, site);                                               \
  }

WARPSAFE_FETCH_OP_(add, ::warpsafe::engine::detail::AtomicAdd(ptr, val, site, s))
WARPSAFE_FETCH_OP_(sub, ::warpsafe::engine::detail::AtomicAdd(ptr, static_cast<T>(T{} - val), site, s))
WARPSAFE_FETCH_OP_(min, ::warpsafe::engine::detail::AtomicMin(ptr, val, site, s))
WARPSAFE_FETCH_OP_(max, ::warpsafe::engine::detail::AtomicMax(ptr, val, site, s))
WARPSAFE_FETCH_OP_(and, ::warpsafe::engine::detail::AtomicBits(::warpsafe::engine::detail::BitOp::kAnd, ptr, val, site, s))
WARPSAFE_FETCH_OP_(or, ::warpsafe::engine::detail::AtomicBits(::warpsafe::engine::detail::BitOp::kOr, ptr, val, site, s))
WARPSAFE_FETCH_OP_(xor, ::warpsafe::engine::detail::AtomicBits(::warpsafe::engine::detail::BitOp::kXor, ptr, val, site, s))

template <class T>
inline T __nv_atomic_load_n(const T* ptr, int order, int scope = __NV_THREAD_SCOPE_SYSTEM, WARPSAFE_SITE_) {
  return ::warpsafe::engine::detail::Ordered(order, scope, site, [&](::warpsafe::engine::FenceScope s) {
    return ::warpsafe::engine::detail::BuiltinLoad(const_cast<T*>(ptr), s, site);
  });
}
template <class T>
inline void __nv_atomic_load(const T* ptr, T* ret, int order, int scope = __NV_THREAD_SCOPE_SYSTEM, WARPSAFE_SITE_) {
  *ret = __nv_atomic_load_n(ptr, order, scope, site);
}

template <class T>
inline T __nv_atomic_exchange_n(T* ptr, ::warpsafe::engine::detail::ValueOf<T> val, int order, int scope = __NV_THREAD_SCOPE_SYSTEM, WARPSAFE_SITE_) {
  return ::warpsafe::engine::detail::Ordered(order, scope, site, [&](::warpsafe::engine::FenceScope s) {
    return ::warpsafe::engine::detail::AtomicExch(ptr, val, site, s);
  });
}
template <class T>
inline void __nv_atomic_exchange(T* ptr, T* val, T* ret, int order, int scope = __NV_THREAD_SCOPE_SYSTEM,
                                 WARPSAFE_SITE_) {
  *ret = __nv_atomic_exchange_n(ptr, *val, order, scope, site);
}

// A store is an exchange whose old value is dropped: NoteProgress then knows whether it changed
// memory.
template <class T>
inline void __nv_atomic_store_n(T* ptr, ::warpsafe::engine::detail::ValueOf<T> val, int order, int scope = __NV_THREAD_SCOPE_SYSTEM, WARPSAFE_SITE_) {
  __nv_atomic_exchange_n(ptr, val, order, scope, site);
}
template <class T>
inline void __nv_atomic_store(T* ptr, T* val, int order, int scope = __NV_THREAD_SCOPE_SYSTEM, WARPSAFE_SITE_) {
  __nv_atomic_exchange_n(ptr, *val, order, scope, site);
}

// Strong and weak alike never fail spuriously here. On failure *expected receives the value seen,
// and the failure order (never stronger than the success order) is the one applied.
template <class T>
inline bool __nv_atomic_compare_exchange_n(T* ptr, T* expected, ::warpsafe::engine::detail::ValueOf<T> desired, bool /*weak*/, int success_order,
                                           int failure_order, int scope = __NV_THREAD_SCOPE_SYSTEM, WARPSAFE_SITE_) {
  const T compare = *expected;
  bool swapped = false;
  const ::warpsafe::engine::FenceScope s = ::warpsafe::engine::detail::BuiltinScope(scope);
  const bool release = success_order == __NV_ATOMIC_RELEASE || success_order == __NV_ATOMIC_ACQ_REL ||
                       success_order == __NV_ATOMIC_SEQ_CST;
  if (release) ::warpsafe::engine::Fence(s, site);
  const T old = ::warpsafe::engine::detail::AtomicCas(ptr, compare, desired, site, s);
  swapped = ::warpsafe::engine::detail::SameBits(old, compare);
  const int order = swapped ? success_order : failure_order;
  if (order == __NV_ATOMIC_CONSUME || order == __NV_ATOMIC_ACQUIRE || order == __NV_ATOMIC_ACQ_REL ||
      order == __NV_ATOMIC_SEQ_CST) {
    ::warpsafe::engine::Fence(s, site);
  }
  if (!swapped) *expected = old;
  return swapped;
}
template <class T>
inline bool __nv_atomic_compare_exchange(T* ptr, T* expected, T* desired, bool weak, int success_order,
                                         int failure_order, int scope = __NV_THREAD_SCOPE_SYSTEM, WARPSAFE_SITE_) {
  return __nv_atomic_compare_exchange_n(ptr, expected, *desired, weak, success_order, failure_order, scope, site);
}

// A relaxed fence orders nothing; every other order is a fence of the scope.
inline void __nv_atomic_thread_fence(int order, int scope = __NV_THREAD_SCOPE_SYSTEM, WARPSAFE_SITE_) {
  if (order != __NV_ATOMIC_RELAXED) {
    ::warpsafe::engine::Fence(::warpsafe::engine::detail::BuiltinScope(scope), site);
  }
}

#undef WARPSAFE_FETCH_OP_
#undef WARPSAFE_SITE_
