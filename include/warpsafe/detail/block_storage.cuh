// Shared-memory storage for collectives over any trivially copyable T.
//
// A __shared__ variable may not have a constructor that runs (CUDA forbids dynamic initialisation
// of shared memory), yet T may have one (default member initialisers make it non-trivial while
// leaving it trivially copyable). Uninitialized<T> is raw storage with T's size and alignment that
// is read and written as a T; it is what every TempStorage holds.
#pragma once
#ifndef WARPSAFE_DETAIL_BLOCK_STORAGE_CUH_
#define WARPSAFE_DETAIL_BLOCK_STORAGE_CUH_

#include "warpsafe/detail/config.cuh"

namespace warpsafe::detail {

template <class T>
struct Uninitialized {
  static_assert(std::is_trivially_copyable<T>::value, "collectives exchange trivially copyable values");
  alignas(T) unsigned char bytes[sizeof(T)];

  WARPSAFE_DEVICE T& Alias() { return *reinterpret_cast<T*>(bytes); }
  WARPSAFE_DEVICE const T& Alias() const { return *reinterpret_cast<const T*>(bytes); }
};

// A value that may be absent: the prefix of the first item of a scan has none when no initial
// value is given (an arbitrary operator has no identity to stand in for it).
template <class T>
struct Maybe {
  T value;
  bool has;
};

// op(a, b) where either may be absent (at least one is present when the result is used).
template <class T, class Op>
WARPSAFE_DEVICE Maybe<T> Combine(const Maybe<T>& a, const Maybe<T>& b, Op op) {
  if (!a.has) return b;
  if (!b.has) return a;
  return Maybe<T>{T(op(a.value, b.value)), true};
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_BLOCK_STORAGE_CUH_
