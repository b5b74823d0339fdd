// The barrier of a thread_block_tile larger than a warp (docs/semantics/cg.md, CG-TILE-LARGE): the
// tile's threads are the `tile` consecutive block thread ranks, a whole number of warps, that
// contain the caller's. Its sync() returns once every non-exited thread of those warps has reached
// a sync() of the tile; a thread that exited no longer counts, as at __syncthreads. Waiting threads
// are blocked like the block barrier's, so a tile whose other threads never arrive is a deadlock
// reported with every thread's place, never a hang.
#include "race/race.h"
#include "report/report.h"
#include "sched/block.h"
#include "warp/rendezvous.h"

namespace warpsafe::engine {
namespace {

unsigned LiveLanes(const Block& block, unsigned first_warp, unsigned warps) {
  unsigned n = 0;
  for (unsigned w = first_warp; w < first_warp + warps && w < block.warp_count(); ++w) {
    n += static_cast<unsigned>(__builtin_popcount(block.warp(w).present));
  }
  return n;
}

}  // namespace

void Block::ArriveTileBarrier(Lane& self, unsigned first_warp, unsigned warps, Site site) {
  TileBarrier* tile = nullptr;
  for (TileBarrier& b : tile_barriers_) {
    if (b.first_warp == first_warp && b.warps == warps) tile = &b;
  }
  if (tile == nullptr) {
    tile_barriers_.push_back(TileBarrier{first_warp, warps, Barrier()});
    tile = &tile_barriers_.back();
  }
  // A tile's sync() has no reduction: it arrives as a plain barrier.
  tile->barrier.Arrive(self, BarrierOp::kPlain, 0, site);
  self.wait = WaitKind::kTileBarrier;
  if (tile->barrier.arrived() == LiveLanes(*this, first_warp, warps)) {
    CompleteTileBarriers();
    return;
  }
  Suspend(self);
}

void Block::CompleteTileBarriers() {
  for (std::size_t i = 0; i < tile_barriers_.size();) {
    TileBarrier& b = tile_barriers_[i];
    if (b.barrier.arrived() != LiveLanes(*this, b.first_warp, b.warps)) {
      ++i;
      continue;
    }
    // Released before the tile's entry goes: Release's list lives in the Barrier being erased.
    std::vector<Lane*> waiters = b.barrier.Release();
    tile_barriers_.erase(tile_barriers_.begin() + static_cast<std::ptrdiff_t>(i));
    if (race::Enabled()) {
      std::vector<unsigned> tids;
      tids.reserve(waiters.size());
      for (const Lane* l : waiters) tids.push_back(l->tid);
      race::LanesSynchronized(*this, tids);
    }
    for (Lane* l : waiters) {
      l->wait = WaitKind::kNone;
      if (StateOf(*l) == LaneState::kBlocked) Wake(*l);
    }
    NoteProgress();
  }
}

void TileSync(unsigned tile, Site site) {
  Lane& self = RequireLane("thread_block_tile::sync", site);
  const unsigned first_warp = self.tid / tile * (tile / 32);
  self.block->ArriveTileBarrier(self, first_warp, tile / 32, site);
}

}  // namespace warpsafe::engine
