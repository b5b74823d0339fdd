// nvcc's cuda.h: the driver API, as a layer over the engine's runtime (engine/src/driver). Types,
// enumerations and error codes are CUDA's (warpsafe/engine/driver/api_types.h); the functions
// below are the part of the API the engine runs. docs/semantics/driver_api.md says what each
// concept maps to: one device, contexts that share one address space, modules that see every
// kernel and device variable of the .cu files built into the program, and launches through the
// runtime's launch path. The few functions declared at the end are not provided: each returns
// CUDA_ERROR_NOT_SUPPORTED and says so once, naming the caller's line.
//
// The functions that take a trailing `Site` (launches, module lookups, the unsupported ones) take
// it as a defaulted argument, so that messages and reports name the caller's file:line; in C, which
// has no default arguments, a macro of the function's name passes it (docs/semantics/c_sources.md).
#pragma once
#define __cuda_cuda_h__

#include "cuda_runtime.h"
#ifdef __cplusplus
#include "warpsafe/engine/api.h"
#endif
#include "warpsafe/engine/driver/api_types.h"

// The driver API version of the same release as CUDART_VERSION (cuda_runtime_api.h).
#define CUDA_VERSION 13000

// The driver API's calling-convention marks (on its functions and on its callback types), spelled
// by code that declares driver entry points or callbacks itself; empty off Windows.
#ifndef CUDAAPI
#define CUDAAPI
#endif
#ifndef CUDA_CB
#define CUDA_CB
#endif

typedef size_t (*CUoccupancyB2DSize)(int blockSize);

