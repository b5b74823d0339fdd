// A sparse vector clock: what one GPU thread (or one synchronisation object) knows has happened.
//
// Epochs are drawn from one counter per block (every sync event of any lane of block b takes the
// next value), so an access is stamped (block, tid, epoch) and "all events of block b up to epoch
// k" is one number. A clock therefore holds two kinds of entries, sorted by key:
//   - lane entries  (block, tid)          -> epoch: events of that lane up to epoch are known;
//   - block entries (block, kWholeBlock)  -> epoch: events of every lane of that block up to epoch
//     are known (a __syncthreads gives this at once, without 1024 lane entries).
// Check builds run blocks one after another, so a clock only grows past its own block through
// atomics with fences; it stays small (tens of entries) in practice and O(blocks) in the worst
// case of a decoupled look-back chain, never O(threads of the grid).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace warpsafe::engine::race {

inline constexpr std::uint32_t kWholeBlock = 2047;  // tid field of a block entry (tids are < 1024)

inline constexpr std::uint64_t ClockKey(std::uint32_t block, std::uint32_t tid) {
  return (static_cast<std::uint64_t>(block) << 11) | tid;
}

class Clock {
 public:
  struct Entry {
    std::uint64_t key;
    std::uint32_t epoch;
  };

  // True when the event (block, tid, epoch) is known to have happened before.
  bool Covers(std::uint32_t block, std::uint32_t tid, std::uint32_t epoch) const {
    return Get(ClockKey(block, tid)) >= epoch || Get(ClockKey(block, kWholeBlock)) >= epoch;
  }
  std::uint32_t Get(std::uint64_t key) const {
    auto it = std::lower_bound(entries_.begin(), entries_.end(), key,
                               [](const Entry& e, std::uint64_t k) { return e.key < k; });
    return it != entries_.end() && it->key == key ? it->epoch : 0;
  }
  // Raises the entry for `key` to at least `epoch`.
  void Raise(std::uint64_t key, std::uint32_t epoch) {
    auto it = std::lower_bound(entries_.begin(), entries_.end(), key,
                               [](const Entry& e, std::uint64_t k) { return e.key < k; });
    if (it != entries_.end() && it->key == key) {
      it->epoch = std::max(it->epoch, epoch);
    } else {
      entries_.insert(it, Entry{key, epoch});
    }
  }
  // Pointwise maximum (a merge of two sorted lists).
  void Join(const Clock& other) {
    if (other.entries_.empty()) return;
    if (entries_.empty()) {
      entries_ = other.entries_;
      return;
    }
    merged_.clear();
    merged_.reserve(entries_.size() + other.entries_.size());
    auto a = entries_.begin();
    auto b = other.entries_.begin();
    while (a != entries_.end() || b != other.entries_.end()) {
      if (b == other.entries_.end() || (a != entries_.end() && a->key < b->key)) {
        merged_.push_back(*a++);
      } else if (a == entries_.end() || b->key < a->key) {
        merged_.push_back(*b++);
      } else {
        merged_.push_back(Entry{a->key, std::max(a->epoch, b->epoch)});
        ++a;
        ++b;
      }
    }
    entries_.swap(merged_);
  }
  // Drops the lane entries of `block` that its block entry already covers (after a barrier).
  void Compact(std::uint32_t block) {
    const std::uint32_t whole = Get(ClockKey(block, kWholeBlock));
    if (whole == 0) return;
    std::erase_if(entries_, [&](const Entry& e) {
      return (e.key >> 11) == block && (e.key & 2047) != kWholeBlock && e.epoch <= whole;
    });
  }
  // Copies `other`'s entries, reusing this clock's storage (no allocation once it has grown).
  void Assign(const Clock& other) { entries_.assign(other.entries_.begin(), other.entries_.end()); }
  void Clear() { entries_.clear(); }
  bool empty() const { return entries_.empty(); }
  // True when the clock holds nothing but (at most) the entry for `key`.
  bool AtMost(std::uint64_t key) const {
    return entries_.empty() || (entries_.size() == 1 && entries_[0].key == key);
  }
  std::size_t size() const { return entries_.size(); }

 private:
  std::vector<Entry> entries_;
  std::vector<Entry> merged_;  // scratch of Join, kept to avoid an allocation per join
};

}  // namespace warpsafe::engine::race
