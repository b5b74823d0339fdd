// The scheduler's random numbers: which lane runs next (random), pct's priorities and change
// points. Seeded per block (Block::Run), so a seed reproduces its schedule.
//
// A 64-bit linear congruential generator, read through its high bits. The random pick draws once
// per lane switch, so the generator is on every lane's path: a draw is one multiply-high (the
// pick) and the next state one multiply-add, about 5 instructions where xorshift64* took about 15.
// The low bits of a power-of-two LCG are weak (bit k has period 2^(k+1)), and Below never reads
// them: it maps the whole 64-bit state to [0, n) by a multiply-high, so the result comes from the
// top bits, which have the full period 2^64. Choosing among at most 1024 lanes needs nothing more.
// The draw uses the state as it is, and the next state is computed after: the pick waits only on
// the multiply-high, never on the state update.
#pragma once

#include <cstddef>
#include <cstdint>

namespace warpsafe::engine {

class Rng {
 public:
  // Multiplier from Steele and Vigna, "Computationally easy, spectrally good multipliers for
  // congruential pseudorandom number generators" (2021); any odd increment gives the full period.
  static constexpr std::uint64_t kMultiplier = 0xd1342543de82ef95ull;
  static constexpr std::uint64_t kIncrement = 1;

  void Seed(std::uint64_t seed) { state_ = seed; }
  std::uint64_t Next() {
    const std::uint64_t r = state_;
    state_ = r * kMultiplier + kIncrement;
    return r;
  }
  // Uniform in [0, n) (to within n / 2^64).
  std::size_t Below(std::size_t n) {
    return static_cast<std::size_t>((static_cast<unsigned __int128>(Next()) * n) >> 64);
  }
  // What the next Below(n) will return, without drawing it (a guess ahead: Block::PrefetchLikelyPick).
  std::size_t PeekBelow(std::size_t n) const {
    return static_cast<std::size_t>((static_cast<unsigned __int128>(state_) * n) >> 64);
  }

 private:
  // The assembly fast path of Shfl reads these members at fixed offsets (warp/shuffle.cpp checks them).
  friend struct ShuffleFastPathLayout;
  std::uint64_t state_ = 0;
};

}  // namespace warpsafe::engine
