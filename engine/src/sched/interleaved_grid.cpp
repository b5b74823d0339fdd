// The blocks of a launch under `warpsafe check`'s exploring schedules (docs/semantics/block_order.md,
// BLOCK-1 to BLOCK-3). A GPU runs a grid's blocks in no promised order, many at once; running them
// one after another in index order (what a worker does) would check only one of those executions.
// Here, on the calling thread:
//   - the blocks start in an order drawn from the launch's seed: any order of the grid when it has
//     at most kMaxResident blocks; for larger grids, any order within consecutive groups of
//     kMaxResident blocks, the groups in index order (so that a block never waits on a lower one
//     that has not started: a look-back over earlier blocks still progresses);
//   - up to kMaxResident blocks (fewer if they would need more than kMaxResidentThreads threads)
//     are resident at once, each with its own stacks and shared memory, and take turns: each turn
//     goes to a resident block drawn from the seed, for a number of scheduling steps drawn from
//     the seed (1 to kMaxTurnSteps), so blocks interleave at scheduling points;
//   - a block that finishes makes room for the next one in the order;
//   - when every resident block has spun without progress (each at the end of its last turn), one
//     more block becomes resident, up to what the emulated device holds at once
//     (GridRun::resident_limit): blocks may wait for blocks that start after them
//     (docs/semantics/coresidency.md, RESIDENT-1).
// Everything is drawn from the launch's seed, nothing from the number of workers or the clock: a
// replay with the same seed runs the same interleaving.
#include <algorithm>
#include <memory>
#include <vector>

#include "options.h"
#include "report/report.h"
#include "sched/block.h"
#include "sched/grid_run.h"
#include "sched/progress_count.h"
#include "sched/rng.h"
#include "sched/worker.h"

