// The runnable lanes of a block, kept twice so that both schedule policies pick in O(1)-ish:
// a dense list (uniform random pick, swap-remove) and a bitset in thread order (lockstep's
// round-robin "next runnable lane after the current one").
#pragma once

#include <cstdint>
#include <vector>

#include "sched/lane.h"

namespace warpsafe::engine {

class RunQueue {
 public:
  void Reset(unsigned threads) {
    list_.clear();
    list_.reserve(threads);
    bits_.assign((threads + 63) / 64, 0);
  }
  bool empty() const { return list_.empty(); }
  std::size_t size() const { return list_.size(); }
  Lane* at(std::size_t i) const { return list_[i]; }

  void Add(Lane* lane) {
    if (lane->queue_pos >= 0) return;
    lane->queue_pos = static_cast<int>(list_.size());
    list_.push_back(lane);
    bits_[lane->tid >> 6] |= std::uint64_t{1} << (lane->tid & 63);
  }

  void Remove(Lane* lane) {
    if (lane->queue_pos < 0) return;
    Lane* last = list_.back();
    list_[lane->queue_pos] = last;
    last->queue_pos = lane->queue_pos;
    list_.pop_back();
    lane->queue_pos = -1;
    bits_[lane->tid >> 6] &= ~(std::uint64_t{1} << (lane->tid & 63));
  }

  // The first runnable thread index at or after `from`, wrapping around; -1 when empty.
  long NextFrom(unsigned from) const {
    const std::size_t words = bits_.size();
    if (list_.empty()) return -1;
    std::size_t w = (from >> 6) % words;
    std::uint64_t word = bits_[w] & (~std::uint64_t{0} << (from & 63));
    for (std::size_t n = 0; n <= words; ++n) {
      if (word != 0) return static_cast<long>(w * 64 + __builtin_ctzll(word));
      w = (w + 1) % words;
      word = bits_[w];
    }
    return -1;
  }

 private:
  std::vector<Lane*> list_;
  std::vector<std::uint64_t> bits_;
};

}  // namespace warpsafe::engine
