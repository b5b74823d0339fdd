// What the engine says when a block cannot go on: a mismatched collective (lanes named in a mask
// wait somewhere else), a deadlock (every live thread blocked), or a livelock (steps without
// progress). Never a hang.
#include <chrono>
#include <map>
#include <tuple>

#include "options.h"
#include "race/symbolizer.h"
#include "report/report.h"
#include "report/user_frames.h"
#include "sched/block.h"
#include "sched/progress_count.h"
#include "warp/rendezvous.h"

namespace warpsafe::engine {

namespace {

// What lanes do, with the verb for one lane (`plural` false) or several.
std::string WaitText(const Block& block, const Lane& l, bool plural = false) {
  const std::string waits = plural ? "wait at " : "waits at ";
  // A lane's wait kind is stale once it was woken: only a blocked lane waits somewhere.
  const LaneState state = block.StateOf(l);
  if (state == LaneState::kRunnable) {
    return plural ? "run (last scheduling point here)" : "runs (last scheduling point here)";
  }
  switch (l.wait) {
    case WaitKind::kCollective: {
      const Warp& w = block.warp(l.warp);
      for (unsigned g = 0; g < w.group_count; ++g) {
        if (w.groups[g].arrived & (1u << l.lane)) {
          return waits + CollectiveName(w.groups[g].kind) + " with mask " + FormatMask(w.groups[g].mask);
        }
      }
      break;
    }
    case WaitKind::kActiveMask: return waits + "__activemask";
    case WaitKind::kConverged: return waits + "a mask-less warp intrinsic for the lanes converging there";
    case WaitKind::kBarrier: return waits + "__syncthreads";
    case WaitKind::kGridBarrier: return waits + "grid.sync() for the other blocks";
    case WaitKind::kTileBarrier: return waits + "sync() of a thread_block_tile larger than a warp";
    case WaitKind::kMBarrier: return waits + "an mbarrier phase (cuda::barrier)";
    case WaitKind::kNone: break;
  }
  return plural ? "are blocked" : "is blocked";
}

std::uint64_t NowNs() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

}  // namespace

std::vector<std::string> Block::DescribeWaits() const {
  // Where each live lane is in the user's code: a lane stopped inside a library's code (warpsafe's
  // own collectives, <cooperative_groups.h>, CCCL) is named by the user's call that led there, with
  // the library's line as a note (report/user_frames.h).
  std::vector<const Lane*> live;
  for (const Lane& l : lanes_) {
    if (StateOf(l) != LaneState::kExited) live.push_back(&l);
  }
  std::vector<std::string> library;
  const std::vector<Site> user = UserSites(live, &library);
  // (warp, file, line, what, library line) -> lanes
  using Key = std::tuple<unsigned, std::string, unsigned, std::string, std::string>;
  std::map<Key, std::uint32_t> groups;
  std::map<Key, Site> sites;
  std::map<Key, const Lane*> firsts;
  for (std::size_t i = 0; i < live.size(); ++i) {
    const Lane& l = *live[i];
    auto key = std::make_tuple(l.warp, std::string(user[i].file ? user[i].file : "?"), user[i].line,
                               WaitText(*this, l), library[i]);
    groups[key] |= 1u << l.lane;
    sites[key] = user[i];
    firsts.emplace(key, &l);
  }
  std::vector<std::string> lines;
  for (const auto& [key, lanes] : groups) {
    const bool several = __builtin_popcount(lanes) > 1;
    const std::string& in = std::get<4>(key);
    lines.push_back("warp " + std::to_string(std::get<0>(key)) + " " + LanesPhrase(lanes) + " " +
                    WaitText(*this, *firsts[key], several) + " at " + FormatSite(sites[key]) +
                    (in.empty() ? "" : " (in " + in + ")"));
  }
  return lines;
}

void Block::ReportStuck() {
  // A collective that waits for a lane blocked elsewhere can never complete: name both places.
  for (const Warp& w : warps_) {
    for (unsigned g = 0; g < w.group_count; ++g) {
      const Group& group = w.groups[g];
      const std::uint32_t missing = group.mask & w.present & ~group.arrived;
      if (missing == 0) continue;
      const Lane& waiter = lanes_[w.first_tid + static_cast<unsigned>(__builtin_ctz(group.arrived))];
      const Lane& absent = lanes_[w.first_tid + static_cast<unsigned>(__builtin_ctz(missing))];
      // A lane held at __syncthreads while its warp-mates wait for it at a collective is a deadlock
      // between the barrier and the collective: reported below with where every thread waits.
      if (StateOf(absent) == LaneState::kBlocked && absent.wait == WaitKind::kBarrier) continue;
      std::string waiter_note, absent_note;
      const Site waiter_site = UserSite(waiter, waiter.site, &waiter_note);
      const Site absent_site = UserSite(absent, absent.site, &absent_note);
      Report report(DefectKind::kCollectiveMismatch);
      report.Where(DescribeBlock() + ", warp " + std::to_string(w.index))
          .At(waiter_site, LanesPhrase(group.arrived) + " " + Verb(group.arrived, "waits", "wait") + " at " +
                               CollectiveName(group.kind) + " with mask " + FormatMask(group.mask) + waiter_note)
          .At(absent_site, LanesPhrase(missing) + ", named in that mask, " +
                               Verb(missing, "never arrives", "never arrive") + ": lane " +
                               std::to_string(absent.lane) + " " + WaitText(*this, absent) + absent_note)
          .Line("every non-exited lane named in the mask must execute the same intrinsic with the same mask; CUDA "
                "leaves the result undefined otherwise, and here the warp can never go on (SYNC-SAME)");
      report.Emit();
    }
  }
  Report report(DefectKind::kDeadlock);
  report.Where(DescribeBlock()).Line("every live thread of the block is blocked (BAR-6):");
  for (const std::string& line : DescribeWaits()) report.Line("  " + line);
  report.Emit();
}

void Block::CheckLivelock() {
  const std::uint64_t epoch = ProgressCount();
  if (epoch != seen_epoch_) {
    // Another block changed memory this block may be waiting on: not stuck (yet).
    seen_epoch_ = epoch;
    steps_since_progress_ = 0;
    stall_started_ns_ = 0;
    return;
  }
  if (grid_->active_blocks.load(std::memory_order_relaxed) > 1) {
    // Another running block may be the one this block waits for, and its plain stores are not
    // seen as progress: give it time instead of steps.
    const std::uint64_t now = NowNs();
    if (stall_started_ns_ == 0) stall_started_ns_ = now;
    if (now - stall_started_ns_ < std::uint64_t{GetOptions().hang_seconds} * 1000000000ull) {
      steps_since_progress_ = 0;
      return;
    }
  }
  Report report(StuckKind(*grid_, DefectKind::kLivelock));
  report.Where(DescribeBlock())
      .Line("no progress (no collective, barrier, exit, modifying atomic, or checked access that observed "
                   "something new) in " + std::to_string(livelock_bound_) +
            " scheduling steps (--livelock-steps); the threads:");
  for (const std::string& line : DescribeWaits()) report.Line("  " + line);
  AddResidencyLines(report, *grid_);
  report.Emit();
}

void Block::ReportSetAside() {
  const unsigned seconds = GetOptions().hang_seconds;
  Report report(StuckKind(*grid_, preempted_pc_ != 0 ? DefectKind::kHang : DefectKind::kLivelock));
  report.Where(DescribeBlock());
  if (preempted_pc_ != 0) {
    // The symbolizer takes return addresses (it looks one byte back): pc + 1 lands on pc itself.
    const race::CodeLocation at = race::SymbolizeReturnAddresses({preempted_pc_ + 1})[0];
    if (!at.file.empty() && at.line != 0) {
      report.At(Site{at.file.c_str(), at.line},
                "where a thread runs without reaching a scheduling point" +
                    (at.function.empty() ? std::string() : " (in " + at.function + ")"));
    }
  }
  report.Line("the blocks set aside on this worker made no progress (no collective, barrier, exit or modifying "
              "atomic anywhere in the grid) in " + std::to_string(seconds) +
              " s (--hang-seconds); the threads of this one:");
  for (const std::string& line : DescribeWaits()) report.Line("  " + line);
  AddResidencyLines(report, *grid_);
  report.Emit();
}

}  // namespace warpsafe::engine
