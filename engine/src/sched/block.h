// A thread block being run: its lanes (fibers), the run queue of those that may run, and the
// warps' rendezvous state, with three named parts (each its own type, file and tests):
//   policy_   which runnable lane runs next, how a spinning lane is handled, when __activemask
//             converges (sched/policy.h; the random and lockstep picks are inline here)
//   barrier_  who waits at __syncthreads and what each gets back (sched/barrier.h); each
//             multi-warp tile's barrier is one too (tile_barriers_, cg/tile_barrier.cpp)
//   shared_   the block's shared memory, its static layout fixed before the block runs
//             (sched/shared_arena.h, sched/shared_layout.h)
// What stays in Block is what ties them together: switching lanes, waking them, the
// __activemask convergence points, and the periodic checks (livelock, grid abort, watchdog).
//
// Threading: a Block lives on one worker thread and all its lanes run on that thread, one at a
// time; a lane switches directly to the next lane the policy picks (no trip through a scheduler
// fiber), and only returns to the worker's own context when the block is finished, aborted, or
// stuck. Nothing here is shared with other threads except through GridRun.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "internal_error.h"
#include "options.h"
#include "sched/barrier.h"
#include "sched/builtin_variables.h"
#include "sched/grid_run.h"
#include "sched/lane.h"
#include "sched/lockstep_policy.h"
#include "sched/pct_policy.h"
#include "sched/policy.h"
#include "sched/random_policy.h"
#include "sched/rng.h"
#include "sched/run_queue.h"
#include "sched/runahead_policy.h"
#include "sched/shared_arena.h"
#include "sched/worker.h"
#include "trace/timeline.h"
#include "warp/warp.h"

namespace warpsafe::engine {

class Block;
// The block whose lanes run on this worker thread now (Block::Resume sets it; null between blocks).
// The hot path reads its block here, not from the lane: a thread-local is at a fixed address, so
// the load does not wait for the lane's record, which the switch to the lane has only just named.
extern __thread Block* tls_block __attribute__((tls_model("local-exec")));

class Block {
 public:
  explicit Block(Worker& worker) : worker_(worker) {}

  // Runs block `linear` of `grid` until every thread has exited or the grid is aborted.
  // Stuck blocks (deadlock, livelock) are reported and end the process.
  void Run(GridRun& grid, unsigned linear);

