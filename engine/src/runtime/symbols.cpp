// Symbol copies. A __device__ or __constant__ variable is a plain global of the CPU build, so the
// symbol is its own address and the template forms (runtime_templates.h) pass its size. Each symbol
// used through them is recorded in the allocation table (kSymbol), which gives the C forms, that
// only have the address, their bounds, and gives the checker its extent.
#include <cstring>

#include "race/race.h"
#include "cuda_runtime_api.h"
#include "graph/capture.h"
#include "runtime/allocations.h"
#include "runtime/copy_checks.h"
#include "runtime/runtime_call.h"
#include "runtime/streams.h"

namespace warpsafe::engine::runtime {
namespace {

constexpr std::size_t kUnknownSize = static_cast<std::size_t>(-1);

// The size of the symbol at `symbol`: its recorded size, kUnknownSize for a global the runtime
// has not seen through a template (the bounds are then unchecked), false if it is not a global.
bool LookUpSymbol(const void* symbol, std::size_t* size) {
  AllocationInfo info;
  if (FindAllocation(symbol, &info) && info.kind == AllocationKind::kSymbol && info.base == symbol) {
    *size = info.size;
    return true;
  }
  if (symbol != nullptr && IsStaticStorage(symbol)) {
    *size = kUnknownSize;
    return true;
  }
  return false;
}

bool InBounds(std::size_t symbol_size, std::size_t offset, std::size_t count) {
  return offset <= symbol_size && count <= symbol_size - offset;
}

void Record(const void* symbol, std::size_t size) {
  // A global that overlaps something already recorded (a registered host range around it) is
  // left as it is: the copy is still checked against the size the template gave.
  Register(const_cast<void*>(symbol), size, AllocationKind::kSymbol, 0);
}

// `call` names the copy for the checker (STREAM-6); null for the blocking forms, which return
// complete, so that later work is ordered after them.
cudaError_t CopyToSymbolAs(const void* symbol, std::size_t symbol_size, const void* src, std::size_t count,
                           std::size_t offset, cudaMemcpyKind kind, cudaStream_t stream, const char* call) {
  return Call([&] {
    if (stream != nullptr && !IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    if (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault) {
      return cudaErrorInvalidMemcpyDirection;
    }
    if (symbol == nullptr) return cudaErrorInvalidSymbol;
    if (!InBounds(symbol_size, offset, count)) return cudaErrorInvalidValue;
    // Not captured into graphs: a capture that meets one is invalidated (graph/capture.h).
    if (graph::IsCapturing(stream)) return graph::CaptureUnsupported(stream);
    if (symbol_size != kUnknownSize) Record(symbol, symbol_size);
    if (count == 0) return cudaSuccess;
    if (src == nullptr) return cudaErrorInvalidValue;
    if (kind == cudaMemcpyDeviceToDevice) {
      if (cudaError_t e = CheckDeviceRange(src, count); e != cudaSuccess) return e;
    }
    if (race::Enabled() && call != nullptr) {  // STREAM-6: work on its stream
      race::CopyIssued(call, static_cast<const char*>(symbol) + offset, count, src, count, stream);
    }
    std::memmove(static_cast<char*>(const_cast<void*>(symbol)) + offset, src, count);
    return cudaSuccess;
  });
}

cudaError_t CopyFromSymbolAs(void* dst, const void* symbol, std::size_t symbol_size, std::size_t count,
                             std::size_t offset, cudaMemcpyKind kind, cudaStream_t stream, const char* call) {
  return Call([&] {
    if (stream != nullptr && !IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    if (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault) {
      return cudaErrorInvalidMemcpyDirection;
    }
    if (symbol == nullptr) return cudaErrorInvalidSymbol;
    if (!InBounds(symbol_size, offset, count)) return cudaErrorInvalidValue;
    // Not captured into graphs: a capture that meets one is invalidated (graph/capture.h).
    if (graph::IsCapturing(stream)) return graph::CaptureUnsupported(stream);
    if (symbol_size != kUnknownSize) Record(symbol, symbol_size);
    if (count == 0) return cudaSuccess;
    if (dst == nullptr) return cudaErrorInvalidValue;
    if (kind == cudaMemcpyDeviceToDevice) {
      if (cudaError_t e = CheckDeviceRange(dst, count); e != cudaSuccess) return e;
    }
    if (race::Enabled() && call != nullptr) {  // STREAM-6: work on its stream
      race::CopyIssued(call, dst, count, static_cast<const char*>(symbol) + offset, count, stream);
    }
    std::memmove(dst, static_cast<const char*>(symbol) + offset, count);
    return cudaSuccess;
  });
}

}  // namespace

// runtime_templates.h's entry points: the blocking templates pass the null stream, and are not
// recorded as stream work (an explicit Async on the null stream is not either: it may hide a race,
// never invent one).
cudaError_t CopyToSymbol(const void* symbol, std::size_t symbol_size, const void* src, std::size_t count,
                         std::size_t offset, cudaMemcpyKind kind, cudaStream_t stream) {
  return CopyToSymbolAs(symbol, symbol_size, src, count, offset, kind, stream,
                        stream != nullptr ? "cudaMemcpyToSymbolAsync" : nullptr);
}

cudaError_t CopyFromSymbol(void* dst, const void* symbol, std::size_t symbol_size, std::size_t count,
                           std::size_t offset, cudaMemcpyKind kind, cudaStream_t stream) {
  return CopyFromSymbolAs(dst, symbol, symbol_size, count, offset, kind, stream,
                          stream != nullptr ? "cudaMemcpyFromSymbolAsync" : nullptr);
}

cudaError_t SymbolAddress(void** dev_ptr, const void* symbol, std::size_t symbol_size) {
  return Call([&] {
    if (symbol == nullptr) return cudaErrorInvalidSymbol;
    if (dev_ptr == nullptr) return cudaErrorInvalidValue;
    Record(symbol, symbol_size);
    *dev_ptr = const_cast<void*>(symbol);
    return cudaSuccess;
  });
}

}  // namespace warpsafe::engine::runtime

namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaMemcpyToSymbol(const void* symbol, const void* src, size_t count, size_t offset,
                                          cudaMemcpyKind kind) {
  if (warpsafe::engine::race::Enabled()) {
    warpsafe::engine::race::HostSynchronized();  // MEM-4
    warpsafe::engine::race::HostWaited(warpsafe::engine::race::HostWait::kBlockingCall);  // STREAM-3
  }
  std::size_t size = 0;
  if (!rt::LookUpSymbol(symbol, &size)) return rt::Call([] { return cudaErrorInvalidSymbol; });
  return rt::CopyToSymbolAs(symbol, size, src, count, offset, kind, nullptr, nullptr);
}

extern "C" cudaError_t cudaMemcpyFromSymbol(void* dst, const void* symbol, size_t count, size_t offset,
                                            cudaMemcpyKind kind) {
  if (warpsafe::engine::race::Enabled()) {
    warpsafe::engine::race::HostSynchronized();  // MEM-4
    warpsafe::engine::race::HostWaited(warpsafe::engine::race::HostWait::kBlockingCall);  // STREAM-3
  }
  std::size_t size = 0;
  if (!rt::LookUpSymbol(symbol, &size)) return rt::Call([] { return cudaErrorInvalidSymbol; });
  return rt::CopyFromSymbolAs(dst, symbol, size, count, offset, kind, nullptr, nullptr);
}

extern "C" cudaError_t cudaMemcpyToSymbolAsync(const void* symbol, const void* src, size_t count, size_t offset,
                                               cudaMemcpyKind kind, cudaStream_t stream) {
  std::size_t size = 0;
  if (!rt::LookUpSymbol(symbol, &size)) return rt::Call([] { return cudaErrorInvalidSymbol; });
  return rt::CopyToSymbolAs(symbol, size, src, count, offset, kind, stream, "cudaMemcpyToSymbolAsync");
}

extern "C" cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const void* symbol, size_t count, size_t offset,
                                                 cudaMemcpyKind kind, cudaStream_t stream) {
  std::size_t size = 0;
  if (!rt::LookUpSymbol(symbol, &size)) return rt::Call([] { return cudaErrorInvalidSymbol; });
  return rt::CopyFromSymbolAs(dst, symbol, size, count, offset, kind, stream, "cudaMemcpyFromSymbolAsync");
}

extern "C" cudaError_t cudaGetSymbolAddress(void** devPtr, const void* symbol) {
  return rt::Call([&] {
    std::size_t size = 0;
    if (!rt::LookUpSymbol(symbol, &size)) return cudaErrorInvalidSymbol;
    if (devPtr == nullptr) return cudaErrorInvalidValue;
    *devPtr = const_cast<void*>(symbol);
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGetSymbolSize(size_t* size, const void* symbol) {
  return rt::Call([&] {
    std::size_t known = 0;
    if (!rt::LookUpSymbol(symbol, &known) || known == rt::kUnknownSize) return cudaErrorInvalidSymbol;
    if (size == nullptr) return cudaErrorInvalidValue;
    *size = known;
    return cudaSuccess;
  });
}
