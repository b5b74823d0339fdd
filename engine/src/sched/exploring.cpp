// The exploring schedule policies of `warpsafe check` (docs/architecture.md):
//
//  pct       Probabilistic Concurrency Testing (Burckhardt et al., ASPLOS 2010): every lane gets a
//            distinct random priority and the highest-priority runnable lane always runs; at d-1
//            random steps the running lane drops below every priority given so far. A bug that
//            needs d ordering constraints is found with probability at least 1/(n k^(d-1)).
//  runahead  The lane that ran last keeps running while it can; when it blocks, a random runnable
//            lane takes over. Lanes drift as far apart as the program lets them: the most
//            divergence, which is what warp-synchronous code assumes never happens.
//
// Neither is fair by itself, so a lane that yields kSpinYields times without progress is demoted
// (pct) or handed over (runahead): spin locks taken by lanes of one warp still complete.
#include <algorithm>

#include "sched/block.h"

namespace warpsafe::engine {

void Block::SetUpExploring() {
  const Options& o = GetOptions();
  const unsigned n = threads();
  priority_.resize(n);
  for (unsigned t = 0; t < n; ++t) priority_[t] = o.pct_depth + t;  // above every change level
  for (unsigned t = n; t > 1; --t) std::swap(priority_[t - 1], priority_[rng_.Below(t)]);
  change_points_.clear();
  for (unsigned i = 1; i < o.pct_depth; ++i) change_points_.push_back(rng_.Below(o.pct_steps) + 1);
  std::sort(change_points_.begin(), change_points_.end());
  next_change_ = 0;
  lowest_priority_ = o.pct_depth;
}

void Block::Demote(Lane& lane) {
  yields_without_progress_ = 0;
  if (schedule_ == Schedule::kPct) {
    priority_[lane.tid] = lowest_priority_ > 0 ? --lowest_priority_ : 0;
  } else {
    runahead_skip_ = true;
  }
}

Lane* Block::PickExploring() {
  if (queue_.empty()) return nullptr;
  if (schedule_ == Schedule::kRunahead) {
    if (!runahead_skip_ && current_ != nullptr && StateOf(*current_) == LaneState::kRunnable) return current_;
    runahead_skip_ = false;
    return &lanes_[queue_.at(rng_.Below(queue_.size()))];
  }
  // pct: a change point lowers the running lane below every priority so far.
  while (next_change_ < change_points_.size() && steps() >= change_points_[next_change_]) {
    ++next_change_;
    if (current_ != nullptr && lowest_priority_ > 0) priority_[current_->tid] = --lowest_priority_;
  }
  unsigned best = queue_.at(0);
  for (std::size_t i = 1; i < queue_.size(); ++i) {
    const unsigned t = queue_.at(i);
    if (priority_[t] > priority_[best]) best = t;
  }
  return &lanes_[best];
}

}  // namespace warpsafe::engine
