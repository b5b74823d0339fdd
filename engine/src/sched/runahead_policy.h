// --schedule runahead (warpsafe check): the lane that ran last keeps running while it can; when it
// blocks, a random runnable lane takes over. Lanes drift as far apart as the program lets them:
// the most divergence, which is what warp-synchronous code assumes never happens.
//
// Not fair by itself: a lane that spins (yields kSpinYields times without progress) hands over
// to a random lane at the next step. __activemask points close at once.
#pragma once

#include "sched/policy.h"

namespace warpsafe::engine {

class RunaheadPolicy final : public Policy {
 public:
  void Start(unsigned, Rng&) override { skip_ = false; }
  Choice Pick(const PickContext& c, Rng& rng) override {
    if (c.queue.empty()) return Choice::Stop();
    if (!skip_ && c.current != nullptr && c.current_runnable) return Choice::Run(c.current->tid);
    skip_ = false;
    return Choice::Run(c.queue.at(rng.Below(c.queue.size())));
  }
  void OnSpin(const Lane&) override { skip_ = true; }
  bool demotes_spinners() const override { return true; }
  ActiveMaskRule active_mask_rule() const override { return ActiveMaskRule::kAtOnce; }

 private:
  bool skip_ = false;  // the running lane spun: the next step hands over
};

}  // namespace warpsafe::engine
