// The blocks of an ordinary launch under `warpsafe run` (docs/semantics/coresidency.md, RESIDENT-1
// to RESIDENT-3). A GPU holds many blocks of a grid at once, and a block that waits for another
// one (a grid barrier on a global counter, a flag set by a later block, a work queue fed by other
// blocks) goes on once that one has run. A worker that ran its blocks one after another to the
// end would spin forever in the first block that waits for a block not started yet. Here each
// worker thread:
//   - takes the grid's blocks in index order and runs each until it finishes, as before, unless
//     it makes no progress: it spun kCooperativeTurnSteps scheduling steps (Block::SlowChecks), or
//     one of its lanes ran without a scheduling point while another block could run here, and the
//     watchdog preempted it (sched/watchdog.cpp). Then the block is set aside on this worker,
//     its lanes, stacks and shared memory kept;
//   - starts the next block of the grid in its place while the device could hold one more
//     (GridRun::resident_limit, counted over every worker), else resumes the blocks it set aside,
//     one after another (first those set aside before the last progress anywhere);
//   - leaves holding its blocks when every one of them waits for the host (GridRun::may_park,
//     docs/semantics/host_wait.md), and goes on with them when the grid is resumed.
// A block stays on the thread that started it: its lanes' code may keep thread-local addresses
// across a switch. Blocks that never wait are run exactly as before: one at a time, to the end.
#include <algorithm>
#include <chrono>
#include <deque>
#include <memory>
#include <vector>

#include "internal_error.h"
#include "options.h"
#include "report/report.h"
#include "runtime/device_limits.h"
#include "sched/block.h"
#include "sched/grid_run.h"
#include "sched/progress_count.h"
#include "sched/worker.h"

