// cudaProfilerStart/Stop (cuda_profiler_api.h). No profiler attaches to the engine; the calls only
// report the sticky error as every call that needs the device does. CUDA retired the "already
// started/stopped" errors, so starting twice is not an error.
#include "cuda_profiler_api.h"
#include "runtime/runtime_call.h"

namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaProfilerStart(void) {
  return rt::Call([] { return cudaSuccess; });
}

extern "C" cudaError_t cudaProfilerStop(void) {
  return rt::Call([] { return cudaSuccess; });
}
