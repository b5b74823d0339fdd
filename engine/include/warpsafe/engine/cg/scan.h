// cg::inclusive_scan and cg::exclusive_scan over a tile or coalesced group (docs/semantics/cg.md,
// CG-SCAN): rank r gets op folded over the values of ranks 0..r (inclusive) or 0..r-1 (exclusive),
// in rank order. Built from the group's own shuffles (Hillis-Steele with shfl_up).
#pragma once

#include <type_traits>
#include <utility>

#include "warpsafe/engine/cg/functional.h"
#include "warpsafe/engine/cg/thread_block.h"

namespace cooperative_groups {

template <class Group, class T, class Op>
auto inclusive_scan(const Group& group, T&& value, Op&& op) -> std::decay_t<decltype(op(value, value))> {
  static_assert(!std::is_base_of_v<thread_block, Group>,
                "cg::inclusive_scan: the engine scans over tiles and coalesced groups");
  using R = std::decay_t<decltype(op(value, value))>;
  R v = value;
  const unsigned n = group.num_threads();
  const unsigned rank = group.thread_rank();
  for (unsigned d = 1; d < n; d *= 2) {
    const R below = group.shfl_up(v, d);
    if (rank >= d) v = op(below, v);
  }
  return v;
}
template <class Group, class T>
std::decay_t<T> inclusive_scan(const Group& group, T&& value) {
  return inclusive_scan(group, std::forward<T>(value), plus<std::decay_t<T>>());
}

// Rank 0 has no value before it: it gets a value-initialized T (0 for plus).
template <class Group, class T, class Op>
auto exclusive_scan(const Group& group, T&& value, Op&& op) -> std::decay_t<decltype(op(value, value))> {
  using R = std::decay_t<decltype(op(value, value))>;
  const R inclusive = inclusive_scan(group, value, op);
  const R before = group.shfl_up(inclusive, 1);
  return group.thread_rank() == 0 ? R{} : before;
}
template <class Group, class T>
std::decay_t<T> exclusive_scan(const Group& group, T&& value) {
  return exclusive_scan(group, std::forward<T>(value), plus<std::decay_t<T>>());
}

}  // namespace cooperative_groups
