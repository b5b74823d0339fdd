// cudaGetDeviceProperties and cudaDeviceGetAttribute: the emulated device described from its
// DeviceLimits (device_limits.cpp). Both views come from one cudaDeviceProp so they cannot
// disagree.
#include <cstdio>
#include <cstring>

#include "cuda_runtime_api.h"
#include "runtime/device_limits.h"
#include "runtime/runtime_call.h"

namespace warpsafe::engine::runtime {
namespace {

cudaDeviceProp Describe(const DeviceLimits& d) {
  cudaDeviceProp p;
  std::memset(&p, 0, sizeof p);
  std::snprintf(p.name, sizeof p.name, "warpsafe engine (sm_%d)", d.arch);
  // A fixed UUID ("warpsafe" + arch) so that programs that print it get a stable value.
  std::memcpy(p.uuid.bytes, "warpsafe-sm_", 12);
  p.uuid.bytes[12] = static_cast<char>('0' + d.major);
  p.uuid.bytes[13] = static_cast<char>('0' + d.minor);
  p.totalGlobalMem = PhysicalMemoryBytes();
  p.sharedMemPerBlock = d.shared_per_block;
  p.regsPerBlock = d.regs_per_block;
  p.warpSize = kWarpSize;
  p.memPitch = 2147483647;
  p.maxThreadsPerBlock = d.max_threads_per_block;
  for (int i = 0; i < 3; ++i) {
    p.maxThreadsDim[i] = d.max_block_dim[i];
    p.maxGridSize[i] = d.max_grid_dim[i];
  }
  p.clockRate = d.clock_khz;
  p.totalConstMem = 65536;
  p.major = d.major;
  p.minor = d.minor;
  p.textureAlignment = 512;
  p.texturePitchAlignment = 32;
  p.deviceOverlap = 1;
  p.multiProcessorCount = d.multiprocessors;
  p.kernelExecTimeoutEnabled = 0;
  p.integrated = 0;
  p.canMapHostMemory = 1;
  p.computeMode = cudaComputeModeDefault;
  p.maxTexture1D = 131072;
  p.maxTexture1DMipmap = 32768;
  p.maxTexture1DLinear = 268435456;
  p.maxTexture2D[0] = 131072;
  p.maxTexture2D[1] = 65536;
  p.maxTexture2DMipmap[0] = 32768;
  p.maxTexture2DMipmap[1] = 32768;
  p.maxTexture2DLinear[0] = 131072;
  p.maxTexture2DLinear[1] = 65000;
  p.maxTexture2DLinear[2] = 2097120;
  p.maxTexture2DGather[0] = 32768;
  p.maxTexture2DGather[1] = 32768;
  for (int i = 0; i < 3; ++i) p.maxTexture3D[i] = 16384;
  p.maxTexture3DAlt[0] = 8192;
  p.maxTexture3DAlt[1] = 8192;
  p.maxTexture3DAlt[2] = 32768;
  p.maxTextureCubemap = 32768;
  p.maxTexture1DLayered[0] = 32768;
  p.maxTexture1DLayered[1] = 2048;
  p.maxTexture2DLayered[0] = 32768;
  p.maxTexture2DLayered[1] = 32768;
  p.maxTexture2DLayered[2] = 2048;
  p.maxTextureCubemapLayered[0] = 32768;
  p.maxTextureCubemapLayered[1] = 2046;
  p.maxSurface1D = 32768;
  p.maxSurface2D[0] = 131072;
  p.maxSurface2D[1] = 65536;
  p.maxSurface3D[0] = 16384;
  p.maxSurface3D[1] = 16384;
  p.maxSurface3D[2] = 16384;
  p.maxSurface1DLayered[0] = 32768;
  p.maxSurface1DLayered[1] = 2048;
  p.maxSurface2DLayered[0] = 32768;
  p.maxSurface2DLayered[1] = 32768;
  p.maxSurface2DLayered[2] = 2048;
  p.maxSurfaceCubemap = 32768;
  p.maxSurfaceCubemapLayered[0] = 32768;
  p.maxSurfaceCubemapLayered[1] = 2046;
  p.surfaceAlignment = 512;
  p.concurrentKernels = 1;
  p.ECCEnabled = 0;
  p.pciBusID = 0;
  p.pciDeviceID = 0;
  p.pciDomainID = 0;
  p.tccDriver = 0;
  p.asyncEngineCount = d.async_engines;
  p.unifiedAddressing = 1;
  p.memoryClockRate = d.memory_clock_khz;
  p.memoryBusWidth = d.memory_bus_width;
  p.l2CacheSize = d.l2_cache_bytes;
  p.persistingL2CacheMaxSize = d.persisting_l2_max_bytes;
  p.maxThreadsPerMultiProcessor = d.max_threads_per_sm;
  p.streamPrioritiesSupported = 1;
  p.globalL1CacheSupported = 1;
  p.localL1CacheSupported = 1;
  p.sharedMemPerMultiprocessor = d.shared_per_sm;
  p.regsPerMultiprocessor = d.regs_per_sm;
  p.managedMemory = 1;
  p.isMultiGpuBoard = 0;
  p.multiGpuBoardGroupID = 0;
  p.hostNativeAtomicSupported = 0;
  p.singleToDoublePrecisionPerfRatio = d.single_to_double_perf_ratio;
  p.pageableMemoryAccess = 0;
  p.concurrentManagedAccess = 1;
  p.computePreemptionSupported = 1;
  p.canUseHostPointerForRegisteredMem = 1;
  p.cooperativeLaunch = 1;
  p.cooperativeMultiDeviceLaunch = 0;
  p.sharedMemPerBlockOptin = d.shared_per_block_optin;
  p.pageableMemoryAccessUsesHostPageTables = 0;
  p.directManagedMemAccessFromHost = 0;
  p.maxBlocksPerMultiProcessor = d.max_blocks_per_sm;
  p.accessPolicyMaxWindowSize = d.arch >= 80 ? 134213632 : 0;
  p.reservedSharedMemPerBlock = d.reserved_shared_per_block;
  p.hostRegisterSupported = 1;
  p.sparseCudaArraySupported = 0;
  p.hostRegisterReadOnlySupported = 1;
  p.timelineSemaphoreInteropSupported = 0;
  p.memoryPoolsSupported = 1;
  p.gpuDirectRDMASupported = 0;
  p.gpuDirectRDMAFlushWritesOptions = 0;
  p.gpuDirectRDMAWritesOrdering = 0;
  p.memoryPoolSupportedHandleTypes = 0;
  p.deferredMappingCudaArraySupported = 0;
  p.ipcEventSupported = 0;
  p.clusterLaunch = d.cluster_launch ? 1 : 0;
  p.unifiedFunctionPointers = 0;
  p.deviceNumaConfig = 0;
  p.deviceNumaId = -1;
  p.mpsEnabled = 0;
  p.hostNumaId = -1;
  return p;
}

// The attribute's value, or false for an attribute CUDA does not define.
bool Attribute(const cudaDeviceProp& p, cudaDeviceAttr attr, int* value) {
  auto clamp = [](std::size_t v) { return v > 2147483647u ? 2147483647 : static_cast<int>(v); };
  switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock: *value = p.maxThreadsPerBlock; return true;
    case cudaDevAttrMaxBlockDimX: *value = p.maxThreadsDim[0]; return true;
    case cudaDevAttrMaxBlockDimY: *value = p.maxThreadsDim[1]; return true;
    case cudaDevAttrMaxBlockDimZ: *value = p.maxThreadsDim[2]; return true;
    case cudaDevAttrMaxGridDimX: *value = p.maxGridSize[0]; return true;
    case cudaDevAttrMaxGridDimY: *value = p.maxGridSize[1]; return true;
    case cudaDevAttrMaxGridDimZ: *value = p.maxGridSize[2]; return true;
    case cudaDevAttrMaxSharedMemoryPerBlock: *value = clamp(p.sharedMemPerBlock); return true;
    case cudaDevAttrTotalConstantMemory: *value = clamp(p.totalConstMem); return true;
    case cudaDevAttrWarpSize: *value = p.warpSize; return true;
    case cudaDevAttrMaxPitch: *value = clamp(p.memPitch); return true;
    case cudaDevAttrMaxRegistersPerBlock: *value = p.regsPerBlock; return true;
    case cudaDevAttrClockRate: *value = p.clockRate; return true;
    case cudaDevAttrTextureAlignment: *value = clamp(p.textureAlignment); return true;
    case cudaDevAttrGpuOverlap: *value = p.deviceOverlap; return true;
    case cudaDevAttrMultiProcessorCount: *value = p.multiProcessorCount; return true;
    case cudaDevAttrKernelExecTimeout: *value = p.kernelExecTimeoutEnabled; return true;
    case cudaDevAttrIntegrated: *value = p.integrated; return true;
    case cudaDevAttrCanMapHostMemory: *value = p.canMapHostMemory; return true;
    case cudaDevAttrComputeMode: *value = p.computeMode; return true;
    case cudaDevAttrMaxTexture1DWidth: *value = p.maxTexture1D; return true;
    case cudaDevAttrMaxTexture2DWidth: *value = p.maxTexture2D[0]; return true;
    case cudaDevAttrMaxTexture2DHeight: *value = p.maxTexture2D[1]; return true;
    case cudaDevAttrMaxTexture3DWidth: *value = p.maxTexture3D[0]; return true;
    case cudaDevAttrMaxTexture3DHeight: *value = p.maxTexture3D[1]; return true;
    case cudaDevAttrMaxTexture3DDepth: *value = p.maxTexture3D[2]; return true;
    case cudaDevAttrMaxTexture2DLayeredWidth: *value = p.maxTexture2DLayered[0]; return true;
    case cudaDevAttrMaxTexture2DLayeredHeight: *value = p.maxTexture2DLayered[1]; return true;
    case cudaDevAttrMaxTexture2DLayeredLayers: *value = p.maxTexture2DLayered[2]; return true;
    case cudaDevAttrSurfaceAlignment: *value = clamp(p.surfaceAlignment); return true;
    case cudaDevAttrConcurrentKernels: *value = p.concurrentKernels; return true;
    case cudaDevAttrEccEnabled: *value = p.ECCEnabled; return true;
    case cudaDevAttrPciBusId: *value = p.pciBusID; return true;
    case cudaDevAttrPciDeviceId: *value = p.pciDeviceID; return true;
    case cudaDevAttrTccDriver: *value = p.tccDriver; return true;
    case cudaDevAttrMemoryClockRate: *value = p.memoryClockRate; return true;
    case cudaDevAttrGlobalMemoryBusWidth: *value = p.memoryBusWidth; return true;
    case cudaDevAttrL2CacheSize: *value = p.l2CacheSize; return true;
    case cudaDevAttrMaxThreadsPerMultiProcessor: *value = p.maxThreadsPerMultiProcessor; return true;
    case cudaDevAttrAsyncEngineCount: *value = p.asyncEngineCount; return true;
    case cudaDevAttrUnifiedAddressing: *value = p.unifiedAddressing; return true;
    case cudaDevAttrMaxTexture1DLayeredWidth: *value = p.maxTexture1DLayered[0]; return true;
    case cudaDevAttrMaxTexture1DLayeredLayers: *value = p.maxTexture1DLayered[1]; return true;
    case cudaDevAttrMaxTexture2DGatherWidth: *value = p.maxTexture2DGather[0]; return true;
    case cudaDevAttrMaxTexture2DGatherHeight: *value = p.maxTexture2DGather[1]; return true;
    case cudaDevAttrMaxTexture3DWidthAlt: *value = p.maxTexture3DAlt[0]; return true;
    case cudaDevAttrMaxTexture3DHeightAlt: *value = p.maxTexture3DAlt[1]; return true;
    case cudaDevAttrMaxTexture3DDepthAlt: *value = p.maxTexture3DAlt[2]; return true;
    case cudaDevAttrPciDomainId: *value = p.pciDomainID; return true;
    case cudaDevAttrTexturePitchAlignment: *value = clamp(p.texturePitchAlignment); return true;
    case cudaDevAttrMaxTextureCubemapWidth: *value = p.maxTextureCubemap; return true;
    case cudaDevAttrMaxTextureCubemapLayeredWidth: *value = p.maxTextureCubemapLayered[0]; return true;
    case cudaDevAttrMaxTextureCubemapLayeredLayers: *value = p.maxTextureCubemapLayered[1]; return true;
    case cudaDevAttrMaxSurface1DWidth: *value = p.maxSurface1D; return true;
    case cudaDevAttrMaxSurface2DWidth: *value = p.maxSurface2D[0]; return true;
    case cudaDevAttrMaxSurface2DHeight: *value = p.maxSurface2D[1]; return true;
    case cudaDevAttrMaxSurface3DWidth: *value = p.maxSurface3D[0]; return true;
    case cudaDevAttrMaxSurface3DHeight: *value = p.maxSurface3D[1]; return true;
    case cudaDevAttrMaxSurface3DDepth: *value = p.maxSurface3D[2]; return true;
    case cudaDevAttrMaxSurface1DLayeredWidth: *value = p.maxSurface1DLayered[0]; return true;
    case cudaDevAttrMaxSurface1DLayeredLayers: *value = p.maxSurface1DLayered[1]; return true;
    case cudaDevAttrMaxSurface2DLayeredWidth: *value = p.maxSurface2DLayered[0]; return true;
    case cudaDevAttrMaxSurface2DLayeredHeight: *value = p.maxSurface2DLayered[1]; return true;
    case cudaDevAttrMaxSurface2DLayeredLayers: *value = p.maxSurface2DLayered[2]; return true;
    case cudaDevAttrMaxSurfaceCubemapWidth: *value = p.maxSurfaceCubemap; return true;
    case cudaDevAttrMaxSurfaceCubemapLayeredWidth: *value = p.maxSurfaceCubemapLayered[0]; return true;
    case cudaDevAttrMaxSurfaceCubemapLayeredLayers: *value = p.maxSurfaceCubemapLayered[1]; return true;
    case cudaDevAttrMaxTexture1DLinearWidth: *value = p.maxTexture1DLinear; return true;
    case cudaDevAttrMaxTexture2DLinearWidth: *value = p.maxTexture2DLinear[0]; return true;
    case cudaDevAttrMaxTexture2DLinearHeight: *value = p.maxTexture2DLinear[1]; return true;
    case cudaDevAttrMaxTexture2DLinearPitch: *value = p.maxTexture2DLinear[2]; return true;
    case cudaDevAttrMaxTexture2DMipmappedWidth: *value = p.maxTexture2DMipmap[0]; return true;
    case cudaDevAttrMaxTexture2DMipmappedHeight: *value = p.maxTexture2DMipmap[1]; return true;
    case cudaDevAttrComputeCapabilityMajor: *value = p.major; return true;
    case cudaDevAttrComputeCapabilityMinor: *value = p.minor; return true;
    case cudaDevAttrMaxTexture1DMipmappedWidth: *value = p.maxTexture1DMipmap; return true;
    case cudaDevAttrStreamPrioritiesSupported: *value = p.streamPrioritiesSupported; return true;
    case cudaDevAttrGlobalL1CacheSupported: *value = p.globalL1CacheSupported; return true;
    case cudaDevAttrLocalL1CacheSupported: *value = p.localL1CacheSupported; return true;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: *value = clamp(p.sharedMemPerMultiprocessor); return true;
    case cudaDevAttrMaxRegistersPerMultiprocessor: *value = p.regsPerMultiprocessor; return true;
    case cudaDevAttrManagedMemory: *value = p.managedMemory; return true;
    case cudaDevAttrIsMultiGpuBoard: *value = p.isMultiGpuBoard; return true;
    case cudaDevAttrMultiGpuBoardGroupID: *value = p.multiGpuBoardGroupID; return true;
    case cudaDevAttrHostNativeAtomicSupported: *value = p.hostNativeAtomicSupported; return true;
    case cudaDevAttrSingleToDoublePrecisionPerfRatio: *value = p.singleToDoublePrecisionPerfRatio; return true;
    case cudaDevAttrPageableMemoryAccess: *value = p.pageableMemoryAccess; return true;
    case cudaDevAttrConcurrentManagedAccess: *value = p.concurrentManagedAccess; return true;
    case cudaDevAttrComputePreemptionSupported: *value = p.computePreemptionSupported; return true;
    case cudaDevAttrCanUseHostPointerForRegisteredMem: *value = p.canUseHostPointerForRegisteredMem; return true;
    case cudaDevAttrReserved92:
    case cudaDevAttrReserved93:
    case cudaDevAttrReserved94: *value = 0; return true;
    case cudaDevAttrCooperativeLaunch: *value = p.cooperativeLaunch; return true;
    case cudaDevAttrCooperativeMultiDeviceLaunch: *value = p.cooperativeMultiDeviceLaunch; return true;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = clamp(p.sharedMemPerBlockOptin); return true;
    case cudaDevAttrCanFlushRemoteWrites: *value = 0; return true;
    case cudaDevAttrHostRegisterSupported: *value = p.hostRegisterSupported; return true;
    case cudaDevAttrPageableMemoryAccessUsesHostPageTables: *value = p.pageableMemoryAccessUsesHostPageTables; return true;
    case cudaDevAttrDirectManagedMemAccessFromHost: *value = p.directManagedMemAccessFromHost; return true;
    case cudaDevAttrMaxBlocksPerMultiprocessor: *value = p.maxBlocksPerMultiProcessor; return true;
    case cudaDevAttrMaxPersistingL2CacheSize: *value = p.persistingL2CacheMaxSize; return true;
    case cudaDevAttrMaxAccessPolicyWindowSize: *value = p.accessPolicyMaxWindowSize; return true;
    case cudaDevAttrReservedSharedMemoryPerBlock: *value = clamp(p.reservedSharedMemPerBlock); return true;
    case cudaDevAttrSparseCudaArraySupported: *value = p.sparseCudaArraySupported; return true;
    case cudaDevAttrHostRegisterReadOnlySupported: *value = p.hostRegisterReadOnlySupported; return true;
    case cudaDevAttrTimelineSemaphoreInteropSupported: *value = p.timelineSemaphoreInteropSupported; return true;
    case cudaDevAttrMemoryPoolsSupported: *value = p.memoryPoolsSupported; return true;
    case cudaDevAttrGPUDirectRDMASupported: *value = p.gpuDirectRDMASupported; return true;
    case cudaDevAttrGPUDirectRDMAFlushWritesOptions: *value = static_cast<int>(p.gpuDirectRDMAFlushWritesOptions); return true;
    case cudaDevAttrGPUDirectRDMAWritesOrdering: *value = p.gpuDirectRDMAWritesOrdering; return true;
    case cudaDevAttrMemoryPoolSupportedHandleTypes: *value = static_cast<int>(p.memoryPoolSupportedHandleTypes); return true;
    case cudaDevAttrClusterLaunch: *value = p.clusterLaunch; return true;
    case cudaDevAttrDeferredMappingCudaArraySupported: *value = p.deferredMappingCudaArraySupported; return true;
    case cudaDevAttrIpcEventSupport: *value = p.ipcEventSupported; return true;
    case cudaDevAttrMemSyncDomainCount: *value = p.major >= 9 ? 4 : 1; return true;
    case cudaDevAttrNumaConfig: *value = p.deviceNumaConfig; return true;
    case cudaDevAttrNumaId: *value = p.deviceNumaId; return true;
    case cudaDevAttrMpsEnabled: *value = p.mpsEnabled; return true;
    case cudaDevAttrHostNumaId: *value = p.hostNumaId; return true;
    case cudaDevAttrMax: return false;
  }
  return false;  // a value outside the enum
}

}  // namespace
}  // namespace warpsafe::engine::runtime

using warpsafe::engine::CurrentDeviceLimits;
using warpsafe::engine::runtime::Call;

extern "C" cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
  return Call([&] {
    if (prop == nullptr) return cudaErrorInvalidValue;
    if (device != 0) return cudaErrorInvalidDevice;
    *prop = warpsafe::engine::runtime::Describe(CurrentDeviceLimits());
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
  return Call([&] {
    if (value == nullptr) return cudaErrorInvalidValue;
    if (device != 0) return cudaErrorInvalidDevice;
    const cudaDeviceProp p = warpsafe::engine::runtime::Describe(CurrentDeviceLimits());
    return warpsafe::engine::runtime::Attribute(p, attr, value) ? cudaSuccess : cudaErrorInvalidValue;
  });
}
