// Allocation, pointer queries and the memory information: each the runtime function that does the
// same, after the driver's own checks (a zero-byte cuMemAlloc is an invalid value, where cudaMalloc
// returns null; recorded on an H200).
#include "driver/driver_call.h"
#include "runtime/allocations.h"

namespace warpsafe::engine::driver {
CUcontext CurrentContext();  // context.cpp
}  // namespace warpsafe::engine::driver

namespace drv = warpsafe::engine::driver;

extern "C" CUresult cuMemGetInfo(size_t* free, size_t* total) {
  return drv::ForwardInContext([&] { return cudaMemGetInfo(free, total); });
}

extern "C" CUresult cuMemGetInfo_v2(size_t* free, size_t* total) { return cuMemGetInfo(free, total); }

extern "C" CUresult cuMemAlloc(CUdeviceptr* dptr, size_t bytesize) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (dptr == nullptr || bytesize == 0) return CUDA_ERROR_INVALID_VALUE;
  void* p = nullptr;
  const CUresult r = drv::Forward([&] { return cudaMalloc(&p, bytesize); });
  if (r == CUDA_SUCCESS) *dptr = drv::DevicePointer(p);
  return r;
}

extern "C" CUresult cuMemAlloc_v2(CUdeviceptr* dptr, size_t bytesize) { return cuMemAlloc(dptr, bytesize); }

extern "C" CUresult cuMemAllocPitch(CUdeviceptr* dptr, size_t* pPitch, size_t WidthInBytes, size_t Height,
                                    unsigned int ElementSizeBytes) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (dptr == nullptr || pPitch == nullptr || WidthInBytes == 0 || Height == 0) return CUDA_ERROR_INVALID_VALUE;
  if (ElementSizeBytes != 4 && ElementSizeBytes != 8 && ElementSizeBytes != 16) return CUDA_ERROR_INVALID_VALUE;
  void* p = nullptr;
  const CUresult r = drv::Forward([&] { return cudaMallocPitch(&p, pPitch, WidthInBytes, Height); });
  if (r == CUDA_SUCCESS) *dptr = drv::DevicePointer(p);
  return r;
}

extern "C" CUresult cuMemFree(CUdeviceptr dptr) {
  return drv::ForwardInContext([&] { return cudaFree(drv::Pointer(dptr)); });
}

extern "C" CUresult cuMemFree_v2(CUdeviceptr dptr) { return cuMemFree(dptr); }

extern "C" CUresult cuMemAllocAsync(CUdeviceptr* dptr, size_t bytesize, CUstream hStream) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (dptr == nullptr) return CUDA_ERROR_INVALID_VALUE;
  void* p = nullptr;
  const CUresult r = drv::Forward([&] { return cudaMallocAsync(&p, bytesize, hStream); });
  if (r == CUDA_SUCCESS) *dptr = drv::DevicePointer(p);
  return r;
}

extern "C" CUresult cuMemFreeAsync(CUdeviceptr dptr, CUstream hStream) {
  return drv::ForwardInContext([&] { return cudaFreeAsync(drv::Pointer(dptr), hStream); });
}

extern "C" CUresult cuMemAllocManaged(CUdeviceptr* dptr, size_t bytesize, unsigned int flags) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (dptr == nullptr || bytesize == 0) return CUDA_ERROR_INVALID_VALUE;
  if (flags != CU_MEM_ATTACH_GLOBAL && flags != CU_MEM_ATTACH_HOST) return CUDA_ERROR_INVALID_VALUE;
  void* p = nullptr;
  const CUresult r = drv::Forward([&] { return cudaMallocManaged(&p, bytesize, flags); });
  if (r == CUDA_SUCCESS) *dptr = drv::DevicePointer(p);
  return r;
}

extern "C" CUresult cuMemAllocHost(void** pp, size_t bytesize) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (pp == nullptr) return CUDA_ERROR_INVALID_VALUE;
  return drv::Forward([&] { return cudaHostAlloc(pp, bytesize, cudaHostAllocDefault); });
}

