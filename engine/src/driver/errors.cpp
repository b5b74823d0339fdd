// cuGetErrorName and cuGetErrorString, and the translation of the runtime's errors.
//
// The names and texts are the driver's (CUDA 13.0's driver 580, recorded on an H200 with
// cuGetErrorName/cuGetErrorString for every code from 0 to 1000; tests/engine/driver checks them
// against that record). A code the driver does not name gets CUDA_ERROR_INVALID_VALUE and a null
// string, as there.
#include <cstddef>

#include "driver/driver_call.h"

namespace warpsafe::engine::driver {
namespace {

struct ErrorText {
  CUresult code;
  const char* name;
  const char* text;
};

#define WARPSAFE_DRIVER_ERROR(code, text) {code, #code, text}
constexpr ErrorText kErrors[] = {
    WARPSAFE_DRIVER_ERROR(CUDA_SUCCESS, "no error"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_INVALID_VALUE, "invalid argument"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_OUT_OF_MEMORY, "out of memory"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_NOT_INITIALIZED, "initialization error"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_DEINITIALIZED, "driver shutting down"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_PROFILER_DISABLED, "profiler disabled while using external profiling tool"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_PROFILER_NOT_INITIALIZED, "profiler not initialized: call cudaProfilerInitialize()"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_PROFILER_ALREADY_STARTED, "profiler already started"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_PROFILER_ALREADY_STOPPED, "profiler already stopped"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_STUB_LIBRARY, "CUDA driver is a stub library"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER, "API call is not supported in the installed CUDA driver"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_DEVICE_UNAVAILABLE, "CUDA-capable device(s) is/are busy or unavailable"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_NO_DEVICE, "no CUDA-capable device is detected"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_INVALID_DEVICE, "invalid device ordinal"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_DEVICE_NOT_LICENSED, "device doesn't have valid Grid license"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_INVALID_IMAGE, "device kernel image is invalid"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_INVALID_CONTEXT, "invalid device context"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_CONTEXT_ALREADY_CURRENT, "context already current"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_MAP_FAILED, "mapping of buffer object failed"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_UNMAP_FAILED, "unmapping of buffer object failed"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_ARRAY_IS_MAPPED, "array is mapped"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_ALREADY_MAPPED, "resource already mapped"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_NO_BINARY_FOR_GPU, "no kernel image is available for execution on the device"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_ALREADY_ACQUIRED, "resource already acquired"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_NOT_MAPPED, "resource not mapped"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_NOT_MAPPED_AS_ARRAY, "resource not mapped as array"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_NOT_MAPPED_AS_POINTER, "resource not mapped as pointer"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_ECC_UNCORRECTABLE, "uncorrectable ECC error encountered"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_UNSUPPORTED_LIMIT, "limit is not supported on this architecture"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_CONTEXT_ALREADY_IN_USE, "exclusive-thread device already in use by a different thread"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_PEER_ACCESS_UNSUPPORTED, "peer access is not supported between these two devices"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_INVALID_PTX, "a PTX JIT compilation failed"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_INVALID_GRAPHICS_CONTEXT, "invalid OpenGL or DirectX context"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_NVLINK_UNCORRECTABLE, "uncorrectable NVLink error detected during the execution"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_JIT_COMPILER_NOT_FOUND, "PTX JIT compiler library not found"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_UNSUPPORTED_PTX_VERSION, "the provided PTX was compiled with an unsupported toolchain."),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_JIT_COMPILATION_DISABLED, "PTX JIT compilation was disabled"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY, "the provided execution affinity is not supported"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC, "the provided PTX contains unsupported call to cudaDeviceSynchronize"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_CONTAINED, "Invalid access of peer GPU memory over nvlink or a hardware error"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_INVALID_SOURCE, "device kernel image is invalid"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_FILE_NOT_FOUND, "file not found"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND, "shared object symbol not found"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_SHARED_OBJECT_INIT_FAILED, "shared object initialization failed"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_OPERATING_SYSTEM, "OS call failed or operation not supported on this OS"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_INVALID_HANDLE, "invalid resource handle"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_ILLEGAL_STATE, "the operation cannot be performed in the present state"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_LOSSY_QUERY, "attempted introspection would be semantically lossy"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_NOT_FOUND, "named symbol not found"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_NOT_READY, "device not ready"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_ILLEGAL_ADDRESS, "an illegal memory access was encountered"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "too many resources requested for launch"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_LAUNCH_TIMEOUT, "the launch timed out and was terminated"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING, "launch uses incompatible texturing mode"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED, "peer access is already enabled"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_PEER_ACCESS_NOT_ENABLED, "peer access has not been enabled"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE, "cannot set while device is active in this process"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_CONTEXT_IS_DESTROYED, "context is destroyed"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_ASSERT, "device-side assert triggered"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_TOO_MANY_PEERS, "peer mapping resources exhausted"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED, "part or all of the requested memory range is already mapped"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED, "pointer does not correspond to a registered memory region"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_HARDWARE_STACK_ERROR, "hardware stack error"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_ILLEGAL_INSTRUCTION, "an illegal instruction was encountered"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_MISALIGNED_ADDRESS, "misaligned address"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_INVALID_ADDRESS_SPACE, "operation not supported on global/shared address space"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_INVALID_PC, "invalid program counter"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_LAUNCH_FAILED, "unspecified launch failure"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, "too many blocks in cooperative launch"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_TENSOR_MEMORY_LEAK, "tensor memory not completely freed"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_NOT_PERMITTED, "operation not permitted"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_NOT_SUPPORTED, "operation not supported"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_SYSTEM_NOT_READY, "system not yet initialized"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_SYSTEM_DRIVER_MISMATCH, "system has unsupported display driver / cuda driver combination"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE, "forward compatibility was attempted on non supported HW"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_MPS_CONNECTION_FAILED, "MPS client failed to connect to the MPS control daemon or the MPS server"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_MPS_RPC_FAILURE, "the remote procedural call between the MPS server and the MPS client failed"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_MPS_SERVER_NOT_READY, "MPS server is not ready to accept new MPS client requests"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_MPS_MAX_CLIENTS_REACHED, "the hardware resources required to create MPS client have been exhausted"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED, "the hardware resources required to support device connections have been exhausted"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_MPS_CLIENT_TERMINATED, "the MPS client has been terminated by the server"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_CDP_NOT_SUPPORTED, "is using CUDA Dynamic Parallelism, but the current configuration, like MPS, does not support it"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_CDP_VERSION_MISMATCH, "unsupported interaction between different versions of CUDA Dynamic Parallelism"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, "operation not permitted when stream is capturing"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_STREAM_CAPTURE_INVALIDATED, "operation failed due to a previous error during capture"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_STREAM_CAPTURE_MERGE, "operation would result in a merge of separate capture sequences"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_STREAM_CAPTURE_UNMATCHED, "capture was not ended in the same stream as it began"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_STREAM_CAPTURE_UNJOINED, "capturing stream has unjoined work"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_STREAM_CAPTURE_ISOLATION, "dependency created on uncaptured work in another stream"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_STREAM_CAPTURE_IMPLICIT, "operation would make the legacy stream depend on a capturing blocking stream"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_CAPTURED_EVENT, "operation not permitted on an event last recorded in a capturing stream"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD, "attempt to terminate a thread-local capture sequence from another thread"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_TIMEOUT, "wait operation timed out"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE, "the graph update was not performed because it included changes which violated constraints specific to instantiated graph update"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_EXTERNAL_DEVICE, "an async error has occured in external entity outside of CUDA"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_INVALID_CLUSTER_SIZE, "a kernel launch error has occurred due to cluster misconfiguration"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_FUNCTION_NOT_LOADED, "the function handle is not loaded when calling an API that requires a loaded function"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_INVALID_RESOURCE_TYPE, "one or more resources passed in are not valid resource types for the operation"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION, "one or more resources are insufficient or non-applicable for the operation"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_KEY_ROTATION, "an error happened during the key rotation sequence"),
    WARPSAFE_DRIVER_ERROR(CUDA_ERROR_UNKNOWN, "unknown error"),
};
#undef WARPSAFE_DRIVER_ERROR

const ErrorText* Find(CUresult code) {
  for (const ErrorText& e : kErrors) {
    if (e.code == code) return &e;
  }
  return nullptr;
}

}  // namespace

