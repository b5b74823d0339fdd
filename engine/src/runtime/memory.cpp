// Allocation and release (cudaMalloc and friends), host registration, and the queries about
// memory. The table behind them is allocations.cpp.
#include <cstdint>

#include "race/race.h"
#include "cuda_runtime_api.h"
#include "runtime/allocations.h"
#include "runtime/device_limits.h"
#include "runtime/memory.h"
#include "runtime/redzone_check.h"
#include "runtime/runtime_call.h"
#include "runtime/streams.h"

namespace rt = warpsafe::engine::runtime;
using warpsafe::engine::AllocationInfo;
using warpsafe::engine::AllocationKind;
using warpsafe::engine::CallChain;
using warpsafe::engine::CallersOfApi;
using warpsafe::engine::FindAllocation;

namespace warpsafe::engine::runtime {

// The device has as much memory as the host: a request above that fails as on a full GPU instead
// of being overcommitted and killing the process when the poison fill touches it.
// `callers`: the program's call (for reports: AllocationInfo::callers).
cudaError_t AllocateInto(void** out, std::size_t size, AllocationKind kind, unsigned flags, const CallChain& callers) {
  if (out == nullptr) return cudaErrorInvalidValue;
  *out = nullptr;
  if (size == 0) return cudaSuccess;  // CUDA returns success and a null pointer
  if (size > PhysicalMemoryBytes()) return cudaErrorMemoryAllocation;
  void* p = Allocate(size, kind, flags, callers);
  if (p == nullptr) return cudaErrorMemoryAllocation;
  *out = p;
  return cudaSuccess;
}

}  // namespace warpsafe::engine::runtime

extern "C" cudaError_t cudaMalloc(void** devPtr, size_t size) {
  const CallChain callers = CallersOfApi();
  return rt::Call([&] { return rt::AllocateInto(devPtr, size, AllocationKind::kDevice, 0, callers); });
}

extern "C" cudaError_t cudaMallocManaged(void** devPtr, size_t size, unsigned int flags) {
  const CallChain callers = CallersOfApi();
  return rt::Call([&] {
    if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost) return cudaErrorInvalidValue;
    // A managed allocation of 0 bytes is an invalid value (CUDA Runtime API, cudaMallocManaged).
    if (size == 0) return cudaErrorInvalidValue;
    return rt::AllocateInto(devPtr, size, AllocationKind::kManaged, flags, callers);
  });
}

