// The fast path of an instrumented access (callbacks.cpp), as ThreadSanitizer takes one: most
// loads and stores of a compute loop repeat what the same thread already did since its last
// synchronisation, and need no check, no record and no scheduling point. Detector::Access (the
// slow path) handles everything else, unchanged.
//
// An access of N bytes (N <= 8, aligned, so inside one 8-byte granule) by the running lane is
// decided here when its granule's shadow cell (found by direct indexing, shadow.h) shows either
//   1. the lane's own slot of its current epoch, of the same kind (a write; or a read, which a
//      write of the lane also stands for) over at least the access's bytes: any other thread's
//      conflicting access since then was checked against that slot, and nothing can have ordered
//      it differently (the lane's epoch has not changed), so the check would find nothing new;
//   2. a read when the cell is full of other threads' plain reads, which between them cover (at
//      least) these bytes, none of them ordered before the lane (the lane knows no more of the
//      running block than its last barrier, and those reads are later): no write to conflict with, and
//      recording the read would only evict one of them, which is what a full cell does anyway
//      (the same bound on what the shadow remembers, choosing the newcomer). This is what keeps
//      data that every thread reads (a vector, a table) off the slow path. A plain read of the
//      lane's own in the cell, of the granule's other bytes, does not stand in the way: recording
//      this one would pair with it, and others' reads already hold these bytes. (Recording it
//      would bump the page's stamp and end every other lane's memo over that page.)
// In both, earlier accesses of these bytes (of the same kind, or a write) already classified
// them, checked them for bounds, for an uninitialised read (or left that read pending) and
// against the unordered library work of the launch (a fixed list for the launch's duration), so
// nothing of Access's is skipped that could report. Those checks are per byte: each byte needs one
// earlier access of it, not all of them one access (a cell of others' reads of either half of it,
// each byte read by one of them, decides a read of the whole).
//
// What stays: the access counts as a scheduling step (the livelock bound and the watchdog see
// it, Block::StepAtAccess) and as an observation for progress (progress.h). It is a scheduling
// point only when it makes no progress (a spin re-reading unchanged memory, or storing what is
// there: then other lanes run, as on every access before) or when the block's periodic check is
// due. Accesses of the slow path (the first of each granule per epoch, any contended one) remain
// scheduling points, so exploration still interleaves every place where threads meet.
//
// Before the cell, the lane's memo (access_memo.h): an access of an instruction inside a range of
// that instruction's accesses already decided here, with no input of the decision changed since,
// is decided again without the cell.
#pragma once

#include <cstdint>
#include <cstring>

#include "race/detector.h"
#include "race/local_memory.h"
#include "sched/block.h"
#include "sched/lane.h"

