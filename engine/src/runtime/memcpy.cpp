// Copies and fills. Every one completes before the call returns, Async forms included (an
// in-order stream may run its work at once). Under `warpsafe check` each is also work on its
// stream, checked against kernels nothing orders it with (STREAM-6). Overlapping ranges are copied as memmove does:
// CUDA leaves the result undefined, and the checker, not the copy, is the place to report it.
#include <cstdint>
#include <cstring>

#include "cuda_runtime_api.h"
#include "graph/capture.h"
#include "race/api_checks.h"
#include "race/race.h"
#include "runtime/copy_checks.h"
#include "runtime/runtime_call.h"
#include "runtime/streams.h"

namespace rt = warpsafe::engine::runtime;

namespace warpsafe::engine::runtime {
namespace {

// `call` names the operation for the checker (STREAM-6); null for a copy the host has waited for
// before it returns, which later work is ordered after.
cudaError_t Copy(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind, const char* call,
                 cudaStream_t stream) {
  if (cudaError_t e = CheckCopy(dst, src, count, kind); e != cudaSuccess) {
    if (race::Enabled()) race::InvalidCopy(dst, src, count, kind, e);  // `warpsafe check`: a defect
    return e;
  }
  if (race::Enabled() && call != nullptr) race::CopyIssued(call, dst, count, src, count, stream);  // STREAM-6
  if (count != 0 && dst != src) std::memmove(dst, src, count);
  if (race::Enabled()) race::DeviceWritten(dst, count);
  return cudaSuccess;
}

cudaError_t Copy2D(void* dst, std::size_t dpitch, const void* src, std::size_t spitch, std::size_t width,
                   std::size_t height, cudaMemcpyKind kind, const char* call, cudaStream_t stream) {
  if (width > dpitch || width > spitch) return cudaErrorInvalidPitchValue;
  if (width == 0 || height == 0) return CheckCopy(dst, src, 0, kind);
  if ((height - 1) != 0 && (dpitch > (SIZE_MAX - width) / (height - 1) || spitch > (SIZE_MAX - width) / (height - 1))) {
    return cudaErrorInvalidValue;
  }
  // Check the whole footprint of each side once, then copy row by row.
  const std::size_t dst_span = dpitch * (height - 1) + width;
  const std::size_t src_span = spitch * (height - 1) + width;
  const bool dst_device = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
  const bool src_device = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
  if (cudaError_t e = CheckCopy(dst, src, 0, kind); e != cudaSuccess) return e;  // the direction
  if (dst == nullptr || src == nullptr) return cudaErrorInvalidValue;
  if (cudaError_t e = CheckCopySide(dst, dst_span, dst_device); e != cudaSuccess) return e;
  if (cudaError_t e = CheckCopySide(src, src_span, src_device); e != cudaSuccess) return e;
  for (std::size_t row = 0; row < height; ++row) {
    if (race::Enabled() && call != nullptr) {  // STREAM-6, row by row: the padding between rows is not copied
      race::CopyIssued(call, static_cast<char*>(dst) + row * dpitch, width,
                       static_cast<const char*>(src) + row * spitch, width, stream);
    }
    std::memmove(static_cast<char*>(dst) + row * dpitch, static_cast<const char*>(src) + row * spitch, width);
    if (race::Enabled()) race::DeviceWritten(static_cast<char*>(dst) + row * dpitch, width);
  }
  return cudaSuccess;
}

cudaError_t Fill(void* p, int value, std::size_t count, const char* call, cudaStream_t stream) {
  if (count == 0) return cudaSuccess;
  if (cudaError_t e = CheckDeviceRange(p, count); e != cudaSuccess) {
    if (race::Enabled()) race::InvalidCopy(p, nullptr, count, cudaMemcpyHostToDevice, e);
    return e;
  }
  if (race::Enabled()) race::CopyIssued(call, p, count, nullptr, 0, stream);  // STREAM-6
  std::memset(p, static_cast<unsigned char>(value), count);  // CUDA uses the low byte
  if (race::Enabled()) race::DeviceWritten(p, count);
  return cudaSuccess;
}

cudaError_t Fill2D(void* p, std::size_t pitch, int value, std::size_t width, std::size_t height, const char* call,
                   cudaStream_t stream) {
  if (width > pitch) return cudaErrorInvalidPitchValue;
  if (width == 0 || height == 0) return cudaSuccess;
  if ((height - 1) != 0 && pitch > (SIZE_MAX - width) / (height - 1)) return cudaErrorInvalidValue;
  if (cudaError_t e = CheckDeviceRange(p, pitch * (height - 1) + width); e != cudaSuccess) return e;
  for (std::size_t row = 0; row < height; ++row) {
    if (race::Enabled()) race::CopyIssued(call, static_cast<char*>(p) + row * pitch, width, nullptr, 0, stream);
    std::memset(static_cast<char*>(p) + row * pitch, static_cast<unsigned char>(value), width);
    if (race::Enabled()) race::DeviceWritten(static_cast<char*>(p) + row * pitch, width);
  }
  return cudaSuccess;
}

}  // namespace
}  // namespace warpsafe::engine::runtime

