// Copies and fills: each the runtime's copy of the same direction, so the runtime's range checks
// (an address outside every allocation is an invalid value) and, under `warpsafe check`, its
// accounting of what each copy reads and writes apply unchanged. cuMemcpy takes unified
// addresses (the direction from the pointers, cudaMemcpyDefault).
//
// cuMemsetD16 and cuMemsetD32 store a 2- or 4-byte pattern, which the runtime's byte fill cannot:
// the first element is copied from the host and then doubled by device-to-device copies of the
// part already filled, so the fill is still a checked copy on its stream.
#include <cstring>

#include "driver/driver_call.h"

namespace warpsafe::engine::driver {
namespace {

cudaError_t Pattern(void* dst, const void* element, std::size_t element_size, std::size_t count, cudaStream_t stream,
                    bool async) {
  if (count == 0) return cudaSuccess;
  const auto copy = [&](void* to, const void* from, std::size_t bytes, cudaMemcpyKind kind) {
    return async ? cudaMemcpyAsync(to, from, bytes, kind, stream) : cudaMemcpy(to, from, bytes, kind);
  };
  // The whole range first, so that a fill that runs past its allocation writes nothing.
  if (cudaError_t e =
          async ? cudaMemsetAsync(dst, 0, element_size * count, stream) : cudaMemset(dst, 0, element_size * count);
      e != cudaSuccess) {
    return e;
  }
  char* base = static_cast<char*>(dst);
  if (cudaError_t e = copy(base, element, element_size, cudaMemcpyHostToDevice); e != cudaSuccess) return e;
  std::size_t done = 1;
  while (done < count) {
    const std::size_t step = done < count - done ? done : count - done;
    if (cudaError_t e = copy(base + done * element_size, base, step * element_size, cudaMemcpyDeviceToDevice);
        e != cudaSuccess) {
      return e;
    }
    done += step;
  }
  return cudaSuccess;
}

cudaError_t Pattern2D(void* dst, std::size_t pitch, const void* element, std::size_t element_size, std::size_t width,
                      std::size_t height) {
  if (width == 0 || height == 0) return cudaSuccess;
  if (width * element_size > pitch) return cudaErrorInvalidValue;
  for (std::size_t row = 0; row < height; ++row) {
    if (cudaError_t e = Pattern(static_cast<char*>(dst) + row * pitch, element, element_size, width, nullptr, false);
        e != cudaSuccess) {
      return e;
    }
  }
  return cudaSuccess;
}

// One side of a 2D copy that is not an array: its address and whether it is device memory.
CUresult Side(CUmemorytype type, const void* host, CUdeviceptr device, CUarray array, std::size_t x, std::size_t y,
              std::size_t pitch, const char** address, bool* on_device) {
  switch (type) {
    case CU_MEMORYTYPE_HOST:
      if (host == nullptr) return CUDA_ERROR_INVALID_VALUE;
      *address = static_cast<const char*>(host) + y * pitch + x;
      *on_device = false;
      return CUDA_SUCCESS;
    case CU_MEMORYTYPE_DEVICE:
    case CU_MEMORYTYPE_UNIFIED:
      if (device == 0) return CUDA_ERROR_INVALID_VALUE;
      *address = static_cast<const char*>(Pointer(device)) + y * pitch + x;
      *on_device = true;
      return CUDA_SUCCESS;
    case CU_MEMORYTYPE_ARRAY:  // CopyArray2D's
      (void)array;
      return CUDA_ERROR_INVALID_VALUE;
  }
  return CUDA_ERROR_INVALID_VALUE;
}

// A 2D copy into or out of a CUDA array: the runtime's array copies, at the array's byte offset
// and row. Array to array is not provided.
CUresult CopyArray2D(const CUDA_MEMCPY2D* c, CUstream stream, bool async) {
  if (c->srcMemoryType == CU_MEMORYTYPE_ARRAY && c->dstMemoryType == CU_MEMORYTYPE_ARRAY) {
    return CUDA_ERROR_NOT_SUPPORTED;
  }
  if (c->dstMemoryType == CU_MEMORYTYPE_ARRAY) {
    const char* src = nullptr;
    bool src_device = false;
    if (CUresult r = Side(c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray, c->srcXInBytes, c->srcY, c->srcPitch,
                          &src, &src_device);
        r != CUDA_SUCCESS) {
      return r;
    }
    const std::size_t spitch = c->Height <= 1 && c->srcPitch < c->WidthInBytes ? c->WidthInBytes : c->srcPitch;
    const cudaMemcpyKind kind = src_device ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice;
    auto* array = reinterpret_cast<cudaArray_t>(c->dstArray);
    return Forward([&] {
      return async ? cudaMemcpy2DToArrayAsync(array, c->dstXInBytes, c->dstY, src, spitch, c->WidthInBytes, c->Height,
                                              kind, stream)
                   : cudaMemcpy2DToArray(array, c->dstXInBytes, c->dstY, src, spitch, c->WidthInBytes, c->Height, kind);
    });
  }
  const char* dst = nullptr;
  bool dst_device = false;
  if (CUresult r = Side(c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray, c->dstXInBytes, c->dstY, c->dstPitch,
                        &dst, &dst_device);
      r != CUDA_SUCCESS) {
    return r;
  }
  const std::size_t dpitch = c->Height <= 1 && c->dstPitch < c->WidthInBytes ? c->WidthInBytes : c->dstPitch;
  const cudaMemcpyKind kind = dst_device ? cudaMemcpyDeviceToDevice : cudaMemcpyDeviceToHost;
  auto* array = reinterpret_cast<cudaArray_const_t>(c->srcArray);
  void* to = const_cast<char*>(dst);
  return Forward([&] {
    return async ? cudaMemcpy2DFromArrayAsync(to, dpitch, array, c->srcXInBytes, c->srcY, c->WidthInBytes, c->Height,
                                              kind, stream)
                 : cudaMemcpy2DFromArray(to, dpitch, array, c->srcXInBytes, c->srcY, c->WidthInBytes, c->Height, kind);
  });
}

CUresult Copy2D(const CUDA_MEMCPY2D* c, CUstream stream, bool async) {
  if (CUresult r = RequireContext(); r != CUDA_SUCCESS) return r;
  if (c == nullptr) return CUDA_ERROR_INVALID_VALUE;
  if (c->srcMemoryType == CU_MEMORYTYPE_ARRAY || c->dstMemoryType == CU_MEMORYTYPE_ARRAY) {
    return CopyArray2D(c, stream, async);
  }
  const char* src = nullptr;
  const char* dst = nullptr;
  bool src_device = false, dst_device = false;
  if (CUresult r = Side(c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray, c->srcXInBytes, c->srcY, c->srcPitch,
                        &src, &src_device);
      r != CUDA_SUCCESS) {
    return r;
  }
  if (CUresult r = Side(c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray, c->dstXInBytes, c->dstY, c->dstPitch,
                        &dst, &dst_device);
      r != CUDA_SUCCESS) {
    return r;
  }
  // A single row needs no pitch.
  const std::size_t spitch = c->Height <= 1 && c->srcPitch < c->WidthInBytes ? c->WidthInBytes : c->srcPitch;
  const std::size_t dpitch = c->Height <= 1 && c->dstPitch < c->WidthInBytes ? c->WidthInBytes : c->dstPitch;
  const cudaMemcpyKind kind = src_device ? (dst_device ? cudaMemcpyDeviceToDevice : cudaMemcpyDeviceToHost)
                                         : (dst_device ? cudaMemcpyHostToDevice : cudaMemcpyHostToHost);
  void* to = const_cast<char*>(dst);
  return Forward([&] {
    return async ? cudaMemcpy2DAsync(to, dpitch, src, spitch, c->WidthInBytes, c->Height, kind, stream)
                 : cudaMemcpy2D(to, dpitch, src, spitch, c->WidthInBytes, c->Height, kind);
  });
}

}  // namespace
}  // namespace warpsafe::engine::driver