namespace warpsafe::engine::race {

template <unsigned N>
[[gnu::always_inline]] inline Detector::CellVerdict Detector::JudgeCell(const Cell& cell, std::uintptr_t a, bool write,
                                                                        std::uint32_t origin, const LaneClock& lc,
                                                                        Slot** hit_out) const {
  const auto mask = static_cast<std::uint8_t>(((1u << N) - 1) << (a % kGranule));
  // Slot fields compared two at a time: (epoch, block) and (tid, mask, flags).
  const std::uint64_t when = lc.epoch | (std::uint64_t{block_linear_} << 32);
  const Slot* hit = nullptr;
  bool others_read = !write;  // case 2 still possible
  std::uint8_t read_bytes = 0;  // case 2: the bytes the others' reads cover between them
  for (const Slot& s : cell.slots) {
    std::uint64_t s_when;
    std::memcpy(&s_when, &s.epoch, sizeof s_when);
    if (s_when == when && s.tid == fast_tid_) {
      const bool plain = (s.flags & ~(Slot::kWrite | Slot::kPaired)) == Slot::kValid;
      const bool kind_ok = plain && (!write || (s.flags & Slot::kWrite) != 0);
      if (kind_ok && (s.mask & mask) == mask) {
        hit = &s;
        break;
      }
      // The lane's own plain read of other bytes of the granule (the other half of a pair that
      // others' reads split) leaves case 2 open for a read: see case 2 above.
      if (write || (s.flags & Slot::kWrite) != 0 || !plain) others_read = false;
      continue;
    }
    // Case 2: a valid plain read by another thread of this block, after the lane's last barrier, or
    // by any thread of another block (its thread with the lane's index is another thread too), over
    // these bytes between them; and the lane knows nothing beyond its barrier.
    if (others_read) {
      others_read = (s.flags & ~Slot::kPaired) == Slot::kValid &&
                    (s.block != block_linear_ || (s.tid != fast_tid_ && s.epoch > lc.bar));
      read_bytes = static_cast<std::uint8_t>(read_bytes | s.mask);
    }
  }
  if (hit != nullptr) {
    *hit_out = const_cast<Slot*>(hit);
    return hit->mask == mask && hit->origin != origin ? CellVerdict::kHitOtherOrigin : CellVerdict::kQuiet;
  }
  if (!others_read || (read_bytes & mask) != mask || !lc.own.empty() ||
      (lc.base != nullptr && !lc.base->AtMost(ClockKey(block_linear_, kWholeBlock)))) {
    return CellVerdict::kNo;
  }
  return CellVerdict::kQuiet;
}

// The cell's part of FastAccess: true when the access is decided (cases 1 and 2 above), noting it
// in the lane's memo (access_memo.h) when deciding it changed nothing; `stamp` is the stamp of the
// cell's page (shadow.h), `shared` whether the cell is shared memory's.
template <unsigned N>
[[gnu::always_inline]] inline bool Detector::DecideFromCell(Cell& cell, std::uintptr_t a, bool write,
                                                            std::uintptr_t pc, LaneClock& lc, std::uint64_t key,
                                                            const std::uint64_t* stamp, bool shared) {
  // What Access would record for a hit: this access's site (stored only when it changed, so that a
  // loop re-reading its cells does not dirty them). A return address too far for a slot's offset
  // (none of the program's own code) is Access's to record.
  std::uint32_t origin = 0;
  const bool near = NearOrigin(pc, &origin);
  Slot* hit = nullptr;
  switch (JudgeCell<N>(cell, a, write, origin, lc, &hit)) {
    case CellVerdict::kNo:
      return false;
    case CellVerdict::kHitOtherOrigin:
      if (!near) return false;
      hit->origin = origin;
      // The slot now stands for this one access of all its bytes, no longer for a pair of halves.
      hit->flags = static_cast<std::uint8_t>(hit->flags & ~Slot::kPaired);
      ForgetDecisions();  // the lane's decisions from its old origin would not store this one's
      return true;
    case CellVerdict::kQuiet:
      if (hit != nullptr && !near) return false;
      break;
  }
  lc.memo.Decided(a, N, key, g_check_generation, cell_changes_, stamp, shared);
  if (near && lc.memo.EndIfCurrent(key, *stamp) == a + N) DecideAhead<N>(a, write, origin, lc, key, shared);
  return true;
}

// Deciding ahead. A forward stream's instruction meets each granule of a page once per pass: on a
// pass after the first, the fast path decides every access from its cell, one call each, only to
// extend the range by one access. What it would decide at the next addresses of the page is known
// now, and stays so while the page's stamp and the generation hold (the memo's contract: a quiet
// decision depends on the cell, the lane's clock and the running block alone): the range takes
// every following access of this instruction's size on the page that the cell decides quietly, up
// to the first that it does not.
template <unsigned N>
[[gnu::noinline]] void Detector::DecideAhead(std::uintptr_t a, bool write, std::uint32_t origin, LaneClock& lc,
                                             std::uint64_t key, bool shared) {
  constexpr std::uintptr_t kPage = std::uintptr_t{1} << kCheckPageBits;
  const std::uintptr_t page_end = (a & ~(kPage - 1)) + kPage;
  Cell* page = shared ? nullptr : global_.PageOf(a);
  if (!shared && page == nullptr) return;
  std::uintptr_t next = a + N;
  for (; next + N <= page_end; next += N) {
    const Cell* cell = shared ? shared_.Find(next - arena_) : GlobalShadow::CellIn(page, next);
    Slot* hit = nullptr;
    if (cell == nullptr || JudgeCell<N>(*cell, next, write, origin, lc, &hit) != CellVerdict::kQuiet) break;
  }
  if (next > a + N) lc.memo.DecidedAhead(key, next - (a + N));
}

template <unsigned N>
[[gnu::always_inline]] inline bool Detector::FastAccess(std::uintptr_t a, bool write, std::uintptr_t pc) {
  static_assert(N == 1 || N == 2 || N == 4 || N == 8 || N == 16, "the sanitizer-coverage sizes");
  if constexpr (N > kGranule) {
    return false;  // spans two granules: Access
  } else {
    const LaneView* view = tls_lane;
    if (__builtin_expect(view != fast_view_, 0) && !RefreshFastLane(view)) return false;
    // The lane's own stack: never shared; only a local array's guard zone is checked (LOCAL-1),
    // and Access reports it.
    if (a - fast_stack_low_ < fast_stack_size_) return !LocalAccessPoisoned(a, N);
    LaneClock& lc = *fast_clock_;
    if (pending_race_.lane != nullptr || lc.atomic_address != 0 || (a & (N - 1)) != 0) return false;
    const std::uint64_t key = AccessMemo::Key(pc, N, write);
    const auto stamp_of = [this](std::uintptr_t address) {
      return address - arena_ < arena_size_ ? shared_.stamp() : GlobalShadow::StampOf(global_.PageOf(address));
    };
    if (!lc.memo.Covers(a, key, g_check_generation, stamp_of)) {
      // The cell, and the stamp of its page for the memo (access_memo.h).
      Cell* cell;
      const std::uint64_t* stamp;
      const bool shared = a - arena_ < arena_size_;
      if (shared) {
        cell = shared_.Find(a - arena_);
        stamp = shared_.stamp();
      } else {
        Cell* page = global_.PageOf(a);
        if (page == nullptr) return false;
        cell = GlobalShadow::CellIn(page, a);
        stamp = GlobalShadow::StampOf(page);
      }
      if (cell == nullptr || !DecideFromCell<N>(*cell, a, write, pc, lc, key, stamp, shared)) return false;
    }
    // Progress, as Access judges it (progress.h): the lane's last store, then this load.
    ProgressWatch& watch = lc.progress;
    const bool judged_store = watch.pending();
    bool progress = watch.Settle();
    if (write) {
      watch.Store(a, N);
    } else {
      progress |= watch.Load(a, N);
    }
    Lane& lane = *LaneOf(view);
    Block& block = *block_;
    if (progress) {
      block.NoteProgress();
      block.StepAtAccess(lane);
    } else if (write && !judged_store) {
      block.StepAtAccess(lane);  // a store is judged at the lane's next access
    } else {
      block.YieldAtAccessOutOfLine(lane);  // no progress: a spin, which must let the others run
    }
    return true;
  }
}

}  // namespace warpsafe::engine::race