CUresult FromRuntime(cudaError_t error) {
  switch (error) {
    // The runtime's argument errors below 100 have no driver code of their own: the driver
    // reports each as an invalid argument (a launch's block too large, recorded on an H200).
    case cudaErrorInvalidConfiguration:
    case cudaErrorInvalidPitchValue:
    case cudaErrorInvalidHostPointer:
    case cudaErrorInvalidDevicePointer:
    case cudaErrorInvalidMemcpyDirection:
    case cudaErrorInvalidChannelDescriptor:
    case cudaErrorInvalidTexture:
    case cudaErrorInvalidSurface:
    case cudaErrorInvalidFilterSetting:
    case cudaErrorInvalidNormSetting:
    case cudaErrorMissingConfiguration:
      return CUDA_ERROR_INVALID_VALUE;
    case cudaErrorInvalidSymbol:
      return CUDA_ERROR_NOT_FOUND;
    case cudaErrorInvalidDeviceFunction:
      return CUDA_ERROR_INVALID_HANDLE;
    case cudaErrorInsufficientDriver:
      return CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER;
    case cudaErrorNotYetImplemented:
      return CUDA_ERROR_NOT_SUPPORTED;
    case cudaErrorPriorLaunchFailure:
      return CUDA_ERROR_LAUNCH_FAILED;
    default:
      break;
  }
  // From 100 on, and for the first few codes, CUDA numbers the two APIs' errors alike.
  const CUresult same = static_cast<CUresult>(error);
  return Find(same) != nullptr ? same : CUDA_ERROR_UNKNOWN;
}

}  // namespace warpsafe::engine::driver


extern "C" CUresult cuGetErrorName(CUresult error, const char** pStr) {
  if (pStr == nullptr) return CUDA_ERROR_INVALID_VALUE;
  const auto* e = warpsafe::engine::driver::Find(error);
  *pStr = e != nullptr ? e->name : nullptr;
  return e != nullptr ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

extern "C" CUresult cuGetErrorString(CUresult error, const char** pStr) {
  if (pStr == nullptr) return CUDA_ERROR_INVALID_VALUE;
  const auto* e = warpsafe::engine::driver::Find(error);
  *pStr = e != nullptr ? e->text : nullptr;
  return e != nullptr ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}
