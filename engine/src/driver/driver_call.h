// How every driver API function reports its result, and what it needs before it runs. Internal to
// engine/src/driver.
//
// The driver API is a thin layer over the engine's runtime (engine/src/runtime): a function checks
// what the driver checks first (cuInit was called, a context is current on the thread, its handles
// are valid), then forwards to the runtime function that does the work and translates the
// runtime's cudaError_t into a CUresult. The runtime's per-thread last error is left as it was: on
// CUDA, a failed driver call is never what cudaGetLastError returns. A sticky error (a kernel that
// trapped) comes back through the runtime's functions as it does there.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "cuda.h"
#include "runtime/runtime_call.h"
#include "runtime/runtime_state.h"

namespace warpsafe::engine::driver {

// A C caller passes the site as cuda.h's `struct warpsafe_site` {file, line, column}: by value it
// must be the same bytes, in the same registers, as Site.
static_assert(sizeof(Site) == sizeof(const char*) + 2 * sizeof(unsigned) && offsetof(Site, file) == 0 &&
                  offsetof(Site, line) == sizeof(const char*) &&
                  offsetof(Site, column) == sizeof(const char*) + sizeof(unsigned),
              "cuda.h's C view of Site has another layout");
static_assert(std::is_trivially_copyable_v<Site> && std::is_standard_layout_v<Site>,
              "Site must pass by value as a C struct does");

// The driver's code for a runtime error (errors.cpp): the same number where CUDA gives both APIs
// one code, else the driver code CUDA's driver returns for that failure.
CUresult FromRuntime(cudaError_t error);

// CUDA_ERROR_NOT_INITIALIZED before cuInit(0) succeeded (device.cpp), else CUDA_SUCCESS.
CUresult RequireInit();
// As RequireInit, then CUDA_ERROR_INVALID_CONTEXT unless a context is current on the calling thread
// (context.cpp): one it created, pushed or set, or the primary context a runtime call bound.
CUresult RequireContext();

// Runs `body` (returning cudaError_t) as the driver runs the runtime's work: the runtime's last
// error and the thread's "called the runtime" mark are as they were before.
template <class Body>
CUresult Forward(Body&& body) {
  const cudaError_t last = runtime::SwapLastError(cudaSuccess);
  const bool called = runtime::tls_runtime_called;
  const cudaError_t error = body();
  runtime::SwapLastError(last);
  runtime::tls_runtime_called = called;
  return FromRuntime(error);
}

// As Forward, after RequireContext.
template <class Body>
CUresult ForwardInContext(Body&& body) {
  if (CUresult r = RequireContext(); r != CUDA_SUCCESS) return r;
  return Forward(static_cast<Body&&>(body));
}

inline void* Pointer(CUdeviceptr p) { return reinterpret_cast<void*>(static_cast<std::uintptr_t>(p)); }
inline CUdeviceptr DevicePointer(const void* p) {
  return static_cast<CUdeviceptr>(reinterpret_cast<std::uintptr_t>(p));
}

// Back to before cuInit, with no context current on the calling thread: for tests.
void ResetDriverForTesting();

// Prints, once per call site, that `call` is not provided by the engine, and returns
// CUDA_ERROR_NOT_SUPPORTED (unsupported.cpp).
CUresult Unsupported(const char* call, const char* what, Site site);

}  // namespace warpsafe::engine::driver
