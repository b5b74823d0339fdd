// Handles, their settings, versions and status strings.
#include "cublas/context.h"

#include <cstdio>
#include <mutex>
#include <set>
#include <string>

#include "report/report.h"
#include "runtime/copy_checks.h"
#include "runtime/runtime_call.h"
#include "runtime/streams.h"

namespace warpsafe::engine::cublas {
namespace {

struct Handles {
  std::mutex mutex;
  std::set<cublasHandle_t> live;
};
Handles& AllHandles() {
  static auto* handles = new Handles();  // outlives static destructors
  return *handles;
}

}  // namespace

bool IsLive(cublasHandle_t h) {
  Handles& all = AllHandles();
  std::lock_guard<std::mutex> lock(all.mutex);
  return all.live.count(h) != 0;
}

namespace {
thread_local cudaStream_t t_stream = nullptr;  // the stream of the call running on this thread
}  // namespace

cublasStatus_t Begin(cublasHandle_t h) {
  if (h == nullptr || !IsLive(h)) return CUBLAS_STATUS_NOT_INITIALIZED;
  t_stream = h->stream;
  if (runtime::StickyError() != cudaSuccess) return CUBLAS_STATUS_EXECUTION_FAILED;
  return CUBLAS_STATUS_SUCCESS;
}

void CheckOperand(const char* routine, const char* operand, const void* p, std::size_t bytes,
                  runtime::OperandUse use) {
  runtime::LibraryOperand((std::string("cuBLAS call ") + routine).c_str(), operand, p, bytes, use, t_stream);
}

}  // namespace warpsafe::engine::cublas

namespace cb = warpsafe::engine::cublas;

extern "C" {

cublasStatus_t cublasCreate_v2(cublasHandle_t* handle) {
  if (handle == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  if (warpsafe::engine::runtime::StickyError() != cudaSuccess) return CUBLAS_STATUS_NOT_INITIALIZED;
  auto* context = new cublasContext();
  cb::Handles& all = cb::AllHandles();
  std::lock_guard<std::mutex> lock(all.mutex);
  all.live.insert(context);
  *handle = context;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasDestroy_v2(cublasHandle_t handle) {
  cb::Handles& all = cb::AllHandles();
  std::lock_guard<std::mutex> lock(all.mutex);
  if (handle == nullptr || all.live.erase(handle) == 0) return CUBLAS_STATUS_NOT_INITIALIZED;
  delete handle;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetVersion_v2(cublasHandle_t handle, int* version) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (version == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *version = CUBLAS_VERSION;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetProperty(libraryPropertyType type, int* value) {
  if (value == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  switch (type) {
    case MAJOR_VERSION: *value = CUBLAS_VER_MAJOR; return CUBLAS_STATUS_SUCCESS;
    case MINOR_VERSION: *value = CUBLAS_VER_MINOR; return CUBLAS_STATUS_SUCCESS;
    case PATCH_LEVEL: *value = CUBLAS_VER_PATCH; return CUBLAS_STATUS_SUCCESS;
  }
  return CUBLAS_STATUS_INVALID_VALUE;
}

size_t cublasGetCudartVersion(void) { return 13000; }

cublasStatus_t cublasSetStream_v2(cublasHandle_t handle, cudaStream_t stream) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!warpsafe::engine::runtime::IsValidStream(stream)) return CUBLAS_STATUS_INVALID_VALUE;
  handle->stream = stream;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetStream_v2(cublasHandle_t handle, cudaStream_t* stream) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (stream == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *stream = handle->stream;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t* mode) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mode == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *mode = handle->pointer_mode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t mode) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mode != CUBLAS_POINTER_MODE_HOST && mode != CUBLAS_POINTER_MODE_DEVICE) return CUBLAS_STATUS_INVALID_VALUE;
  handle->pointer_mode = mode;
  return CUBLAS_STATUS_SUCCESS;
}

// The math mode is accepted and kept: every mode computes in the precision of the routine here, which
// the reduced-precision modes permit but do not require.
cublasStatus_t cublasGetMathMode(cublasHandle_t handle, cublasMath_t* mode) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mode == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *mode = handle->math_mode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  handle->math_mode = mode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t* mode) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mode == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *mode = handle->atomics_mode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t mode) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  handle->atomics_mode = mode;
  return CUBLAS_STATUS_SUCCESS;
}