  // The same in steps, for a cooperative launch, whose blocks are all resident at once and take
  // turns on one worker (sched/cooperative_grid.cpp): Start sets the block up, each Resume runs
  // its lanes until the block finishes, parks at grid.sync(), or yields its turn, and Finish
  // hands in its output. Run is Start, one Resume and Finish.
  enum class Outcome : std::uint8_t { kFinished, kAtGridBarrier, kYielded };
  void Start(GridRun& grid, unsigned linear);
  Outcome Resume();
  void Finish();
  // Interleaved blocks (sched/interleaved_grid.cpp): the next Resume gives up its turn after at
  // most `steps` scheduling steps (0: no limit), returning kYielded if lanes can still run.
  void SetTurn(std::uint64_t steps);
  // The block's own shared-memory arena (its worker's): what the race detector watches.
  std::size_t arena_size() const { return worker_.arena_size; }
  // grid.sync()'s middle step, called by one lane of the block once the whole block is at its
  // barrier: the lane waits until the cooperative runner releases the grid (ReleaseGridBarrier).
  void ArriveGridBarrier(Lane& self, Site site);
  void ReleaseGridBarrier();
  // The lane waiting at grid.sync() for the other blocks, or null.
  const Lane* grid_waiter() const { return grid_waiter_; }
  // Whether the last Resume returned kYielded because the block waits for the host: no lane made
  // progress for kParkSteps while the grid may park (GridRun::may_park; sched/grid.h, RunGrid).
  // The block keeps its lanes, stacks and shared memory until it is resumed (docs/semantics/host_wait.md).
  bool parked() const { return parked_; }
  // Called in the running lane, from the signal the watchdog sends to a worker whose lane has run
  // without a scheduling point (a spin on a plain load; sched/watchdog.cpp) while its grid may
  // park (`park`: memory only the host writes) or while another block could run on this worker
  // in its place (companions()): ends the block's turn with the lane mid-run, and returns, inside
  // the signal handler, when the lane runs again.
  void PreemptCurrent(bool park, std::uintptr_t pc) {
    preempted_pc_ = pc;
    preempted_lane_ = LaneOf(tls_lane);
    parked_ = park;
    stalled_ = true;
    yielded_ = true;
    SwitchTo(*preempted_lane_, nullptr);
  }
  // Reports this block, set aside, when no block of its worker could go on for --hang-seconds
  // (sched/coresident_blocks.cpp): as a hang where the watchdog preempted a lane that reached no
  // scheduling point (naming where it ran), else as a livelock; kBlocksNotResident when the blocks
  // wait for blocks the device cannot hold at once.
  [[noreturn]] void ReportSetAside();
  // Whether the last Resume returned kYielded because the block made no progress: it spun for
  // kCooperativeTurnSteps steps, or the watchdog preempted a lane that reached no scheduling point.
  bool stalled() const { return stalled_; }
  // Set by the runner before Resume: another block of the grid could run on this worker if this
  // one stepped aside (a block set aside, or one not started that the device could hold). The
  // watchdog reads it to decide whether a lane spinning without a scheduling point is preempted
  // (sched/coresident_blocks.cpp).
  void SetCompanions(bool any) { companions_.store(any, std::memory_order_relaxed); }
  bool companions() const { return companions_.load(std::memory_order_relaxed); }
  // Scheduling steps since the block last made progress (as the livelock bound counts them).
  std::uint64_t steps_without_progress() const {
    const std::uint64_t interval = countdown_start_.load(std::memory_order_relaxed) -
                                   check_countdown_.load(std::memory_order_relaxed);
    // Progress the inline access path marked since the last periodic check (AbsorbInlineProgress)
    // was made within this interval.
    return inline_progress_ != 0 ? interval : steps_since_progress_ + interval;
  }
  // Distinct for every block run by any Block object (Start takes a new one): the watchdog keeps a
  // block's record across the turns it is set aside, and never mistakes a new block for it.
  std::uint64_t generation() const { return generation_.load(std::memory_order_relaxed); }
  const GridRun* grid_run() const { return grid_; }

  // ---- called from a lane of this block, on its own fiber ----

