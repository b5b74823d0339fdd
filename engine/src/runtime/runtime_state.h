// Resetting the runtime's state: cudaDeviceReset() and tests. Each piece of state lives with the
// concept that owns it (allocations.cpp, streams.cpp, ...) and exposes its reset here.
// Internal to the engine.
#pragma once

#include "driver_types.h"

namespace warpsafe::engine::runtime {

// Frees every allocation of the table (device, managed, pinned host) and forgets registrations.
void ResetAllocations();
void ResetStreams();
void ResetEvents();
// Forgets every memory pool and the default pool's accounting (mem_pool.cpp).
void ResetMemPools();
// Forgets every stream's attributes (stream_attributes.cpp).
void ResetStreamAttributes();
void ResetFuncAttributes();
// Device flags, limits and cache configuration back to their defaults.
void ResetDeviceSettings();
// Clears the calling thread's last error. The sticky error stays: a CUDA process that hit one
// must be restarted, and cudaDeviceReset does not bring it back.
void ClearLastError();
// Replaces the calling thread's last error with `error` and returns the one it held. The driver API
// (engine/src/driver) forwards to the runtime's functions, whose failures must not become the
// runtime's last error: CUDA keeps the two APIs' error reporting apart.
cudaError_t SwapLastError(cudaError_t error);

// Everything above plus the sticky error: a fresh runtime, for tests that exercise traps.
void ResetRuntimeForTesting();

}  // namespace warpsafe::engine::runtime
