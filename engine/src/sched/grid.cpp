// RunGrid: the blocks of a launch spread over a pool of worker threads (one per core by default).
// Each block runs start to finish on one worker; its schedule depends only on the seed, the launch
// ordinal and the block index, so results do not depend on the number of workers.
#include "sched/grid.h"

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "report/report.h"
#include "sched/block.h"
#include "sched/grid_run.h"
#include "sched/progress.h"
#include "race/race.h"
#include "sched/watchdog.h"

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

}  // namespace

int RunGrid(const GridSpec& spec) {
  const Options& options = GetOptions();
  const std::uint64_t total = std::uint64_t{spec.grid.x} * spec.grid.y * spec.grid.z;
  if (total > 0xffffffffull) {
    Report(DefectKind::kUnsupported)
        .At(spec.site, "a launch of " + std::to_string(total) + " blocks")
        .Line("the engine runs at most 2^32-1 blocks per launch")
        .Emit();
  }
  GridRun grid;
  grid.spec = &spec;
  grid.total_blocks = static_cast<unsigned>(total);
  grid.threads_per_block = spec.block.x * spec.block.y * spec.block.z;
  grid.launch_ordinal = NextLaunchOrdinal();
  grid.launch_seed = MixSeed(options.seed, grid.launch_ordinal);

  unsigned workers = options.workers != 0 ? options.workers : std::max(1u, std::thread::hardware_concurrency());
  workers = static_cast<unsigned>(std::min<std::uint64_t>(workers, total));
  // The race detector's state is per process and its schedules must replay byte for byte: checked
  // programs run one block at a time.
  if (race::Enabled()) workers = 1;
  StartWatchdog();

  const std::function<void()> body = [&grid] {
    Block& block = Worker::ForThisThread().ThreadBlock();
    for (;;) {
      if (grid.error.load(std::memory_order_relaxed) != 0) break;
      const unsigned b = grid.next_block.fetch_add(1);
      if (b >= grid.total_blocks) break;
      grid.active_blocks.fetch_add(1);
      block.Run(grid, b);
      grid.active_blocks.fetch_sub(1);
      grid.finished_blocks.fetch_add(1, std::memory_order_relaxed);
    }
  };
  if (race::Enabled()) race::LaunchStarted(spec);
  ProgressLaunchStarted(grid);
  if (spec.cooperative) {
    RunCooperativeBlocks(grid);
  } else if (race::Enabled() && options.schedule != Schedule::kLockstep && total > 1) {
    // `warpsafe check`'s exploring schedules also choose the order and interleaving of blocks
    // (docs/semantics/block_order.md); `run` and the lockstep baseline keep index order.
    RunInterleavedBlocks(grid);
  } else {
    Pool::Get().Run(workers, body);
  }
  ProgressLaunchFinished(grid);
  if (race::Enabled()) race::LaunchFinished();

  std::sort(grid.outputs.begin(), grid.outputs.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [block, text] : grid.outputs) std::fwrite(text.data(), 1, text.size(), stdout);
  if (!grid.outputs.empty()) std::fflush(stdout);
  return grid.error.load();
}

}  // namespace warpsafe::engine
