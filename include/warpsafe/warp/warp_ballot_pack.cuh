// WarpBallotPack: bit i of out[] is pred(data[i]), for an array of any length, built with ballots.
//
// The warp walks the array one 32-element word at a time, and every lane runs the same number of
// iterations (the loop tests the word's first index, which is the same for the whole warp), so the
// warp never splits on the loop. A full-warp ballot names the lanes that hold an element of the
// word (fewer in the last, partial word), and only they vote, with exactly that mask. Taking
// __activemask() as the mask instead would be wrong: it may name only part of the lanes that
// should vote (docs/semantics.md, ACTIVEMASK-2).
//
//   warpsafe::WarpBallotPack().Pack(data, n, bits, [](float v) { return v > 0.0f; });
//
// Thread contract: all 32 lanes of a full hardware warp call Pack with the same data, n and out;
// lane 0 writes the words out[0 .. (n+31)/32 - 1]. TempStorage is empty.
#pragma once
#ifndef WARPSAFE_WARP_WARP_BALLOT_PACK_CUH_
#define WARPSAFE_WARP_WARP_BALLOT_PACK_CUH_

#include "warpsafe/detail/lane.cuh"

namespace warpsafe {

class WarpBallotPack {
 public:
  struct TempStorage {};

  WARPSAFE_DEVICE WarpBallotPack() {}
  WARPSAFE_DEVICE explicit WarpBallotPack(TempStorage&) {}

  template <class T, class Pred>
  WARPSAFE_DEVICE void Pack(const T* data, int n, std::uint32_t* out, Pred pred) const {
    const int lane = int(detail::LaneId());
    for (int first = 0; first < n; first += kWarpThreads) {
      const int i = first + lane;
      const std::uint32_t holders = __ballot_sync(kFullMask, i < n);
      if (i < n) {
        const std::uint32_t bits = __ballot_sync(holders, pred(data[i]));
        if (lane == 0) out[first / kWarpThreads] = bits;
      }
    }
  }
};

}  // namespace warpsafe

#endif  // WARPSAFE_WARP_WARP_BALLOT_PACK_CUH_