namespace warpsafe::engine {

namespace {

constexpr unsigned kMaxResident = 8;
constexpr std::uint64_t kMaxTurnSteps = 256;
// A resident block that has gone this many scheduling steps without progress waits for something.
constexpr std::uint64_t kStallSteps = 4096;

// Stacks and shared memory of the resident blocks, kept for the next launch. Touched only by the
// launching thread.
std::vector<std::unique_ptr<Worker>>& Residents() {
  static auto* residents = new std::vector<std::unique_ptr<Worker>>();
  return *residents;
}

std::uint64_t Mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// What the runner keeps between passes when the grid parks to wait for the host (sched/grid.h,
// kGridParked): the resident blocks, the start order, and the seed's stream.
struct InterleavedState {
  unsigned n = 0;
  unsigned resident = 0;
  Rng rng;
  std::vector<std::unique_ptr<Block>> slots;
  std::vector<bool> busy;
  // A resident block that parked gets no turn until some block makes progress (another block may
  // be the one it waits for) or the grid is resumed; when every live one has parked, the grid does.
  std::vector<bool> parked;
  // Whether the resident block made no progress in its last turn's kStallSteps steps or more.
  std::vector<bool> stalled;
  unsigned next = 0;  // blocks started so far
  std::vector<unsigned> group;
  std::size_t group_pos = 0;
  unsigned group_size = 0;  // the resident count the grid started with
  unsigned finished = 0;
  unsigned live = 0;
};

}  // namespace

bool RunInterleavedBlocks(GridRun& grid) {
  std::shared_ptr<InterleavedState> kept = std::static_pointer_cast<InterleavedState>(grid.interleaved_state);
  if (kept == nullptr) {
    kept = std::make_shared<InterleavedState>();
    InterleavedState& st = *kept;
    st.n = grid.total_blocks;
    const unsigned by_threads = std::max(1u, kMaxResidentThreads / std::max(1u, grid.threads_per_block));
    st.resident = std::min({st.n, kMaxResident, by_threads});
    grid.interleaved = true;
    st.rng.Seed(Mix(grid.launch_seed ^ 0x626c6f636b73ull));  // its own stream of the launch's seed
    auto& workers = Residents();
    while (workers.size() < st.resident) workers.push_back(std::make_unique<Worker>(GetOptions().stack_size));
    st.slots.resize(st.resident);
    for (unsigned r = 0; r < st.resident; ++r) st.slots[r] = std::make_unique<Block>(*workers[r]);
    st.busy.assign(st.resident, false);
    st.parked.assign(st.resident, false);
    st.stalled.assign(st.resident, false);
    st.group_size = st.resident;
  }
  InterleavedState& st = *kept;
  const unsigned n = st.n;
  Rng& rng = st.rng;
  auto& slots = st.slots;
  auto& busy = st.busy;
  auto& parked = st.parked;
  auto& stalled = st.stalled;
  std::fill(parked.begin(), parked.end(), false);  // a resumed grid gives every block a turn again

  // The start order: a shuffle of each group of `resident` consecutive blocks (BLOCK-1).
  auto next_block = [&]() -> unsigned {
    if (st.group_pos == st.group.size()) {
      st.group.clear();
      st.group_pos = 0;
      for (unsigned b = st.next; b < n && st.group.size() < st.group_size; ++b) st.group.push_back(b);
      for (std::size_t i = st.group.size(); i > 1; --i) std::swap(st.group[i - 1], st.group[rng.Below(i)]);
    }
    ++st.next;
    return st.group[st.group_pos++];
  };

  std::uint64_t epoch = ProgressCount();
  while (st.finished < n && grid.error.load() == 0) {
    // Every resident block waits (for a block that has not started, perhaps): one more becomes
    // resident while the device could hold it.
    if (st.next < n && st.live == st.resident && st.resident < grid.resident_limit &&
        std::all_of(stalled.begin(), stalled.end(), [](bool s) { return s; })) {
      auto& workers = Residents();
      if (workers.size() <= st.resident) workers.push_back(std::make_unique<Worker>(GetOptions().stack_size));
      slots.push_back(std::make_unique<Block>(*workers[st.resident]));
      busy.push_back(false);
      parked.push_back(false);
      stalled.push_back(false);
      ++st.resident;
    }
    for (unsigned r = 0; r < st.resident && st.next < n; ++r) {
      if (busy[r]) continue;
      const unsigned b = next_block();
      grid.next_block.store(st.next, std::memory_order_relaxed);
      grid.active_blocks.fetch_add(1);
      slots[r]->Start(grid, b);
      busy[r] = true;
      stalled[r] = false;
      ++st.live;
    }
    const unsigned resident = st.resident;
    unsigned eligible = 0;
    for (unsigned r = 0; r < resident; ++r) eligible += busy[r] && !parked[r];
    if (eligible == 0) {
      grid.interleaved_state = kept;  // every live block waits for the host
      return false;
    }
    // A turn for one resident block, of a length drawn from the seed (BLOCK-2).
    std::size_t pick = rng.Below(eligible);
    unsigned r = 0;
    for (;; ++r) {
      if (busy[r] && !parked[r] && pick-- == 0) break;
    }
    Block& block = *slots[r];
    block.SetTurn(1 + rng.Below(kMaxTurnSteps));
    switch (block.Resume()) {
      case Block::Outcome::kFinished:
        busy[r] = false;
        --st.live;
        ++st.finished;
        grid.active_blocks.fetch_sub(1);
        grid.finished_blocks.fetch_add(1, std::memory_order_relaxed);
        block.Finish();
        break;
      case Block::Outcome::kYielded: parked[r] = block.parked(); break;
      case Block::Outcome::kAtGridBarrier:
        // grid.sync() outside a cooperative launch is refused before a block gets here.
        WARPSAFE_ASSERT(false, "a block of an ordinary launch parks at grid.sync()");
        break;
    }
    if (busy[r]) stalled[r] = block.steps_without_progress() >= kStallSteps;
    if (const std::uint64_t now = ProgressCount(); now != epoch) {
      epoch = now;
      std::fill(parked.begin(), parked.end(), false);
    }
  }
  // An aborted grid (a device assert or trap): the resident blocks never run again.
  for (unsigned r = 0; r < st.resident; ++r) {
    if (busy[r]) slots[r]->Finish();
  }
  grid.interleaved_state.reset();
  return true;
}

}  // namespace warpsafe::engine
