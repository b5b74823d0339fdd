// The runnable lanes of a block, by thread index, kept twice so that every schedule policy picks
// cheaply: a dense array (uniform random pick, swap-remove) with each thread's position in it, and
// a bitset in thread order (lockstep's round-robin "next runnable lane after the current one").
// Thread indices and positions are 16-bit and live here, not in the lanes: adding or removing a
// lane touches these few compact arrays, never another lane's cache lines. The bitset is kept
// only when asked for (lockstep: the other policies never read it). Sized once per block: no
// allocation on the hot path.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>

namespace warpsafe::engine {

class RunQueue {
 public:
  void Reset(unsigned threads, bool track_bits) {
    track_bits_ = track_bits;
    if (threads > capacity_) {
      list_.reset(new std::uint16_t[threads + 8]);  // WakeAllButOne writes one entry past the end
      pos_.reset(new std::uint16_t[threads]);
      bits_.reset(new std::uint64_t[(threads + 63) / 64]);
      capacity_ = threads;
    }
    size_ = 0;
    picked_ = 0;
    words_ = (threads + 63) / 64;
    for (unsigned w = 0; w < words_; ++w) bits_[w] = 0;
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  // The thread index at position i of the dense array.
  unsigned at(std::size_t i) const { return list_[i]; }
  // The position the last uniform draw picked (see picked_).
  std::size_t picked() const { return picked_; }
  // at(i) for the lane a uniform draw picks to run next: remembers i (see picked_).
  unsigned PickAt(std::size_t i) {
    picked_ = i;
    return list_[i];
  }

  // Precondition: thread `tid` is not in the queue.
  void Add(unsigned tid) {
    pos_[tid] = static_cast<std::uint16_t>(size_);
    list_[size_++] = static_cast<std::uint16_t>(tid);
    if (track_bits_) bits_[tid >> 6] |= std::uint64_t{1} << (tid & 63);
  }

  // Adds the lanes of `mask` in the warp starting at thread `first_tid` (a multiple of 32), none of
  // them in the queue: a completed collective wakes its whole group at once.
  void AddWarpLanes(unsigned first_tid, std::uint32_t mask) {
    if (track_bits_) bits_[first_tid >> 6] |= std::uint64_t{mask} << (first_tid & 63);
    std::size_t size = size_;
    if (mask == 0xffffffffu && std::endian::native == std::endian::little) {
      // A full-warp collective: consecutive thread indices at consecutive positions, written four
      // 16-bit entries per 8-byte store (values below 1024: no carry between the fields).
      constexpr std::uint64_t kEach = 0x0001000100010001ull, kRamp = 0x0003000200010000ull;
      std::uint64_t tids = first_tid * kEach + kRamp;
      std::uint64_t positions = size * kEach + kRamp;
      for (unsigned l = 0; l < 32; l += 4) {
        std::memcpy(&list_[size + l], &tids, sizeof tids);
        std::memcpy(&pos_[first_tid + l], &positions, sizeof positions);
        tids += 4 * kEach;
        positions += 4 * kEach;
      }
      size_ = size + 32;
      return;
    }
    if (const std::uint32_t hole = ~mask; hole != 0 && (hole & (hole - 1)) == 0) {
      // All lanes but one: the usual wake of a full-warp collective, whose last lane to arrive
      // completes it and is not blocked. The same entries as the loop below, in the same order
      // (the schedule depends on it), eight per 16-byte store: lane k of the warp, skipping the
      // hole, goes to position size + k - (k > hole).
      WakeAllButOne(first_tid, static_cast<unsigned>(__builtin_ctz(hole)));
      return;
    }
    for (; mask != 0; mask &= mask - 1) {
      const unsigned tid = first_tid + static_cast<unsigned>(__builtin_ctz(mask));
      pos_[tid] = static_cast<std::uint16_t>(size);
      list_[size++] = static_cast<std::uint16_t>(tid);
    }
    size_ = size;
  }

  // AddWarpLanes for every lane of the warp but `hole`, whose entries stay as they are.
  void WakeAllButOne(unsigned first_tid, unsigned hole) {
    // GCC/Clang vector extensions (SSE2 here, NEON elsewhere). Signed: values stay below 2^15
    // (1024 threads), and SSE2 compares signed 16-bit lanes in one instruction.
    using I16x8 = std::int16_t __attribute__((vector_size(16)));
    const auto splat = [](unsigned v) { return I16x8{} + static_cast<std::int16_t>(v); };
    const std::size_t size = size_;
    std::uint16_t* const list = list_.get();  // locals: the stores below could alias the members
    std::uint16_t* const pos = pos_.get();
    const std::uint16_t hole_pos = pos[first_tid + hole];  // a running lane's entry is live
    const I16x8 h = splat(hole), tid0 = splat(first_tid), pos0 = splat(static_cast<unsigned>(size));
    // Comparisons give -1 where true. list_: the k-th entry is lane k + (k >= hole), for k < 31;
    // the 32nd entry written lands past the new end (list_ has room for it). pos_: lane k sits at
    // k - (k > hole). All of list_ first, then all of pos_: consecutive stores to one cache line
    // retire together, alternating lines one a cycle.
    const I16x8 ramp = {0, 1, 2, 3, 4, 5, 6, 7};
#pragma GCC unroll 4
    for (unsigned i = 0; i < 32; i += 8) {
      const I16x8 k = ramp + static_cast<std::int16_t>(i);
      const I16x8 tids = tid0 + k - (k > h - 1);
      std::memcpy(&list[size + i], &tids, sizeof tids);
    }
#pragma GCC unroll 4
    for (unsigned i = 0; i < 32; i += 8) {
      const I16x8 k = ramp + static_cast<std::int16_t>(i);
      const I16x8 positions = pos0 + k + (k > h);
      std::memcpy(&pos[first_tid + i], &positions, sizeof positions);
    }
    pos[first_tid + hole] = hole_pos;
    size_ = size + 31;
  }

  // Precondition: thread `tid` is in the queue.
  void Remove(unsigned tid) {
    const std::uint16_t last = list_[--size_];
    const std::uint16_t pos = pos_[tid];
    list_[pos] = last;
    pos_[last] = pos;
    if (track_bits_) bits_[tid >> 6] &= ~(std::uint64_t{1} << (tid & 63));
  }

  // Remove(tid), then at(index), for a queue that does not track its bitset (the random
  // policy's); `left` is size() - 1, the size after the removal (the caller has it already), and
  // index < left. The entries at `index` and at the end are read before the removal writes, and
  // the pick is corrected from them rather than read back: the removal moves the last entry into
  // the caller's position, so the entry at `index` after it is the last one exactly where it was
  // the caller's own before. Comparing thread indices rather than positions keeps the pick off the
  // chain of loads that finds the caller's position (pos_[tid]), and a conditional move instead of
  // a branch: the two are equal once in `left` picks, at random, which a branch mispredicts (about
  // four times per full-warp collective).
  unsigned RemoveAndPick(unsigned tid, std::size_t index, std::size_t left) {
    const std::size_t size = left;
    std::uint16_t* const list = list_.get();
    const std::uint16_t last = list[size];
    const unsigned at = list[index];
    const std::uint16_t pos = pos_[tid];
    size_ = size;
    picked_ = index;  // where the picked lane sits once the caller is removed: `at`'s place, or the caller's
    list[pos] = last;
    pos_[last] = pos;
    return at == tid ? last : at;
  }

  // The first runnable thread index at or after `from`, wrapping around; -1 when empty. Only
  // when the queue tracks its bitset.
  long NextFrom(unsigned from) const {
    if (size_ == 0) return -1;
    // Wrapping by comparison, not `%`: a division costs tens of cycles on lockstep's hot path.
    std::size_t w = from >> 6;
    std::uint64_t word = 0;
    if (w < words_) {
      word = bits_[w] & (~std::uint64_t{0} << (from & 63));
    } else {
      w = 0;
      word = bits_[0];
    }
    for (std::size_t n = 0; n <= words_; ++n) {
      if (word != 0) return static_cast<long>(w * 64 + static_cast<unsigned>(__builtin_ctzll(word)));
      if (++w == words_) w = 0;
      word = bits_[w];
    }
    return -1;
  }

 private:
  // The assembly fast path of Shfl reads these members at fixed offsets (warp/shuffle.cpp checks them).
  friend struct ShuffleFastPathLayout;
  std::unique_ptr<std::uint16_t[]> list_;
  std::unique_ptr<std::uint16_t[]> pos_;
  std::unique_ptr<std::uint64_t[]> bits_;
  std::size_t size_ = 0;
  // The position of the lane the last uniform draw picked (RemoveAndPick, PickAt): while it runs,
  // its own position, unless something else moved its entry since (a removal moving the last entry,
  // a reset). A hint: the assembly path of Shfl checks it against pos_ before it relies on it, and
  // nothing else reads it.
  std::size_t picked_ = 0;
  std::size_t words_ = 0;
  unsigned capacity_ = 0;
  bool track_bits_ = true;
};

}  // namespace warpsafe::engine
