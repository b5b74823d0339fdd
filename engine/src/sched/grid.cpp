// RunGrid: the blocks of a launch spread over a pool of worker threads (one per core by default).
// Each block runs on one worker, to its end unless it waits for another block (then the worker
// sets it aside and runs another, sched/coresident_blocks.cpp); its schedule depends only on the
// seed, the launch ordinal and the block index, so results do not depend on the number of workers.
#include "sched/grid.h"

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include <pthread.h>

#include "internal_error.h"
#include "report/report.h"
#include "sched/block.h"
#include "sched/grid_run.h"
#include "sched/progress.h"
#include "race/race.h"
#include "runtime/redzone_check.h"
#include "sched/watchdog.h"
#include "runtime/device_limits.h"
#include "runtime/occupancy.h"

namespace warpsafe::engine {

namespace {

// Threads kept alive between launches, so that their stacks and arenas are reused. The calling
// thread always takes part; the pool lends `n - 1` more.
class Pool {
 public:
  static Pool& Get() {
    static Pool* pool = new Pool();  // never destroyed: its threads outlive static destruction
    return *pool;
  }

  void Run(unsigned n, const std::function<void()>& job) {
    const unsigned helpers = n > 0 ? n - 1 : 0;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      while (threads_ < helpers) {
        std::thread(&Pool::Loop, this, threads_++).detach();
      }
      job_ = &job;
      wanted_ = helpers;
      pending_ = helpers;
      ++generation_;
    }
    start_.notify_all();
    job();
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return pending_ == 0; });
    job_ = nullptr;
  }

 private:
  void Loop(unsigned index) {
    std::uint64_t seen = 0;
    for (;;) {
      const std::function<void()>* job = nullptr;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        start_.wait(lock, [&] { return generation_ != seen; });
        seen = generation_;
        if (index >= wanted_) continue;
        job = job_;
      }
      (*job)();
      std::lock_guard<std::mutex> lock(mutex_);
      if (--pending_ == 0) done_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  const std::function<void()>* job_ = nullptr;
  std::uint64_t generation_ = 0;
  unsigned threads_ = 0;
  unsigned wanted_ = 0;
  unsigned pending_ = 0;
};

std::uint64_t MixSeed(std::uint64_t seed, std::uint64_t ordinal) {
  std::uint64_t z = seed * 0x9e3779b97f4a7c15ull + ordinal + 0x632be59bd9b4e019ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// A launch while it runs or is parked: its own copy of the spec (the caller's goes away when a
// parked launch returns) and the state its blocks share.
struct LiveGrid {
  GridSpec spec;
  GridRun run;
  unsigned workers = 1;
  pthread_t host = pthread_self();  // the launching thread: its worker may hold a parked block
  std::atomic<unsigned> parked{0};  // blocks parked in the last pass over the workers
  std::function<void()> body;
};

// The parked grid, if any (GridParked). Touched by the host thread that launched it.
LiveGrid* g_parked = nullptr;

// Runs the grid's blocks on the workers until every block has finished or each worker holds a
// parked block. A worker that holds a block parked earlier resumes it first.
void RunBlocks(LiveGrid& live) {
  GridRun& grid = live.run;
  live.parked.store(0);
  if (grid.spec->cooperative) {
    RunCooperativeBlocks(grid);
  } else if (grid.interleaved) {
    if (!RunInterleavedBlocks(grid)) live.parked.store(1);
  } else {
    Pool::Get().Run(live.workers, live.body);
  }
}

// The end of a grid that will not run again: its output and the checker's and progress line's
// records. Returns RunGrid's result.
int FinishGrid(std::unique_ptr<LiveGrid> live) {
  GridRun& grid = live->run;
  ProgressLaunchFinished(grid);
  if (race::Enabled()) race::LaunchFinished();
  std::sort(grid.outputs.begin(), grid.outputs.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [block, text] : grid.outputs) std::fwrite(text.data(), 1, text.size(), stdout);
  if (!grid.outputs.empty()) std::fflush(stdout);
  runtime::CheckRedzonesAfterGrid(live->spec.kernel_name, live->spec.site);  // REDZONE-4
  return grid.error.load();
}

// After a pass: parked (kept in g_parked) or finished.
int AfterPass(std::unique_ptr<LiveGrid> live) {
  if (live->parked.load() == 0) return FinishGrid(std::move(live));
  if (race::Enabled()) race::LaunchParked();
  g_parked = live.release();
  return kGridParked;
}

}  // namespace

