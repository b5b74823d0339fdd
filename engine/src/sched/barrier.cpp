#include "sched/barrier.h"

#include <algorithm>
#include <string>
#include <tuple>

namespace warpsafe::engine {

void Barrier::Clear() {
  waiters_.clear();
  true_predicates_ = 0;
}

void Barrier::Arrive(Lane& lane, BarrierOp op, int predicate, Site site) {
  lane.site = site;
  lane.in_arg = static_cast<std::uint8_t>(op);
  waiters_.push_back(&lane);
  if (predicate != 0) ++true_predicates_;
}

bool Barrier::EveryWarpWaits(const Warp* warps, std::size_t count) const {
  std::vector<bool> arrived(count, false);
  for (const Lane* l : waiters_) arrived[l->warp] = true;
  for (std::size_t w = 0; w < count; ++w) {
    if (warps[w].present != 0 && (!arrived[w] || warps[w].runnable() != 0)) return false;
  }
  return true;
}

std::vector<Barrier::SiteCount> Barrier::DivergentSites() const {
  std::vector<SiteCount> sites;
  if (waiters_.empty()) return sites;
  const Site first = waiters_.front()->site;
  bool divergent = false;
  for (const Lane* l : waiters_) divergent = divergent || l->site != first;
  if (!divergent) return sites;
  // Sites compare by file name text, not pointer: one file may be named by several literals.
  const auto key = [](const Site& s) { return std::make_tuple(std::string(s.file ? s.file : "?"), s.line, s.column); };
  for (const Lane* l : waiters_) {
    auto it = std::find_if(sites.begin(), sites.end(), [&](const SiteCount& c) { return key(c.site) == key(l->site); });
    if (it == sites.end()) {
      sites.push_back(SiteCount{l->site, 1, l});
    } else {
      ++it->lanes;
    }
  }
  std::sort(sites.begin(), sites.end(), [&](const SiteCount& a, const SiteCount& b) { return key(a.site) < key(b.site); });
  return sites;
}

const std::vector<Lane*>& Barrier::Release() {
  const int total = static_cast<int>(waiters_.size());
  const int count = true_predicates_;
  for (Lane* l : waiters_) {
    switch (static_cast<BarrierOp>(l->in_arg)) {
      case BarrierOp::kPlain: l->out_pred = 0; break;
      case BarrierOp::kCount: l->out_pred = count; break;
      case BarrierOp::kAnd: l->out_pred = count == total ? 1 : 0; break;
      case BarrierOp::kOr: l->out_pred = count > 0 ? 1 : 0; break;
    }
  }
  released_.clear();
  released_.swap(waiters_);
  true_predicates_ = 0;
  return released_;
}

}  // namespace warpsafe::engine
