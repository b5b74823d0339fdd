// Namespace-scope `__shared__` variables, as the front end rewrites them:
//
//   __shared__ float tile[32];        ->  struct Tag { site(): {__FILE__, __LINE__} };  (same line)
//                                         ::warpsafe::engine::SharedVariable<float [32], alignof(...), Tag> tile;
//   extern __shared__ float dyn[];    ->  struct Tag { ... };  ::warpsafe::engine::DynamicSharedArray<float, Tag> dyn;
//
// A namespace-scope object exists once per process, but a __shared__ variable exists once per
// block; the proxy holds none of the variable's data and resolves to the current block's storage
// on every use (StaticShared keyed by the proxy's own address, registered by its constructor, or
// DynamicShared). Every use is therefore a device-side use and must come from a lane. Member access
// with `.` cannot be forwarded in C++: a struct-typed variable is reached through `->` or by
// binding a reference (`S& s = var;`). sizeof(var) is sizeof(T), as in CUDA; decltype(var) is the
// proxy.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include "warpsafe/engine/api.h"

namespace warpsafe::engine {

// `SiteTag::site()` is the declaration's file:line (the front end writes the tag on the user's line),
// which the checker's reports name; without a tag the site is this header's.
template <class T, std::size_t Align = alignof(T), class SiteTag = void>
class SharedVariable {
 public:
  // Registered when the program starts: its place in shared memory is fixed before any block runs.
  SharedVariable() { RegisterStaticShared(this, sizeof(T), Align); }
  SharedVariable(const SharedVariable&) = delete;
  // `a = b` between two shared variables copies the values, as in CUDA.
  T& operator=(const SharedVariable& other) const { return get() = other.get(); }

  // The current block's instance. Called from a lane.
  T& get() const { return *static_cast<T*>(StaticShared(this, sizeof(T), Align, DeclarationSite())); }

  operator T&() const { return get(); }
  T* operator&() const { return &get(); }
  T* operator->() const { return &get(); }
  // `(float*)scratch` of an array declared `unsigned scratch[64]`: in CUDA the array decays to its
  // element pointer and the cast reinterprets that; a class has no decay, so an explicit
  // conversion goes straight to the requested pointer type (for arrays only: a scalar converts to
  // no pointer in CUDA either). The element pointer itself still comes from `operator T&`.
  template <class U, class = std::enable_if_t<std::is_array_v<T> && std::is_pointer_v<U> &&
                                              !std::is_same_v<U, std::decay_t<T>>>>
  explicit operator U() const {
    return reinterpret_cast<U>(&get()[0]);
  }

  template <class I>
  decltype(auto) operator[](I&& i) const {
    return get()[std::forward<I>(i)];
  }

  template <class U>
  T& operator=(U&& v) const {
    return get() = std::forward<U>(v);
  }
  template <class U> T& operator+=(U&& v) const { return get() += std::forward<U>(v); }
  template <class U> T& operator-=(U&& v) const { return get() -= std::forward<U>(v); }
  template <class U> T& operator*=(U&& v) const { return get() *= std::forward<U>(v); }
  template <class U> T& operator/=(U&& v) const { return get() /= std::forward<U>(v); }
  template <class U> T& operator%=(U&& v) const { return get() %= std::forward<U>(v); }
  template <class U> T& operator&=(U&& v) const { return get() &= std::forward<U>(v); }
  template <class U> T& operator|=(U&& v) const { return get() |= std::forward<U>(v); }
  template <class U> T& operator^=(U&& v) const { return get() ^= std::forward<U>(v); }
  template <class U> T& operator<<=(U&& v) const { return get() <<= std::forward<U>(v); }
  template <class U> T& operator>>=(U&& v) const { return get() >>= std::forward<U>(v); }
  T& operator++() const { return ++get(); }
  T& operator--() const { return --get(); }
  // Templates so that an array T (which a function cannot return) still instantiates the class.
  template <class U = T> U operator++(int) const { return get()++; }
  template <class U = T> U operator--(int) const { return get()--; }

 private:
  static constexpr Site DeclarationSite() {
    if constexpr (std::is_void_v<SiteTag>) {
      return Site::Here();
    } else {
      return SiteTag::site();
    }
  }
  // Never read: it makes sizeof(variable) what CUDA code expects (sizeof(tile) / sizeof(tile[0])).
  unsigned char size_as_declared_[sizeof(T)] = {};
};

template <class T, class SiteTag = void>
class DynamicSharedArray {
 public:
  DynamicSharedArray() = default;
  DynamicSharedArray(const DynamicSharedArray&) = delete;
  DynamicSharedArray& operator=(const DynamicSharedArray&) = delete;

  // The current block's dynamic shared memory. Called from a lane.
  T* get() const {
    if constexpr (std::is_void_v<SiteTag>) {
      return static_cast<T*>(DynamicShared());
    } else {
      return static_cast<T*>(DynamicShared(SiteTag::site()));
    }
  }

  operator T*() const { return get(); }
  // `(float4*)dyn` and `static_cast<float4*>(dyn)`: a CUDA array decays to its element pointer
  // first; here the conversion goes straight to the requested pointer type.
  template <class U, class = std::enable_if_t<std::is_pointer_v<U> && !std::is_same_v<U, T*>>>
  explicit operator U() const {
    return reinterpret_cast<U>(get());
  }

  template <class I>
  T& operator[](I i) const {
    return get()[i];
  }
};

}  // namespace warpsafe::engine
