// A schedule policy: which runnable lane of a block runs next, what happens when a lane yields
// without progress, and when an __activemask convergence point closes. The Block owns the lanes,
// the run queue and the generator; a policy only decides (lockstep_policy.h, random_policy.h,
// pct_policy.h, runahead_policy.h).
//
// The hot path does not go through this interface: Block::Pick calls the random policy's PickLane
// and the lockstep policy's PickLane inline (no virtual call per lane switch) whenever those apply,
// and reaches Pick below only for everything else (an open __activemask point under random, the
// exploring policies, a periodic check that was due).
#pragma once

#include <cstddef>
#include <cstdint>

#include "options.h"
#include "sched/lane.h"
#include "sched/rng.h"
#include "sched/run_queue.h"

namespace warpsafe::engine {

// What a policy sees when it picks.
struct PickContext {
  const RunQueue& queue;       // the runnable lanes
  const Lane* current;         // the lane that ran last (null before the block's first lane)
  bool current_runnable;       // whether `current` may run on
  unsigned open_points;        // open __activemask convergence points of the block
  std::uint64_t steps;         // scheduling steps the block has taken
};

// A policy's decision: run a lane, or close one of the open __activemask points first (the Block
// wakes its lanes and asks again), or stop (nothing is runnable).
struct Choice {
  enum class Kind : std::uint8_t { kLane, kCloseActiveMask, kNone };
  Kind kind;
  unsigned index;  // kLane: thread index; kCloseActiveMask: which open point, counted over the warps in order

  static Choice Run(unsigned tid) { return {Kind::kLane, tid}; }
  static Choice Close(unsigned k) { return {Kind::kCloseActiveMask, k}; }
  static Choice Stop() { return {Kind::kNone, 0}; }
};

// When lanes that reached the same __activemask() call site stop waiting for more lanes.
enum class ActiveMaskRule : std::uint8_t {
  // The point stays open; each pick weighs closing it like one more runnable lane.
  kWeighedInPick,
  // The point stays open until its warp has no runnable lane left (Block::SettleWarp).
  kWhenWarpBlocked,
  // The point closes at once with the lanes already there: the most divergence.
  kAtOnce,
};

class Policy {
 public:
  virtual ~Policy() = default;
  // A block starts with `threads` lanes; `rng` is already seeded for the block.
  virtual void Start(unsigned threads, Rng& rng) { (void)threads, (void)rng; }
  // The next step. Called only with an up-to-date context; may draw from `rng`.
  virtual Choice Pick(const PickContext& context, Rng& rng) = 0;
  // `lane` yielded kSpinYields times without the block making progress: an unfair policy must let
  // the lane it may be waiting for run (called only when demotes_spinners()).
  virtual void OnSpin(const Lane& lane) { (void)lane; }
  virtual bool demotes_spinners() const { return false; }
  virtual ActiveMaskRule active_mask_rule() const = 0;
  // Whether Pick reads the run queue in thread order (RunQueue's bitset).
  virtual bool reads_thread_order() const { return false; }

  // Yields in a row without progress before OnSpin.
  static constexpr unsigned kSpinYields = 64;
};

}  // namespace warpsafe::engine
