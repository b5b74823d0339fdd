// The block barrier (__syncthreads and its reductions) as a type of its own: which lanes wait at
// it, with what operation and predicate, and what each gets back when it completes. It decides
// nothing about scheduling: the Block arrives lanes, asks whether the barrier is complete (every
// live thread there; under --arch sm_6x, every warp with live lanes there and none runnable), and
// releases it, then wakes the lanes it hands back (docs/semantics.md, BAR-*).
#pragma once

#include <cstddef>
#include <vector>

#include "sched/lane.h"
#include "warp/warp.h"

namespace warpsafe::engine {

class Barrier {
 public:
  // Forgets every waiter (a new block).
  void Clear();
  // `lane` arrives at call site `site` with its reduction operation and predicate.
  void Arrive(Lane& lane, BarrierOp op, int predicate, Site site);
  bool empty() const { return waiters_.empty(); }
  std::size_t arrived() const { return waiters_.size(); }
  const std::vector<Lane*>& waiters() const { return waiters_; }

  // Pre-Volta rule (--arch sm_6x): hardware counted warps, not threads, so the barrier completes
  // once every warp with live lanes has a lane here and no lane left runnable.
  bool EveryWarpWaits(const Warp* warps, std::size_t count) const;

  // The call sites the waiters arrived at, in (file, line, column) order, when there is more than
  // one (a divergent barrier, BAR-3); empty when they all arrived at one site.
  struct SiteCount {
    Site site;
    unsigned lanes;
    const Lane* example;  // the first waiter that arrived there
  };
  std::vector<SiteCount> DivergentSites() const;

  // Completes the barrier: writes each waiter's result (out_pred: 0 for a plain __syncthreads,
  // the count, the and or the or of the predicates) and empties it. Returns the released lanes,
  // valid until the next Release; the caller wakes them.
  const std::vector<Lane*>& Release();

 private:
  std::vector<Lane*> waiters_;
  std::vector<Lane*> released_;  // the previous round's waiters: their capacity is reused
  int true_predicates_ = 0;
};

}  // namespace warpsafe::engine
