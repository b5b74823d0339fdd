// The checks of cudaLaunchKernelEx's configuration (the template in runtime_templates.h launches).
//  - a null configuration, or attributes counted but not given: cudaErrorInvalidValue;
//  - an attribute id CUDA does not define: cudaErrorInvalidValue;
//  - an access policy window as cudaStreamSetAttribute checks it (stream_attributes.cpp);
//  - a cluster dimension of 0: cudaErrorInvalidValue; one that does not divide the grid, or a
//    cluster on a device before sm_90: cudaErrorInvalidClusterSize.
// Everything else (cooperative, priority, programmatic serialization and events, the memory
// synchronization domain, scheduling preferences) is accepted: none changes what the engine runs.
#include "cuda_runtime_api.h"
#include "runtime/device_limits.h"
#include "runtime/runtime_call.h"

namespace warpsafe::engine::runtime {

cudaError_t CheckAccessPolicyWindow(const cudaAccessPolicyWindow& w);  // stream_attributes.cpp

namespace {

cudaError_t CheckCluster(const cudaLaunchConfig_t& c, unsigned x, unsigned y, unsigned z) {
  if (x == 0 || y == 0 || z == 0) return cudaErrorInvalidValue;
  if (CurrentDeviceLimits().arch < 90) return cudaErrorInvalidClusterSize;
  if (c.gridDim.x % x != 0 || c.gridDim.y % y != 0 || c.gridDim.z % z != 0) return cudaErrorInvalidClusterSize;
  return cudaSuccess;
}

}  // namespace

cudaError_t CheckLaunchConfig(const cudaLaunchConfig_t* config) {
  if (config == nullptr) return cudaErrorInvalidValue;
  if (config->numAttrs != 0 && config->attrs == nullptr) return cudaErrorInvalidValue;
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    const cudaLaunchAttribute& a = config->attrs[i];
    switch (a.id) {
      case cudaLaunchAttributeAccessPolicyWindow:
        if (cudaError_t e = CheckAccessPolicyWindow(a.val.accessPolicyWindow); e != cudaSuccess) return e;
        break;
      case cudaLaunchAttributeClusterDimension: {
        const auto& d = a.val.clusterDim;
        if (cudaError_t e = CheckCluster(*config, d.x, d.y, d.z); e != cudaSuccess) return e;
        break;
      }
      case cudaLaunchAttributeIgnore:
      case cudaLaunchAttributeCooperative:
      case cudaLaunchAttributeSynchronizationPolicy:
      case cudaLaunchAttributeClusterSchedulingPolicyPreference:
      case cudaLaunchAttributeProgrammaticStreamSerialization:
      case cudaLaunchAttributeProgrammaticEvent:
      case cudaLaunchAttributePriority:
      case cudaLaunchAttributeMemSyncDomainMap:
      case cudaLaunchAttributeMemSyncDomain:
      case cudaLaunchAttributePreferredClusterDimension:
      case cudaLaunchAttributeLaunchCompletionEvent:
      case cudaLaunchAttributeDeviceUpdatableKernelNode:
      case cudaLaunchAttributePreferredSharedMemoryCarveout:
      case cudaLaunchAttributeNvlinkUtilCentricScheduling:
        break;
      default:
        return cudaErrorInvalidValue;
    }
  }
  return cudaSuccess;
}

}  // namespace warpsafe::engine::runtime
