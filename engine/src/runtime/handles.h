// Stream and event handles. A handle is an opaque pointer whose value is a serial number, never
// reused and never dereferenced: a destroyed or made-up handle is always recognised as such
// (cudaErrorInvalidResourceHandle), which real pointers that get recycled could not promise.
// Internal to the runtime.
#pragma once

#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace warpsafe::engine::runtime {

// State of type T per live handle of type H (cudaStream_t, cudaEvent_t). Thread-safe.
template <class H, class T>
class HandleTable {
 public:
  H Create(const T& state) {
    std::lock_guard<std::mutex> lock(mutex_);
    // Serials start above cudaStreamLegacy (0x1) and cudaStreamPerThread (0x2); the stride keeps
    // values aligned like real pointers, for programs that print or hash them.
    const std::uintptr_t value = kFirst + next_++ * kStride;
    live_.emplace(value, state);
    return reinterpret_cast<H>(value);
  }

  bool Destroy(H handle) {
    std::lock_guard<std::mutex> lock(mutex_);
    return live_.erase(reinterpret_cast<std::uintptr_t>(handle)) != 0;
  }

  // Copies the state out; false for a handle that is not live.
  bool Get(H handle, T* out) const {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = live_.find(reinterpret_cast<std::uintptr_t>(handle));
    if (it == live_.end()) return false;
    if (out != nullptr) *out = it->second;
    return true;
  }

  // Applies `update` to the state of a live handle; false if it is not live.
  template <class F>
  bool Update(H handle, F update) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = live_.find(reinterpret_cast<std::uintptr_t>(handle));
    if (it == live_.end()) return false;
    update(it->second);
    return true;
  }

  // Forgets every handle; serials keep counting, so old handles stay invalid.
  void Clear() {
    std::lock_guard<std::mutex> lock(mutex_);
    live_.clear();
  }

 private:
  static constexpr std::uintptr_t kFirst = 0x7a5e0000;
  static constexpr std::uintptr_t kStride = 0x10;

  mutable std::mutex mutex_;
  std::uintptr_t next_ = 0;
  std::unordered_map<std::uintptr_t, T> live_;
};

}  // namespace warpsafe::engine::runtime
