// <cuda_awbarrier_primitives.h>: the asynchronous barrier primitives, C-style calls on a 64-bit
// barrier object in shared memory (an mbarrier, PTX ISA "Parallel Synchronization and Communication
// Instructions: mbarrier"). The engine runs them on its table of mbarriers
// (warpsafe/engine/async_barrier.h, docs/semantics/async.md), the one libcu++'s cuda::barrier and
// inline PTX use: a phase completes when its last expected arrival comes, and a phase that can never
// complete is a reported deadlock.
#pragma once

#include <cstdint>

#include "warpsafe/engine/async_barrier.h"

typedef std::uint64_t __mbarrier_t;
typedef std::uint64_t __mbarrier_token_t;

// The largest expected count these primitives accept: what the token layout of GPUs before sm_90
// leaves room for (a 15-bit field, less one), on every architecture.
inline std::uint32_t __mbarrier_maximum_count() { return (1u << 14) - 1; }

inline void __mbarrier_init(__mbarrier_t* barrier, std::uint32_t expected_count,
                            ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  ::warpsafe::engine::MBarrierInit(barrier, expected_count, site);
}

inline void __mbarrier_inval(__mbarrier_t* barrier, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  ::warpsafe::engine::MBarrierInval(barrier, site);
}

inline __mbarrier_token_t __mbarrier_arrive(__mbarrier_t* barrier,
                                            ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::MBarrierArrive(barrier, false, site);
}

inline __mbarrier_token_t __mbarrier_arrive_and_drop(__mbarrier_t* barrier,
                                                     ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::MBarrierArrive(barrier, true, site);
}

inline bool __mbarrier_test_wait(__mbarrier_t* barrier, __mbarrier_token_t token,
                                 ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::MBarrierTestWait(barrier, token, false, site);
}

inline bool __mbarrier_test_wait_parity(__mbarrier_t* barrier, bool phase_parity,
                                        ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::MBarrierTestWait(barrier, phase_parity ? 1 : 0, true, site);
}

// A try_wait may give up after a time of the GPU's choosing; the engine waits until the phase
// completes (a time without limit), so a phase that never completes is a deadlock, not a loop.
inline bool __mbarrier_try_wait(__mbarrier_t* barrier, __mbarrier_token_t token, std::uint32_t /*max_sleep_nanosec*/,
                                ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  ::warpsafe::engine::MBarrierWait(barrier, token, false, site);
  return true;
}

inline bool __mbarrier_try_wait_parity(__mbarrier_t* barrier, bool phase_parity, std::uint32_t /*max_sleep_nanosec*/,
                                       ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  ::warpsafe::engine::MBarrierWait(barrier, phase_parity ? 1 : 0, true, site);
  return true;
}

inline std::uint32_t __mbarrier_token_pending_count(__mbarrier_token_t token) {
  return ::warpsafe::engine::MBarrierPendingCount(token);
}