namespace drv = warpsafe::engine::driver;

extern "C" CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount) {
  return drv::ForwardInContext(
      [&] { return cudaMemcpy(drv::Pointer(dst), drv::Pointer(src), ByteCount, cudaMemcpyDefault); });
}

extern "C" CUresult cuMemcpyHtoD(CUdeviceptr dstDevice, const void* srcHost, size_t ByteCount) {
  return drv::ForwardInContext(
      [&] { return cudaMemcpy(drv::Pointer(dstDevice), srcHost, ByteCount, cudaMemcpyHostToDevice); });
}

extern "C" CUresult cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void* srcHost, size_t ByteCount) {
  return cuMemcpyHtoD(dstDevice, srcHost, ByteCount);
}

extern "C" CUresult cuMemcpyDtoH(void* dstHost, CUdeviceptr srcDevice, size_t ByteCount) {
  return drv::ForwardInContext(
      [&] { return cudaMemcpy(dstHost, drv::Pointer(srcDevice), ByteCount, cudaMemcpyDeviceToHost); });
}

extern "C" CUresult cuMemcpyDtoH_v2(void* dstHost, CUdeviceptr srcDevice, size_t ByteCount) {
  return cuMemcpyDtoH(dstHost, srcDevice, ByteCount);
}

extern "C" CUresult cuMemcpyDtoD(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount) {
  return drv::ForwardInContext([&] {
    return cudaMemcpy(drv::Pointer(dstDevice), drv::Pointer(srcDevice), ByteCount, cudaMemcpyDeviceToDevice);
  });
}

