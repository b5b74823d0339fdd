// The default policy (--schedule random): independent thread scheduling, where any runnable lane
// may run next. Each step draws uniformly among the runnable lanes and, while __activemask
// convergence points are open, among those points too: a point may close at any moment, so it is
// one more choice, weighted like a lane.
//
// PickLane is the engine's hottest decision (one per lane switch): Block::Pick calls it inline
// when no __activemask point is open, one multiply-high and one load.
#pragma once

#include "sched/policy.h"

namespace warpsafe::engine {

class RandomPolicy final : public Policy {
 public:
  // A uniformly drawn runnable lane; precondition: the queue is not empty.
  static unsigned PickLane(RunQueue& queue, Rng& rng) { return queue.PickAt(rng.Below(queue.size())); }

  Choice Pick(const PickContext& c, Rng& rng) override {
    const std::size_t n = c.queue.size() + c.open_points;
    if (n == 0) return Choice::Stop();
    const std::size_t r = rng.Below(n);
    if (r < c.queue.size()) return Choice::Run(c.queue.at(r));
    return Choice::Close(static_cast<unsigned>(r - c.queue.size()));
  }
  ActiveMaskRule active_mask_rule() const override { return ActiveMaskRule::kWeighedInPick; }
};

}  // namespace warpsafe::engine
