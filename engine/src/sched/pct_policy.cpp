#include "sched/pct_policy.h"

#include <algorithm>

namespace warpsafe::engine {

void PctPolicy::Start(unsigned threads, Rng& rng) {
  priority_.resize(threads);
  for (unsigned t = 0; t < threads; ++t) priority_[t] = depth_ + t;  // above every change level
  for (unsigned t = threads; t > 1; --t) std::swap(priority_[t - 1], priority_[rng.Below(t)]);
  change_points_.clear();
  for (unsigned i = 1; i < depth_; ++i) change_points_.push_back(rng.Below(steps_) + 1);
  std::sort(change_points_.begin(), change_points_.end());
  next_change_ = 0;
  lowest_priority_ = depth_;
}

void PctPolicy::OnSpin(const Lane& lane) { priority_[lane.tid] = lowest_priority_ > 0 ? --lowest_priority_ : 0; }

Choice PctPolicy::Pick(const PickContext& c, Rng&) {
  if (c.queue.empty()) return Choice::Stop();
  // A change point lowers the running lane below every priority so far.
  while (next_change_ < change_points_.size() && c.steps >= change_points_[next_change_]) {
    ++next_change_;
    if (c.current != nullptr && lowest_priority_ > 0) priority_[c.current->tid] = --lowest_priority_;
  }
  unsigned best = c.queue.at(0);
  for (std::size_t i = 1; i < c.queue.size(); ++i) {
    const unsigned t = c.queue.at(i);
    if (priority_[t] > priority_[best]) best = t;
  }
  return Choice::Run(best);
}

}  // namespace warpsafe::engine
