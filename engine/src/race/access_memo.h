// The fast path's memo (fast_access.h): ranges of memory for which one lane's accesses from one
// instruction were already decided by the fast path, so that a loop streaming over an array again
// and again pays for the shadow once, not on every pass.
//
// The contract. Detector::FastAccess decides an access (address, size N, kind, return address pc)
// from the lane's clock, the cell of its granule and a few detector fields; when it decides one
// without changing any state (no origin stored in a slot), deciding the same access again gives
// the same answer for as long as none of those inputs changes. Two numbers tell when they may have:
//   - the detector's `generation`, advanced whenever anything but a cell changes (a lane's clock at
//     a barrier, __syncwarp or fence; a block started, finished, parked or resumed; a launch
//     started) and when the fast path stores a slot's origin;
//   - the stamp of the cell's page (shadow.h): the detector's count of cell changes when the slow
//     path (CheckCell, the only writer of slots) last recorded anything on that page.
// A memo entry holds a range [lo, lo + len) of one space (global or shared memory) tiled by
// accesses that the fast path decided (or decided ahead: fast_access.h) in the current generation, when the count of cell changes
// was `since` or later, all by this lane from the same instruction (one return address: one
// callback, so one size and one kind), hence N-aligned and N long each. While the stamp of an
// address's page is not above `since`, an access of that instruction at that address inside the
// range is one of them with every input unchanged: decided again the same way, with nothing to
// change. The caller then skips the cell (its load and the slot scan) and goes straight to what
// every decided access still does (its step, its progress observation, its scheduling point when
// it makes no progress). So the checker's reports, its exploration and its livelock bound are
// exactly those without the memo. A page's stamp lives as long as the page, until a launch starts,
// and an arena's until its block ends or is parked: each advances the generation first.
//
// Entries are found by instruction, two places for each (a loop's few instructions rarely take
// three of one place's); one that a different instruction or a new generation takes over is reset,
// and a decided access that neither extends its instruction's range nor joins it from below (a
// stride, a jump back, or an access in the range whose page changed since) starts a new one there.
#pragma once

#include <cstdint>
#include <utility>

#include "warpsafe/engine/check_lane.h"

namespace warpsafe::engine::race {

class AccessMemo {
 public:
  // The layout the inline path reads (warpsafe/engine/check_inline.h).
  using Entry = InlineMemoEntry;
  static constexpr unsigned kSets = kCheckMemoSets;
  static constexpr unsigned kWays = kCheckMemoWays;

  // The identity of an instruction's accesses: its return address with the size and kind (the
  // same return address never comes with another size or kind from the callbacks; this keeps the
  // contract should another caller ever pass one).
  static std::uint64_t Key(std::uintptr_t pc, unsigned size, bool write) { return CheckMemoKey(pc, size, write); }

  // True when an access of `key` at `address` lies in a range decided in `generation` and its page
  // has not changed since. `stamp_of(address)` finds the stamp of a page (shadow.h) the entry has
  // not seen last: once a page for a stream.
  template <class StampOf>
  bool Covers(std::uintptr_t address, std::uint64_t key, std::uint64_t generation, StampOf stamp_of) {
    Entry* set = sets_[Index(key)];
    Entry& e = set[0].key == key ? set[0] : set[1];
    if (e.key != key || e.generation != generation || address - e.lo >= e.len) return false;
    if ((address >> kPageBits) != e.page) {
      e.page = address >> kPageBits;
      e.stamp = stamp_of(address);
    }
    if (*e.stamp > e.since) return false;
    e.last = address;
    return true;
  }

  // Notes that the fast path decided the access of `key` at [address, address + size) in
  // `generation`, changing nothing, when the count of cell changes was `changes`; `stamp` is the
  // stamp of the access's page, `shared` whether it is in shared memory (a range stays in one
  // space, so that the stamp of a page, the arena's or a global page's, is the same for every
  // address of the range on it).
  // The entries, for the inline path (check_inline.h): sets of kWays, set CheckMemoSet(key).
  Entry* entries() { return &sets_[0][0]; }

  void Decided(std::uintptr_t address, unsigned size, std::uint64_t key, std::uint64_t generation,
               std::uint64_t changes, const std::uint64_t* stamp, bool shared) {
    Entry* set = sets_[Index(key)];
    if (set[0].key != key) {
      // The instruction's entry goes first; a new one drops the older of the two.
      if (set[1].key == key) {
        std::swap(set[0], set[1]);
      } else {
        set[1] = set[0];
        set[0].key = 0;
      }
    }
    Entry& e = set[0];
    e.page = address >> kPageBits;
    e.stamp = stamp;
    e.last = address;
    if (e.key == key && e.generation == generation && e.shared == shared && e.len < kMaxLength) {
      if (address == e.lo + e.len) {
        e.len += size;
        return;
      }
      if (address + size == e.lo) {
        e.lo = address;
        e.len += size;
        return;
      }
    }
    e.key = key;
    e.generation = generation;
    e.since = changes;
    e.shared = shared;
    e.lo = address;
    e.len = size;
  }

  // Where the range of `key` ends, if a page whose stamp is `stamp` may still be covered by it
  // (0: no such range); Decided puts its entry first in its set.
  std::uintptr_t EndIfCurrent(std::uint64_t key, std::uint64_t stamp) const {
    const Entry& e = sets_[Index(key)][0];
    return e.key == key && stamp <= e.since ? e.lo + e.len : 0;
  }
  // Extends the range of `key`, just noted by Decided, by `bytes` at its end: accesses decided ahead
  // (fast_access.h, DecideAhead), with the inputs of that decision.
  void DecidedAhead(std::uint64_t key, std::uint64_t bytes) {
    Entry& e = sets_[Index(key)][0];
    if (e.key == key && e.len + bytes <= kMaxLength) e.len += bytes;
  }

 private:
  static constexpr std::uint64_t kMaxLength = std::uint64_t{1} << 40;
  static constexpr unsigned kPageBits = kCheckPageBits;
  static unsigned Index(std::uint64_t key) { return CheckMemoSet(key); }

  Entry sets_[kSets][kWays] = {};
};

}  // namespace warpsafe::engine::race
