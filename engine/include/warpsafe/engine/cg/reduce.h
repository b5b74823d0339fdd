// cg::reduce(group, value, op): every thread of a tile or coalesced group gets op folded over the
// values of the whole group (docs/semantics/cg.md, CG-REDUCE). Built from the group's own shuffles
// (so a thread of the group that is missing is reported like any group collective): a tree towards
// rank 0, each rank combining with the rank `d` above it while d doubles, then a broadcast of rank
// 0's value, so that every thread returns the same bits.
#pragma once

#include <type_traits>
#include <utility>

#include "warpsafe/engine/cg/functional.h"
#include "warpsafe/engine/cg/multi_warp_tile.h"
#include "warpsafe/engine/cg/thread_block.h"

namespace cooperative_groups {

template <class Group, class T, class Op>
auto reduce(const Group& group, T&& value, Op&& op, WarpsafeSite site = WarpsafeSite::Here())
    -> std::decay_t<decltype(op(value, value))> {
  static_assert(!std::is_base_of_v<thread_block, Group>,
                "cg::reduce: over a tile or a coalesced group (CUDA reduces no thread_block)");
  static_assert(!std::is_same_v<std::decay_t<Group>, thread_group>,
                "cg::reduce: over a thread_block_tile or a coalesced_group; CUDA does not reduce over a "
                "thread_group (such as tiled_partition(parent, n) returns)");
  using R = std::decay_t<decltype(op(value, value))>;
  if constexpr (cg_detail_multi_warp::kIsMultiWarp<Group>) {  // several warps: in rank order, through scratch
    return group.warpsafe_fold(static_cast<R>(value), op, "cg::reduce()", site);
  } else {
    R v = value;
    const unsigned n = group.num_threads();
    const unsigned rank = group.thread_rank();
    for (unsigned d = 1; d < n; d *= 2) {
      const R above = group.shfl_down(v, d, site);
      if (rank % (2 * d) == 0 && rank + d < n) v = op(v, above);
    }
    return group.shfl(v, 0, site);
  }
}

}  // namespace cooperative_groups
