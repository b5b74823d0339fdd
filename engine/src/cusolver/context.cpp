// Handles and their stream, versions.
#include "cusolver/context.h"

#include <mutex>
#include <set>

#include "runtime/runtime_call.h"
#include "runtime/streams.h"

namespace warpsafe::engine::cusolver {
namespace {

struct Handles {
  std::mutex mutex;
  std::set<cusolverDnHandle_t> live;
};
Handles& AllHandles() {
  static auto* handles = new Handles();  // outlives static destructors
  return *handles;
}

}  // namespace

bool IsLive(cusolverDnHandle_t h) {
  Handles& all = AllHandles();
  std::lock_guard<std::mutex> lock(all.mutex);
  return h != nullptr && all.live.count(h) != 0;
}

cusolverStatus_t Begin(cusolverDnHandle_t h) {
  if (!IsLive(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (runtime::StickyError() != cudaSuccess) return CUSOLVER_STATUS_EXECUTION_FAILED;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t WorkspaceSize(cusolverDnHandle_t h, int* lwork) {
  if (!IsLive(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (lwork == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  *lwork = 1;
  return CUSOLVER_STATUS_SUCCESS;
}

void WriteInfo(const char* call, int* dev_info, int value, cudaStream_t stream) {
  runtime::LibraryOperand(call, "devInfo", dev_info, sizeof(int), runtime::OperandUse::kWrite, stream);
  *dev_info = value;
}

}  // namespace warpsafe::engine::cusolver

namespace sv = warpsafe::engine::cusolver;

extern "C" {

cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t* handle) {
  if (handle == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  if (warpsafe::engine::runtime::StickyError() != cudaSuccess) return CUSOLVER_STATUS_NOT_INITIALIZED;
  auto* context = new cusolverDnContext();
  sv::Handles& all = sv::AllHandles();
  std::lock_guard<std::mutex> lock(all.mutex);
  all.live.insert(context);
  *handle = context;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle) {
  sv::Handles& all = sv::AllHandles();
  std::lock_guard<std::mutex> lock(all.mutex);
  if (handle == nullptr || all.live.erase(handle) == 0) return CUSOLVER_STATUS_NOT_INITIALIZED;
  delete handle;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle, cudaStream_t streamId) {
  if (!sv::IsLive(handle)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!warpsafe::engine::runtime::IsValidStream(streamId)) return CUSOLVER_STATUS_INVALID_VALUE;
  handle->stream = streamId;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t handle, cudaStream_t* streamId) {
  if (!sv::IsLive(handle)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (streamId == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  *streamId = handle->stream;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverGetProperty(libraryPropertyType type, int* value) {
  if (value == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  switch (type) {
    case MAJOR_VERSION: *value = CUSOLVER_VER_MAJOR; return CUSOLVER_STATUS_SUCCESS;
    case MINOR_VERSION: *value = CUSOLVER_VER_MINOR; return CUSOLVER_STATUS_SUCCESS;
    case PATCH_LEVEL: *value = CUSOLVER_VER_PATCH; return CUSOLVER_STATUS_SUCCESS;
  }
  return CUSOLVER_STATUS_INVALID_VALUE;
}

cusolverStatus_t cusolverGetVersion(int* version) {
  if (version == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  *version = CUSOLVER_VERSION;
  return CUSOLVER_STATUS_SUCCESS;
}

}  // extern "C"
