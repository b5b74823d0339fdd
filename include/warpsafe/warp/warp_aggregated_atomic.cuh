// WarpAggregatedAtomic: atomicAdd aggregated over the lanes that target the same address, with
// each lane's own old value, as if the lanes' adds had been done one by one in lane order.
//
// The discovery pattern of the CUDA Programming Guide / "Cooperative groups: opportunistic
// warp-level programming": __activemask() asks which lanes are here now (a query, nothing more);
// __match_any_sync over that set groups them by address; each group's lowest lane is its leader
// and issues one atomicAdd of the group's total; __shfl_sync over the group hands the leader's old
// value back, and each lane adds the sum of the group's lanes below it. Every collective after the
// query uses the group's mask, so the lanes of other groups and lanes that diverged away are never
// waited for.
//
//   int slot = warpsafe::WarpAggregatedAtomic<int>().Add(&bins[key], 1);   // this lane's old value
//
// Thread contract: none beyond atomicAdd's own; any subset of lanes may call, in any divergence.
// T is a type atomicAdd supports (int, unsigned, unsigned long long, float, double). For floating
// point the group's total and prefixes are summed in a tree, so rounding may differ from one-by-one
// adds. TempStorage is empty.
#pragma once
#ifndef WARPSAFE_WARP_WARP_AGGREGATED_ATOMIC_CUH_
#define WARPSAFE_WARP_WARP_AGGREGATED_ATOMIC_CUH_

#include "warpsafe/detail/lane.cuh"
#include "warpsafe/detail/shfl.cuh"

namespace warpsafe {

template <class T>
class WarpAggregatedAtomic {
  static_assert(std::is_arithmetic<T>::value, "WarpAggregatedAtomic: T must be a type atomicAdd takes");

 public:
  struct TempStorage {};

  WARPSAFE_DEVICE WarpAggregatedAtomic() {}
  WARPSAFE_DEVICE explicit WarpAggregatedAtomic(TempStorage&) {}

  // *address += value, aggregated; returns the value *address had just before this lane's share.
  WARPSAFE_DEVICE T Add(T* address, T value) const {
    const std::uint32_t active = __activemask();
    const std::uint32_t group =
        __match_any_sync(active, static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(address)));
    const unsigned lane = detail::LaneId();
    const unsigned rank = __popc(group & detail::LaneMaskLt(lane));
    const unsigned size = __popc(group);
    // Inclusive scan over the group's lanes in lane order (they need not be contiguous).
    T inclusive = value;
    for (unsigned delta = 1; delta < size; delta <<= 1) {
      const unsigned src = rank >= delta ? detail::NthSetBit(group, rank - delta) : lane;
      const T other = detail::ShflIdx(group, inclusive, src);
      if (rank >= delta) inclusive = other + inclusive;
    }
    const unsigned leader = detail::LowestBit(group);
    const T total = detail::ShflIdx(group, inclusive, detail::HighestBit(group));
    T old{};
    if (lane == leader) old = atomicAdd(address, total);
    old = detail::ShflIdx(group, old, leader);
    const T below = detail::ShflIdx(group, inclusive, rank >= 1 ? detail::NthSetBit(group, rank - 1) : lane);
    return rank == 0 ? old : T(old + below);
  }

  // table[key] += value, aggregated over the lanes with the same key.
  template <class Key>
  WARPSAFE_DEVICE T AddByKey(T* table, Key key, T value) const {
    return Add(table + key, value);
  }
};

}  // namespace warpsafe

#endif  // WARPSAFE_WARP_WARP_AGGREGATED_ATOMIC_CUH_
