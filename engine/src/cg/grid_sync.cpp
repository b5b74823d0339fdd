// grid.sync() (docs/semantics/cg.md, CG-GRID-*). The grid barrier is three steps, as a GPU does it:
// the block's barrier (every thread of the block, at one call site), then thread 0 of the block
// waits for the other blocks (Block::ArriveGridBarrier; the cooperative runner opens the barrier
// once every block is there, sched/cooperative_grid.cpp), then the block's barrier again, so that
// no thread of the block goes on before the grid barrier opened.
#include "warpsafe/engine/cg/group_calls.h"

#include "report/report.h"
#include "warp/rendezvous.h"

namespace warpsafe::engine {

namespace {

[[noreturn]] void ReportNotCooperative(Lane& self, Site site) {
  Report(DefectKind::kGridSyncNotCooperative)
      .Where(self.block->Describe(self))
      .At(self, site, "grid.sync()")
      .At(self.block->spec().site, "the kernel was launched here without cudaLaunchCooperativeKernel")
      .Line("only a cooperative launch guarantees that every block of the grid is resident, so a grid barrier "
            "elsewhere may never complete; CUDA requires cudaLaunchCooperativeKernel for grid.sync() "
            "(docs/semantics/cg.md, CG-GRID-LAUNCH)")
      .Emit();
}

// Once the block's barrier completed, every thread of the block is there or has exited; an exited
// thread never reaches grid.sync(), so the grid barrier would never open on a GPU (CG-GRID-ALL).
void CheckWholeBlock(Lane& self, Site site) {
  Block& block = *self.block;
  for (unsigned w = 0; w * 32 < block.threads(); ++w) {
    const Warp& warp = block.warp(w);
    const std::uint32_t gone = warp.exists & ~warp.present;
    if (gone == 0) continue;
    const Lane& first = block.lane(warp.first_tid + static_cast<unsigned>(__builtin_ctz(gone)));
    Report(DefectKind::kPartialGroupCollective)
        .Where(block.Describe(self))
        .At(self, site, "grid.sync(), a collective of every thread of the grid")
        .Line("threads of warp " + std::to_string(w) + ", " + LanesPhrase(gone) + " (e.g. thread " +
              FormatDim(first.view.thread_idx) + "), exited without reaching it; every thread of the grid must "
              "call grid.sync() (docs/semantics/cg.md, CG-GRID-ALL)")
        .Emit();
  }
}

}  // namespace

void GridSync(Site site) {
  Lane& self = RequireLane("grid.sync()", site);
  Block& block = *self.block;
  if (!block.spec().cooperative) ReportNotCooperative(self, site);
  block.ArriveBarrier(self, BarrierOp::kPlain, 0, site);
  CheckWholeBlock(self, site);
  // Thread 0 of the block waits for the other blocks, as on a GPU; the others wait for it at the
  // block's barrier.
  if (self.tid == 0) block.ArriveGridBarrier(self, site);
  block.ArriveBarrier(self, BarrierOp::kPlain, 0, site);
}

bool InCooperativeLaunch(Site site) { return RequireLane("grid_group::is_valid()", site).block->spec().cooperative; }

}  // namespace warpsafe::engine
