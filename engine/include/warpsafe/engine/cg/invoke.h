// invoke_one and invoke_one_broadcast (docs/semantics/cg.md, CG-INVOKE): one thread of a tile or
// coalesced group calls the function; the broadcast form gives its result to every thread. The
// election is a collective of the group (a ballot), as the hardware's election is, so every thread
// of the group must call it; the engine elects rank 0.
#pragma once

#include <type_traits>
#include <utility>

#include "warpsafe/engine/cg/group_base.h"

namespace cooperative_groups {

template <class Group, class Fn, class... Args>
void invoke_one(const Group& group, Fn&& fn, Args&&... args) {
  group.ballot(1);
  if (group.thread_rank() == 0) std::forward<Fn>(fn)(std::forward<Args>(args)...);
}

template <class Group, class Fn, class... Args>
auto invoke_one_broadcast(const Group& group, Fn&& fn, Args&&... args)
    -> std::remove_reference_t<decltype(std::forward<Fn>(fn)(std::forward<Args>(args)...))> {
  using R = std::remove_reference_t<decltype(std::forward<Fn>(fn)(std::forward<Args>(args)...))>;
  static_assert(!std::is_void_v<R>, "invoke_one_broadcast needs a function that returns a value; use invoke_one");
  group.ballot(1);
  R result{};
  if (group.thread_rank() == 0) result = std::forward<Fn>(fn)(std::forward<Args>(args)...);
  return group.shfl(result, 0);
}

}  // namespace cooperative_groups
