// The runnable lanes of a block, kept twice so that both schedule policies pick cheaply: a dense
// array (uniform random pick, swap-remove) and a bitset in thread order (lockstep's round-robin
// "next runnable lane after the current one"). Sized once per block: no allocation on the hot path.
#pragma once

#include <cstdint>
#include <memory>

#include "sched/lane.h"

namespace warpsafe::engine {

class RunQueue {
 public:
  void Reset(unsigned threads) {
    if (threads > capacity_) {
      list_.reset(new Lane*[threads]);
      bits_.reset(new std::uint64_t[(threads + 63) / 64]);
      capacity_ = threads;
    }
    size_ = 0;
    words_ = (threads + 63) / 64;
    for (unsigned w = 0; w < words_; ++w) bits_[w] = 0;
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  Lane* at(std::size_t i) const { return list_[i]; }

  // Precondition: the lane is not in the queue.
  void Add(Lane* lane) {
    lane->queue_pos = static_cast<int>(size_);
    list_[size_++] = lane;
    bits_[lane->tid >> 6] |= std::uint64_t{1} << (lane->tid & 63);
  }

  // Adds the lanes of `mask` in the warp starting at thread `first_tid` (a multiple of 32), none of
  // them in the queue: a completed collective wakes its whole group at once.
  void AddWarpLanes(Lane* warp_lanes, unsigned first_tid, std::uint32_t mask) {
    bits_[first_tid >> 6] |= std::uint64_t{mask} << (first_tid & 63);
    for (; mask != 0; mask &= mask - 1) {
      Lane* lane = warp_lanes + __builtin_ctz(mask);
      lane->queue_pos = static_cast<int>(size_);
      list_[size_++] = lane;
    }
  }

  // Precondition: the lane is in the queue.
  void Remove(Lane* lane) {
    Lane* last = list_[--size_];
    list_[lane->queue_pos] = last;
    last->queue_pos = lane->queue_pos;
    lane->queue_pos = -1;
    bits_[lane->tid >> 6] &= ~(std::uint64_t{1} << (lane->tid & 63));
  }

  // The first runnable thread index at or after `from`, wrapping around; -1 when empty.
  long NextFrom(unsigned from) const {
    if (size_ == 0) return -1;
    std::size_t w = (from >> 6) % words_;
    std::uint64_t word = bits_[w] & (~std::uint64_t{0} << (from & 63));
    for (std::size_t n = 0; n <= words_; ++n) {
      if (word != 0) return static_cast<long>(w * 64 + static_cast<unsigned>(__builtin_ctzll(word)));
      w = (w + 1) % words_;
      word = bits_[w];
    }
    return -1;
  }

 private:
  std::unique_ptr<Lane*[]> list_;
  std::unique_ptr<std::uint64_t[]> bits_;
  std::size_t size_ = 0;
  std::size_t words_ = 0;
  unsigned capacity_ = 0;
};

}  // namespace warpsafe::engine
