// --schedule lockstep: round-robin in thread order. Every lane advances to its next scheduling
// point before any lane advances twice, as a warp of a pre-Volta GPU executes; an __activemask
// point closes once its warp has no runnable lane left (all the lanes that can converge there have).
//
// PickLane is inline: Block::Pick calls it directly on the hot path.
#pragma once

#include "sched/policy.h"

namespace warpsafe::engine {

class LockstepPolicy final : public Policy {
 public:
  // The first runnable lane after `current` in thread order (wrapping), or -1 when none is.
  static long PickLane(const RunQueue& queue, const Lane* current) {
    return queue.NextFrom(current != nullptr ? current->tid + 1 : 0);
  }

  Choice Pick(const PickContext& c, Rng&) override {
    const long next = PickLane(c.queue, c.current);
    return next < 0 ? Choice::Stop() : Choice::Run(static_cast<unsigned>(next));
  }
  ActiveMaskRule active_mask_rule() const override { return ActiveMaskRule::kWhenWarpBlocked; }
  bool reads_thread_order() const override { return true; }
};

}  // namespace warpsafe::engine
