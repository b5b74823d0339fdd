// --schedule pct (warpsafe check): Probabilistic Concurrency Testing (Burckhardt et al., ASPLOS
// 2010). Every lane gets a distinct random priority and the highest-priority runnable lane always
// runs; at d-1 random steps the running lane drops below every priority given so far. A bug that
// needs d ordering constraints is found with probability at least 1/(n k^(d-1)).
//
// Not fair by itself: a lane that spins (yields kSpinYields times without progress) drops to the
// lowest priority, so a spin lock taken by lanes of one warp still completes. __activemask points
// close at once (the most divergence).
#pragma once

#include <cstdint>
#include <vector>

#include "sched/policy.h"

namespace warpsafe::engine {

class PctPolicy final : public Policy {
 public:
  // `depth` is d (--pct-depth), `steps` the k the change points are drawn from (--pct-steps).
  void Configure(unsigned depth, std::uint64_t steps) {
    depth_ = depth;
    steps_ = steps;
  }
  void Start(unsigned threads, Rng& rng) override;
  Choice Pick(const PickContext& c, Rng& rng) override;
  void OnSpin(const Lane& lane) override;
  bool demotes_spinners() const override { return true; }
  ActiveMaskRule active_mask_rule() const override { return ActiveMaskRule::kAtOnce; }

  std::uint32_t priority(unsigned tid) const { return priority_[tid]; }

 private:
  unsigned depth_ = 3;
  std::uint64_t steps_ = 1;
  std::vector<std::uint32_t> priority_;       // per lane, higher runs first
  std::vector<std::uint64_t> change_points_;  // sorted
  std::size_t next_change_ = 0;
  std::uint32_t lowest_priority_ = 0;
};

}  // namespace warpsafe::engine