bool GridParked() { return g_parked != nullptr; }

int ResumeParkedGrid(bool may_park) {
  WARPSAFE_ASSERT(g_parked != nullptr, "a parked grid to resume");
  std::unique_ptr<LiveGrid> live(g_parked);
  g_parked = nullptr;
  if (!pthread_equal(live->host, pthread_self())) {
    Report(DefectKind::kUnsupported)
        .At(live->spec.site, "a launch of " + std::string(live->spec.kernel_name ? live->spec.kernel_name : "a kernel") +
                                 " whose grid waits for the host")
        .Line("another host thread waits for it; the engine resumes a grid that waits for the host only on the "
              "thread that launched it")
        .Emit();
  }
  live->run.may_park.store(may_park);
  if (race::Enabled()) race::LaunchResumed();
  RunBlocks(*live);
  return AfterPass(std::move(live));
}

int RunGrid(const GridSpec& spec) {
  const Options& options = GetOptions();
  const std::uint64_t total = std::uint64_t{spec.grid.x} * spec.grid.y * spec.grid.z;
  if (total > 0xffffffffull) {
    Report(DefectKind::kUnsupported)
        .At(spec.site, "a launch of " + std::to_string(total) + " blocks")
        .Line("the engine runs at most 2^32-1 blocks per launch")
        .Emit();
  }
  // A parked grid holds blocks of the workers: the runtime defers every launch until it finishes.
  WARPSAFE_ASSERT(g_parked == nullptr, "no grid runs while another is parked");
  auto live = std::make_unique<LiveGrid>();
  live->spec = spec;
  GridRun& grid = live->run;
  grid.spec = &live->spec;
  grid.total_blocks = static_cast<unsigned>(total);
  grid.threads_per_block = spec.block.x * spec.block.y * spec.block.z;
  grid.launch_ordinal = NextLaunchOrdinal();
  grid.launch_seed = MixSeed(options.seed, grid.launch_ordinal);
  grid.resident_limit = std::min<unsigned>(
      grid.total_blocks,
      runtime::DeviceResidentBlocks(CurrentDeviceLimits(), grid.threads_per_block, spec.dynamic_smem));

  unsigned workers = options.workers != 0 ? options.workers : std::max(1u, std::thread::hardware_concurrency());
  workers = static_cast<unsigned>(std::min<std::uint64_t>(workers, total));
  // The race detector's state is per process and its schedules must replay byte for byte: checked
  // programs run one block at a time.
  if (race::Enabled()) workers = 1;
  live->workers = workers;
  StartWatchdog();

  LiveGrid* self = live.get();
  // Each worker runs blocks until none is left for it; one that leaves holding blocks that wait
  // for the host keeps them, and takes them up again when the grid is resumed.
  live->body = [self] {
    if (!RunCoresidentBlocks(self->run)) self->parked.fetch_add(1);
  };
  if (race::Enabled()) race::LaunchStarted(spec);
  ProgressLaunchStarted(grid);
  // `warpsafe check`'s exploring schedules also choose the order and interleaving of blocks
  // (docs/semantics/block_order.md); `run` and the lockstep baseline keep index order.
  grid.interleaved = !spec.cooperative && race::Enabled() && options.schedule != Schedule::kLockstep && total > 1;
  // `warpsafe run` (and the lockstep baseline): a block that waits for one not started yet is set
  // aside (docs/semantics/coresidency.md).
  grid.sets_aside = !spec.cooperative && !grid.interleaved && total > 1;
  // A cooperative launch's blocks do not park (grid.sync() needs them all).
  grid.may_park.store(spec.may_park && !spec.cooperative);
  RunBlocks(*live);
  return AfterPass(std::move(live));
}

}  // namespace warpsafe::engine