  // Blocks the caller (its wait kind and site already set) and runs others until it is woken.
  // `warp` is the caller's warp. Always inlined into the rendezvous: the waiting lane's whole path
  // to the switch is then one function with one prologue.
  [[gnu::always_inline]] inline void Suspend(Lane& self, Warp& warp) {
    Suspend<false>(self, warp, 1u << self.lane, {});
  }
  // The same with the caller's lane bit (1 << self.lane) already computed, and with kSetWait, the
  // caller's wait kind, which Suspend writes (the caller has not): on the fast path as the last
  // store before the switch, next to the switch's own stores to the lane's first line, so that the
  // two retire into the cache together (see SwitchToLane).
  template <bool kSetWait = false>
  [[gnu::always_inline]] inline void Suspend(Lane& self, Warp& warp, std::uint32_t bit, WaitKind wait) {
    warp.blocked |= bit;
    if (__builtin_expect(fast_suspend_, 1)) {
      // The random policy with nothing open, no periodic check due: the removal from the run queue
      // and the uniform pick among the lanes left, in one step (the same entries and the same draw
      // as Remove and Pick). A lane resumes here only once a pick took it from the run queue, which
      // holds runnable lanes only: it returns at once, with no test of its warp's mask.
      const unsigned countdown = check_countdown_.load(std::memory_order_relaxed) - 1;
      const std::size_t left = queue_.size() - 1;
      if (__builtin_expect(countdown != 0 && left != 0, 1)) {
        check_countdown_.store(countdown, std::memory_order_relaxed);
        Lane* next = &lanes_[queue_.RemoveAndPick(self.tid, rng_.Below(left), left)];
        if (left >= kPrefetchPicksFrom) PrefetchLikelyPick(left);
        SwitchToLane<kSetWait>(self, next, wait);
        return;
      }
      if (kSetWait) self.wait = wait;
      // The countdown reaches zero or no lane is left runnable: the general loop below.
      queue_.Remove(self.tid);
    } else {
      if (kSetWait) self.wait = wait;
      queue_.Remove(self.tid);
      if (__builtin_expect(suspend_checks_, 0)) {
        SuspendSlow(self, warp, bit);
        return;
      }
    }
    // Nothing of the caller's but the Block is kept across the switch: its lane is read again from
    // tls_lane, which the switch back to it set. A value kept across it would be a spill and a
    // reload on the lane's stack, and with 256 lanes a block the stacks do not fit in L1.
    Lane* me = &self;
    for (;;) {
      // Pick() may close an __activemask group that holds the caller and then pick the caller:
      // it goes on without a switch (its saved context is stale).
      Lane* next = Pick();
      if (next != me) {
        SwitchTo(*me, next);
        me = LaneOf(tls_lane);
      }
      if ((me->warp_state->blocked & (1u << me->lane)) == 0) return;
    }
  }
  void Suspend(Lane& self) { Suspend(self, warps_[self.warp]); }
  // A scheduling point: the policy may run other lanes before the caller continues.
  void Yield(Lane& self) {
    // The unfair policies would let a spinning lane starve the lane it waits for, and an interleaved
    // block the resident block it waits for: a lane that keeps yielding without progress is handed
    // to Spinning.
    if (demotes_spinners_ || interleaved_) {
      AbsorbInlineProgress();
      if (++yields_without_progress_ > Policy::kSpinYields) Spinning(self);
    }
    Lane* next = Pick();
    if (next != &self) SwitchTo(self, next);
  }
  // The scheduling point of an instrumented memory access (check builds): like Yield, but an
  // ordinary load or store is not spinning, so it never demotes the lane under pct/runahead.
  void YieldAtAccess(Lane& self) {
    Lane* next = Pick();
    if (next != &self) SwitchTo(self, next);
  }
  // An instrumented access that is no scheduling point of its own (check builds, the fast path of
  // race/fast_access.h): it still counts as a step, so the livelock bound, the watchdog and the
  // periodic checks see it, and when the periodic check is due it is a scheduling point.
  void StepAtAccess(Lane& self) {
    const unsigned countdown = check_countdown_.load(std::memory_order_relaxed);
    if (__builtin_expect(countdown > 1, 1)) {
      check_countdown_.store(countdown - 1, std::memory_order_relaxed);
      return;
    }
    YieldAtAccessOutOfLine(self);
  }
  // YieldAtAccess as a call, keeping the switch out of the inline fast path's code.
  [[gnu::noinline]] void YieldAtAccessOutOfLine(Lane& self);
  // Makes the blocked lanes of `mask` in `warp` runnable again (results already written): one
  // update of the warp's mask and of the run queue, nothing written to the lanes themselves.
  void WakeGroup(Warp& warp, std::uint32_t mask) {
    mask &= warp.blocked;
    warp.blocked &= ~mask;
    queue_.AddWarpLanes(warp.first_tid, mask);
  }
  // Makes a blocked lane runnable again (its results already written).
  void Wake(Lane& lane) {
    lane.wait = WaitKind::kNone;
    warps_[lane.warp].blocked &= ~(1u << lane.lane);
    queue_.Add(lane.tid);
  }
  // Where `lane` is, from its warp's masks.
  LaneState StateOf(const Lane& lane) const {
    const Warp& w = warps_[lane.warp];
    const std::uint32_t bit = 1u << lane.lane;
    if ((w.present & bit) == 0) return LaneState::kExited;
    return (w.blocked & bit) != 0 ? LaneState::kBlocked : LaneState::kRunnable;
  }
  // The caller's thread has exited. Switches to the next lane the policy picks and never returns,
  // unless that lane has never run: then it becomes the current lane on the caller's fiber and
  // stack, and Exit returns for LaneMain to run its body there (no switch, no fresh stack). A
  // kernel whose threads reach no scheduling point runs each block on one stack this way, in the
  // order the policy picks, as it would with a fiber per thread.
  void Exit(Lane& self);
  // Ends the grid with `cuda_error` (device assert, trap): no lane of this block runs again.
  [[noreturn]] void Abort(Lane& self, int cuda_error);
  void NoteProgress() {
    steps_since_progress_ = 0;
    stall_started_ns_ = 0;
    yields_without_progress_ = 0;
  }
  // The checker's inline access path (warpsafe/engine/check_inline.h) counts its steps on the
  // countdown and marks progress in a flag, taken as NoteProgress where progress is next looked at
  // (SlowChecks, the spin count of Yield): at most one periodic check's steps late.
  unsigned* countdown_address() { return reinterpret_cast<unsigned*>(&check_countdown_); }
  unsigned char* inline_progress_address() { return &inline_progress_; }
  void AbsorbInlineProgress() {
    if (__builtin_expect(inline_progress_ != 0, 0)) {
      inline_progress_ = 0;
      NoteProgress();
    }
  }

