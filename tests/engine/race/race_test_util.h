// Helpers for the race detector's tests. The tests are compiled by g++ without instrumentation,
// so a kernel stands for an instrumented one by calling the callback clang would have inserted
// before each access: Load(p) / Store(p, v) below are exactly "callback, then the access".
#pragma once

#include <cstdint>
#include <cstring>

#include "engine_test_util.h"
#include "race/callbacks.h"
#include "race/race.h"
#include "runtime/allocations.h"
#include "warpsafe/engine/atomics.h"
#include "warpsafe/engine/device_functions.h"

namespace warpsafe::engine::testing {

template <class T>
[[gnu::noinline]] T Load(const T* p) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8);
  if constexpr (sizeof(T) == 1) __sanitizer_cov_load1(p);
  if constexpr (sizeof(T) == 2) __sanitizer_cov_load2(p);
  if constexpr (sizeof(T) == 4) __sanitizer_cov_load4(p);
  if constexpr (sizeof(T) == 8) __sanitizer_cov_load8(p);
  return *static_cast<const volatile T*>(p);
}

template <class T>
[[gnu::noinline]] void Store(T* p, T v) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8);
  if constexpr (sizeof(T) == 1) __sanitizer_cov_store1(p);
  if constexpr (sizeof(T) == 2) __sanitizer_cov_store2(p);
  if constexpr (sizeof(T) == 4) __sanitizer_cov_store4(p);
  if constexpr (sizeof(T) == 8) __sanitizer_cov_store8(p);
  *static_cast<volatile T*>(p) = v;
}

// A static __shared__ array of N Ts, as the front end writes `__shared__ T name[N];` (one key per
// call site: the lambda's static).
#define WARPSAFE_TEST_SHARED(T, N) \
  static_cast<T*>(::warpsafe::engine::StaticShared([] { static char k; return &k; }(), sizeof(T) * (N), alignof(T)))

// Device ("cudaMalloc") memory for a test: runtime-allocated, so the detector sees it as global.
template <class T>
T* DeviceAlloc(std::size_t count) {
  return static_cast<T*>(runtime::Allocate(sizeof(T) * count, AllocationKind::kDevice, 0));
}

inline unsigned Tid() { return threadIdx.x + threadIdx.y * blockDim.x; }

}  // namespace warpsafe::engine::testing
