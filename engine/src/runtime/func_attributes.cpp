// Kernel attributes: cudaFuncSetAttribute, cudaFuncGetAttributes, cudaFuncSetCacheConfig,
// cudaFuncSetSharedMemConfig. A CPU build has no kernel image to consult, so the attributes
// CUDA reads from it (registers, local memory, PTX version) are fixed plausible values, and any
// non-null address is accepted as a kernel.
#include "runtime/func_attributes.h"

#include <mutex>
#include <unordered_map>

#include "cuda_runtime_api.h"
#include "runtime/device_limits.h"
#include "runtime/runtime_call.h"
#include "runtime/runtime_state.h"

namespace warpsafe::engine::runtime {
namespace {

struct KernelSettings {
  int max_dynamic_shared = static_cast<int>(kSharedPerBlockNoOptin);
  int carveout = cudaSharedmemCarveoutDefault;
  cudaFuncCache cache = cudaFuncCachePreferNone;
  int required_cluster[3] = {0, 0, 0};
  int non_portable_cluster = 0;
  int cluster_scheduling = 0;
};

std::mutex g_mutex;
std::unordered_map<const void*, KernelSettings>& Settings() {
  static auto* map = new std::unordered_map<const void*, KernelSettings>();  // outlives static destructors
  return *map;
}

KernelSettings Get(const void* key) {
  std::lock_guard<std::mutex> lock(g_mutex);
  auto it = Settings().find(key);
  return it == Settings().end() ? KernelSettings{} : it->second;
}

cudaError_t Set(const void* func, cudaFuncAttribute attr, int value) {
  if (func == nullptr) return cudaErrorInvalidDeviceFunction;
  const DeviceLimits& limits = CurrentDeviceLimits();
  std::lock_guard<std::mutex> lock(g_mutex);
  KernelSettings& s = Settings()[func];
  switch (attr) {
    case cudaFuncAttributeMaxDynamicSharedMemorySize:
      // The requested dynamic size plus the kernel's static sharedSizeBytes may not exceed
      // cudaDevAttrMaxSharedMemoryPerBlockOptin (CUDA Runtime API, cudaFuncSetAttribute);
      // sharedSizeBytes is 0 here (func_attributes.h).
      if (value < 0 || static_cast<std::size_t>(value) > limits.shared_per_block_optin) return cudaErrorInvalidValue;
      s.max_dynamic_shared = value;
      return cudaSuccess;
    case cudaFuncAttributePreferredSharedMemoryCarveout:
      // A percentage of the maximum shared memory, or -1 for no preference.
      if (value < cudaSharedmemCarveoutDefault || value > cudaSharedmemCarveoutMaxShared) return cudaErrorInvalidValue;
      s.carveout = value;
      return cudaSuccess;
    case cudaFuncAttributeRequiredClusterWidth:
    case cudaFuncAttributeRequiredClusterHeight:
    case cudaFuncAttributeRequiredClusterDepth:
      if (!limits.cluster_launch) return cudaErrorNotSupported;
      if (value < 0 || value > 8) return cudaErrorInvalidValue;
      s.required_cluster[attr - cudaFuncAttributeRequiredClusterWidth] = value;
      return cudaSuccess;
    case cudaFuncAttributeNonPortableClusterSizeAllowed:
      if (!limits.cluster_launch) return cudaErrorNotSupported;
      if (value != 0 && value != 1) return cudaErrorInvalidValue;
      s.non_portable_cluster = value;
      return cudaSuccess;
    case cudaFuncAttributeClusterSchedulingPolicyPreference:
      if (!limits.cluster_launch) return cudaErrorNotSupported;
      if (value < 0 || value > 2) return cudaErrorInvalidValue;
      s.cluster_scheduling = value;
      return cudaSuccess;
    case cudaFuncAttributeClusterDimMustBeSet:  // read-only
    case cudaFuncAttributeMax:
      return cudaErrorInvalidValue;
  }
  return cudaErrorInvalidValue;  // a value outside the enum
}

}  // namespace

std::size_t MaxDynamicSharedBytes(const void* kernel_key) {
  if (kernel_key == nullptr) return CurrentDeviceLimits().shared_per_block_optin;
  return static_cast<std::size_t>(Get(kernel_key).max_dynamic_shared);
}

void ResetFuncAttributes() {
  std::lock_guard<std::mutex> lock(g_mutex);
  Settings().clear();
}

}  // namespace warpsafe::engine::runtime

namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaFuncSetAttribute(const void* func, cudaFuncAttribute attr, int value) {
  return rt::Call([&] { return rt::Set(func, attr, value); });
}

extern "C" cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attr, const void* func) {
  return rt::Call([&] {
    if (attr == nullptr) return cudaErrorInvalidValue;
    if (func == nullptr) return cudaErrorInvalidDeviceFunction;
    const warpsafe::engine::DeviceLimits& limits = warpsafe::engine::CurrentDeviceLimits();
    const rt::KernelSettings s = rt::Get(func);
    *attr = cudaFuncAttributes{};
    attr->sharedSizeBytes = 0;  // static __shared__: laid out per program, not per kernel
    attr->constSizeBytes = 0;
    attr->localSizeBytes = 0;
    attr->maxThreadsPerBlock = limits.max_threads_per_block;
    attr->numRegs = warpsafe::engine::kAssumedRegsPerThread;
    attr->ptxVersion = limits.arch;
    attr->binaryVersion = limits.arch;
    attr->cacheModeCA = 0;
    attr->maxDynamicSharedSizeBytes = s.max_dynamic_shared;
    attr->preferredShmemCarveout = s.carveout;
    attr->clusterDimMustBeSet = 0;
    attr->requiredClusterWidth = s.required_cluster[0];
    attr->requiredClusterHeight = s.required_cluster[1];
    attr->requiredClusterDepth = s.required_cluster[2];
    attr->clusterSchedulingPolicyPreference = s.cluster_scheduling;
    attr->nonPortableClusterSizeAllowed = s.non_portable_cluster;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaFuncSetCacheConfig(const void* func, cudaFuncCache cacheConfig) {
  return rt::Call([&] {
    if (func == nullptr) return cudaErrorInvalidDeviceFunction;
    if (cacheConfig < cudaFuncCachePreferNone || cacheConfig > cudaFuncCachePreferEqual) return cudaErrorInvalidValue;
    std::lock_guard<std::mutex> lock(rt::g_mutex);
    rt::Settings()[func].cache = cacheConfig;  // a hint; remembered, not acted on
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaFuncSetSharedMemConfig(const void* func, cudaSharedMemConfig config) {
  return rt::Call([&] {
    if (func == nullptr) return cudaErrorInvalidDeviceFunction;
    if (config < cudaSharedMemBankSizeDefault || config > cudaSharedMemBankSizeEightByte) return cudaErrorInvalidValue;
    return cudaSuccess;  // bank size is fixed at 4 bytes since Volta; CUDA ignores it too
  });
}
