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

  std::atomic<unsigned> next_block{0};
  std::atomic<unsigned> active_blocks{0};
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
