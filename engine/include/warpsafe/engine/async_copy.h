// The engine's asynchronous copies as C++ calls: what the pipeline primitives of
// <cuda_pipeline_primitives.h> run (docs/semantics/async.md). Inline PTX (cp.async and its groups,
// engine/src/ptx/async_instructions.cpp) reaches the same per-block table.
#pragma once

#include <cstddef>

#include "warpsafe/engine/api.h"

namespace warpsafe::engine {

// Queues a copy of `size` bytes (4, 8 or 16, `dst` and `src` aligned to it) from global to the
// calling thread's block's shared memory, the last `zfill` of them zero. It lands when a later
// AsyncWaitPrior (or an mbarrier phase it is attached to) completes it, never earlier.
void AsyncCopy(void* dst, const void* src, std::size_t size, std::size_t zfill, Site site);
// The same for any byte count and any memory (cooperative groups' memcpy_async shares): no size or
// alignment rule of its own.
void AsyncCopyBytes(void* dst, const void* src, std::size_t bytes, Site site);
// Closes the caller's current batch of copies (an empty batch is a batch too).
void AsyncCommit(Site site);
// Returns once at most `prior` of the caller's batches are still in flight, the others landed.
void AsyncWaitPrior(std::size_t prior, Site site);
// The caller's copies issued so far complete no later than the current phase of `mbarrier` (an
// object initialised as an mbarrier in shared memory), and their completion is one arrival on it.
void AsyncArriveOn(void* mbarrier, Site site);

}  // namespace warpsafe::engine
