// Which lanes and which steps a picture of the interleaving shows: the report's compact text
// timeline (trace/timeline.cpp) and the `--trace` page (tools/warpsafe/cli/trace_page.cpp) draw
// the same window of a trace that may hold thousands of steps, so they choose it here.
//
// A step type needs an `int mark` (the report's site it stands for, 1-based, or 0). The caller
// says which steps are synchronizations of several lanes (`is_sync`: never a row of their own),
// when two steps are of one lane (`same_lane`) and whether a step belongs in a lane's row
// (`touches`: its own accesses, and the collectives and barriers it joined).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace warpsafe::engine::trace {

// The lanes of the marked steps first, then those of the latest `window` steps; at most `rows`.
template <class Step, class IsSync, class SameLane>
std::vector<Step> WindowRows(const std::vector<Step>& steps, std::size_t rows, std::size_t window, IsSync is_sync,
                             SameLane same_lane) {
  std::vector<Step> out;
  auto add = [&](const Step& s) {
    if (is_sync(s) || out.size() >= rows) return;
    for (const Step& r : out) {
      if (same_lane(r, s)) return;
    }
    out.push_back(s);
  };
  for (const Step& s : steps) {
    if (s.mark != 0) add(s);
  }
  for (std::size_t i = steps.size(); i-- > 0 && window > 0; --window) add(steps[i]);
  return out;
}

// Indices, oldest first, of the latest `columns` steps that touch a shown row; a marked step is
// always among them (it may push out an unmarked one), since it is what the picture is for.
template <class Step, class Touches>
std::vector<std::size_t> WindowColumns(const std::vector<Step>& steps, const std::vector<Step>& rows,
                                       std::size_t columns, Touches touches) {
  std::vector<std::size_t> candidates;
  std::size_t marked = 0;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    bool shown = false;
    for (const Step& r : rows) shown = shown || touches(steps[i], r);
    if (!shown) continue;
    candidates.push_back(i);
    if (steps[i].mark != 0) ++marked;
  }
  std::vector<std::size_t> out;
  std::size_t unmarked_room = columns > marked ? columns - marked : 0;
  for (std::size_t c = candidates.size(); c-- > 0;) {
    const std::size_t i = candidates[c];
    if (steps[i].mark != 0) {
      out.push_back(i);
    } else if (unmarked_room > 0) {
      out.push_back(i);
      --unmarked_room;
    }
  }
  std::reverse(out.begin(), out.end());
  return out;
}

}  // namespace warpsafe::engine::trace