  // Blocks `self` at __activemask() and returns the converged set the policy chose.
  std::uint32_t ArriveActiveMask(Lane& self, Site site);
  // Blocks `self` at a mask-less pre-Volta intrinsic's call site and returns the lanes of its warp
  // converged there: every lane that reaches the site before the warp has no runnable lane left,
  // whatever the policy (docs/semantics/legacy_warp.md, LEGACY-2; sched/converged_set.cpp).
  std::uint32_t ArriveConverged(Lane& self, Site site);
  // __syncthreads and its reductions.
  int ArriveBarrier(Lane& self, BarrierOp op, int predicate, Site site);
  // The barrier of the `warps` warps from `first_warp` (a thread_block_tile larger than a warp):
  // returns when every non-exited thread of those warps has arrived at the same member `member`
  // (a string literal, named in reports). A waiter at another member of the same tile, and a
  // completion without threads of the tile that exited, are reported (cg/tile_barrier.cpp).
  void ArriveTileBarrier(Lane& self, unsigned first_warp, unsigned warps, const char* member, Site site);

  void* DynamicShared() { return shared_.dynamic(); }
  // The bytes from DynamicShared() on that are this block's shared memory: the window a shared
  // address (cvta.to.shared, a .shared operand) is an offset into. Static declarations have
  // program-wide slots (shared_layout.h), so it can be larger than one block may use.
  std::size_t SharedWindowBytes() const { return worker_.arena_size; }
  // Whether `p` is in this block's shared memory (its dynamic and static parts alike).
  bool HoldsShared(const void* p) const {
    const auto* a = static_cast<const unsigned char*>(p);
    return a >= worker_.arena && a < worker_.arena + worker_.arena_size;
  }
  void* StaticShared(const void* key, std::size_t size, std::size_t align, Site site);
  std::string& output() { return output_; }

  // Called when a lane of `warp` blocks or exits: releases __activemask groups of a warp with no
  // runnable lane left (they are all the lanes that can ever converge there), and the converged
  // point of the mask-less intrinsics that comes first in the source (LEGACY-2).
  void SettleWarp(Warp& warp);

  Warp& warp(unsigned w) { return warps_[w]; }
  const Warp& warp(unsigned w) const { return warps_[w]; }
  unsigned warp_count() const { return static_cast<unsigned>(warps_.size()); }
  Lane& lane(unsigned tid) { return lanes_[tid]; }
  // The shuffle's assembly path's guess of the next pick (likely_pick_; null before its first).
  const Lane* likely_pick() const { return likely_pick_; }
  unsigned threads() const { return static_cast<unsigned>(lanes_.size()); }
  const GridSpec& spec() const { return *grid_->spec; }
  const GridRun& grid() const { return *grid_; }
  uint3 block_idx() const { return block_idx_; }
  Schedule schedule() const { return schedule_; }
  const Policy& policy() const { return *policy_; }
  // --arch sm_60: pre-Volta warp rules (docs/semantics.md, PASCAL-*).
  bool pascal() const { return pascal_; }
  // The lane running now, or null (the watchdog reads it from another thread while the lane spins).
  // Not a member the switch writes: the running lane is the worker thread's tls_lane, read here
  // through its address (another thread may read a thread-local through a pointer), and it is
  // this block's only while it points into lanes_.
  const Lane* current() const {
    const LaneView* const* slot = tls_lane_slot_;
    const LaneView* view = slot != nullptr ? __atomic_load_n(slot, __ATOMIC_RELAXED) : nullptr;
    if (view == nullptr) return nullptr;
    const Lane* lane = LaneOf(view);
    return lane >= lanes_.data() && lane < lanes_.data() + lanes_.size() ? lane : nullptr;
  }
  // Scheduling steps taken in this block so far (the watchdog reads them from another thread).
  std::uint64_t steps() const {
    return steps_before_countdown_.load(std::memory_order_relaxed) + countdown_start_.load(std::memory_order_relaxed) -
           check_countdown_.load(std::memory_order_relaxed);
  }