extern "C" cudaError_t cudaMallocPitch(void** devPtr, size_t* pitch, size_t width, size_t height) {
  const CallChain callers = CallersOfApi();
  return rt::Call([&] {
    if (pitch == nullptr || devPtr == nullptr) return cudaErrorInvalidValue;
    // Rows aligned as the texture pitch alignment of real parts makes them (512 bytes).
    constexpr std::size_t kPitchAlignment = 512;
    const std::size_t p = (width + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment;
    if (height != 0 && p > SIZE_MAX / height) return cudaErrorMemoryAllocation;
    cudaError_t e = rt::AllocateInto(devPtr, p * height, AllocationKind::kDevice, 0, callers);
    if (e == cudaSuccess) *pitch = p;
    return e;
  });
}

extern "C" cudaError_t cudaFree(void* devPtr) {
  if (warpsafe::engine::race::Enabled()) {
    warpsafe::engine::race::HostSynchronized();  // MEM-4
    warpsafe::engine::race::HostWaited(warpsafe::engine::race::HostWait::kDevice);  // STREAM-3
  }
  return rt::Call([&] {
    if (devPtr == nullptr) return cudaSuccess;  // as free(NULL)
    const unsigned kinds = rt::KindBit(AllocationKind::kDevice) | rt::KindBit(AllocationKind::kManaged);
    rt::CheckRedzonesBeforeFree(devPtr, "cudaFree");  // REDZONE-4
    return rt::Release(devPtr, kinds) ? cudaSuccess : cudaErrorInvalidValue;
  });
}

namespace warpsafe::engine::runtime {
namespace {
cudaError_t HostAlloc(void** pHost, size_t size, unsigned int flags, const CallChain& callers) {
  return Call([&] {
    constexpr unsigned kValid = cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined;
    if ((flags & ~kValid) != 0) return cudaErrorInvalidValue;
    return AllocateInto(pHost, size, AllocationKind::kPinnedHost, flags, callers);
  });
}
}  // namespace
}  // namespace warpsafe::engine::runtime

extern "C" cudaError_t cudaHostAlloc(void** pHost, size_t size, unsigned int flags) {
  return rt::HostAlloc(pHost, size, flags, warpsafe::engine::CallersOfApi());
}

extern "C" cudaError_t cudaMallocHost(void** ptr, size_t size) {
  return rt::HostAlloc(ptr, size, cudaHostAllocDefault, warpsafe::engine::CallersOfApi());
}

extern "C" cudaError_t cudaFreeHost(void* ptr) {
  if (warpsafe::engine::race::Enabled()) {
    warpsafe::engine::race::HostSynchronized();  // MEM-4
    warpsafe::engine::race::HostWaited(warpsafe::engine::race::HostWait::kDevice);  // STREAM-3
  }
  return rt::Call([&] {
    if (ptr == nullptr) return cudaSuccess;
    rt::CheckRedzonesBeforeFree(ptr, "cudaFreeHost");  // REDZONE-4
    return rt::Release(ptr, rt::KindBit(AllocationKind::kPinnedHost)) ? cudaSuccess : cudaErrorInvalidValue;
  });
}

extern "C" cudaError_t cudaHostRegister(void* ptr, size_t size, unsigned int flags) {
  return rt::Call([&] {
    constexpr unsigned kValid = cudaHostRegisterPortable | cudaHostRegisterMapped | cudaHostRegisterIoMemory |
                                cudaHostRegisterReadOnly;
    if (ptr == nullptr || size == 0 || (flags & ~kValid) != 0) return cudaErrorInvalidValue;
    return rt::Register(ptr, size, AllocationKind::kRegisteredHost, flags) ? cudaSuccess
                                                                          : cudaErrorHostMemoryAlreadyRegistered;
  });
}

extern "C" cudaError_t cudaHostUnregister(void* ptr) {
  return rt::Call([&] { return rt::Unregister(ptr) ? cudaSuccess : cudaErrorHostMemoryNotRegistered; });
}

extern "C" cudaError_t cudaHostGetDevicePointer(void** pDevice, void* pHost, unsigned int flags) {
  return rt::Call([&] {
    if (pDevice == nullptr || flags != 0) return cudaErrorInvalidValue;
    AllocationInfo info;
    if (!FindAllocation(pHost, &info) ||
        (info.kind != AllocationKind::kPinnedHost && info.kind != AllocationKind::kRegisteredHost)) {
      return cudaErrorInvalidValue;
    }
    *pDevice = pHost;  // unified addressing: the device sees host memory at the same address
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaHostGetFlags(unsigned int* pFlags, void* pHost) {
  return rt::Call([&] {
    AllocationInfo info;
    if (pFlags == nullptr || !FindAllocation(pHost, &info) ||
        (info.kind != AllocationKind::kPinnedHost && info.kind != AllocationKind::kRegisteredHost)) {
      return cudaErrorInvalidValue;
    }
    *pFlags = info.flags | cudaHostAllocMapped;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaMemGetInfo(size_t* free, size_t* total) {
  return rt::Call([&] {
    if (free == nullptr || total == nullptr) return cudaErrorInvalidValue;
    *total = warpsafe::engine::PhysicalMemoryBytes();
    *free = warpsafe::engine::AvailableMemoryBytes();
    if (*free > *total) *free = *total;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* ptr) {
  return rt::Call([&] {
    if (attributes == nullptr) return cudaErrorInvalidValue;
    *attributes = cudaPointerAttributes{};
    void* p = const_cast<void*>(ptr);
    AllocationInfo info;
    if (!FindAllocation(ptr, &info)) {
      // CUDA 11+: memory the runtime does not know is reported as unregistered, not as an error;
      // CUDA does not check whether unregistered memory is allocated, so the host pointer is the input.
      attributes->type = cudaMemoryTypeUnregistered;
      attributes->device = cudaInvalidDeviceId;
      attributes->hostPointer = p;
      return cudaSuccess;
    }
    attributes->device = 0;
    switch (info.kind) {
      case AllocationKind::kDevice:
      case AllocationKind::kSymbol:
        attributes->type = cudaMemoryTypeDevice;
        attributes->devicePointer = p;
        break;
      case AllocationKind::kManaged:
        attributes->type = cudaMemoryTypeManaged;
        attributes->devicePointer = p;
        attributes->hostPointer = p;
        break;
      case AllocationKind::kPinnedHost:
      case AllocationKind::kRegisteredHost:
        attributes->type = cudaMemoryTypeHost;
        attributes->devicePointer = p;
        attributes->hostPointer = p;
        break;
    }
    return cudaSuccess;
  });
}

namespace {

// Whether [devPtr, devPtr + count) lies in one managed allocation: the range every managed-memory
// hint must name.
bool IsManagedRange(const void* devPtr, size_t count) {
  AllocationInfo info;
  if (count == 0 || !FindAllocation(devPtr, &info) || info.kind != AllocationKind::kManaged) return false;
  const auto offset = static_cast<std::size_t>(static_cast<const char*>(devPtr) - static_cast<char*>(info.base));
  return count <= info.size - offset;
}

// The device number a location names (the device, or cudaCpuDeviceId for the host); -2 for none.
int LocationDevice(const cudaMemLocation& location) {
  if (location.type == cudaMemLocationTypeDevice) return location.id;
  if (location.type == cudaMemLocationTypeHost) return cudaCpuDeviceId;
  return -2;
}

}  // namespace

extern "C" cudaError_t cudaMemPrefetchAsync(const void* devPtr, size_t count, int dstDevice, cudaStream_t stream) {
  return rt::CallWithoutWaiting([&] {
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    if (dstDevice != 0 && dstDevice != cudaCpuDeviceId) return cudaErrorInvalidDevice;
    return IsManagedRange(devPtr, count) ? cudaSuccess : cudaErrorInvalidValue;  // nothing to move
  });
}

cudaError_t cudaMemPrefetchAsync(const void* devPtr, size_t count, cudaMemLocation location, unsigned int flags,
                                 cudaStream_t stream) {
  if (flags != 0) return rt::Call([] { return cudaErrorInvalidValue; });
  const int device = LocationDevice(location);
  if (device == -2) return rt::Call([] { return cudaErrorInvalidValue; });
  return cudaMemPrefetchAsync(devPtr, count, device, stream);
}

cudaError_t cudaMemAdvise(const void* devPtr, size_t count, cudaMemoryAdvise advice, int device) {
  return rt::CallWithoutWaiting([&] {
    if (advice < cudaMemAdviseSetReadMostly || advice > cudaMemAdviseUnsetAccessedBy) return cudaErrorInvalidValue;
    // Read-mostly ignores the device; the other hints name a processor.
    const bool names_device = advice != cudaMemAdviseSetReadMostly && advice != cudaMemAdviseUnsetReadMostly;
    if (names_device && device != 0 && device != cudaCpuDeviceId) return cudaErrorInvalidDevice;
    return IsManagedRange(devPtr, count) ? cudaSuccess : cudaErrorInvalidValue;  // a hint: nothing moves
  });
}

cudaError_t cudaMemAdvise(const void* devPtr, size_t count, cudaMemoryAdvise advice, cudaMemLocation location) {
  const bool names_device = advice != cudaMemAdviseSetReadMostly && advice != cudaMemAdviseUnsetReadMostly;
  const int device = LocationDevice(location);
  if (names_device && device == -2) return rt::Call([] { return cudaErrorInvalidValue; });
  return cudaMemAdvise(devPtr, count, advice, names_device ? device : 0);
}
