// Device-side checks of copies and fills (copy_checks.h).
#include "runtime/copy_checks.h"

#include "runtime/allocations.h"

// Linker-defined bounds of the executable's image (GNU ld, gold, lld). Device variables of a CPU
// build are ordinary globals of the program, so they lie between these.
extern "C" char __executable_start[];
extern "C" char _end[];

namespace warpsafe::engine::runtime {

bool IsStaticStorage(const void* p) {
  const char* c = static_cast<const char*>(p);
  return c >= __executable_start && c < _end;
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