// The emulation settings of CUDA 13 (BLAS-11): a value outside its enumeration is refused, the
// others kept and read back. The engine's gemm computes in its own precision whatever they say.
cublasStatus_t cublasSetEmulationStrategy(cublasHandle_t handle, cublasEmulationStrategy_t strategy) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (strategy != CUBLAS_EMULATION_STRATEGY_DEFAULT && strategy != CUBLAS_EMULATION_STRATEGY_PERFORMANT &&
      strategy != CUBLAS_EMULATION_STRATEGY_EAGER) {
    return CUBLAS_STATUS_INVALID_VALUE;
  }
  handle->emulation_strategy = strategy;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasGetEmulationStrategy(cublasHandle_t handle, cublasEmulationStrategy_t* strategy) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (strategy == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *strategy = handle->emulation_strategy;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasSetEmulationSpecialValuesSupport(cublasHandle_t handle, cudaEmulationSpecialValuesSupport mask) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  handle->special_values = mask;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasGetEmulationSpecialValuesSupport(cublasHandle_t handle, cudaEmulationSpecialValuesSupport* mask) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mask == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *mask = handle->special_values;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasSetFixedPointEmulationMantissaControl(cublasHandle_t handle, cudaEmulationMantissaControl control) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (control != CUDA_EMULATION_MANTISSA_CONTROL_DYNAMIC && control != CUDA_EMULATION_MANTISSA_CONTROL_FIXED) {
    return CUBLAS_STATUS_INVALID_VALUE;
  }
  handle->mantissa_control = control;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasGetFixedPointEmulationMantissaControl(cublasHandle_t handle,
                                                           cudaEmulationMantissaControl* control) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (control == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *control = handle->mantissa_control;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasSetFixedPointEmulationMaxMantissaBitCount(cublasHandle_t handle, int count) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (count < 0) return CUBLAS_STATUS_INVALID_VALUE;
  handle->max_mantissa_bits = count;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasGetFixedPointEmulationMaxMantissaBitCount(cublasHandle_t handle, int* count) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (count == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *count = handle->max_mantissa_bits;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasSetFixedPointEmulationMantissaBitOffset(cublasHandle_t handle, int offset) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  handle->mantissa_bit_offset = offset;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasGetFixedPointEmulationMantissaBitOffset(cublasHandle_t handle, int* offset) {
  if (!cb::IsLive(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (offset == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *offset = handle->mantissa_bit_offset;
  return CUBLAS_STATUS_SUCCESS;
}

// The engine's routines need no workspace; the one given is accepted.
cublasStatus_t cublasSetWorkspace_v2(cublasHandle_t handle, void*, size_t) {
  return cb::IsLive(handle) ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_NOT_INITIALIZED;
}

const char* cublasGetStatusName(cublasStatus_t status) {
  switch (status) {
    case CUBLAS_STATUS_SUCCESS: return "CUBLAS_STATUS_SUCCESS";
    case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
    case CUBLAS_STATUS_ALLOC_FAILED: return "CUBLAS_STATUS_ALLOC_FAILED";
    case CUBLAS_STATUS_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
    case CUBLAS_STATUS_ARCH_MISMATCH: return "CUBLAS_STATUS_ARCH_MISMATCH";
    case CUBLAS_STATUS_MAPPING_ERROR: return "CUBLAS_STATUS_MAPPING_ERROR";
    case CUBLAS_STATUS_EXECUTION_FAILED: return "CUBLAS_STATUS_EXECUTION_FAILED";
    case CUBLAS_STATUS_INTERNAL_ERROR: return "CUBLAS_STATUS_INTERNAL_ERROR";
    case CUBLAS_STATUS_NOT_SUPPORTED: return "CUBLAS_STATUS_NOT_SUPPORTED";
    case CUBLAS_STATUS_LICENSE_ERROR: return "CUBLAS_STATUS_LICENSE_ERROR";
  }
  return "CUBLAS_STATUS_UNKNOWN";
}

// The first three are the strings CUDA 13's cuBLAS returns (recorded on an H100); the others say
// the same in this project's words.
const char* cublasGetStatusString(cublasStatus_t status) {
  switch (status) {
    case CUBLAS_STATUS_SUCCESS: return "success";
    case CUBLAS_STATUS_NOT_INITIALIZED: return "the library was not initialized";
    case CUBLAS_STATUS_INVALID_VALUE: return "an unsupported value or parameter was passed to the function";
    case CUBLAS_STATUS_ALLOC_FAILED: return "the resource allocation failed";
    case CUBLAS_STATUS_ARCH_MISMATCH: return "the function requires a feature absent from the device architecture";
    case CUBLAS_STATUS_MAPPING_ERROR: return "an access to GPU memory space failed";
    case CUBLAS_STATUS_EXECUTION_FAILED: return "the GPU program failed to execute";
    case CUBLAS_STATUS_INTERNAL_ERROR: return "an internal operation failed";
    case CUBLAS_STATUS_NOT_SUPPORTED: return "the functionality requested is not supported";
    case CUBLAS_STATUS_LICENSE_ERROR: return "an error was detected when checking the current licensing";
  }
  return "unknown error";
}

}  // extern "C"