  // "kernel K, block (x,y,z), thread (x,y,z) (warp W, lane L)" for reports.
  std::string Describe(const Lane& lane) const;
  std::string DescribeBlock() const;

 private:
  // The assembly fast path of Shfl reads these members at fixed offsets (warp/shuffle.cpp checks them).
  friend struct ShuffleFastPathLayout;
  // The next lane to run (null: none is runnable, or the block must stop). Inline for the common
  // cases (random with no open __activemask point, lockstep; no periodic check due); PickSlow
  // does the rest.
  Lane* Pick() {
    // The countdown is the only per-step count (steps() derives the total from it). A relaxed
    // load and store, not a read-modify-write: only this thread writes it.
    const unsigned countdown = check_countdown_.load(std::memory_order_relaxed) - 1;
    check_countdown_.store(countdown, std::memory_order_relaxed);
    if (__builtin_expect(countdown != 0, 1)) {
      if (fast_pick_) {
        // The random policy with no __activemask point open: any runnable lane may run next.
        return queue_.empty() ? nullptr : &lanes_[RandomPolicy::PickLane(queue_, rng_)];
      }
      if (lockstep_pick_) {
        const long next = LockstepPolicy::PickLane(queue_, CurrentLaneOrNull());
        return next < 0 ? nullptr : &lanes_[static_cast<std::size_t>(next)];
      }
    }
    return PickSlow();
  }
  // The periodic checks when due, then the policy's decision (closing the __activemask points it
  // chooses to close first).
  [[gnu::noinline]] Lane* PickSlow();
  // Suspend's rest when an open __activemask point or Pascal mode's per-warp barrier may complete
  // now that the caller is blocked, or when the timeline is recorded (its wait events are
  // written only here: Suspend is the one place a blocked lane switches away).
  [[gnu::noinline]] void SuspendSlow(Lane& self, Warp& warp, std::uint32_t bit);
  // A lane yielded kSpinYields times without progress: the policy's OnSpin (pct demotes it,
  // runahead hands over), and an interleaved block gives the other resident blocks a turn at its
  // next step (the one it may wait for).
  void Spinning(Lane& lane);
  // Livelock bound and grid abort; true when the block must stop (aborted).
  bool SlowChecks();
  // Runs `next` (null: returns to the worker) and returns when the caller is resumed. A blocked
  // caller's timeline event is SuspendSlow's to write: no other caller switches away blocked.
  void SwitchTo(Lane& self, Lane* next) {
    const fiber::Context* to;
    if (next != nullptr) {
      tls_lane = &next->view;
      EnterLane(next->view);
      if (__builtin_expect(!fiber::Started(next->ctx), 0)) StartFiber(*next);
      to = &next->ctx;
    } else {
      tls_lane = nullptr;
      to = &sched_ctx_;
    }
    fiber::Switch(&self.ctx, to);
  }
  // SwitchTo with a lane (never null): the fast path's switch. With kSetWait it also writes the
  // caller's wait kind, last, beside the switch's stores to the same line of the caller's record
  // (the context): stores leave the store buffer for the cache one a cycle, or two when two in a
  // row go to one line (measured on the engine's machine: 8 stores to 8 lines 8 cycles, to 4
  // lines in pairs 4).
  template <bool kSetWait = false>
  [[gnu::always_inline]] void SwitchToLane(Lane& self, Lane* next, WaitKind wait = {}) {
    tls_lane = &next->view;
    EnterLane(next->view);
    if (__builtin_expect(!fiber::Started(next->ctx), 0)) StartFiber(*next);
    if (kSetWait) self.wait = wait;
    fiber::Switch(&self.ctx, &next->ctx);
  }
  // The random policy's fast path, once it has picked the next lane with `left` lanes runnable:
  // the lane that this next lane will most likely pick in turn, when it waits, is brought into the
  // cache ahead: its record's first line (read here for the saved stack pointer) and the top of
  // its stack, the lines a switch to it loads first and waits for. The guess is the draw that
  // lane's pick will make if nothing else changes the run queue before (the generator's next
  // state, one lane fewer): a full-warp collective's lanes arrive one after another, so it is
  // usually right, and a wrong guess costs a useless prefetch, never a different schedule. Only
  // from kPrefetchPicksFrom lanes: a block of up to a warp keeps its lanes' records and stacks in
  // L1 anyway; with 256 threads the records alone fill a 32 KB L1, and a switch missed it for both
  // lines (BENCHMARKS.md, Engine). shuffle_fast_path_x86_64_sysv.S does the same, and keeps the
  // guess (likely_pick_).
  void PrefetchLikelyPick(std::size_t left) const {
    const Lane& likely = lanes_[queue_.at(rng_.PeekBelow(left - 1))];
    const char* const sp = static_cast<const char*>(fiber::StackPointer(likely.ctx));
    __builtin_prefetch(sp);
    __builtin_prefetch(sp + kResumeFrameBytes);
  }
  static constexpr std::size_t kPrefetchPicksFrom = 32;
  // How far above its saved stack pointer a suspended lane's resume reads: Shfl's six saved
  // registers and its return address (shuffle_fast_path_x86_64_sysv.S); the C++ switch reads less.
  static constexpr std::size_t kResumeFrameBytes = 48;
  // A lane that has never run gets a stack and a fiber that starts LaneMain, in lane.ctx.
  [[gnu::noinline]] void StartFiber(Lane& lane);
  void ReleaseActiveMask(Warp& warp, unsigned index);
  void ReleaseConverged(Warp& warp, unsigned index);
  // Checked builds: a barrier completing after part of the block exited (BAR-7).
  [[noreturn]] void ReportBarrierAfterExit();
  void CompleteBarrier();
  // Pascal mode: the barrier completes once every warp with live lanes has a lane there and no
  // runnable lane (pre-Volta hardware counted warps, not threads).
  void CompleteBarrierPerWarp();
  // Completes every tile barrier that each non-exited thread of its warps has reached.
  void CompleteTileBarriers();
  void CheckLivelock();
  [[noreturn]] void ReportStuck();
  // Lanes grouped by where they wait, one line per warp and call site (deadlock/livelock reports).
  std::vector<std::string> DescribeWaits() const;

