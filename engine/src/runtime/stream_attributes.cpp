// cudaStreamSetAttribute / cudaStreamGetAttribute and the L2 access policy window.
//
// The attributes a stream takes (CUDA Runtime API, "Stream Management"): the access policy window,
// the synchronization policy, the memory synchronization domain and its map, and the priority.
// None of them changes a schedule on the engine (there is no L2 cache to keep lines in, and every
// operation on a stream is synchronous), so they are checked as CUDA checks them, recorded, and
// read back. Any other launch attribute named for a stream is cudaErrorInvalidValue. A stream's
// priority is the one it was created with until the attribute sets another.
#include <cstring>
#include <mutex>
#include <unordered_map>

#include "cuda_runtime_api.h"
#include "runtime/runtime_call.h"
#include "runtime/runtime_state.h"
#include "runtime/streams.h"

namespace warpsafe::engine::runtime {
namespace {

struct Recorded {
  std::unordered_map<int, cudaLaunchAttributeValue> values;  // by attribute id
};

struct Attributes {
  std::mutex mutex;
  std::unordered_map<cudaStream_t, Recorded> streams;
};

Attributes& State() {
  static auto* state = new Attributes();  // outlives static destructors
  return *state;
}

bool IsStreamAttribute(cudaLaunchAttributeID id) {
  switch (id) {
    case cudaLaunchAttributeAccessPolicyWindow:
    case cudaLaunchAttributeSynchronizationPolicy:
    case cudaLaunchAttributeMemSyncDomainMap:
    case cudaLaunchAttributeMemSyncDomain:
    case cudaLaunchAttributePriority:
      return true;
    default:
      return false;
  }
}

}  // namespace

// Shared with cudaLaunchKernelEx (launch_ex.cpp), which takes the same window as a launch attribute.
cudaError_t CheckAccessPolicyWindow(const cudaAccessPolicyWindow& w) {
  if (!(w.hitRatio >= 0.0f && w.hitRatio <= 1.0f)) return cudaErrorInvalidValue;
  auto valid_property = [](cudaAccessProperty p) {
    return p == cudaAccessPropertyNormal || p == cudaAccessPropertyStreaming || p == cudaAccessPropertyPersisting;
  };
  if (!valid_property(w.hitProp) || !valid_property(w.missProp)) return cudaErrorInvalidValue;
  // The lines that miss may not be made persisting.
  if (w.missProp == cudaAccessPropertyPersisting) return cudaErrorInvalidValue;
  int max_bytes = 0;
  if (cudaDeviceGetAttribute(&max_bytes, cudaDevAttrMaxAccessPolicyWindowSize, 0) != cudaSuccess) {
    return cudaErrorInvalidValue;
  }
  if (w.num_bytes > static_cast<size_t>(max_bytes)) return cudaErrorInvalidValue;
  return cudaSuccess;
}

void ForgetStreamAttributes(cudaStream_t stream) {
  Attributes& s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.streams.erase(stream);
}

void ResetStreamAttributes() {
  Attributes& s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.streams.clear();
}

}  // namespace warpsafe::engine::runtime

namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaStreamSetAttribute(cudaStream_t hStream, cudaStreamAttrID attr,
                                              const cudaStreamAttrValue* value) {
  return rt::Call([&] {
    if (!rt::IsValidStream(hStream)) return cudaErrorInvalidResourceHandle;
    if (value == nullptr || !rt::IsStreamAttribute(attr)) return cudaErrorInvalidValue;
    cudaLaunchAttributeValue v = *value;
    if (attr == cudaLaunchAttributeAccessPolicyWindow) {
      if (cudaError_t e = rt::CheckAccessPolicyWindow(v.accessPolicyWindow); e != cudaSuccess) return e;
    } else if (attr == cudaLaunchAttributeSynchronizationPolicy) {
      if (v.syncPolicy < cudaSyncPolicyAuto || v.syncPolicy > cudaSyncPolicyBlockingSync) return cudaErrorInvalidValue;
    } else if (attr == cudaLaunchAttributeMemSyncDomain) {
      if (v.memSyncDomain != cudaLaunchMemSyncDomainDefault && v.memSyncDomain != cudaLaunchMemSyncDomainRemote) {
        return cudaErrorInvalidValue;
      }
    } else if (attr == cudaLaunchAttributePriority) {
      // Clamped to the device's range, as cudaStreamCreateWithPriority clamps.
      int least = 0, greatest = 0;
      cudaDeviceGetStreamPriorityRange(&least, &greatest);
      if (v.priority > least) v.priority = least;
      if (v.priority < greatest) v.priority = greatest;
    }
    rt::Attributes& s = rt::State();
    std::lock_guard<std::mutex> lock(s.mutex);
    s.streams[hStream].values[attr] = v;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaStreamGetAttribute(cudaStream_t hStream, cudaStreamAttrID attr,
                                              cudaStreamAttrValue* value_out) {
  return rt::Call([&] {
    if (!rt::IsValidStream(hStream)) return cudaErrorInvalidResourceHandle;
    if (value_out == nullptr || !rt::IsStreamAttribute(attr)) return cudaErrorInvalidValue;
    {
      rt::Attributes& s = rt::State();
      std::lock_guard<std::mutex> lock(s.mutex);
      auto stream = s.streams.find(hStream);
      if (stream != s.streams.end()) {
        auto it = stream->second.values.find(attr);
        if (it != stream->second.values.end()) {
          *value_out = it->second;
          return cudaSuccess;
        }
      }
    }
    // Never set: the defaults (no window, automatic synchronization, the default domain and its
    // identity map, the stream's own priority).
    std::memset(value_out, 0, sizeof *value_out);
    if (attr == cudaLaunchAttributeSynchronizationPolicy) value_out->syncPolicy = cudaSyncPolicyAuto;
    if (attr == cudaLaunchAttributeMemSyncDomainMap) value_out->memSyncDomainMap.remote = 1;
    if (attr == cudaLaunchAttributePriority) return cudaStreamGetPriority(hStream, &value_out->priority);
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaCtxResetPersistingL2Cache(void) {
  return rt::Call([] { return cudaSuccess; });  // no lines are kept: nothing to reset
}
