// The barrier of a thread_block_tile larger than a warp (docs/semantics/cg.md, CG-TILE-LARGE): the
// tile's threads are the `tile` consecutive block thread ranks, a whole number of warps, that
// contain the caller's. Every collective of such a tile (sync, shfl, any, all, reduce, the scans)
// is built on this barrier and names itself as its `member`. The barrier returns once every
// non-exited thread of those warps has reached the same member; a thread that exited no longer
// holds the others back, but a collective completed without it is reported (CG-ALL), and so is a
// thread that reaches a different member while others of its tile wait (CG-TILE-SAME). Waiting
// threads are blocked like the block barrier's, so a tile whose other threads never arrive is a
// deadlock reported with every thread's place, never a hang.
#include <string>

#include "race/race.h"
#include "report/report.h"
#include "report/user_frames.h"
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

// "threads 0-39,41-63": block thread ranks whose bit is set in the per-warp masks `bits(w)` of
// the warps [first_warp, first_warp + warps), as a person reads them.
template <class Bits>
std::string ThreadsPhrase(const Block& block, unsigned first_warp, unsigned warps, Bits&& bits) {
  std::string ranges;
  unsigned count = 0;
  long run_start = -1;
  long previous = -2;
  auto close = [&] {
    if (run_start < 0) return;
    if (!ranges.empty()) ranges += ",";
    ranges += std::to_string(run_start);
    if (previous != run_start) ranges += "-" + std::to_string(previous);
  };
  for (unsigned w = first_warp; w < first_warp + warps && w < block.warp_count(); ++w) {
    const std::uint32_t m = bits(block.warp(w));
    for (unsigned l = 0; l < 32; ++l) {
      if (((m >> l) & 1u) == 0) continue;
      const long tid = static_cast<long>(w * 32 + l);
      ++count;
      if (tid != previous + 1) {
        close();
        run_start = tid;
      }
      previous = tid;
    }
  }
  close();
  return (count == 1 ? "thread " : "threads ") + ranges;
}

std::string TileName(unsigned first_warp, unsigned warps) {
  return "the tile of threads " + std::to_string(first_warp * 32) + "-" +
         std::to_string((first_warp + warps) * 32 - 1) + " of the block";
}

}  // namespace

void Block::ArriveTileBarrier(Lane& self, unsigned first_warp, unsigned warps, const char* member, Site site) {
  TileBarrier* tile = nullptr;
  for (TileBarrier& b : tile_barriers_) {
    if (b.first_warp == first_warp && b.warps == warps) tile = &b;
  }
  if (tile == nullptr) {
    tile_barriers_.push_back(TileBarrier{first_warp, warps, Barrier(), member});
    tile = &tile_barriers_.back();
  } else if (tile->member != member && std::string(tile->member) != member) {
    // Threads of one tile in two different collectives would pair their exchanges wrongly.
    const Lane& waiter = *tile->barrier.waiters().front();
    std::string waiter_note, note;
    const Site waiter_site = UserSite(waiter, waiter.site, &waiter_note);
    const Site user = UserSite(self, site, &note);
    Report(DefectKind::kCollectiveMismatch)
        .Where(Describe(self))
        .At(waiter_site, ThreadsPhrase(*this, first_warp, warps,
                                       [&](const Warp& w) {
                                         std::uint32_t m = 0;
                                         for (const Lane* l : tile->barrier.waiters()) {
                                           if (l->warp == w.index) m |= 1u << l->lane;
                                         }
                                         return m;
                                       }) +
                             " of " + TileName(first_warp, warps) +
                             (tile->barrier.arrived() == 1 ? " waits at " : " wait at ") + tile->member + waiter_note)
        .At(user, "thread " + std::to_string(self.tid) + " of the same tile reaches " + member + " instead" + note +
                      "; every thread of a tile must take part in the same collective (docs/semantics/cg.md, "
                      "CG-TILE-SAME)")
        .Emit();
  }
  // A tile's collectives have no reduction in the barrier: each arrives as a plain barrier.
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
    // Threads of the tile that exited never reach it: the collective is incomplete (CG-ALL).
    bool exited = false;
    for (unsigned w = b.first_warp; w < b.first_warp + b.warps && w < warp_count(); ++w) {
      exited |= (warp(w).exists & ~warp(w).present) != 0;
    }
    if (exited) {
      const Lane& some = *b.barrier.waiters().front();
      std::string note;
      const Site site = UserSite(some, some.site, &note);
      const auto gone = [](const Warp& w) { return w.exists & ~w.present; };
      const auto here = [](const Warp& w) { return w.present; };
      Report(DefectKind::kPartialGroupCollective)
          .Where(Describe(some))
          .At(site, std::string(b.member) + " of " + TileName(b.first_warp, b.warps) + ", reached by " +
                        ThreadsPhrase(*this, b.first_warp, b.warps, here) + note)
          .Line(ThreadsPhrase(*this, b.first_warp, b.warps, gone) +
                " of the tile exited without reaching it; every thread of a cooperative group must take part in "
                "its collective operations, or the behaviour is undefined (docs/semantics/cg.md, CG-ALL)")
          .Emit();
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

void TileSync(unsigned tile, const char* member, Site site) {
  Lane& self = RequireLane(member, site);
  const unsigned first_warp = self.tid / tile * (tile / 32);
  self.block->ArriveTileBarrier(self, first_warp, tile / 32, member, site);
}

}  // namespace warpsafe::engine
