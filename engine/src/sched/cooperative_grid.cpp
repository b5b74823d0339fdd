// The blocks of a cooperative launch (cudaLaunchCooperativeKernel). CUDA guarantees that all of
// them are resident at once, so that grid.sync() can wait for every block. The engine keeps that
// promise on one worker thread: every block is set up at the start, each with its own stacks and
// shared memory, and the blocks take turns. A turn ends when the block finishes, when its threads
// all wait at grid.sync(), or when it made no progress for a while (it may be spinning on a flag
// that another resident block sets). Once every unfinished block waits at grid.sync(), the grid
// barrier opens and the next round begins. The order of turns is fixed (block order), so a run
// is reproducible from its seed like any other.
#include <memory>
#include <vector>

#include "options.h"
#include "race/race.h"
#include "report/report.h"
#include "sched/block.h"
#include "sched/grid_run.h"
#include "sched/progress_count.h"
#include "sched/worker.h"

namespace warpsafe::engine {

namespace {

// Stacks and shared memory of the resident blocks, kept for the next cooperative launch (mapping
// stacks is the expensive part of starting a block). Touched only by the launching thread.
std::vector<std::unique_ptr<Worker>>& Residents() {
  static auto* residents = new std::vector<std::unique_ptr<Worker>>();
  return *residents;
}

enum class Turn : std::uint8_t { kRunnable, kAtGridBarrier, kFinished };

[[noreturn]] void ReportGridDeadlock(const GridRun& grid, const std::vector<std::unique_ptr<Block>>& blocks,
                                     const std::vector<Turn>& turns) {
  Report report(DefectKind::kGridSyncDeadlock);
  const Block* waiting = nullptr;
  std::vector<unsigned> exited;
  for (unsigned b = 0; b < turns.size(); ++b) {
    if (turns[b] == Turn::kAtGridBarrier && waiting == nullptr) waiting = blocks[b].get();
    if (turns[b] == Turn::kFinished) exited.push_back(b);
  }
  const Lane* lane = waiting->grid_waiter();
  report.Where(waiting->DescribeBlock());
  report.At(*lane, lane->site, "grid.sync() waits for every block of the grid");
  std::string which;
  for (std::size_t i = 0; i < exited.size() && i < 8; ++i) {
    which += (i ? ", " : "") + FormatDim(blocks[exited[i]]->block_idx());
  }
  if (exited.size() > 8) which += ", ...";
  report.Line(std::to_string(exited.size()) + " of the " + std::to_string(grid.total_blocks) +
              " blocks exited without reaching it (blocks " + which +
              "): every thread of the grid must call grid.sync(), or it never returns (docs/semantics/cg.md, "
              "CG-GRID-ALL)");
  report.Emit();
}

}  // namespace

void RunCooperativeBlocks(GridRun& grid) {
  const unsigned n = grid.total_blocks;
  if (race::Enabled()) {
    Report(DefectKind::kUnsupported)
        .At(grid.spec->site, "a cooperative launch")
        .Line("`warpsafe check` runs one block at a time and cannot yet run the blocks of a cooperative launch "
              "together; use `warpsafe run`")
        .Emit();
  }
  auto& residents = Residents();
  while (residents.size() < n) residents.push_back(std::make_unique<Worker>(GetOptions().stack_size));
  std::vector<std::unique_ptr<Block>> blocks;
  blocks.reserve(n);
  for (unsigned b = 0; b < n; ++b) blocks.push_back(std::make_unique<Block>(*residents[b]));
  std::vector<Turn> turns(n, Turn::kRunnable);
  for (unsigned b = 0; b < n; ++b) blocks[b]->Start(grid, b);
  grid.active_blocks.store(n);

  unsigned finished = 0;
  while (finished < n && grid.error.load() == 0) {
    bool ran = false;
    for (unsigned b = 0; b < n && grid.error.load() == 0; ++b) {
      if (turns[b] != Turn::kRunnable) continue;
      ran = true;
      // A lane that spins without a scheduling point may wait for another block: the watchdog
      // preempts it (sched/watchdog.cpp).
      blocks[b]->SetCompanions(n > 1);
      switch (blocks[b]->Resume()) {
        case Block::Outcome::kFinished:
          turns[b] = Turn::kFinished;
          ++finished;
          grid.active_blocks.fetch_sub(1);
          blocks[b]->Finish();
          break;
        case Block::Outcome::kAtGridBarrier: turns[b] = Turn::kAtGridBarrier; break;
        case Block::Outcome::kYielded: break;
      }
    }
    if (ran || finished == n || grid.error.load() != 0) continue;
    // Every unfinished block waits at grid.sync(): the barrier opens, unless a block exited
    // without reaching it, in which case it never can.
    if (finished != 0) ReportGridDeadlock(grid, blocks, turns);
    for (unsigned b = 0; b < n; ++b) {
      blocks[b]->ReleaseGridBarrier();
      turns[b] = Turn::kRunnable;
    }
    BumpProgressCount();
  }
  // An aborted grid (a device assert or trap): the other blocks never run again; their output so
  // far is kept, as for the blocks of an ordinary launch that were running.
  for (unsigned b = 0; b < n; ++b) {
    if (turns[b] != Turn::kFinished) blocks[b]->Finish();
  }
}

}  // namespace warpsafe::engine
