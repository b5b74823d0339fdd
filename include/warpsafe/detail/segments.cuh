// Head-flag segments inside a logical warp: a segment starts at logical lane 0 and at every lane
// whose flag is set, and ends before the next start or at the last lane of the logical warp.
#pragma once
#ifndef WARPSAFE_DETAIL_SEGMENTS_CUH_
#define WARPSAFE_DETAIL_SEGMENTS_CUH_

#include "warpsafe/detail/lane.cuh"

namespace warpsafe::detail {

struct Segment {
  unsigned head;  // hardware lane where the caller's segment starts
  unsigned tail;  // hardware lane where it ends (clipped to `last`)
};

// Collective over `mask` (every lane of it must call). `base` is the logical warp's first lane,
// `last` the last lane that counts. The mask may name other logical warps too (the kWholeWarpsCall
// contract): their heads lie below `base`, whose own bit is always set, or past `last`, where the
// tail is clipped, so they never change the caller's segment.
WARPSAFE_DEVICE Segment FindSegment(std::uint32_t mask, unsigned lane, unsigned base, unsigned last, bool head_flag) {
  const std::uint32_t heads = (__ballot_sync(mask, head_flag) | (1u << base)) & mask;
  Segment s;
  s.head = HighestBit(heads & LaneMaskLe(lane));
  const std::uint32_t later = heads & ~LaneMaskLe(lane);
  s.tail = later != 0 ? LowestBit(later) - 1u : last;
  if (s.tail > last) s.tail = last;
  return s;
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_SEGMENTS_CUH_
