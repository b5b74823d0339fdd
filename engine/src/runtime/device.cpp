// Device management: there is one device, 0, and every operation on it completes before the call
// that issued it returns, so synchronisation only reports the sticky error.
#include <atomic>
#include <mutex>

#include "race/race.h"
#include "report/report.h"
#include "sched/lane.h"
#include "cuda_runtime_api.h"
#include "graph/capture.h"
#include "runtime/device_limits.h"
#include "runtime/runtime_call.h"
#include "runtime/runtime_state.h"

namespace warpsafe::engine::runtime {
namespace {

constexpr int kRuntimeVersion = CUDART_VERSION;  // the release the headers follow (cuda_runtime_api.h)

// What programs may set and read back. Defaults as CUDA documents them for cudaDeviceGetLimit.
struct DeviceSettings {
  unsigned flags = cudaDeviceScheduleAuto;
  cudaFuncCache cache_config = cudaFuncCachePreferNone;
  cudaSharedMemConfig shared_config = cudaSharedMemBankSizeFourByte;
  std::size_t stack_size = 1024;
  std::size_t printf_fifo_size = 1 << 20;
  std::size_t malloc_heap_size = 8 << 20;
  std::size_t sync_depth = 2;
  std::size_t pending_launch_count = 2048;
  std::size_t l2_fetch_granularity = 64;
  std::size_t persisting_l2 = 0;
};

std::mutex g_mutex;
DeviceSettings g_settings;

std::size_t* LimitSlot(DeviceSettings& s, cudaLimit limit) {
  switch (limit) {
    case cudaLimitStackSize: return &s.stack_size;
    case cudaLimitPrintfFifoSize: return &s.printf_fifo_size;
    case cudaLimitMallocHeapSize: return &s.malloc_heap_size;
    case cudaLimitDevRuntimeSyncDepth: return &s.sync_depth;
    case cudaLimitDevRuntimePendingLaunchCount: return &s.pending_launch_count;
    case cudaLimitMaxL2FetchGranularity: return &s.l2_fetch_granularity;
    case cudaLimitPersistingL2CacheSize: return &s.persisting_l2;
  }
  return nullptr;
}

}  // namespace

void ResetDeviceSettings() {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_settings = DeviceSettings{};
}

}  // namespace warpsafe::engine::runtime

namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaGetDeviceCount(int* count) {
  return rt::CallWithoutDevice([&] {
    if (count == nullptr) return cudaErrorInvalidValue;
    *count = 1;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGetDevice(int* device) {
  return rt::CallWithoutDevice([&] {
    if (device == nullptr) return cudaErrorInvalidValue;
    *device = 0;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaSetDevice(int device) {
  return rt::Call([&] { return device == 0 ? cudaSuccess : cudaErrorInvalidDevice; });
}

extern "C" cudaError_t cudaChooseDevice(int* device, const cudaDeviceProp* prop) {
  return rt::Call([&] {
    if (device == nullptr || prop == nullptr) return cudaErrorInvalidValue;
    *device = 0;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaDeviceSynchronize(void) {
  if (warpsafe::engine::tls_lane != nullptr) {
    // DP-2: waiting in device code for launched grids is the legacy dynamic parallelism's.
    warpsafe::engine::Report(warpsafe::engine::DefectKind::kUnsupported)
        .AtRunning(warpsafe::engine::Site::Here(), "cudaDeviceSynchronize in device code")
        .Line("cudaDeviceSynchronize called from device code: waiting in a kernel for the grids it launched is the "
              "legacy dynamic parallelism's, which CUDA 12 removed for compute capability 9.0 and the engine does not "
              "run; a kernel launched from device code runs after its parent's grid, and work that needs its result "
              "goes in a tail launch (cudaStreamTailLaunch) (docs/semantics/dynamic_parallelism.md, DP-2)")
        .Emit();
  }
  if (warpsafe::engine::race::Enabled()) {
    warpsafe::engine::race::HostSynchronized();  // MEM-4
    warpsafe::engine::race::HostWaited(warpsafe::engine::race::HostWait::kDevice);  // STREAM-3
  }
  // Every launch and copy has completed when its call returned; only a sticky error can remain.
  return rt::Call([] { return cudaSuccess; });
}

extern "C" cudaError_t cudaThreadSynchronize(void) { return cudaDeviceSynchronize(); }
extern "C" cudaError_t cudaThreadExit(void) { return cudaDeviceReset(); }
extern "C" cudaError_t cudaThreadSetLimit(cudaLimit limit, size_t value) { return cudaDeviceSetLimit(limit, value); }
extern "C" cudaError_t cudaThreadGetLimit(size_t* value, cudaLimit limit) { return cudaDeviceGetLimit(value, limit); }
extern "C" cudaError_t cudaThreadSetCacheConfig(cudaFuncCache cacheConfig) { return cudaDeviceSetCacheConfig(cacheConfig); }
extern "C" cudaError_t cudaThreadGetCacheConfig(cudaFuncCache* cacheConfig) { return cudaDeviceGetCacheConfig(cacheConfig); }

extern "C" cudaError_t cudaDeviceReset(void) {
  if (warpsafe::engine::race::Enabled()) warpsafe::engine::race::HostSynchronized();  // MEM-4
  // Destroys all allocations, streams and events of the device and the kernel attributes set on
  // it, as CUDA does. A sticky error survives (runtime_state.h says why).
  if (cudaError_t sticky = rt::StickyError(); sticky != cudaSuccess) return sticky;
  rt::ResetAllocations();
  rt::ResetStreams();
  rt::ResetEvents();
  rt::ResetMemPools();
  warpsafe::engine::graph::ResetCaptures();
  rt::ResetStreamAttributes();
  rt::ResetFuncAttributes();
  rt::ResetDeviceSettings();
  rt::ClearLastError();
  return cudaSuccess;
}

extern "C" cudaError_t cudaSetDeviceFlags(unsigned int flags) {
  return rt::Call([&] {
    const unsigned schedule = flags & cudaDeviceScheduleMask;
    if ((flags & ~static_cast<unsigned>(cudaDeviceMask)) != 0 || schedule == 3 || schedule > 4) {
      return cudaErrorInvalidValue;
    }
    std::lock_guard<std::mutex> lock(rt::g_mutex);
    rt::g_settings.flags = flags;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGetDeviceFlags(unsigned int* flags) {
  return rt::Call([&] {
    if (flags == nullptr) return cudaErrorInvalidValue;
    std::lock_guard<std::mutex> lock(rt::g_mutex);
    // Mapped host memory is always on with unified addressing, as on every CUDA 13 device.
    *flags = rt::g_settings.flags | cudaDeviceMapHost;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value) {
  return rt::Call([&] {
    std::lock_guard<std::mutex> lock(rt::g_mutex);
    std::size_t* slot = rt::LimitSlot(rt::g_settings, limit);
    if (slot == nullptr) return cudaErrorUnsupportedLimit;
    *slot = value;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaDeviceGetLimit(size_t* value, cudaLimit limit) {
  return rt::Call([&] {
    if (value == nullptr) return cudaErrorInvalidValue;
    std::lock_guard<std::mutex> lock(rt::g_mutex);
    std::size_t* slot = rt::LimitSlot(rt::g_settings, limit);
    if (slot == nullptr) return cudaErrorUnsupportedLimit;
    *value = *slot;
    return cudaSuccess;
  });
}

// Cache and bank configurations are hints on hardware with a unified L1/shared memory; accepted
// and remembered, never acted on.
extern "C" cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache cacheConfig) {
  return rt::Call([&] {
    if (cacheConfig < cudaFuncCachePreferNone || cacheConfig > cudaFuncCachePreferEqual) return cudaErrorInvalidValue;
    std::lock_guard<std::mutex> lock(rt::g_mutex);
    rt::g_settings.cache_config = cacheConfig;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache* cacheConfig) {
  return rt::Call([&] {
    if (cacheConfig == nullptr) return cudaErrorInvalidValue;
    std::lock_guard<std::mutex> lock(rt::g_mutex);
    *cacheConfig = rt::g_settings.cache_config;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config) {
  return rt::Call([&] {
    if (config < cudaSharedMemBankSizeDefault || config > cudaSharedMemBankSizeEightByte) return cudaErrorInvalidValue;
    std::lock_guard<std::mutex> lock(rt::g_mutex);
    rt::g_settings.shared_config = config;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig* config) {
  return rt::Call([&] {
    if (config == nullptr) return cudaErrorInvalidValue;
    std::lock_guard<std::mutex> lock(rt::g_mutex);
    *config = rt::g_settings.shared_config;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority) {
  return rt::Call([&] {
    // Either pointer may be null (CUDA: "the value is not returned").
    if (leastPriority != nullptr) *leastPriority = 0;
    if (greatestPriority != nullptr) *greatestPriority = -5;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaDeviceCanAccessPeer(int* canAccessPeer, int device, int peerDevice) {
  return rt::Call([&] {
    if (canAccessPeer == nullptr) return cudaErrorInvalidValue;
    if (device != 0 || peerDevice != 0) return cudaErrorInvalidDevice;
    *canAccessPeer = 0;  // a device is not its own peer
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags) {
  return rt::Call([&] {
    if (peerDevice != 0) return cudaErrorInvalidDevice;
    if (flags != 0) return cudaErrorInvalidValue;
    return cudaErrorInvalidDevice;  // no device is a peer of itself
  });
}

extern "C" cudaError_t cudaDeviceDisablePeerAccess(int peerDevice) {
  return rt::Call([&] { return peerDevice != 0 ? cudaErrorInvalidDevice : cudaErrorPeerAccessNotEnabled; });
}

extern "C" cudaError_t cudaRuntimeGetVersion(int* runtimeVersion) {
  return rt::CallWithoutDevice([&] {
    if (runtimeVersion == nullptr) return cudaErrorInvalidValue;
    *runtimeVersion = rt::kRuntimeVersion;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaDriverGetVersion(int* driverVersion) {
  return rt::CallWithoutDevice([&] {
    if (driverVersion == nullptr) return cudaErrorInvalidValue;
    *driverVersion = rt::kRuntimeVersion;
    return cudaSuccess;
  });
}
