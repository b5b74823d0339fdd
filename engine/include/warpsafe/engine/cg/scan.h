// cg::inclusive_scan and cg::exclusive_scan over a tile or coalesced group (docs/semantics/cg.md,
// CG-SCAN): rank r gets op folded over the values of ranks 0..r (inclusive) or 0..r-1 (exclusive),
// in rank order. Within a warp, built from the group's own shuffles (Hillis-Steele with shfl_up);
// a tile of several warps folds in rank order through its scratch (multi_warp_tile.h).
#pragma once

#include <type_traits>
#include <utility>

#include "warpsafe/engine/cg/functional.h"
#include "warpsafe/engine/cg/multi_warp_tile.h"
#include "warpsafe/engine/cg/thread_block.h"

namespace cooperative_groups {

namespace cg_scan_detail {

template <class Group>
constexpr void RequireScannable() {
  static_assert(!std::is_base_of_v<thread_block, Group> && !std::is_same_v<Group, thread_group>,
                "cg::inclusive_scan/exclusive_scan: over a thread_block_tile or a coalesced_group; CUDA does not "
                "scan a thread_block or a thread_group (such as tiled_partition(parent, n) returns)");
}

}  // namespace cg_scan_detail

template <class Group, class T, class Op>
auto inclusive_scan(const Group& group, T&& value, Op&& op, WarpsafeSite site = WarpsafeSite::Here())
    -> std::decay_t<decltype(op(value, value))> {
  cg_scan_detail::RequireScannable<std::decay_t<Group>>();
  using R = std::decay_t<decltype(op(value, value))>;
  if constexpr (cg_detail_multi_warp::kIsMultiWarp<Group>) {
    return group.warpsafe_scan(static_cast<R>(value), op, true, "cg::inclusive_scan()", site);
  } else {
    R v = value;
    const unsigned n = group.num_threads();
    const unsigned rank = group.thread_rank();
    for (unsigned d = 1; d < n; d *= 2) {
      const R below = group.shfl_up(v, d, site);
      if (rank >= d) v = op(below, v);
    }
    return v;
  }
}
template <class Group, class T>
std::decay_t<T> inclusive_scan(const Group& group, T&& value, WarpsafeSite site = WarpsafeSite::Here()) {
  return inclusive_scan(group, std::forward<T>(value), plus<std::decay_t<T>>(), site);
}

// Rank 0 has no value before it: it gets a value-initialized T (0 for plus).
template <class Group, class T, class Op>
auto exclusive_scan(const Group& group, T&& value, Op&& op, WarpsafeSite site = WarpsafeSite::Here())
    -> std::decay_t<decltype(op(value, value))> {
  cg_scan_detail::RequireScannable<std::decay_t<Group>>();
  using R = std::decay_t<decltype(op(value, value))>;
  if constexpr (cg_detail_multi_warp::kIsMultiWarp<Group>) {
    return group.warpsafe_scan(static_cast<R>(value), op, false, "cg::exclusive_scan()", site);
  } else {
    const R inclusive = inclusive_scan(group, value, op, site);
    const R before = group.shfl_up(inclusive, 1, site);
    return group.thread_rank() == 0 ? R{} : before;
  }
}
template <class Group, class T>
std::decay_t<T> exclusive_scan(const Group& group, T&& value, WarpsafeSite site = WarpsafeSite::Here()) {
  return exclusive_scan(group, std::forward<T>(value), plus<std::decay_t<T>>(), site);
}

}  // namespace cooperative_groups
