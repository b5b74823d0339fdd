// The converged set of the mask-less pre-Volta intrinsics (__shfl, __shfl_up, __shfl_down,
// __shfl_xor, __ballot, __any, __all): the lanes of a warp that execute the call together, as a
// pre-Volta warp ran them (docs/semantics/legacy_warp.md, LEGACY-2).
//
// A lane that reaches such a call waits at a converged point, one per call site and warp. The
// point is released only once its warp has no runnable lane left, whatever the schedule policy:
// every lane of the warp that is on its way to the site has then reached it, and the others wait
// somewhere else. When several points are open then, only the one whose site comes first in the
// source is released; its lanes run on and may reach the sites of the others, where a pre-Volta
// warp would have reconverged them (a branch's body comes before the code after the branch).
#pragma once

#include "warp/warp.h"

namespace warpsafe::engine {

// Whether call site `a` comes before `b` in the source: by file name, then line, then column.
bool SiteBefore(const Site& a, const Site& b);

// The index in warp.conv of the converged point to release first; precondition: warp.conv_count != 0.
unsigned FirstConvergedPoint(const Warp& warp);

}  // namespace warpsafe::engine
