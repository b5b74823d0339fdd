// <cuda_awbarrier.h>: nvcuda::experimental::awbarrier, the C++ class over the asynchronous barrier
// primitives (<cuda_awbarrier_primitives.h>), which cuda::barrier of libcu++ succeeded. Its object
// is one 64-bit mbarrier in shared memory; init() prepares it for phases of a number of arrivals,
// arrive() returns a token of the phase arrived on, and the waits end when that phase completes.
// The engine runs each call on its table of mbarriers (warpsafe/engine/async_barrier.h).
#pragma once

#include <cstdint>

#include "cuda_awbarrier_primitives.h"

namespace nvcuda {
namespace experimental {

class awbarrier {
 public:
  class arrival_token {
   public:
    arrival_token() = default;
    ~arrival_token() = default;
    // The arrivals the phase still missed after the one that returned this token.
    std::uint32_t pending_count() const { return __mbarrier_token_pending_count(token_); }

   private:
    explicit arrival_token(std::uint64_t token) : token_(token) {}
    std::uint64_t token_ = 0;
    friend awbarrier;
  };

  awbarrier() = default;
  awbarrier(const awbarrier&) = delete;
  awbarrier& operator=(const awbarrier&) = delete;
  ~awbarrier() = default;

  arrival_token arrive(::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
    return arrival_token(__mbarrier_arrive(&barrier_, site));
  }
  // Arrives, and leaves the barrier: its later phases expect one arrival fewer.
  arrival_token arrive_and_drop(::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
    return arrival_token(__mbarrier_arrive_and_drop(&barrier_, site));
  }
  // Whether the token's phase has completed, waiting at most about `hint_cycles`: on the engine one
  // test, which lets the other threads run when it fails (a thread that keeps asking waits).
  bool timed_wait(arrival_token token, std::uint32_t /*hint_cycles*/,
                  ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
    return __mbarrier_test_wait(&barrier_, token.token_, site);
  }
  bool timed_wait_parity(bool phase, std::uint32_t /*hint_cycles*/,
                         ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
    return __mbarrier_test_wait_parity(&barrier_, phase, site);
  }
  void wait(arrival_token token, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
    ::warpsafe::engine::MBarrierWait(&barrier_, token.token_, false, site);
  }
  void arrive_and_wait(::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
    wait(arrive(site), site);
  }
  bool try_wait(arrival_token token, std::uint32_t max_sleep_nanosec,
                ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
    return __mbarrier_try_wait(&barrier_, token.token_, max_sleep_nanosec, site);
  }
  bool try_wait_parity(bool phase, std::uint32_t max_sleep_nanosec,
                       ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
    return __mbarrier_try_wait_parity(&barrier_, phase, max_sleep_nanosec, site);
  }
  // The largest expected count init() takes.
  static constexpr std::uint32_t max() { return (1u << 14) - 1; }

 private:
  std::uint64_t barrier_;
  friend void init(awbarrier* barrier, std::uint32_t expected_count, ::warpsafe::engine::Site site);
  friend void inval(awbarrier* barrier, ::warpsafe::engine::Site site);
};

inline void init(awbarrier* barrier, std::uint32_t expected_count,
                 ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  __mbarrier_init(&barrier->barrier_, expected_count, site);
}

inline void inval(awbarrier* barrier, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  __mbarrier_inval(&barrier->barrier_, site);
}

}  // namespace experimental
}  // namespace nvcuda
