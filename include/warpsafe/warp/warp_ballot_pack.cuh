// WarpBallotPack: bit i of out[] is pred(data[i]), for an array of any length, built with ballots.
//
// This is the corrected loop of the CUDA Programming Guide (Compute Capability 7.x, Independent
// Thread Scheduling): the loop condition `i - lane < n` is the same for every lane, so the warp
// never splits on it, and `__ballot_sync(0xFFFFFFFF, i < n)` enumerates the lanes that hold an
// element of the last, partial word before they vote on it. The invalid form it replaces used
// __activemask() inside a divergent loop, which may name only part of the lanes that should vote.
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
    for (int i = lane; i - lane < n; i += kWarpThreads) {
      const std::uint32_t active = __ballot_sync(kFullMask, i < n);
      if (i < n) {
        const std::uint32_t bits = __ballot_sync(active, pred(data[i]));
        if (lane == 0) out[i / kWarpThreads] = bits;
      }
    }
  }
};

}  // namespace warpsafe

#endif  // WARPSAFE_WARP_WARP_BALLOT_PACK_CUH_
