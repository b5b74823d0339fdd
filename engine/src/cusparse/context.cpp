// Handles, their stream and pointer mode, versions and status strings.
#include "cusparse/context.h"

#include <mutex>
#include <set>

#include "runtime/runtime_call.h"
#include "runtime/streams.h"

namespace warpsafe::engine::cusparse {
namespace {

struct Handles {
  std::mutex mutex;
  std::set<cusparseHandle_t> live;
};
Handles& AllHandles() {
  static auto* handles = new Handles();  // outlives static destructors
  return *handles;
}
bool IsLive(cusparseHandle_t h) {
  Handles& all = AllHandles();
  std::lock_guard<std::mutex> lock(all.mutex);
  return h != nullptr && all.live.count(h) != 0;
}

}  // namespace

cusparseStatus_t Begin(cusparseHandle_t h) {
  if (!IsLive(h)) return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (runtime::StickyError() != cudaSuccess) return CUSPARSE_STATUS_EXECUTION_FAILED;
  return CUSPARSE_STATUS_SUCCESS;
}

}  // namespace warpsafe::engine::cusparse

namespace cs = warpsafe::engine::cusparse;

extern "C" {

cusparseStatus_t cusparseCreate(cusparseHandle_t* handle) {
  if (handle == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  if (warpsafe::engine::runtime::StickyError() != cudaSuccess) return CUSPARSE_STATUS_NOT_INITIALIZED;
  auto* context = new cusparseContext();
  cs::Handles& all = cs::AllHandles();
  std::lock_guard<std::mutex> lock(all.mutex);
  all.live.insert(context);
  *handle = context;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDestroy(cusparseHandle_t handle) {
  cs::Handles& all = cs::AllHandles();
  std::lock_guard<std::mutex> lock(all.mutex);
  if (handle == nullptr || all.live.erase(handle) == 0) return CUSPARSE_STATUS_NOT_INITIALIZED;
  delete handle;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetVersion(cusparseHandle_t handle, int* version) {
  if (!cs::IsLive(handle)) return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (version == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  *version = CUSPARSE_VERSION;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetProperty(libraryPropertyType type, int* value) {
  if (value == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  switch (type) {
    case MAJOR_VERSION: *value = CUSPARSE_VER_MAJOR; return CUSPARSE_STATUS_SUCCESS;
    case MINOR_VERSION: *value = CUSPARSE_VER_MINOR; return CUSPARSE_STATUS_SUCCESS;
    case PATCH_LEVEL: *value = CUSPARSE_VER_PATCH; return CUSPARSE_STATUS_SUCCESS;
  }
  return CUSPARSE_STATUS_INVALID_VALUE;
}

cusparseStatus_t cusparseSetStream(cusparseHandle_t handle, cudaStream_t streamId) {
  if (!cs::IsLive(handle)) return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!warpsafe::engine::runtime::IsValidStream(streamId)) return CUSPARSE_STATUS_INVALID_VALUE;
  handle->stream = streamId;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetStream(cusparseHandle_t handle, cudaStream_t* streamId) {
  if (!cs::IsLive(handle)) return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (streamId == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  *streamId = handle->stream;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t* mode) {
  if (!cs::IsLive(handle)) return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (mode == nullptr) return CUSPARSE_STATUS_INVALID_VALUE;
  *mode = handle->pointer_mode;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t mode) {
  if (!cs::IsLive(handle)) return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (mode != CUSPARSE_POINTER_MODE_HOST && mode != CUSPARSE_POINTER_MODE_DEVICE) return CUSPARSE_STATUS_INVALID_VALUE;
  handle->pointer_mode = mode;
  return CUSPARSE_STATUS_SUCCESS;
}

const char* cusparseGetErrorName(cusparseStatus_t status) {
  switch (status) {
    case CUSPARSE_STATUS_SUCCESS: return "CUSPARSE_STATUS_SUCCESS";
    case CUSPARSE_STATUS_NOT_INITIALIZED: return "CUSPARSE_STATUS_NOT_INITIALIZED";
    case CUSPARSE_STATUS_ALLOC_FAILED: return "CUSPARSE_STATUS_ALLOC_FAILED";
    case CUSPARSE_STATUS_INVALID_VALUE: return "CUSPARSE_STATUS_INVALID_VALUE";
    case CUSPARSE_STATUS_ARCH_MISMATCH: return "CUSPARSE_STATUS_ARCH_MISMATCH";
    case CUSPARSE_STATUS_MAPPING_ERROR: return "CUSPARSE_STATUS_MAPPING_ERROR";
    case CUSPARSE_STATUS_EXECUTION_FAILED: return "CUSPARSE_STATUS_EXECUTION_FAILED";
    case CUSPARSE_STATUS_INTERNAL_ERROR: return "CUSPARSE_STATUS_INTERNAL_ERROR";
    case CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED: return "CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED";
    case CUSPARSE_STATUS_ZERO_PIVOT: return "CUSPARSE_STATUS_ZERO_PIVOT";
    case CUSPARSE_STATUS_NOT_SUPPORTED: return "CUSPARSE_STATUS_NOT_SUPPORTED";
    case CUSPARSE_STATUS_INSUFFICIENT_RESOURCES: return "CUSPARSE_STATUS_INSUFFICIENT_RESOURCES";
  }
  return "CUSPARSE_STATUS_UNKNOWN";
}

// In this project's words.
const char* cusparseGetErrorString(cusparseStatus_t status) {
  switch (status) {
    case CUSPARSE_STATUS_SUCCESS: return "success";
    case CUSPARSE_STATUS_NOT_INITIALIZED: return "the handle was not created, or was destroyed";
    case CUSPARSE_STATUS_ALLOC_FAILED: return "a resource could not be allocated";
    case CUSPARSE_STATUS_INVALID_VALUE: return "an argument has an invalid value";
    case CUSPARSE_STATUS_ARCH_MISMATCH: return "the device lacks a feature the call needs";
    case CUSPARSE_STATUS_MAPPING_ERROR: return "device memory could not be accessed";
    case CUSPARSE_STATUS_EXECUTION_FAILED: return "the device work failed";
    case CUSPARSE_STATUS_INTERNAL_ERROR: return "an internal operation failed";
    case CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED: return "the matrix type is not supported";
    case CUSPARSE_STATUS_ZERO_PIVOT: return "a zero pivot was found";
    case CUSPARSE_STATUS_NOT_SUPPORTED: return "the operation or data type is not supported";
    case CUSPARSE_STATUS_INSUFFICIENT_RESOURCES: return "the resources for the operation are insufficient";
  }
  return "unknown error";
}

}  // extern "C"