// CU_MEMHOSTALLOC_* and cudaHostAlloc* are the same bits.
extern "C" CUresult cuMemHostAlloc(void** pp, size_t bytesize, unsigned int Flags) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (pp == nullptr) return CUDA_ERROR_INVALID_VALUE;
  return drv::Forward([&] { return cudaHostAlloc(pp, bytesize, Flags); });
}

extern "C" CUresult cuMemFreeHost(void* p) {
  return drv::ForwardInContext([&] { return cudaFreeHost(p); });
}

extern "C" CUresult cuMemHostGetDevicePointer(CUdeviceptr* pdptr, void* p, unsigned int Flags) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (pdptr == nullptr) return CUDA_ERROR_INVALID_VALUE;
  void* device = nullptr;
  const CUresult r = drv::Forward([&] { return cudaHostGetDevicePointer(&device, p, Flags); });
  if (r == CUDA_SUCCESS) *pdptr = drv::DevicePointer(device);
  return r;
}

extern "C" CUresult cuMemHostRegister(void* p, size_t bytesize, unsigned int Flags) {
  return drv::ForwardInContext([&] { return cudaHostRegister(p, bytesize, Flags); });
}

extern "C" CUresult cuMemHostUnregister(void* p) {
  return drv::ForwardInContext([&] { return cudaHostUnregister(p); });
}

// The allocation containing dptr: device, managed or pinned memory the runtime handed out.
extern "C" CUresult cuMemGetAddressRange(CUdeviceptr* pbase, size_t* psize, CUdeviceptr dptr) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  warpsafe::engine::AllocationInfo info;
  if (!warpsafe::engine::FindAllocation(drv::Pointer(dptr), &info) ||
      info.kind == warpsafe::engine::AllocationKind::kSymbol) {
    return CUDA_ERROR_NOT_FOUND;
  }
  if (pbase != nullptr) *pbase = drv::DevicePointer(info.base);
  if (psize != nullptr) *psize = info.size;
  return CUDA_SUCCESS;
}

// The attributes cudaPointerGetAttributes describes, and the allocation's range. Memory the runtime
// does not know is an invalid value, as on CUDA.
extern "C" CUresult cuPointerGetAttribute(void* data, CUpointer_attribute attribute, CUdeviceptr ptr) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (data == nullptr) return CUDA_ERROR_INVALID_VALUE;
  cudaPointerAttributes a{};
  if (CUresult r = drv::Forward([&] { return cudaPointerGetAttributes(&a, drv::Pointer(ptr)); }); r != CUDA_SUCCESS) {
    return r;
  }
  if (a.type == cudaMemoryTypeUnregistered) return CUDA_ERROR_INVALID_VALUE;
  switch (attribute) {
    case CU_POINTER_ATTRIBUTE_CONTEXT:
      *static_cast<CUcontext*>(data) = drv::CurrentContext();
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
      *static_cast<unsigned*>(data) = a.type == cudaMemoryTypeHost ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_DEVICE;
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
      if (a.devicePointer == nullptr) return CUDA_ERROR_INVALID_VALUE;
      *static_cast<CUdeviceptr*>(data) = drv::DevicePointer(a.devicePointer);
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_HOST_POINTER:
      if (a.hostPointer == nullptr) return CUDA_ERROR_INVALID_VALUE;
      *static_cast<void**>(data) = a.hostPointer;
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_IS_MANAGED:
      *static_cast<int*>(data) = a.type == cudaMemoryTypeManaged ? 1 : 0;
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
      *static_cast<int*>(data) = 0;
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
      return cuMemGetAddressRange(static_cast<CUdeviceptr*>(data), nullptr, ptr);
    case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
      return cuMemGetAddressRange(nullptr, static_cast<size_t*>(data), ptr);
    case CU_POINTER_ATTRIBUTE_MAPPED:
      *static_cast<int*>(data) = 1;
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_P2P_TOKENS:
    case CU_POINTER_ATTRIBUTE_SYNC_MEMOPS:
    case CU_POINTER_ATTRIBUTE_BUFFER_ID:
    case CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE:
      return CUDA_ERROR_NOT_SUPPORTED;
  }
  return CUDA_ERROR_INVALID_VALUE;
}
