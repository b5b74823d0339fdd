// Device-side checks of copies and fills (copy_checks.h).
#include "runtime/copy_checks.h"

#include <mutex>

#include "runtime/allocations.h"

// Linker-defined bounds of the executable's image (GNU ld, gold, lld). Device variables of a CPU
// build are ordinary globals of the program, so they lie between these.
extern "C" char __executable_start[];
extern "C" char _end[];

namespace warpsafe::engine::runtime {

namespace {

// The loaded objects' segments: written once each, then published by the count.
constexpr std::size_t kMaxLoadedRanges = 1024;
struct LoadedRange {
  const char* begin;
  std::size_t size;
};
LoadedRange g_loaded_ranges[kMaxLoadedRanges];
std::mutex g_loaded_mutex;  // serialises writers

}  // namespace

void AddLoadedStaticStorage(const void* begin, std::size_t size) {
  std::lock_guard<std::mutex> lock(g_loaded_mutex);
  const std::size_t n = g_loaded_static_ranges.load(std::memory_order_relaxed);
  if (n == kMaxLoadedRanges) return;  // far more segments than any program loads objects for
  g_loaded_ranges[n] = LoadedRange{static_cast<const char*>(begin), size};
  g_loaded_static_ranges.store(n + 1, std::memory_order_release);
}

bool IsLoadedStaticStorage(const void* p) {
  const std::size_t n = g_loaded_static_ranges.load(std::memory_order_acquire);
  const char* c = static_cast<const char*>(p);
  for (std::size_t i = 0; i < n; ++i) {
    if (c >= g_loaded_ranges[i].begin && static_cast<std::size_t>(c - g_loaded_ranges[i].begin) < g_loaded_ranges[i].size)
      return true;
  }
  return false;
}

bool IsStaticStorage(const void* p) {
  const char* c = static_cast<const char*>(p);
  return (c >= __executable_start && c < _end) || IsLoadedStaticStorage(p);
}

cudaError_t CheckDeviceRange(const void* p, std::size_t count) {
  if (p == nullptr) return cudaErrorInvalidValue;
  AllocationInfo info;
  if (FindAllocation(p, &info)) {
    const auto offset = static_cast<std::size_t>(static_cast<const char*>(p) - static_cast<const char*>(info.base));
    return count <= info.size - offset ? cudaSuccess : cudaErrorInvalidValue;
  }
  return IsStaticStorage(p) ? cudaSuccess : cudaErrorInvalidValue;
}

cudaError_t CheckCopySide(const void* p, std::size_t count, bool device_side) {
  if (device_side) return CheckDeviceRange(p, count);
  AllocationInfo info;
  if (!FindAllocation(p, &info)) return cudaSuccess;
  const auto offset = static_cast<std::size_t>(static_cast<const char*>(p) - static_cast<const char*>(info.base));
  return count <= info.size - offset ? cudaSuccess : cudaErrorInvalidValue;
}

cudaError_t CheckCopy(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind) {
  bool dst_device = false;
  bool src_device = false;
  switch (kind) {
    case cudaMemcpyHostToHost: break;
    case cudaMemcpyHostToDevice: dst_device = true; break;
    case cudaMemcpyDeviceToHost: src_device = true; break;
    case cudaMemcpyDeviceToDevice: dst_device = src_device = true; break;
    // Unified addressing: the runtime infers each side from the pointer; any pointer is fine.
    case cudaMemcpyDefault: break;
    default: return cudaErrorInvalidMemcpyDirection;
  }
  if (count == 0) return cudaSuccess;
  if (dst == nullptr || src == nullptr) return cudaErrorInvalidValue;
  if (cudaError_t e = CheckCopySide(dst, count, dst_device); e != cudaSuccess) return e;
  return CheckCopySide(src, count, src_device);
}

}  // namespace warpsafe::engine::runtime
