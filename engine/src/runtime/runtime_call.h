// How every runtime API function reports its result, as CUDA's runtime does:
//  - a sticky error (left by a kernel that trapped or failed an assert) makes every later call
//    that needs the device return it, without doing anything;
//  - any other failure is returned and recorded as the calling host thread's last error, which
//    cudaGetLastError returns and clears, and cudaPeekAtLastError returns.
// Internal to the runtime (engine/src/runtime).
#pragma once

#include "driver_types.h"
#include "runtime/host_wait.h"
#include "warpsafe/engine/runtime_templates.h"

namespace warpsafe::engine::runtime {

// The sticky error, or cudaSuccess when none is set.
cudaError_t StickyError();
// Makes `error` sticky for the rest of the process (only the first one set is kept).
void SetStickyError(cudaError_t error);

// Set by every runtime API call of the calling host thread (RunHeldLaunchIfAny): CUDA's runtime
// then makes the device's primary context current on a thread that has none, which the driver API
// observes (engine/src/driver/context.cpp reads and clears it).
extern thread_local bool tls_runtime_called;

// Runs `body` (returning cudaError_t) unless a sticky error is set; records a failure.
// Every call first runs a launch the checker held back (held_launch.h): the device's work issued
// before it is then done or running, as the call may depend on.
void RunHeldLaunchIfAny();

// It then waits for a grid that parked to wait for the host, and the launches deferred behind it
// (host_wait.h): a call may observe the device's work or be ordered after it.
template <class Body>
cudaError_t Call(Body&& body) {
  RunHeldLaunchIfAny();
  WaitForDevice();
  if (cudaError_t sticky = StickyError(); sticky != cudaSuccess) return sticky;
  cudaError_t error = body();
  return error == cudaSuccess ? cudaSuccess : Fail(error);
}

// As Call, for the functions that work without a device and so ignore the sticky error
// (version queries, cudaGetDeviceCount, cudaGetDevice): CUDA answers them even after a trap.
template <class Body>
cudaError_t CallWithoutDevice(Body&& body) {
  RunHeldLaunchIfAny();
  WaitForDevice();
  cudaError_t error = body();
  if (error == cudaSuccess) return cudaSuccess;
  Fail(error);
  return error;
}

// As Call, for the calls that only queue work behind the device's or describe it, and so do not
// wait for a grid parked to wait for the host (host_wait.h): an event record, a stream's wait for
// an event, memory hints (prefetch, advice, attachment), which change nothing the engine runs.
template <class Body>
cudaError_t CallWithoutWaiting(Body&& body) {
  RunHeldLaunchIfAny();
  if (cudaError_t sticky = StickyError(); sticky != cudaSuccess) return sticky;
  cudaError_t error = body();
  return error == cudaSuccess ? cudaSuccess : Fail(error);
}

}  // namespace warpsafe::engine::runtime