#ifdef __cplusplus
// The caller's site, as a defaulted last parameter.
#define WARPSAFE_DRIVER_SITE ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()
extern "C" {
#else
// C has no default arguments: the site is a struct of Site's layout (warpsafe/engine/api.h; the
// engine checks that the two agree, engine/src/driver/driver_call.h), passed by value as C++ passes
// Site, and each function that takes one is also a function-like macro of the same name that
// appends the caller's __FILE__ and __LINE__ (the end of this file). The name without a call
// (`&cuLaunchKernel`) is still the function itself (docs/semantics/c_sources.md, C-2).
struct warpsafe_site {
  const char* file;
  unsigned line;
  unsigned column;
};
#define WARPSAFE_DRIVER_SITE struct warpsafe_site site
#endif

// ---- errors, initialisation, version (engine/src/driver/errors.cpp, device.cpp) ----------------
CUresult cuGetErrorName(CUresult error, const char** pStr);
CUresult cuGetErrorString(CUresult error, const char** pStr);
CUresult cuInit(unsigned int Flags);
CUresult cuDriverGetVersion(int* driverVersion);

// ---- devices (device.cpp) -----------------------------------------------------------------------
CUresult cuDeviceGet(CUdevice* device, int ordinal);
CUresult cuDeviceGetCount(int* count);
CUresult cuDeviceGetName(char* name, int len, CUdevice dev);
CUresult cuDeviceGetUuid(CUuuid* uuid, CUdevice dev);
CUresult cuDeviceGetUuid_v2(CUuuid* uuid, CUdevice dev);
CUresult cuDeviceTotalMem(size_t* bytes, CUdevice dev);
CUresult cuDeviceTotalMem_v2(size_t* bytes, CUdevice dev);
CUresult cuDeviceGetAttribute(int* pi, CUdevice_attribute attrib, CUdevice dev);
CUresult cuDeviceComputeCapability(int* major, int* minor, CUdevice dev);
CUresult cuDeviceGetPCIBusId(char* pciBusId, int len, CUdevice dev);
CUresult cuDeviceCanAccessPeer(int* canAccessPeer, CUdevice dev, CUdevice peerDev);

// ---- contexts (context.cpp) ---------------------------------------------------------------------
CUresult cuDevicePrimaryCtxRetain(CUcontext* pctx, CUdevice dev);
CUresult cuDevicePrimaryCtxRelease(CUdevice dev);
CUresult cuDevicePrimaryCtxReset(CUdevice dev);
CUresult cuDevicePrimaryCtxGetState(CUdevice dev, unsigned int* flags, int* active);
CUresult cuDevicePrimaryCtxSetFlags(CUdevice dev, unsigned int flags);
CUresult cuCtxCreate(CUcontext* pctx, CUctxCreateParams* ctxCreateParams, unsigned int flags, CUdevice dev);
CUresult cuCtxCreate_v2(CUcontext* pctx, unsigned int flags, CUdevice dev);
CUresult cuCtxDestroy(CUcontext ctx);
CUresult cuCtxDestroy_v2(CUcontext ctx);
CUresult cuCtxPushCurrent(CUcontext ctx);
CUresult cuCtxPushCurrent_v2(CUcontext ctx);
CUresult cuCtxPopCurrent(CUcontext* pctx);
CUresult cuCtxPopCurrent_v2(CUcontext* pctx);
CUresult cuCtxSetCurrent(CUcontext ctx);
CUresult cuCtxGetCurrent(CUcontext* pctx);
CUresult cuCtxGetDevice(CUdevice* device);
CUresult cuCtxGetFlags(unsigned int* flags);
CUresult cuCtxGetApiVersion(CUcontext ctx, unsigned int* version);
CUresult cuCtxGetId(CUcontext ctx, unsigned long long* ctxId);
CUresult cuCtxSynchronize(void);
CUresult cuCtxSetLimit(CUlimit limit, size_t value);
CUresult cuCtxGetLimit(size_t* pvalue, CUlimit limit);
CUresult cuCtxSetCacheConfig(CUfunc_cache config);
CUresult cuCtxGetCacheConfig(CUfunc_cache* pconfig);
CUresult cuCtxGetStreamPriorityRange(int* leastPriority, int* greatestPriority);

// ---- memory (memory.cpp, copies.cpp) ------------------------------------------------------------
CUresult cuMemGetInfo(size_t* free, size_t* total);
CUresult cuMemGetInfo_v2(size_t* free, size_t* total);
CUresult cuMemAlloc(CUdeviceptr* dptr, size_t bytesize);
CUresult cuMemAlloc_v2(CUdeviceptr* dptr, size_t bytesize);
CUresult cuMemAllocPitch(CUdeviceptr* dptr, size_t* pPitch, size_t WidthInBytes, size_t Height,
                         unsigned int ElementSizeBytes);
CUresult cuMemFree(CUdeviceptr dptr);
CUresult cuMemFree_v2(CUdeviceptr dptr);
CUresult cuMemAllocAsync(CUdeviceptr* dptr, size_t bytesize, CUstream hStream);
CUresult cuMemFreeAsync(CUdeviceptr dptr, CUstream hStream);
CUresult cuMemAllocManaged(CUdeviceptr* dptr, size_t bytesize, unsigned int flags);
CUresult cuMemAllocHost(void** pp, size_t bytesize);
CUresult cuMemHostAlloc(void** pp, size_t bytesize, unsigned int Flags);
CUresult cuMemFreeHost(void* p);
CUresult cuMemHostGetDevicePointer(CUdeviceptr* pdptr, void* p, unsigned int Flags);
CUresult cuMemHostRegister(void* p, size_t bytesize, unsigned int Flags);
CUresult cuMemHostUnregister(void* p);
CUresult cuMemGetAddressRange(CUdeviceptr* pbase, size_t* psize, CUdeviceptr dptr);
CUresult cuPointerGetAttribute(void* data, CUpointer_attribute attribute, CUdeviceptr ptr);

CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount);
CUresult cuMemcpyHtoD(CUdeviceptr dstDevice, const void* srcHost, size_t ByteCount);
CUresult cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void* srcHost, size_t ByteCount);
CUresult cuMemcpyDtoH(void* dstHost, CUdeviceptr srcDevice, size_t ByteCount);
CUresult cuMemcpyDtoH_v2(void* dstHost, CUdeviceptr srcDevice, size_t ByteCount);
CUresult cuMemcpyDtoD(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount);
CUresult cuMemcpyDtoD_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount);
CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount, CUstream hStream);
CUresult cuMemcpyHtoDAsync(CUdeviceptr dstDevice, const void* srcHost, size_t ByteCount, CUstream hStream);
CUresult cuMemcpyDtoHAsync(void* dstHost, CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream);
CUresult cuMemcpyDtoDAsync(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream);
CUresult cuMemcpy2D(const CUDA_MEMCPY2D* pCopy);
CUresult cuMemcpy2DUnaligned(const CUDA_MEMCPY2D* pCopy);
CUresult cuMemcpy2DAsync(const CUDA_MEMCPY2D* pCopy, CUstream hStream);
CUresult cuMemsetD8(CUdeviceptr dstDevice, unsigned char uc, size_t N);
CUresult cuMemsetD16(CUdeviceptr dstDevice, unsigned short us, size_t N);
CUresult cuMemsetD32(CUdeviceptr dstDevice, unsigned int ui, size_t N);
CUresult cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc, size_t N, CUstream hStream);
CUresult cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us, size_t N, CUstream hStream);
CUresult cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui, size_t N, CUstream hStream);
CUresult cuMemsetD2D8(CUdeviceptr dstDevice, size_t dstPitch, unsigned char uc, size_t Width, size_t Height);
CUresult cuMemsetD2D16(CUdeviceptr dstDevice, size_t dstPitch, unsigned short us, size_t Width, size_t Height);
CUresult cuMemsetD2D32(CUdeviceptr dstDevice, size_t dstPitch, unsigned int ui, size_t Width, size_t Height);

