// cudaGetErrorName and cudaGetErrorString: the enumerator's name and the message CUDA's runtime
// prints for it ("invalid argument", "device-side assert triggered", ...), so that a program's own
// error handling prints what it would print on a GPU.
#include "driver_types.h"

namespace {

struct ErrorText {
  cudaError_t code;
  const char* name;
  const char* message;
};

#define WARPSAFE_ERROR(code, message) {code, #code, message}

constexpr ErrorText kErrors[] = {
    WARPSAFE_ERROR(cudaSuccess, "no error"),
    WARPSAFE_ERROR(cudaErrorInvalidValue, "invalid argument"),
    WARPSAFE_ERROR(cudaErrorMemoryAllocation, "out of memory"),
    WARPSAFE_ERROR(cudaErrorInitializationError, "initialization error"),
    WARPSAFE_ERROR(cudaErrorCudartUnloading, "driver shutting down"),
    WARPSAFE_ERROR(cudaErrorProfilerDisabled, "profiler disabled while using external profiling tool"),
    WARPSAFE_ERROR(cudaErrorProfilerNotInitialized, "profiler not initialized: call cudaProfilerInitialize()"),
    WARPSAFE_ERROR(cudaErrorProfilerAlreadyStarted, "profiler already started"),
    WARPSAFE_ERROR(cudaErrorProfilerAlreadyStopped, "profiler already stopped"),
    WARPSAFE_ERROR(cudaErrorInvalidConfiguration, "invalid configuration argument"),
    WARPSAFE_ERROR(cudaErrorInvalidPitchValue, "invalid pitch argument"),
    WARPSAFE_ERROR(cudaErrorInvalidSymbol, "invalid device symbol"),
    WARPSAFE_ERROR(cudaErrorInvalidHostPointer, "invalid host pointer"),
    WARPSAFE_ERROR(cudaErrorInvalidDevicePointer, "invalid device pointer"),
    WARPSAFE_ERROR(cudaErrorInvalidTexture, "invalid texture reference"),
    WARPSAFE_ERROR(cudaErrorInvalidTextureBinding, "texture is not bound to a pointer"),
    WARPSAFE_ERROR(cudaErrorInvalidChannelDescriptor, "invalid channel descriptor"),
    WARPSAFE_ERROR(cudaErrorInvalidMemcpyDirection, "invalid copy direction for memcpy"),
    WARPSAFE_ERROR(cudaErrorAddressOfConstant, "invalid address of constant"),
    WARPSAFE_ERROR(cudaErrorTextureFetchFailed, "fetch from texture failed"),
    WARPSAFE_ERROR(cudaErrorTextureNotBound, "cannot fetch from a texture that is not bound"),
    WARPSAFE_ERROR(cudaErrorSynchronizationError, "incorrect use of __syncthreads()"),
    WARPSAFE_ERROR(cudaErrorInvalidFilterSetting, "linear filtering not supported for non-float type"),
    WARPSAFE_ERROR(cudaErrorInvalidNormSetting, "read as normalized float not supported for 32-bit non float type"),
    WARPSAFE_ERROR(cudaErrorMixedDeviceExecution, "device emulation mode and device execution mode cannot be mixed"),
    WARPSAFE_ERROR(cudaErrorNotYetImplemented, "feature not yet implemented"),
    WARPSAFE_ERROR(cudaErrorMemoryValueTooLarge, "memory size or pointer value too large to fit in 32 bit"),
    WARPSAFE_ERROR(cudaErrorStubLibrary, "CUDA driver is a stub library"),
    WARPSAFE_ERROR(cudaErrorInsufficientDriver, "CUDA driver version is insufficient for CUDA runtime version"),
    WARPSAFE_ERROR(cudaErrorCallRequiresNewerDriver, "API call is not supported in the installed CUDA driver"),
    WARPSAFE_ERROR(cudaErrorInvalidSurface, "invalid surface reference"),
    WARPSAFE_ERROR(cudaErrorDuplicateVariableName, "duplicate global variable looked up by string name"),
    WARPSAFE_ERROR(cudaErrorDuplicateTextureName, "duplicate texture looked up by string name"),
    WARPSAFE_ERROR(cudaErrorDuplicateSurfaceName, "duplicate surface looked up by string name"),
    WARPSAFE_ERROR(cudaErrorDevicesUnavailable, "CUDA-capable device(s) is/are busy or unavailable"),
    WARPSAFE_ERROR(cudaErrorIncompatibleDriverContext, "incompatible driver context"),
    WARPSAFE_ERROR(cudaErrorMissingConfiguration, "__global__ function call is not configured"),
    WARPSAFE_ERROR(cudaErrorPriorLaunchFailure, "unspecified launch failure in prior launch"),
    WARPSAFE_ERROR(cudaErrorLaunchMaxDepthExceeded, "launch would exceed maximum depth of nested launches"),
    WARPSAFE_ERROR(cudaErrorLaunchFileScopedTex, "launch failed because kernel uses unsupported, file-scoped textures (texture objects are supported)"),
    WARPSAFE_ERROR(cudaErrorLaunchFileScopedSurf, "launch failed because kernel uses unsupported, file-scoped surfaces (surface objects are supported)"),
    WARPSAFE_ERROR(cudaErrorSyncDepthExceeded, "cudaDeviceSynchronize failed because caller's grid depth exceeds cudaLimitDevRuntimeSyncDepth"),
    WARPSAFE_ERROR(cudaErrorLaunchPendingCountExceeded, "launch failed because launch would exceed cudaLimitDevRuntimePendingLaunchCount"),
    WARPSAFE_ERROR(cudaErrorInvalidDeviceFunction, "invalid device function"),
    WARPSAFE_ERROR(cudaErrorNoDevice, "no CUDA-capable device is detected"),
    WARPSAFE_ERROR(cudaErrorInvalidDevice, "invalid device ordinal"),
    WARPSAFE_ERROR(cudaErrorDeviceNotLicensed, "device doesn't have valid Grid license"),
    WARPSAFE_ERROR(cudaErrorSoftwareValidityNotEstablished, "integrity checks failed"),
    WARPSAFE_ERROR(cudaErrorStartupFailure, "unspecified driver error"),
    WARPSAFE_ERROR(cudaErrorInvalidKernelImage, "device kernel image is invalid"),
    WARPSAFE_ERROR(cudaErrorDeviceUninitialized, "invalid device context"),
    WARPSAFE_ERROR(cudaErrorMapBufferObjectFailed, "mapping of buffer object failed"),
    WARPSAFE_ERROR(cudaErrorUnmapBufferObjectFailed, "unmapping of buffer object failed"),
    WARPSAFE_ERROR(cudaErrorArrayIsMapped, "array is mapped"),
    WARPSAFE_ERROR(cudaErrorAlreadyMapped, "resource already mapped"),
    WARPSAFE_ERROR(cudaErrorNoKernelImageForDevice, "no kernel image is available for execution on the device"),
    WARPSAFE_ERROR(cudaErrorAlreadyAcquired, "resource already acquired"),
    WARPSAFE_ERROR(cudaErrorNotMapped, "resource not mapped"),
    WARPSAFE_ERROR(cudaErrorNotMappedAsArray, "resource not mapped as array"),
    WARPSAFE_ERROR(cudaErrorNotMappedAsPointer, "resource not mapped as pointer"),
    WARPSAFE_ERROR(cudaErrorECCUncorrectable, "uncorrectable ECC error encountered"),
    WARPSAFE_ERROR(cudaErrorUnsupportedLimit, "limit is not supported on this architecture"),
    WARPSAFE_ERROR(cudaErrorDeviceAlreadyInUse, "exclusive-thread device already in use by a different thread"),
    WARPSAFE_ERROR(cudaErrorPeerAccessUnsupported, "peer access is not supported between these two devices"),
    WARPSAFE_ERROR(cudaErrorInvalidPtx, "a PTX JIT compilation failed"),
    WARPSAFE_ERROR(cudaErrorInvalidGraphicsContext, "invalid OpenGL or DirectX context"),
    WARPSAFE_ERROR(cudaErrorNvlinkUncorrectable, "uncorrectable NVLink error detected during the execution"),
    WARPSAFE_ERROR(cudaErrorJitCompilerNotFound, "PTX JIT compiler library not found"),
    WARPSAFE_ERROR(cudaErrorUnsupportedPtxVersion, "the provided PTX was compiled with an unsupported toolchain."),
    WARPSAFE_ERROR(cudaErrorJitCompilationDisabled, "PTX JIT compilation was disabled"),
    WARPSAFE_ERROR(cudaErrorUnsupportedExecAffinity, "the provided execution affinity is not supported"),
    WARPSAFE_ERROR(cudaErrorUnsupportedDevSideSync, "the provided PTX contains unsupported call to cudaDeviceSynchronize"),
    WARPSAFE_ERROR(cudaErrorInvalidSource, "device kernel image is invalid"),
    WARPSAFE_ERROR(cudaErrorFileNotFound, "file not found"),
    WARPSAFE_ERROR(cudaErrorSharedObjectSymbolNotFound, "shared object symbol not found"),
    WARPSAFE_ERROR(cudaErrorSharedObjectInitFailed, "shared object initialization failed"),
    WARPSAFE_ERROR(cudaErrorOperatingSystem, "OS call failed or operation not supported on this OS"),
    WARPSAFE_ERROR(cudaErrorInvalidResourceHandle, "invalid resource handle"),
    WARPSAFE_ERROR(cudaErrorIllegalState, "the operation cannot be performed in the present state"),
    WARPSAFE_ERROR(cudaErrorLossyQuery, "attempted introspection would be semantically lossy"),
    WARPSAFE_ERROR(cudaErrorSymbolNotFound, "named symbol not found"),
    WARPSAFE_ERROR(cudaErrorNotReady, "device not ready"),
    WARPSAFE_ERROR(cudaErrorIllegalAddress, "an illegal memory access was encountered"),
    WARPSAFE_ERROR(cudaErrorLaunchOutOfResources, "too many resources requested for launch"),
    WARPSAFE_ERROR(cudaErrorLaunchTimeout, "the launch timed out and was terminated"),
    WARPSAFE_ERROR(cudaErrorLaunchIncompatibleTexturing, "launch uses incompatible texturing mode"),
    WARPSAFE_ERROR(cudaErrorPeerAccessAlreadyEnabled, "peer access is already enabled"),
    WARPSAFE_ERROR(cudaErrorPeerAccessNotEnabled, "peer access has not been enabled"),
    WARPSAFE_ERROR(cudaErrorSetOnActiveProcess, "cannot set while device is active in this process"),
    WARPSAFE_ERROR(cudaErrorContextIsDestroyed, "context is destroyed"),
    WARPSAFE_ERROR(cudaErrorAssert, "device-side assert triggered"),
    WARPSAFE_ERROR(cudaErrorTooManyPeers, "peer mapping resources exhausted"),
    WARPSAFE_ERROR(cudaErrorHostMemoryAlreadyRegistered, "part or all of the requested memory range is already mapped"),
    WARPSAFE_ERROR(cudaErrorHostMemoryNotRegistered, "pointer does not correspond to a registered memory region"),
    WARPSAFE_ERROR(cudaErrorHardwareStackError, "hardware stack error"),
    WARPSAFE_ERROR(cudaErrorIllegalInstruction, "an illegal instruction was encountered"),
    WARPSAFE_ERROR(cudaErrorMisalignedAddress, "misaligned address"),
    WARPSAFE_ERROR(cudaErrorInvalidAddressSpace, "operation not supported on global/shared address space"),
    WARPSAFE_ERROR(cudaErrorInvalidPc, "invalid program counter"),
    WARPSAFE_ERROR(cudaErrorLaunchFailure, "unspecified launch failure"),
    WARPSAFE_ERROR(cudaErrorCooperativeLaunchTooLarge, "too many blocks in cooperative launch"),
    WARPSAFE_ERROR(cudaErrorNotPermitted, "operation not permitted"),
    WARPSAFE_ERROR(cudaErrorNotSupported, "operation not supported"),
    WARPSAFE_ERROR(cudaErrorSystemNotReady, "system not yet initialized"),
    WARPSAFE_ERROR(cudaErrorSystemDriverMismatch, "system has unsupported display driver / cuda driver combination"),
    WARPSAFE_ERROR(cudaErrorCompatNotSupportedOnDevice, "forward compatibility was attempted on non supported HW"),
    WARPSAFE_ERROR(cudaErrorMpsConnectionFailed, "MPS client failed to connect to the MPS control daemon or the MPS server"),
    WARPSAFE_ERROR(cudaErrorMpsRpcFailure, "the remote procedural call between the MPS server and the MPS client failed"),
    WARPSAFE_ERROR(cudaErrorMpsServerNotReady, "MPS server is not ready to accept new MPS client requests"),
    WARPSAFE_ERROR(cudaErrorMpsMaxClientsReached, "the hardware resources required to create MPS client have been exhausted"),
    WARPSAFE_ERROR(cudaErrorMpsMaxConnectionsReached, "the hardware resources required to support device connections have been exhausted"),
    WARPSAFE_ERROR(cudaErrorMpsClientTerminated, "the MPS client has been terminated by the server"),
    WARPSAFE_ERROR(cudaErrorCdpNotSupported, "is using CUDA Dynamic Parallelism, but the current configuration, like MPS, does not support it"),
    WARPSAFE_ERROR(cudaErrorCdpVersionMismatch, "unsupported interaction between different versions of CUDA Dynamic Parallelism"),
    WARPSAFE_ERROR(cudaErrorStreamCaptureUnsupported, "operation not permitted when stream is capturing"),
    WARPSAFE_ERROR(cudaErrorStreamCaptureInvalidated, "operation failed due to a previous error during capture"),
    WARPSAFE_ERROR(cudaErrorStreamCaptureMerge, "operation would result in a merge of separate capture sequences"),
    WARPSAFE_ERROR(cudaErrorStreamCaptureUnmatched, "capture was not ended in the same stream as it began"),
    WARPSAFE_ERROR(cudaErrorStreamCaptureUnjoined, "capturing stream has unjoined work"),
    WARPSAFE_ERROR(cudaErrorStreamCaptureIsolation, "dependency created on uncaptured work in another stream"),
    WARPSAFE_ERROR(cudaErrorStreamCaptureImplicit, "operation would make the legacy stream depend on a capturing blocking stream"),
    WARPSAFE_ERROR(cudaErrorCapturedEvent, "operation not permitted on an event last recorded in a capturing stream"),
    WARPSAFE_ERROR(cudaErrorStreamCaptureWrongThread, "attempt to terminate a thread-local capture sequence from another thread"),
    WARPSAFE_ERROR(cudaErrorTimeout, "wait operation timed out"),
    WARPSAFE_ERROR(cudaErrorGraphExecUpdateFailure, "the graph update was not performed because it included changes which violated constraints specific to instantiated graph update"),
    WARPSAFE_ERROR(cudaErrorExternalDevice, "an async error has occurred in external entity outside of CUDA"),
    WARPSAFE_ERROR(cudaErrorInvalidClusterSize, "a kernel launch error has occurred due to cluster misconfiguration"),
    WARPSAFE_ERROR(cudaErrorFunctionNotLoaded, "the function handle is not loaded when calling an API that requires a loaded function"),
    WARPSAFE_ERROR(cudaErrorInvalidResourceType, "one or more resources passed in are not valid resource types for the operation"),
    WARPSAFE_ERROR(cudaErrorInvalidResourceConfiguration, "one or more resources are insufficient or non-applicable for the operation"),
    WARPSAFE_ERROR(cudaErrorUnknown, "unknown error"),
    WARPSAFE_ERROR(cudaErrorApiFailureBase, "unknown error"),
};

#undef WARPSAFE_ERROR

const ErrorText* Find(cudaError_t code) {
  for (const ErrorText& e : kErrors) {
    if (e.code == code) return &e;
  }
  return nullptr;
}

}  // namespace

// Both return CUDA's text for a value outside the enum rather than failing: programs print the
// result of a failed call unconditionally.
extern "C" const char* cudaGetErrorString(cudaError_t error) {
  const ErrorText* e = Find(error);
  return e != nullptr ? e->message : "unrecognized error code";
}

extern "C" const char* cudaGetErrorName(cudaError_t error) {
  const ErrorText* e = Find(error);
  return e != nullptr ? e->name : "unrecognized error code";
}
