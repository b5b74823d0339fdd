// The engine's mbarrier objects as C++ calls: what the asynchronous barrier primitives of
// <cuda_awbarrier_primitives.h> and nvcuda::experimental::awbarrier (<cuda_awbarrier.h>) run. Inline
// PTX's mbarrier instructions (engine/src/ptx/async_instructions.cpp) and libcu++'s cuda::barrier
// reach the same per-block table, so every rule of docs/semantics/async.md holds for them: an
// operation on an object no init prepared is a defect, a phase that can never complete is a deadlock.
//
// Contract: called from a lane of a running block; `bar` points to an 8-byte object in the block's
// shared memory.
#pragma once

#include <cstdint>

#include "warpsafe/engine/api.h"

namespace warpsafe::engine {

// Prepares `bar` for phases of `count` arrivals (1 to 2^20 - 1).
void MBarrierInit(void* bar, std::uint32_t count, Site site);
// Ends `bar`'s life as a barrier: any later operation but an init is a defect.
void MBarrierInval(void* bar, Site site);
// One arrival on the current phase; `drop`: the next phases expect one arrival fewer. Returns the
// token of the phase arrived on.
std::uint64_t MBarrierArrive(void* bar, bool drop, Site site);
// Whether the phase `token` names (or, `parity`, the last phase of that parity) has completed.
// Never blocks; a false answer lets the other threads run, and a thread that keeps asking about
// one phase waits for it, so a phase that can never complete is a deadlock rather than a spin.
bool MBarrierTestWait(void* bar, std::uint64_t token, bool parity, Site site);
// Blocks until that phase has completed.
void MBarrierWait(void* bar, std::uint64_t token, bool parity, Site site);
// The arrivals the phase still missed after the arrival that returned `token`.
std::uint32_t MBarrierPendingCount(std::uint64_t token);

}  // namespace warpsafe::engine