// ---- streams and events (streams.cpp) -----------------------------------------------------------
CUresult cuStreamCreate(CUstream* phStream, unsigned int Flags);
CUresult cuStreamCreateWithPriority(CUstream* phStream, unsigned int flags, int priority);
CUresult cuStreamDestroy(CUstream hStream);
CUresult cuStreamDestroy_v2(CUstream hStream);
CUresult cuStreamSynchronize(CUstream hStream);
CUresult cuStreamQuery(CUstream hStream);
CUresult cuStreamWaitEvent(CUstream hStream, CUevent hEvent, unsigned int Flags);
CUresult cuStreamGetFlags(CUstream hStream, unsigned int* flags);
CUresult cuStreamGetPriority(CUstream hStream, int* priority);
CUresult cuStreamAddCallback(CUstream hStream, CUstreamCallback callback, void* userData, unsigned int flags);
CUresult cuLaunchHostFunc(CUstream hStream, CUhostFn fn, void* userData);
CUresult cuEventCreate(CUevent* phEvent, unsigned int Flags);
CUresult cuEventDestroy(CUevent hEvent);
CUresult cuEventDestroy_v2(CUevent hEvent);
CUresult cuEventRecord(CUevent hEvent, CUstream hStream);
CUresult cuEventRecordWithFlags(CUevent hEvent, CUstream hStream, unsigned int flags);
CUresult cuEventSynchronize(CUevent hEvent);
CUresult cuEventQuery(CUevent hEvent);
CUresult cuEventElapsedTime(float* pMilliseconds, CUevent hStart, CUevent hEnd);

// ---- modules and functions (module.cpp) ---------------------------------------------------------
// A module is a view of the whole program: the file or image is not read (warpsafe builds kernels
// from the program's .cu files), and every module finds every kernel and device variable.
CUresult cuModuleLoad(CUmodule* module, const char* fname, WARPSAFE_DRIVER_SITE);
CUresult cuModuleLoadData(CUmodule* module, const void* image, WARPSAFE_DRIVER_SITE);
CUresult cuModuleLoadDataEx(CUmodule* module, const void* image, unsigned int numOptions, CUjit_option* options,
                            void** optionValues, WARPSAFE_DRIVER_SITE);
CUresult cuModuleLoadFatBinary(CUmodule* module, const void* fatCubin, WARPSAFE_DRIVER_SITE);
CUresult cuModuleUnload(CUmodule hmod);
CUresult cuModuleGetFunction(CUfunction* hfunc, CUmodule hmod, const char* name, WARPSAFE_DRIVER_SITE);
CUresult cuModuleGetGlobal(CUdeviceptr* dptr, size_t* bytes, CUmodule hmod, const char* name,
                           WARPSAFE_DRIVER_SITE);
CUresult cuModuleGetGlobal_v2(CUdeviceptr* dptr, size_t* bytes, CUmodule hmod, const char* name,
                              WARPSAFE_DRIVER_SITE);
CUresult cuFuncGetAttribute(int* pi, CUfunction_attribute attrib, CUfunction hfunc);
CUresult cuFuncSetAttribute(CUfunction hfunc, CUfunction_attribute attrib, int value);
CUresult cuFuncSetCacheConfig(CUfunction hfunc, CUfunc_cache config);
CUresult cuFuncGetName(const char** name, CUfunction hfunc);

// ---- CUDA arrays and texture objects (textures.cpp) --------------------------------------------
CUresult cuArrayCreate(CUarray* pHandle, const CUDA_ARRAY_DESCRIPTOR* pAllocateArray);
CUresult cuArrayCreate_v2(CUarray* pHandle, const CUDA_ARRAY_DESCRIPTOR* pAllocateArray);
CUresult cuArrayGetDescriptor(CUDA_ARRAY_DESCRIPTOR* pArrayDescriptor, CUarray hArray);
CUresult cuArrayDestroy(CUarray hArray);
CUresult cuTexObjectCreate(CUtexObject* pTexObject, const CUDA_RESOURCE_DESC* pResDesc,
                           const CUDA_TEXTURE_DESC* pTexDesc, const CUDA_RESOURCE_VIEW_DESC* pResViewDesc);
CUresult cuTexObjectDestroy(CUtexObject texObject);

// ---- launches and occupancy (launch.cpp) --------------------------------------------------------
CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
                        unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
                        unsigned int sharedMemBytes, CUstream hStream, void** kernelParams, void** extra,
                        WARPSAFE_DRIVER_SITE);
CUresult cuLaunchCooperativeKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
                                   unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
                                   unsigned int sharedMemBytes, CUstream hStream, void** kernelParams,
                                   WARPSAFE_DRIVER_SITE);
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, CUfunction func, int blockSize,
                                                     size_t dynamicSMemSize);
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, CUfunction func, int blockSize,
                                                              size_t dynamicSMemSize, unsigned int flags);
