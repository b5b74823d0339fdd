#include "sched/block.h"

#include <algorithm>
#include <cstring>
#include <exception>

#include "async/async_state.h"
#include "race/race.h"
#include "report/report.h"
#include "report/user_frames.h"
#include "sched/converged_set.h"
#include "sched/progress_count.h"
#include "warp/rendezvous.h"
#include "warpsafe/engine/check_lane.h"

namespace warpsafe::engine {

__thread const LaneView* tls_lane = nullptr;
__thread Block* tls_block = nullptr;

namespace {

std::uint64_t Mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// First code a lane's fiber runs (tls_lane already names it). Never returns: Exit switches away,
// or returns with a lane that has never run made current, whose body then runs here in turn.
void LaneMain() {
  for (;;) {
    Lane& self = *CurrentLaneOrNull();
    Block& block = *self.block;
    try {
      block.spec().entry(block.spec().closure);
    } catch (const std::exception& e) {
      Report(DefectKind::kUnsupported).Line(std::string("a C++ exception escaped the kernel: ") + e.what()).Emit();
    } catch (...) {
      Report(DefectKind::kUnsupported).Line("a C++ exception escaped the kernel").Emit();
    }
    block.Exit(self);
  }
}

}  // namespace

void Block::Run(GridRun& grid, unsigned linear) {
  Start(grid, linear);
  const Outcome outcome = Resume();
  WARPSAFE_ASSERT(outcome == Outcome::kFinished, "only a cooperative launch's blocks park or yield");
  Finish();
}

void Block::Start(GridRun& grid, unsigned linear) {
  grid_ = &grid;
  linear_ = linear;
  const GridSpec& s = *grid.spec;
  block_idx_ = uint3{linear % s.grid.x, (linear / s.grid.x) % s.grid.y, linear / (s.grid.x * s.grid.y)};
  const Options& options = GetOptions();
  schedule_ = options.schedule;
  switch (schedule_) {
    case Schedule::kLockstep: policy_ = &lockstep_; break;
    case Schedule::kRandom: policy_ = &random_; break;
    case Schedule::kPct:
      pct_.Configure(options.pct_depth, options.pct_steps);
      policy_ = &pct_;
      break;
    case Schedule::kRunahead: policy_ = &runahead_; break;
  }
  demotes_spinners_ = policy_->demotes_spinners();
  activemask_at_once_ = policy_->active_mask_rule() == ActiveMaskRule::kAtOnce;
  lockstep_pick_ = policy_ == &lockstep_;
  pascal_ = options.arch < 70;
  livelock_bound_ = options.livelock_steps;
  // The schedule of a block depends on the seed, the launch and the block only, never on which
  // worker runs it or when: runs are reproducible whatever the number of cores.
  rng_.Seed(Mix(grid.launch_seed ^ Mix(linear + 1)));

  const unsigned n = grid.threads_per_block;
  const unsigned warps = (n + 31) / 32;
  // One stack per thread at most are ever held at once. The pool's stacks never move; they are
  // mapped here, before any lane runs, so that a refusal is reported for the block as a whole.
  while (stacks_.size() < n) {
    fiber::Stack* stack = worker_.stacks.Get(stacks_.size());
    if (stack == nullptr) {
      Report(DefectKind::kUnsupported)
          .Where(DescribeBlock())
          .Line("the system refused to map a stack for thread " + std::to_string(stacks_.size()) +
                " (try a smaller --stack-size)")
          .Emit();
    }
    stacks_.push_back(stack);
  }
  // Spare in reverse, so that the first lanes to run take the first stacks.
  spare_.assign(stacks_.rbegin() + static_cast<std::ptrdiff_t>(stacks_.size() - n), stacks_.rend());
  lanes_.resize(n);
  warps_.resize(warps);
  queue_.Reset(n, policy_->reads_thread_order());
  for (unsigned w = 0; w < warps; ++w) {
    Warp& warp = warps_[w];
    warp.index = w;
    warp.first_tid = w * 32;
    const unsigned count = std::min(32u, n - w * 32);
    warp.exists = count == 32 ? 0xffffffffu : ((1u << count) - 1);
    warp.present = warp.exists;
    warp.blocked = 0;
    warp.group_count = 0;
    warp.fast_key = kNoFastKey;
    warp.am_count = 0;
    warp.conv_count = 0;
  }
  // The thread index of `tid`, stepped in x, then y, then z: no division per thread (four of them
  // cost about as much as the rest of a thread's set-up).
  uint3 idx{0, 0, 0};
  for (unsigned tid = 0; tid < n; ++tid) {
    Lane& l = lanes_[tid];
    l.view.thread_idx = idx;
    if (++idx.x == s.block.x) {
      idx.x = 0;
      if (++idx.y == s.block.y) {
        idx.y = 0;
        ++idx.z;
      }
    }
    l.view.block_idx = block_idx_;
    l.view.block_dim = s.block;
    l.view.grid_dim = s.grid;
    l.ctx = fiber::Context{};  // no fiber until the lane first runs (StartFiber, or Exit's hand-over)
    l.stack = nullptr;
    l.block = this;
    l.warp_state = &warps_[tid / 32];
    l.tid = tid;
    l.warp = tid / 32;
    l.lane = tid % 32;
    l.wait = WaitKind::kNone;
    l.site = Site{nullptr, 0, 0};
    queue_.Add(tid);
  }
  live_ = n;
  aborted_ = false;
  am_open_ = 0;
  conv_open_ = 0;
  UpdateFastPath();
  barrier_.Clear();
  tile_barriers_.clear();
  async::BlockStarted(*this);
  worker_.ReserveArena(SharedArena::CapacityFor(s.dynamic_smem, kSharedBytesPerBlock));
  shared_.Reset(worker_.arena, worker_.arena_size, s.dynamic_smem, kSharedBytesPerBlock);
  output_.clear();
  // Steps count from this block's start: pct's change points are drawn for one block, and a
  // Block object is reused by its worker. A count carried over from the worker's previous block
  // would fire every change point at the new block's first pick and make the schedule depend on
  // which blocks the worker ran before.
  steps_before_countdown_.store(0, std::memory_order_relaxed);
  check_countdown_.store(kCheckInterval, std::memory_order_relaxed);
  countdown_start_.store(kCheckInterval, std::memory_order_relaxed);
  turn_left_ = 0;
  interleaved_ = grid.interleaved;
  policy_->Start(n, rng_);
  yields_without_progress_ = 0;
  steps_since_progress_ = 0;
  seen_epoch_ = ProgressCount();
  stall_started_ns_ = 0;
  inline_progress_ = 0;

  grid_waiter_ = nullptr;
  yielded_ = false;
  parked_ = false;
  stalled_ = false;
  preempted_lane_ = nullptr;
  companions_.store(false, std::memory_order_relaxed);
  static std::atomic<std::uint64_t> generations{0};
  generation_.store(generations.fetch_add(1, std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  if (race::Enabled()) race::BlockStarted(*this);
}

Block::Outcome Block::Resume() {
  yielded_ = false;
  parked_ = false;
  stalled_ = false;
  preempted_pc_ = 0;
  Lane* first = preempted_lane_ != nullptr ? preempted_lane_ : Pick();
  preempted_lane_ = nullptr;
  WARPSAFE_ASSERT(first != nullptr, "a block is resumed with runnable lanes");
  worker_.running.store(this, std::memory_order_relaxed);
  tls_lane_slot_ = &tls_lane;  // this thread's: current() reads it from the watchdog's
  tls_block = this;
  tls_lane = &first->view;
  EnterBlock(first->view);
  EnterLane(first->view);
  const fiber::FpControl fp = fiber::FpControl::Save();
  if (!fiber::Started(first->ctx)) StartFiber(*first);
  fiber::Switch(&sched_ctx_, &first->ctx);
  fp.Restore();  // the lanes share this thread's control words (fiber/context.h)
  tls_lane = nullptr;
  tls_block = nullptr;
  LeaveBlock();
  worker_.running.store(nullptr, std::memory_order_relaxed);

  if (aborted_ || live_ == 0) return Outcome::kFinished;
  // A turn given up while lanes could still run (a block with none left is stuck or at grid.sync()
  // whether or not the turn ended at the same step).
  if (!queue_.empty()) {
    WARPSAFE_ASSERT(yielded_, "a block returns to its worker with runnable lanes only when it yields its turn");
    return Outcome::kYielded;
  }
  if (grid_waiter_ != nullptr) return Outcome::kAtGridBarrier;
  ReportStuck();
}

void Block::Finish() {
  if (race::Enabled()) race::BlockFinished(*this);
  if (!output_.empty()) {
    std::lock_guard<std::mutex> lock(grid_->output_mutex);
    grid_->outputs.emplace_back(linear_, std::move(output_));
    output_ = std::string();
  }
  BumpProgressCount();
}

void Block::SetTurn(std::uint64_t steps) {
  // Restart the countdown so that the turn's end is a periodic check; steps() stays continuous.
  const unsigned left = check_countdown_.load(std::memory_order_relaxed);
  steps_before_countdown_.store(
      steps_before_countdown_.load(std::memory_order_relaxed) + countdown_start_.load(std::memory_order_relaxed) - left,
      std::memory_order_relaxed);
  steps_since_progress_ += countdown_start_.load(std::memory_order_relaxed) - left;
  // One more step than asked: Resume's own first pick counts one, and must not end the turn.
  turn_left_ = steps != 0 ? steps + 1 : 0;
  const auto next = static_cast<unsigned>(turn_left_ != 0 && turn_left_ < kCheckInterval ? turn_left_ : kCheckInterval);
  countdown_start_.store(next, std::memory_order_relaxed);
  check_countdown_.store(next, std::memory_order_relaxed);
}

void Block::Spinning(Lane& lane) {
  if (demotes_spinners_) policy_->OnSpin(lane);
  if (interleaved_ && turn_left_ != 0) {
    SetTurn(0);  // fold the steps taken so far into the counts
    turn_left_ = 1;
    countdown_start_.store(1, std::memory_order_relaxed);
    check_countdown_.store(1, std::memory_order_relaxed);  // the next pick ends the turn
  }
  yields_without_progress_ = 0;
}

void Block::YieldAtAccessOutOfLine(Lane& self) { YieldAtAccess(self); }

bool Block::SlowChecks() {
  const unsigned ran = countdown_start_.load(std::memory_order_relaxed);
  steps_before_countdown_.store(steps_before_countdown_.load(std::memory_order_relaxed) + ran,
                                std::memory_order_relaxed);
  steps_since_progress_ += ran;
  AbsorbInlineProgress();
  AdvanceWindowEpoch();  // the checker's windows end: each period sees a sweep's progress anew
  bool turn_over = false;
  unsigned next = kCheckInterval;
  if (turn_left_ != 0) {
    turn_left_ -= std::min<std::uint64_t>(turn_left_, ran);
    turn_over = turn_left_ == 0;
    if (!turn_over && turn_left_ < next) next = static_cast<unsigned>(turn_left_);
  }
  countdown_start_.store(next, std::memory_order_relaxed);
  check_countdown_.store(next, std::memory_order_relaxed);
  if (grid_->may_park.load(std::memory_order_relaxed) && steps_since_progress_ >= std::min(kParkSteps, livelock_bound_)) {
    // Nothing in the grid moves: it may wait for the host, which runs on until it waits for the
    // grid (RunGrid returns kGridParked). Another block's progress restarts the count, as for the
    // livelock bound.
    const std::uint64_t epoch = ProgressCount();
    if (epoch == seen_epoch_) {
      parked_ = true;
      stalled_ = true;
      yielded_ = true;
      return true;
    }
    seen_epoch_ = epoch;
    steps_since_progress_ = 0;
  }
  if (steps_since_progress_ > livelock_bound_) CheckLivelock();
  if (grid_->error.load(std::memory_order_relaxed) != 0) {
    aborted_ = true;  // another block failed: CUDA stops the whole grid
    return true;
  }
  if (turn_over) {
    yielded_ = true;  // the interleaving runner gives another resident block a turn
    return true;
  }
  if ((grid_->spec->cooperative || grid_->interleaved || grid_->sets_aside) &&
      steps_since_progress_ >= kCooperativeTurnSteps) {
    // A block may wait for another resident block, or one not started yet (a flag set by an
    // atomic): after this many steps without progress it gives the others a turn (the runner
    // resumes it later). Counted in steps, so that a run is the same whatever the number of workers.
    stalled_ = true;
    yielded_ = true;
    return true;
  }
  return false;
}

void Block::ArriveGridBarrier(Lane& self, Site site) {
  self.site = site;
  self.wait = WaitKind::kGridBarrier;
  grid_waiter_ = &self;
  NoteProgress();
  // Blocked like any waiting lane: the block runs its other lanes until none is runnable, and the
  // switch to the worker then returns from Resume with kAtGridBarrier.
  Suspend(self);
}

void Block::ReleaseGridBarrier() {
  WARPSAFE_ASSERT(grid_waiter_ != nullptr, "a block released from grid.sync() waits there");
  Lane& lane = *grid_waiter_;
  grid_waiter_ = nullptr;
  Wake(lane);
}

Lane* Block::PickSlow() {
  if (check_countdown_.load(std::memory_order_relaxed) == 0) {
    if (SlowChecks()) return nullptr;
  }
  for (;;) {
    const Lane* current = CurrentLaneOrNull();
    const PickContext context{queue_, current, current != nullptr && StateOf(*current) == LaneState::kRunnable,
                              am_open_, steps()};
    const Choice choice = policy_->Pick(context, rng_);
    switch (choice.kind) {
      case Choice::Kind::kLane: return &lanes_[choice.index];
      case Choice::Kind::kNone: return nullptr;
      case Choice::Kind::kCloseActiveMask: break;
    }
    // The policy closes the open __activemask point numbered `choice.index` over the warps in
    // order, then picks again.
    std::size_t k = choice.index;
    for (Warp& w : warps_) {
      if (k < w.am_count) {
        ReleaseActiveMask(w, static_cast<unsigned>(k));
        break;
      }
      k -= w.am_count;
    }
  }
}

void Block::SuspendSlow(Lane& self, Warp& warp, std::uint32_t bit) {
  if (warp.am_count != 0 || warp.conv_count != 0) SettleWarp(warp);
  if (pascal_ && !barrier_.empty()) CompleteBarrierPerWarp();
  // Suspend's loop, with the timeline's wait event before each switch away.
  while (warp.blocked & bit) {
    // Pick() may close an __activemask group that holds the caller and then pick the caller:
    // it goes on without a switch (its saved context is stale).
    Lane* next = Pick();
    if (next == &self) continue;
    if (trace::On() && StateOf(self) == LaneState::kBlocked) trace::Blocking(self);
    SwitchTo(self, next);
  }
}

void Block::Exit(Lane& self) {
  self.wait = WaitKind::kNone;
  queue_.Remove(self.tid);
  Warp& w = warps_[self.warp];
  w.present &= ~(1u << self.lane);
  w.blocked &= ~(1u << self.lane);
  --live_;
  NoteProgress();
  // Exited lanes no longer count: a collective or the barrier may have waited only for this one.
  // (Each call only when it has something to look at: a thread that never waited exits here.)
  if (w.group_count != 0) CompleteGroupsAfterExit(*this, w);
  if (!barrier_.empty() && barrier_.arrived() == live_) CompleteBarrier();
  if (pascal_ && !barrier_.empty()) CompleteBarrierPerWarp();
  if (!tile_barriers_.empty()) CompleteTileBarriers();
  if (w.am_count != 0 || w.conv_count != 0) SettleWarp(w);
  Lane* next = Pick();
  if (next != nullptr && !fiber::Started(next->ctx)) {
    // A lane that has never run: it runs on this fiber, whose frames below LaneMain have all
    // returned. What SwitchTo would do but the switch itself.
    next->stack = self.stack;
    self.stack = nullptr;
    tls_lane = &next->view;
    EnterLane(next->view);
    return;
  }
  spare_.push_back(self.stack);  // no lane can take it before the switch below leaves it
  self.stack = nullptr;
  SwitchTo(self, next);
  WARPSAFE_ASSERT(false, "an exited lane is never resumed");
  __builtin_unreachable();
}

void Block::StartFiber(Lane& lane) {
  WARPSAFE_ASSERT(!spare_.empty(), "a block holds a stack for each of its threads");
  fiber::Stack* stack = spare_.back();
  spare_.pop_back();
  lane.stack = stack;
  // Stagger the stack tops: page-aligned stacks would put every fiber's hot frames in the same
  // L1 cache sets, and a warp's 32 fibers would evict each other on every switch (measured: a
  // full-warp shuffle cost 52 ns per lane unstaggered).
  const std::size_t stagger = lane.lane * 128;
  lane.ctx = fiber::Make<LaneMain>(static_cast<char*>(stack->top()) - stagger, stack->usable() - stagger);
}

void Block::Abort(Lane& self, int cuda_error) {
  int expected = 0;
  grid_->error.compare_exchange_strong(expected, cuda_error);
  aborted_ = true;
  SwitchTo(self, nullptr);
  WARPSAFE_ASSERT(false, "a lane of an aborted block is never resumed");
  __builtin_unreachable();
}

void Block::SettleWarp(Warp& warp) {
  if ((warp.am_count == 0 && warp.conv_count == 0) || warp.runnable() != 0) return;
  while (warp.am_count != 0) ReleaseActiveMask(warp, warp.am_count - 1);
  // One converged point at a time: the lanes it releases may reach the others' sites, where
  // pre-Volta hardware reconverged them (converged_set.cpp).
  if (warp.conv_count != 0) ReleaseConverged(warp, FirstConvergedPoint(warp));
}

void Block::ReleaseActiveMask(Warp& warp, unsigned index) {
  const ActiveMaskGroup group = warp.am[index];
  warp.am[index] = warp.am[--warp.am_count];
  --am_open_;
  UpdateFastPath();
  for (std::uint32_t m = group.members; m != 0; m &= m - 1) {
    Lane& l = lanes_[warp.first_tid + static_cast<unsigned>(__builtin_ctz(m))];
    l.out_value = group.members;
    Wake(l);
  }
}

std::uint32_t Block::ArriveActiveMask(Lane& self, Site site) {
  Warp& w = warps_[self.warp];
  // Lanes at the same call site at the same time are converged there: whatever the loop
  // iteration, they execute the same instruction (independent thread scheduling has no notion of
  // iterations). The policy decides when the point closes: see Pick() and SettleWarp().
  unsigned i = 0;
  while (i < w.am_count && w.am[i].site != site) ++i;
  if (i == w.am_count) {
    w.am[w.am_count++] = ActiveMaskGroup{site, 0};
    ++am_open_;
    UpdateFastPath();
  }
  w.am[i].members |= 1u << self.lane;
  self.wait = WaitKind::kActiveMask;
  self.site = site;
  if (activemask_at_once_) {
    // The exploring policies diverge as much as they can: the point closes at once with the lanes
    // already there (often the caller alone).
    const std::uint32_t members = w.am[i].members;
    w.am[i] = w.am[--w.am_count];
    --am_open_;
    UpdateFastPath();
    for (std::uint32_t m = members & ~(1u << self.lane); m != 0; m &= m - 1) {
      Lane& l = lanes_[w.first_tid + static_cast<unsigned>(__builtin_ctz(m))];
      l.out_value = members;
      Wake(l);
    }
    self.wait = WaitKind::kNone;
    return members;
  }
  Suspend(self);
  return static_cast<std::uint32_t>(self.out_value);
}

void* Block::StaticShared(const void* key, std::size_t size, std::size_t align, Site site) {
  bool first = false;
  void* p = shared_.Static(key, size, align, &first);
  if (p == nullptr) {
    Report(DefectKind::kUnsupported)
        .Where(DescribeBlock())
        .AtRunning(site, "__shared__ declaration of " + std::to_string(size) + " bytes")
        .Line("the block's shared memory exceeds the " + std::to_string(kSharedBytesPerBlock / 1024) +
              " KB the engine provides")
        .Emit();
  }
  if (first && race::Enabled()) race::SharedDeclared(*this, p, size, site, key);
  return p;
}

// __syncthreads and its reductions, enforced per thread as on sm_70 and later (docs/semantics.md,
// BAR-*): the barrier completes when every non-exited thread of the block has arrived. Threads
// that arrive at different call sites are a divergent barrier, reported when it completes. Under
// `warpsafe check`, a barrier that completes after part of the block exited is reported too
// (docs/semantics/barriers.md, BAR-7): the Guide allows a barrier only where every thread of the
// block reaches it, which `warpsafe run` relaxes to the hardware's non-exited threads (BAR-4).
int Block::ArriveBarrier(Lane& self, BarrierOp op, int predicate, Site site) {
  barrier_.Arrive(self, op, predicate, site);
  if (barrier_.arrived() == live_) {
    CompleteBarrier();
    return self.out_pred;
  }
  self.wait = WaitKind::kBarrier;
  // Pascal mode completes it per warp: Suspend checks once the caller is blocked.
  Suspend(self);
  return self.out_pred;
}

void Block::CompleteBarrierPerWarp() {
  if (barrier_.EveryWarpWaits(warps_.data(), warps_.size())) CompleteBarrier();
}

void Block::CompleteBarrier() {
  const std::vector<Barrier::SiteCount> sites = barrier_.DivergentSites();
  if (!sites.empty()) {
    Report report(DefectKind::kDivergentBarrier);
    report.Where(DescribeBlock());
    for (const Barrier::SiteCount& c : sites) {
      std::string note;
      const Site site = UserSite(*c.example, c.site, &note);
      report.At(site, "__syncthreads reached by " + std::to_string(c.lanes) +
                          (c.lanes == 1 ? " thread, thread " : " threads, e.g. thread ") +
                          FormatDim(c.example->view.thread_idx) + note);
    }
    report.Line("all non-exited threads of a block must reach the same __syncthreads: one inside a branch is valid "
                "only when every thread of the block takes that branch the same way (BAR-3)");
    report.Emit();
  }
  if (race::Enabled() && live_ < lanes_.size()) ReportBarrierAfterExit();
  if (race::Enabled()) race::BlockSynchronized(*this);
  for (Lane* l : barrier_.Release()) {
    if (StateOf(*l) == LaneState::kBlocked) Wake(*l);
  }
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
  const Lane* waiter = barrier_.waiters().front();
  const auto exited_count = static_cast<unsigned>(lanes_.size()) - live_;
  Report report(DefectKind::kBarrierAfterExit);
  report.Where(DescribeBlock());
  report.At(*waiter, waiter->site, "__syncthreads reached by the block's " + std::to_string(live_) +
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

std::string Block::DescribeBlock() const {
  const GridSpec& s = *grid_->spec;
  return std::string("kernel ") + (s.kernel_name ? s.kernel_name : "?") + " (launched at " + FormatSite(s.site) +
         "), block " + FormatDim(block_idx_);
}

std::string Block::Describe(const Lane& lane) const {
  return DescribeBlock() + ", thread " + FormatDim(lane.view.thread_idx) + " (warp " + std::to_string(lane.warp) +
         ", lane " + std::to_string(lane.lane) + ")";
}

}  // namespace warpsafe::engine
