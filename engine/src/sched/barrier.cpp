// __syncthreads and its reductions, enforced per thread as on sm_70 and later (docs/semantics.md,
// BAR-*): the barrier completes when every non-exited thread of the block has arrived. Threads
// that arrive at different call sites are a divergent barrier, reported when it completes. Under
// `warpsafe check`, a barrier that completes after part of the block exited is reported too
// (docs/semantics/barriers.md, BAR-7): the Guide allows a barrier only where every thread of the
// block reaches it, which `warpsafe run` relaxes to the hardware's non-exited threads (BAR-4).
#include <map>
#include <tuple>

#include "race/race.h"
#include "report/report.h"
#include "sched/block.h"
#include "warp/rendezvous.h"

namespace warpsafe::engine {

int Block::ArriveBarrier(Lane& self, BarrierOp op, int predicate, Site site) {
  self.site = site;
  self.in_arg = static_cast<int>(op);
  bar_waiters_.push_back(&self);
  if (predicate != 0) ++bar_count_;
  if (bar_waiters_.size() == live_) {
    CompleteBarrier();
    return self.out_pred;
  }
  self.wait = WaitKind::kBarrier;
  // Pascal mode completes it per warp: Suspend checks once the caller is blocked.
  Suspend(self);
  return self.out_pred;
}

void Block::CompleteBarrierPerWarp() {
  std::vector<bool> arrived(warps_.size(), false);
  for (const Lane* l : bar_waiters_) arrived[l->warp] = true;
  for (const Warp& w : warps_) {
    if (w.present != 0 && (!arrived[w.index] || w.runnable() != 0)) return;
  }
  CompleteBarrier();
}

void Block::CompleteBarrier() {
  const Site first = bar_waiters_.front()->site;
  bool divergent = false;
  for (const Lane* l : bar_waiters_) divergent = divergent || l->site != first;
  if (divergent) {
    std::map<std::tuple<std::string, unsigned, unsigned>, std::uint32_t> count;
    std::map<std::tuple<std::string, unsigned, unsigned>, const Lane*> example;
    for (const Lane* l : bar_waiters_) {
      auto key = std::make_tuple(std::string(l->site.file ? l->site.file : "?"), l->site.line, l->site.column);
      ++count[key];
      if (!example.count(key)) example[key] = l;
    }
    Report report(DefectKind::kDivergentBarrier);
    report.Where(DescribeBlock());
    for (const auto& [key, n] : count) {
      const Lane* l = example[key];
      report.At(l->site, "__syncthreads reached by " + std::to_string(n) +
                             (n == 1 ? " thread, thread " : " threads, e.g. thread ") +
                             FormatDim(l->view.thread_idx));
    }
    report.Line("all non-exited threads of a block must reach the same __syncthreads: one inside a branch is valid "
                "only when every thread of the block takes that branch the same way (BAR-3)");
    report.Emit();
  }
  if (race::Enabled() && live_ < lanes_.size()) ReportBarrierAfterExit();
  const int total = static_cast<int>(bar_waiters_.size());
  const int count = bar_count_;
  for (Lane* l : bar_waiters_) {
    switch (static_cast<BarrierOp>(l->in_arg)) {
      case BarrierOp::kPlain: l->out_pred = 0; break;
      case BarrierOp::kCount: l->out_pred = count; break;
      case BarrierOp::kAnd: l->out_pred = count == total ? 1 : 0; break;
      case BarrierOp::kOr: l->out_pred = count > 0 ? 1 : 0; break;
    }
  }
  if (race::Enabled()) race::BlockSynchronized(*this);
  std::vector<Lane*> waiters;
  waiters.swap(bar_waiters_);
  bar_count_ = 0;
  for (Lane* l : waiters) {
    if (StateOf(*l) == LaneState::kBlocked) Wake(*l);
  }
  waiters.clear();
  waiters.swap(bar_waiters_);  // keep the capacity for the next barrier
  NoteProgress();
}

void Block::ReportBarrierAfterExit() {
  const Lane* exited = nullptr;
  for (const Lane& l : lanes_) {
    if (StateOf(l) == LaneState::kExited) {
      exited = &l;
      break;
    }
  }
  const Lane* waiter = bar_waiters_.front();
  const auto exited_count = static_cast<unsigned>(lanes_.size()) - live_;
  Report report(DefectKind::kBarrierAfterExit);
  report.Where(DescribeBlock());
  report.At(waiter->site, "__syncthreads reached by the block's " + std::to_string(live_) +
                              (live_ == 1 ? " remaining thread, thread " : " remaining threads, e.g. thread ") +
                              FormatDim(waiter->view.thread_idx) + " (warp " +
                              std::to_string(waiter->warp) + ", lane " + std::to_string(waiter->lane) + ")");
  if (exited != nullptr) {
    report.Line(std::to_string(exited_count) +
                (exited_count == 1 ? " thread of the block had exited before it: thread "
                                   : " threads of the block had exited before it, e.g. thread ") +
                FormatDim(exited->view.thread_idx) + " (warp " + std::to_string(exited->warp) + ", lane " +
                std::to_string(exited->lane) + ")");
  }
  report.Line("the Programming Guide allows __syncthreads only where every thread of the block reaches it (in "
              "conditional code, only when the condition is the same in the whole block); an early return is such "
              "a condition, so the barrier's effect is undefined (BAR-7): let every thread reach it, and skip the "
              "work instead of returning");
  report.Emit();
}

}  // namespace warpsafe::engine