CUresult cuOccupancyMaxPotentialBlockSize(int* minGridSize, int* blockSize, CUfunction func,
                                          CUoccupancyB2DSize blockSizeToDynamicSMemSize, size_t dynamicSMemSize,
                                          int blockSizeLimit);

// ---- not provided (unsupported.cpp): each returns CUDA_ERROR_NOT_SUPPORTED --------------------
CUresult cuLinkCreate(unsigned int numOptions, CUjit_option* options, void** optionValues, CUlinkState* stateOut,
                      WARPSAFE_DRIVER_SITE);
CUresult cuLinkAddData(CUlinkState state, CUjitInputType type, void* data, size_t size, const char* name,
                       unsigned int numOptions, CUjit_option* options, void** optionValues, WARPSAFE_DRIVER_SITE);
CUresult cuLinkAddFile(CUlinkState state, CUjitInputType type, const char* path, unsigned int numOptions,
                       CUjit_option* options, void** optionValues, WARPSAFE_DRIVER_SITE);
CUresult cuLinkComplete(CUlinkState state, void** cubinOut, size_t* sizeOut, WARPSAFE_DRIVER_SITE);
CUresult cuLinkDestroy(CUlinkState state, WARPSAFE_DRIVER_SITE);
CUresult cuCtxEnablePeerAccess(CUcontext peerContext, unsigned int Flags, WARPSAFE_DRIVER_SITE);
CUresult cuCtxDisablePeerAccess(CUcontext peerContext, WARPSAFE_DRIVER_SITE);
CUresult cuIpcGetMemHandle(CUipcMemHandle* pHandle, CUdeviceptr dptr, WARPSAFE_DRIVER_SITE);
CUresult cuIpcOpenMemHandle(CUdeviceptr* pdptr, CUipcMemHandle handle, unsigned int Flags, WARPSAFE_DRIVER_SITE);
CUresult cuIpcCloseMemHandle(CUdeviceptr dptr, WARPSAFE_DRIVER_SITE);
CUresult cuMemAddressReserve(CUdeviceptr* ptr, size_t size, size_t alignment, CUdeviceptr addr,
                             unsigned long long flags, WARPSAFE_DRIVER_SITE);
CUresult cuMemAddressFree(CUdeviceptr ptr, size_t size, WARPSAFE_DRIVER_SITE);
CUresult cuGetProcAddress(const char* symbol, void** pfn, int cudaVersion, cuuint64_t flags,
                          CUdriverProcAddressQueryResult* symbolStatus, WARPSAFE_DRIVER_SITE);

#ifdef __cplusplus
}  // extern "C"

// CUDA 12's three-argument cuCtxCreate, which CUDA 13 renamed cuCtxCreate_v2: older programs call
// it by the plain name.
inline CUresult cuCtxCreate(CUcontext* pctx, unsigned int flags, CUdevice dev) {
  return cuCtxCreate_v2(pctx, flags, dev);
}
#else
// C: the caller's line, for the functions above that take a site. A macro does not expand inside
// its own expansion, so each names the function it shadows.
#define WARPSAFE_C_SITE_ ((struct warpsafe_site){__FILE__, __LINE__, 0u})
#define cuModuleLoad(...) cuModuleLoad(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuModuleLoadData(...) cuModuleLoadData(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuModuleLoadDataEx(...) cuModuleLoadDataEx(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuModuleLoadFatBinary(...) cuModuleLoadFatBinary(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuModuleGetFunction(...) cuModuleGetFunction(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuModuleGetGlobal(...) cuModuleGetGlobal(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuModuleGetGlobal_v2(...) cuModuleGetGlobal_v2(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuLaunchKernel(...) cuLaunchKernel(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuLaunchCooperativeKernel(...) cuLaunchCooperativeKernel(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuLinkCreate(...) cuLinkCreate(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuLinkAddData(...) cuLinkAddData(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuLinkAddFile(...) cuLinkAddFile(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuLinkComplete(...) cuLinkComplete(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuLinkDestroy(...) cuLinkDestroy(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuCtxEnablePeerAccess(...) cuCtxEnablePeerAccess(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuCtxDisablePeerAccess(...) cuCtxDisablePeerAccess(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuIpcGetMemHandle(...) cuIpcGetMemHandle(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuIpcOpenMemHandle(...) cuIpcOpenMemHandle(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuIpcCloseMemHandle(...) cuIpcCloseMemHandle(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuMemAddressReserve(...) cuMemAddressReserve(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuMemAddressFree(...) cuMemAddressFree(__VA_ARGS__, WARPSAFE_C_SITE_)
#define cuGetProcAddress(...) cuGetProcAddress(__VA_ARGS__, WARPSAFE_C_SITE_)
#endif  // __cplusplus