  // What the random policy's fast path (Suspend) writes on every lane switch, in one cache line and
  // in this order: the countdown, the generator's state and the queue's size (stores in a row to
  // one line leave the store buffer two a cycle: SwitchToLane). The countdown is the only per-step
  // count (steps() derives the total from it).
  alignas(64) std::atomic<unsigned> check_countdown_{kCheckInterval};
  Rng rng_;  // seeded per block; the policies draw from it
  // The lane that the lane just picked will most likely pick when it waits in turn, as the
  // shuffle's assembly path computes it after each of its picks (the guess of PrefetchLikelyPick,
  // with the picked lane's own removal taken into account). That path's next pick goes on with it
  // while the real pick is still being computed and checks the two are equal: a hint that only
  // that path writes and reads, which is never relied on unchecked, so the C++ leaves it stale.
  Lane* likely_pick_ = nullptr;
  RunQueue queue_;

  Worker& worker_;
  GridRun* grid_ = nullptr;
  uint3 block_idx_{};
  unsigned linear_ = 0;
  Schedule schedule_ = Schedule::kRandom;
  bool pascal_ = false;

  // The policy of this block's schedule: one of the four below.
  Policy* policy_ = &random_;
  RandomPolicy random_;
  LockstepPolicy lockstep_;
  PctPolicy pct_;
  RunaheadPolicy runahead_;
  bool demotes_spinners_ = false;  // policy_->demotes_spinners(), read on every yield
  bool activemask_at_once_ = false;  // policy_->active_mask_rule() == kAtOnce
  bool lockstep_pick_ = false;     // Pick's inline lockstep case applies
  unsigned yields_without_progress_ = 0;

