// The runtime's error state: the per-thread last error and the process-wide sticky error.
// See runtime_call.h for the rules every API function follows.
#include <atomic>

#include "graph/capture.h"
#include "race/api_checks.h"
#include "race/race.h"
#include "runtime/runtime_call.h"
#include "runtime/runtime_state.h"

namespace warpsafe::engine::runtime {
namespace {

// CUDA keeps the last error per host thread ("in the same host thread"), the sticky error per
// process (the context is corrupted for everyone).
thread_local cudaError_t tls_last_error = cudaSuccess;
std::atomic<int> g_sticky_error{cudaSuccess};

}  // namespace

cudaError_t StickyError() { return static_cast<cudaError_t>(g_sticky_error.load(std::memory_order_acquire)); }

void SetStickyError(cudaError_t error) {
  int expected = cudaSuccess;
  g_sticky_error.compare_exchange_strong(expected, error, std::memory_order_acq_rel);
}

cudaError_t Fail(cudaError_t error) {
  if (cudaError_t sticky = StickyError(); sticky != cudaSuccess) return sticky;
  if (error != cudaSuccess) {
    tls_last_error = error;
    if (race::Enabled()) race::ApiFailed(error);  // `warpsafe check` lists it
  }
  return error;
}

void ClearLastError() { tls_last_error = cudaSuccess; }

cudaError_t SwapLastError(cudaError_t error) {
  const cudaError_t previous = tls_last_error;
  tls_last_error = error;
  return previous;
}

thread_local bool tls_runtime_called = false;

void ResetRuntimeForTesting() {
  ResetAllocations();
  ResetStreams();
  ResetEvents();
  ResetMemPools();
  graph::ResetCaptures();
  ResetStreamAttributes();
  ResetFuncAttributes();
  ResetDeviceSettings();
  ClearLastError();
  g_sticky_error.store(cudaSuccess, std::memory_order_release);
}

}  // namespace warpsafe::engine::runtime

using warpsafe::engine::runtime::StickyError;

extern "C" cudaError_t cudaGetLastError(void) {
  // A sticky error is never cleared: every call keeps returning it.
  if (cudaError_t sticky = StickyError(); sticky != cudaSuccess) return sticky;
  cudaError_t error = warpsafe::engine::runtime::tls_last_error;
  warpsafe::engine::runtime::tls_last_error = cudaSuccess;
  return error;
}

extern "C" cudaError_t cudaPeekAtLastError(void) {
  if (cudaError_t sticky = StickyError(); sticky != cudaSuccess) return sticky;
  return warpsafe::engine::runtime::tls_last_error;
}