extern "C" cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, cudaMemcpyKind kind) {
  // A blocking call on the legacy default stream: it waits for what that stream waits for, which
  // is not work on non-blocking streams (STREAM-4): the copy is checked against it first (STREAM-6).
  // It returns complete, so it is not recorded for later launches (Copy's call null).
  if (warpsafe::engine::race::Enabled()) {
    if (rt::CheckCopy(dst, src, count, kind) == cudaSuccess)
      warpsafe::engine::race::CopyIssued("cudaMemcpy", dst, count, src, count, nullptr);
    warpsafe::engine::race::HostSynchronized();  // MEM-4
    warpsafe::engine::race::HostWaited(warpsafe::engine::race::HostWait::kBlockingCall);  // STREAM-3
  }
  return rt::Call([&] { return rt::Copy(dst, src, count, kind, nullptr, nullptr); });
}

extern "C" cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count, cudaMemcpyKind kind,
                                       cudaStream_t stream) {
  return rt::Call([&] {
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    if (warpsafe::engine::graph::IsCapturing(stream)) {
      return warpsafe::engine::graph::CaptureCopy(stream, {dst, count, count, src, count, count, count, 1, 1, kind});
    }
    return rt::Copy(dst, src, count, kind, "cudaMemcpyAsync", stream);
  });
}

extern "C" cudaError_t cudaMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                                    size_t height, cudaMemcpyKind kind) {
  if (warpsafe::engine::race::Enabled()) {
    warpsafe::engine::race::HostSynchronized();  // MEM-4
    warpsafe::engine::race::HostWaited(warpsafe::engine::race::HostWait::kBlockingCall);  // STREAM-3
  }
  return rt::Call([&] { return rt::Copy2D(dst, dpitch, src, spitch, width, height, kind, nullptr, nullptr); });
}

extern "C" cudaError_t cudaMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                                         size_t height, cudaMemcpyKind kind, cudaStream_t stream) {
  return rt::Call([&] {
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    if (warpsafe::engine::graph::IsCapturing(stream)) {
      return warpsafe::engine::graph::CaptureCopy(
          stream, {dst, dpitch, dpitch * height, src, spitch, spitch * height, width, height, 1, kind});
    }
    return rt::Copy2D(dst, dpitch, src, spitch, width, height, kind, "cudaMemcpy2DAsync", stream);
  });
}

extern "C" cudaError_t cudaMemset(void* devPtr, int value, size_t count) {
  return rt::Call([&] { return rt::Fill(devPtr, value, count, "cudaMemset", nullptr); });
}

extern "C" cudaError_t cudaMemsetAsync(void* devPtr, int value, size_t count, cudaStream_t stream) {
  return rt::Call([&] {
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    if (warpsafe::engine::graph::IsCapturing(stream)) {
      return warpsafe::engine::graph::CaptureSet(stream, {devPtr, count, static_cast<unsigned>(value), 1, count, 1});
    }
    return rt::Fill(devPtr, value, count, "cudaMemsetAsync", stream);
  });
}

extern "C" cudaError_t cudaMemset2D(void* devPtr, size_t pitch, int value, size_t width, size_t height) {
  return rt::Call([&] { return rt::Fill2D(devPtr, pitch, value, width, height, "cudaMemset2D", nullptr); });
}

extern "C" cudaError_t cudaMemset2DAsync(void* devPtr, size_t pitch, int value, size_t width, size_t height,
                                         cudaStream_t stream) {
  return rt::Call([&] {
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    if (warpsafe::engine::graph::IsCapturing(stream)) {
      return warpsafe::engine::graph::CaptureSet(stream, {devPtr, pitch, static_cast<unsigned>(value), 1, width, height});
    }
    return rt::Fill2D(devPtr, pitch, value, width, height, "cudaMemset2DAsync", stream);
  });
}