namespace warpsafe::engine {

namespace {

// Extra storage a thread keeps between launches (the first kKeptSlots; more are made when a grid
// needs them and dropped after it).
constexpr std::size_t kKeptSlots = 16;

// A worker thread's blocks: its own Block (the thread's Worker) and the ones it made for blocks
// set aside, each with a Worker of its own for its stacks and shared memory.
struct ThreadSlots {
  std::vector<std::unique_ptr<Worker>> storage;
  std::vector<std::unique_ptr<Block>> extra;  // extra[i] uses storage[i]
  std::vector<Block*> free;
  struct Held {
    Block* block;
    std::uint64_t epoch;  // the progress count when it stepped aside
  };
  std::deque<Held> held;  // blocks of `grid` set aside on this thread
  const GridRun* grid = nullptr;
  // Since when this worker has found no progress while it only turned over the blocks it holds.
  std::uint64_t quiet_epoch = 0;
  std::chrono::steady_clock::time_point quiet_since{};
  bool quiet = false;
};

// Never destroyed, like the thread's Worker (sched/worker.h: exit() must not tear it down while
// atexit handlers may still launch kernels).
thread_local ThreadSlots* t_slots = nullptr;

ThreadSlots& Slots() {
  if (t_slots == nullptr) {
    t_slots = new ThreadSlots();
    t_slots->free.push_back(&Worker::ForThisThread().ThreadBlock());
  }
  return *t_slots;
}

Block* AcquireSlot(ThreadSlots& t) {
  if (!t.free.empty()) {
    Block* b = t.free.back();
    t.free.pop_back();
    return b;
  }
  t.storage.push_back(std::make_unique<Worker>(GetOptions().stack_size, /*thread_state=*/false));
  t.extra.push_back(std::make_unique<Block>(*t.storage.back()));
  return t.extra.back().get();
}

// Drops the storage made past kKeptSlots once no block holds it (the end of a grid).
void TrimSlots(ThreadSlots& t) {
  if (t.extra.size() <= kKeptSlots) return;
  Block* own = &Worker::ForThisThread().ThreadBlock();
  t.free.clear();
  t.free.push_back(own);
  t.extra.resize(kKeptSlots);  // each Block before the Worker whose stacks it used
  t.storage.resize(kKeptSlots);
  for (auto& b : t.extra) t.free.push_back(b.get());
}

// Starts the next block of the grid if the device could hold one more: residency is reserved
// first, so that the workers together never hold more than resident_limit blocks.
Block* StartNext(GridRun& grid, ThreadSlots& t) {
  unsigned active = grid.active_blocks.load();
  do {
    if (active >= grid.resident_limit) return nullptr;
  } while (!grid.active_blocks.compare_exchange_weak(active, active + 1));
  const unsigned b = grid.next_block.fetch_add(1);
  if (b >= grid.total_blocks) {
    grid.active_blocks.fetch_sub(1);
    return nullptr;
  }
  Block* block = AcquireSlot(t);
  block->Start(grid, b);
  return block;
}

bool MayStartMore(const GridRun& grid) {
  return grid.next_block.load(std::memory_order_relaxed) < grid.total_blocks &&
         grid.active_blocks.load(std::memory_order_relaxed) < grid.resident_limit;
}

Block* TakeHeld(ThreadSlots& t, std::size_t i) {
  Block* b = t.held[i].block;
  t.held.erase(t.held.begin() + static_cast<std::ptrdiff_t>(i));
  return b;
}

// The next block this worker runs, or null: nothing left for it (held empty), or every block it
// holds waits for the host.
Block* Next(GridRun& grid, ThreadSlots& t) {
  if (Block* b = StartNext(grid, t)) {
    t.quiet = false;
    return b;
  }
  if (t.held.empty()) return nullptr;
  // Progress anywhere since a block stepped aside may be what it waits for.
  const std::uint64_t now = ProgressCount();
  for (std::size_t i = 0; i < t.held.size(); ++i) {
    if (t.held[i].epoch != now) return TakeHeld(t, i);
  }
  // Nothing changed: when every held block waits for the host, the worker leaves with them.
  if (grid.may_park.load(std::memory_order_relaxed) &&
      std::all_of(t.held.begin(), t.held.end(), [](const ThreadSlots::Held& h) { return h.block->parked(); })) {
    return nullptr;
  }
  // Plain stores are not progress the engine sees: each gets its turn again, in order, until
  // nothing has changed for --hang-seconds.
  const auto clock = std::chrono::steady_clock::now();
  if (!t.quiet || t.quiet_epoch != now) {
    t.quiet = true;
    t.quiet_epoch = now;
    t.quiet_since = clock;
  } else if (clock - t.quiet_since >= std::chrono::seconds(GetOptions().hang_seconds)) {
    t.held.back().block->ReportSetAside();  // the one that stepped aside last
  }
  return TakeHeld(t, 0);
}

}  // namespace

bool RunCoresidentBlocks(GridRun& grid) {
  ThreadSlots& t = Slots();
  if (t.grid != &grid) {
    WARPSAFE_ASSERT(t.held.empty(), "a worker holds blocks of one grid at a time");
    t.grid = &grid;
  } else {
    // A parked grid runs on: every block it holds gets a turn again.
    for (ThreadSlots::Held& h : t.held) h.epoch = ~std::uint64_t{0};
  }
  while (grid.error.load(std::memory_order_relaxed) == 0) {
    Block* block = Next(grid, t);
    if (block == nullptr) {
      if (!t.held.empty()) return false;  // every block it holds waits for the host
      break;
    }
    block->SetCompanions(!t.held.empty() || MayStartMore(grid));
    switch (block->Resume()) {
      case Block::Outcome::kFinished:
        block->Finish();
        grid.active_blocks.fetch_sub(1);
        grid.finished_blocks.fetch_add(1, std::memory_order_relaxed);
        t.free.push_back(block);
        break;
      case Block::Outcome::kYielded:
        WARPSAFE_ASSERT(block->stalled(), "a block of an ordinary launch yields only when it makes no progress");
        t.held.push_back(ThreadSlots::Held{block, ProgressCount()});
        break;
      case Block::Outcome::kAtGridBarrier:
        // grid.sync() outside a cooperative launch is refused before a block gets here.
        WARPSAFE_ASSERT(false, "a block of an ordinary launch waits at grid.sync()");
        break;
    }
  }
  // An aborted grid (a device assert or trap): the blocks set aside never run again.
  for (ThreadSlots::Held& h : t.held) {
    h.block->Finish();
    grid.active_blocks.fetch_sub(1);
    t.free.push_back(h.block);
  }
  t.held.clear();
  t.grid = nullptr;
  t.quiet = false;
  TrimSlots(t);
  return true;
}

namespace {

bool WaitsForNonResident(const GridRun& grid) {
  return StartedBlocks(grid) < grid.total_blocks &&
         grid.active_blocks.load(std::memory_order_relaxed) >= grid.resident_limit;
}

}  // namespace

DefectKind StuckKind(const GridRun& grid, DefectKind usual) {
  return WaitsForNonResident(grid) ? DefectKind::kBlocksNotResident : usual;
}

void AddResidencyLines(Report& report, const GridRun& grid) {
  if (!WaitsForNonResident(grid)) return;
  const unsigned started = StartedBlocks(grid);
  const unsigned sms = static_cast<unsigned>(std::max(1, CurrentDeviceLimits().multiprocessors));
  report.Line(std::to_string(grid.total_blocks - started) + " of the grid's " + std::to_string(grid.total_blocks) +
              " blocks have not started: the emulated device holds at most " + std::to_string(grid.resident_limit) +
              " blocks of this launch at once (" + std::to_string(grid.resident_limit / sms) +
              " per multiprocessor, occupancy, on " + std::to_string(sms) +
              " multiprocessors), and every resident block waits without progress");
  report.Line("a block may wait for another block only if both can be resident at once; CUDA promises that only to "
              "a cooperative launch (cudaLaunchCooperativeKernel) of at most that many blocks (RESIDENT-2)");
}

}  // namespace warpsafe::engine