extern "C" CUresult cuMemcpyDtoD_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount) {
  return cuMemcpyDtoD(dstDevice, srcDevice, ByteCount);
}

extern "C" CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount, CUstream hStream) {
  return drv::ForwardInContext(
      [&] { return cudaMemcpyAsync(drv::Pointer(dst), drv::Pointer(src), ByteCount, cudaMemcpyDefault, hStream); });
}

extern "C" CUresult cuMemcpyHtoDAsync(CUdeviceptr dstDevice, const void* srcHost, size_t ByteCount, CUstream hStream) {
  return drv::ForwardInContext(
      [&] { return cudaMemcpyAsync(drv::Pointer(dstDevice), srcHost, ByteCount, cudaMemcpyHostToDevice, hStream); });
}

extern "C" CUresult cuMemcpyDtoHAsync(void* dstHost, CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream) {
  return drv::ForwardInContext(
      [&] { return cudaMemcpyAsync(dstHost, drv::Pointer(srcDevice), ByteCount, cudaMemcpyDeviceToHost, hStream); });
}

extern "C" CUresult cuMemcpyDtoDAsync(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount,
                                      CUstream hStream) {
  return drv::ForwardInContext([&] {
    return cudaMemcpyAsync(drv::Pointer(dstDevice), drv::Pointer(srcDevice), ByteCount, cudaMemcpyDeviceToDevice,
                           hStream);
  });
}

extern "C" CUresult cuMemcpy2D(const CUDA_MEMCPY2D* pCopy) { return drv::Copy2D(pCopy, nullptr, false); }
extern "C" CUresult cuMemcpy2DUnaligned(const CUDA_MEMCPY2D* pCopy) { return drv::Copy2D(pCopy, nullptr, false); }
extern "C" CUresult cuMemcpy2DAsync(const CUDA_MEMCPY2D* pCopy, CUstream hStream) {
  return drv::Copy2D(pCopy, hStream, true);
}

extern "C" CUresult cuMemsetD8(CUdeviceptr dstDevice, unsigned char uc, size_t N) {
  return drv::ForwardInContext([&] { return cudaMemset(drv::Pointer(dstDevice), uc, N); });
}

extern "C" CUresult cuMemsetD16(CUdeviceptr dstDevice, unsigned short us, size_t N) {
  return drv::ForwardInContext(
      [&] { return drv::Pattern(drv::Pointer(dstDevice), &us, sizeof us, N, nullptr, false); });
}

extern "C" CUresult cuMemsetD32(CUdeviceptr dstDevice, unsigned int ui, size_t N) {
  return drv::ForwardInContext(
      [&] { return drv::Pattern(drv::Pointer(dstDevice), &ui, sizeof ui, N, nullptr, false); });
}

extern "C" CUresult cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc, size_t N, CUstream hStream) {
  return drv::ForwardInContext([&] { return cudaMemsetAsync(drv::Pointer(dstDevice), uc, N, hStream); });
}

// The asynchronous pattern fills complete before they return, as every copy of the engine does, so
// their host-side element may live on the caller's stack.
extern "C" CUresult cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us, size_t N, CUstream hStream) {
  return drv::ForwardInContext([&] { return drv::Pattern(drv::Pointer(dstDevice), &us, sizeof us, N, hStream, true); });
}

extern "C" CUresult cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui, size_t N, CUstream hStream) {
  return drv::ForwardInContext([&] { return drv::Pattern(drv::Pointer(dstDevice), &ui, sizeof ui, N, hStream, true); });
}

extern "C" CUresult cuMemsetD2D8(CUdeviceptr dstDevice, size_t dstPitch, unsigned char uc, size_t Width,
                                 size_t Height) {
  return drv::ForwardInContext([&] { return cudaMemset2D(drv::Pointer(dstDevice), dstPitch, uc, Width, Height); });
}

extern "C" CUresult cuMemsetD2D16(CUdeviceptr dstDevice, size_t dstPitch, unsigned short us, size_t Width,
                                  size_t Height) {
  return drv::ForwardInContext(
      [&] { return drv::Pattern2D(drv::Pointer(dstDevice), dstPitch, &us, sizeof us, Width, Height); });
}

extern "C" CUresult cuMemsetD2D32(CUdeviceptr dstDevice, size_t dstPitch, unsigned int ui, size_t Width,
                                  size_t Height) {
  return drv::ForwardInContext(
      [&] { return drv::Pattern2D(drv::Pointer(dstDevice), dstPitch, &ui, sizeof ui, Width, Height); });
}
