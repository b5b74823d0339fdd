// The state of one launch shared by the workers that run its blocks.
#pragma once

#include <atomic>
#include <memory>
#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "sched/grid.h"

namespace warpsafe::engine {

struct GridRun {
  const GridSpec* spec;
  unsigned total_blocks;
  unsigned threads_per_block;
  std::uint64_t launch_seed;  // options.seed mixed with the launch's ordinal
  std::uint64_t launch_ordinal;

  std::atomic<unsigned> next_block{0};  // blocks claimed by a runner so far (may pass total_blocks)
  std::atomic<unsigned> active_blocks{0};
  // The blocks the emulated device holds resident at once (its occupancy for this launch times its
  // multiprocessors, runtime/occupancy.h): blocks may wait for each other as long as no more than
  // this many must run at once (docs/semantics/coresidency.md).
  unsigned resident_limit = 1;
  // `warpsafe run`'s workers set aside a block that makes no progress and run another block of the
  // grid on the same thread (sched/coresident_blocks.cpp).
  bool sets_aside = false;
  std::atomic<unsigned> finished_blocks{0};  // for the progress line (sched/progress.cpp)
  std::atomic<int> error{0};  // first cudaError_t of an aborted grid (assert, trap)
  // The blocks take turns on one worker, several resident at once (sched/interleaved_grid.cpp).
  bool interleaved = false;
  // A block that makes no progress parks instead of being reported (Block::parked): set for the
  // run of a launch the host has not waited for yet (sched/grid.h, RunGrid and kGridParked).
  std::atomic<bool> may_park{false};  // read by the watchdog too (sched/watchdog.cpp)
  // The interleaving runner's state while the grid is parked (sched/interleaved_grid.cpp).
  std::shared_ptr<void> interleaved_state;

  // Device printf output, per block, printed in block order when the grid ends so that the output
  // does not depend on which worker ran which block.
  std::mutex output_mutex;
  std::vector<std::pair<unsigned, std::string>> outputs;
};

// Blocks started so far (at most total_blocks).
inline unsigned StartedBlocks(const GridRun& grid) {
  const unsigned n = grid.next_block.load(std::memory_order_relaxed);
  return n < grid.total_blocks ? n : grid.total_blocks;
}

// Runs the blocks of an ordinary launch under `warpsafe run` on the calling worker thread, one
// after another, setting aside a block that waits without progress to run another block of the
// grid, as long as the device could hold them all at once (sched/coresident_blocks.cpp). Returns
// false when the worker leaves holding blocks that wait for the host (GridRun::may_park): the
// next call for the same grid goes on with them.
bool RunCoresidentBlocks(GridRun& grid);

class Report;
enum class DefectKind;
// A grid whose resident blocks cannot go on may be waiting for blocks that have not started
// because the device holds no more at once (RESIDENT-2): then a report of `usual` (livelock, hang)
// becomes kBlocksNotResident, and AddResidencyLines says how many blocks are resident and why the
// others cannot start (nothing when the grid is not in that state).
DefectKind StuckKind(const GridRun& grid, DefectKind usual);
void AddResidencyLines(Report& report, const GridRun& grid);
// Runs every block of a cooperative launch (spec->cooperative) to completion on the calling
// thread, all resident at once (sched/cooperative_grid.cpp).
void RunCooperativeBlocks(GridRun& grid);
// Runs the blocks of a launch under `warpsafe check`'s exploring schedules: in an order drawn from
// the launch's seed, several resident at once and taking turns of seeded lengths on the calling
// thread, so that blocks interleave at scheduling points (sched/interleaved_grid.cpp). Returns
// false when every resident block parked to wait for the host (GridRun::may_park): the next call
// goes on from there.
bool RunInterleavedBlocks(GridRun& grid);

}  // namespace warpsafe::engine