  std::vector<Lane> lanes_;
  // Stacks are handed out when a lane first runs, not per lane slot: a lane that exits gives its
  // stack back (Exit), and a never-run lane picked by an exiting one takes over the exiting lane's
  // stack directly. stacks_ holds the worker's stacks this Block may use (one per thread of its
  // largest block so far: it never runs out); spare_ those no lane holds now, last freed on top
  // (the warmest in cache).
  std::vector<fiber::Stack*> stacks_;
  std::vector<fiber::Stack*> spare_;
  std::vector<Warp> warps_;
  // The worker thread's tls_lane (current() reads it from other threads); set by Resume.
  const LaneView* const* tls_lane_slot_ = nullptr;
  fiber::Context sched_ctx_{};
  unsigned live_ = 0;
  bool aborted_ = false;
  // Cooperative launches: the lane at grid.sync(), and whether the block gave up its turn.
  Lane* grid_waiter_ = nullptr;
  bool yielded_ = false;
  bool parked_ = false;  // parked(): the turn ended because the block waits for the host
  bool stalled_ = false;  // stalled()
  std::uintptr_t preempted_pc_ = 0;  // where the watchdog preempted the last turn's lane (0: it did not)
  // The lane the watchdog preempted: the next Resume goes on with it, taking no scheduling step and
  // drawing nothing from the block's generator, so that a preemption, which depends on time,
  // leaves the block's schedule as it was (and the watchdog sees the same step count).
  Lane* preempted_lane_ = nullptr;
  std::atomic<bool> companions_{false};
  std::atomic<std::uint64_t> generation_{0};

  // Open __activemask groups over all warps, for the random policy's pick.
  unsigned am_open_ = 0;
  // Open converged points of the mask-less intrinsics over all warps (no policy closes them).
  unsigned conv_open_ = 0;
  // Derived flags the hot path tests (UpdateFastPath keeps them): Pick's inline random case
  // applies (random, no open __activemask point); Suspend must run SuspendSlow (an open
  // __activemask point or Pascal mode's per-warp barrier may complete once the caller blocks, or
  // the timeline is recorded).
  // fast_suspend_: the first and not the second, so Suspend's fused removal and pick applies
  // (the random policy, no __activemask point open, no suspend checks).
  bool fast_pick_ = false;
  bool suspend_checks_ = false;
  bool fast_suspend_ = false;
  void UpdateFastPath() {
    fast_pick_ = policy_ == &random_ && am_open_ == 0;
    suspend_checks_ = am_open_ != 0 || conv_open_ != 0 || pascal_ || trace::On();
    fast_suspend_ = fast_pick_ && !suspend_checks_;
  }

  Barrier barrier_;
  // Barriers of multi-warp tiles with threads waiting, each of its warps [first_warp, +warps).
  struct TileBarrier {
    unsigned first_warp;
    unsigned warps;
    Barrier barrier;
    const char* member;  // the member its first waiter called: the others must call the same
  };
  std::vector<TileBarrier> tile_barriers_;
  SharedArena shared_;

  std::string output_;

  // Livelock detection and the grid-abort poll run every kCheckInterval steps.
  static constexpr unsigned kCheckInterval = 1024;
  // A cooperative block that made no progress in this many steps lets the other blocks run.
  static constexpr std::uint64_t kCooperativeTurnSteps = 4 * kCheckInterval;
  // A block of a grid that may park parks after this many steps without progress by any block
  // (fewer when --livelock-steps is lower): a spin on memory only the host can change.
  static constexpr std::uint64_t kParkSteps = 64 * kCheckInterval;
  // check_countdown_ is with the run queue and the generator below.
  // What the countdown last restarted from (kCheckInterval, or less when a turn ends sooner), and
  // the steps left in this turn (0: no turn limit).
  std::atomic<unsigned> countdown_start_{kCheckInterval};
  std::uint64_t turn_left_ = 0;
  bool interleaved_ = false;  // grid_->interleaved, cached for Yield
  std::uint64_t livelock_bound_ = 0;
  // Steps taken before the countdown last restarted: steps() is this plus the countdown's
  // progress. Both atomic because the watchdog reads them (steps()); this thread is the only writer.
  std::atomic<std::uint64_t> steps_before_countdown_{0};
  std::uint64_t steps_since_progress_ = 0;
  std::uint64_t seen_epoch_ = 0;
  std::uint64_t stall_started_ns_ = 0;
  unsigned char inline_progress_ = 0;  // AbsorbInlineProgress
};
static_assert(sizeof(std::atomic<unsigned>) == sizeof(unsigned), "the inline path counts steps as a plain unsigned");

}  // namespace warpsafe::engine
