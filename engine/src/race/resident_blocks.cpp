// Several blocks resident at once on one thread (sched/interleaved_grid.cpp): the detector keeps
// the running block's state in its members, where the access path reads it, and parks the others.
// A switch costs a few vector swaps, once per turn, never per access.
#include <utility>

#include "race/detector.h"

namespace warpsafe::engine::race {

void Detector::Park() {
  ParkedBlock p;
  p.block = block_;
  p.linear = block_linear_;
  p.counter = counter_;
  p.arena = arena_;
  p.arena_size = arena_size_;
  p.lanes.swap(lanes_);
  p.declarations.swap(declarations_);
  std::swap(p.shared, shared_);
  std::swap(p.missed, missed_);
  p.missed_site = missed_site_;
  p.pending = pending_uninitialized_;
  pending_uninitialized_ = PendingRead{};
  parked_.push_back(std::move(p));
  block_active_ = false;
  ForgetDecisions();
}

bool Detector::Unpark(Block& block) {
  std::size_t i = 0;
  while (i < parked_.size() && parked_[i].block != &block) ++i;
  if (i == parked_.size()) return false;
  if (block_active_) Park();  // appends: index i stays valid
  ParkedBlock p = std::move(parked_[i]);
  parked_.erase(parked_.begin() + static_cast<std::ptrdiff_t>(i));
  if (shared_.arena() != nullptr) spare_shadows_.push_back(std::move(shared_));
  block_ = p.block;
  block_active_ = true;
  block_linear_ = p.linear;
  counter_ = p.counter;
  arena_ = p.arena;
  arena_size_ = p.arena_size;
  lanes_.swap(p.lanes);
  declarations_.swap(p.declarations);
  shared_ = std::move(p.shared);
  missed_ = std::move(p.missed);
  missed_site_ = p.missed_site;
  pending_uninitialized_ = p.pending;
  ForgetDecisions();
  return true;
}

void Detector::UseShadowFor(const unsigned char* arena) {
  if (shared_.arena() == arena) return;
  for (auto it = spare_shadows_.begin(); it != spare_shadows_.end(); ++it) {
    if (it->arena() == arena) {
      if (shared_.arena() != nullptr) {
        std::swap(*it, shared_);
      } else {
        shared_ = std::move(*it);
        spare_shadows_.erase(it);
      }
      return;
    }
  }
  if (shared_.arena() != nullptr) spare_shadows_.push_back(std::move(shared_));
  shared_ = SharedShadow();
}

}  // namespace warpsafe::engine::race
