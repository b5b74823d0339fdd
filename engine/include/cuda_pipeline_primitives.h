// <cuda_pipeline_primitives.h>: the pipeline primitives, asynchronous copies from global to shared
// memory in batches (CUDA C++ Programming Guide, "Pipeline Primitives Interface"). The engine runs
// them on its table of asynchronous copies (warpsafe/engine/async_copy.h, docs/semantics/async.md):
// a copy lands when __pipeline_wait_prior completes its batch, never earlier.
#pragma once

#include <cstddef>

#include "warpsafe/engine/async_copy.h"

inline void __pipeline_memcpy_async(void* __restrict__ dst_shared, const void* __restrict__ src_global,
                                    size_t size_and_align, size_t zfill = 0,
                                    ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  ::warpsafe::engine::AsyncCopy(dst_shared, src_global, size_and_align, zfill, site);
}

inline void __pipeline_commit(::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  ::warpsafe::engine::AsyncCommit(site);
}

inline void __pipeline_wait_prior(size_t prior, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  ::warpsafe::engine::AsyncWaitPrior(prior, site);
}

// `barrier`: an mbarrier object in shared memory (__mbarrier_t, or a cuda::barrier's native handle).
template <class Barrier>
inline void __pipeline_arrive_on(Barrier* barrier, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  static_assert(sizeof(Barrier) == 8, "__pipeline_arrive_on takes a pointer to a 64-bit mbarrier object");
  ::warpsafe::engine::AsyncArriveOn(barrier, site);
}
