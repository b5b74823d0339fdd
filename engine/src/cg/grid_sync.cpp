// grid.sync() (docs/semantics/cg.md, CG-GRID-*). The grid barrier is three steps, as a GPU does it:
// the block's barrier (every thread of the block, at one call site), then one thread of the block
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
      .At(site, "grid.sync()")
      .At(self.block->spec().site, "the kernel was launched here without cudaLaunchCooperativeKernel")
      .Line("only a cooperative launch guarantees that every block of the grid is resident, so a grid barrier "
            "elsewhere may never complete; CUDA requires cudaLaunchCooperativeKernel for grid.sync() "
            "(docs/semantics/cg.md, CG-GRID-LAUNCH)")
      .Emit();
}

// The lowest thread of the block that has not exited: the one that waits for the other blocks.
bool IsBlockLeader(Block& block, const Lane& self) {
  for (unsigned w = 0; w <= self.warp; ++w) {
    const std::uint32_t present = block.warp(w).present;
    if (present != 0) return w == self.warp && static_cast<unsigned>(__builtin_ctz(present)) == self.lane;
  }
  return false;
}

}  // namespace

void GridSync(Site site) {
  Lane& self = RequireLane("grid.sync()", site);
  Block& block = *self.block;
  if (!block.spec().cooperative) ReportNotCooperative(self, site);
  block.ArriveBarrier(self, BarrierOp::kPlain, 0, site);
  // No thread of the block runs user code between the two barriers, so none exits and every
  // thread agrees on the leader.
  if (IsBlockLeader(block, self)) block.ArriveGridBarrier(self, site);
  block.ArriveBarrier(self, BarrierOp::kPlain, 0, site);
}

bool InCooperativeLaunch(Site site) { return RequireLane("grid_group::is_valid()", site).block->spec().cooperative; }

}  // namespace warpsafe::engine
