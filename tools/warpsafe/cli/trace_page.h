// The picture of a finding (`warpsafe check --trace OUT.html`): one self-contained HTML page (no
// script, nothing fetched) with the report and an SVG timeline of the steps before it, built from
// the trace the engine wrote for the replayed run (engine/src/trace/timeline.h).
//
// The timeline has one row per lane involved (block, warp, lane) and one column per scheduling
// step; each cell is what the lane did there (read, write, atomic, fence, wait) and its call site.
// The steps that stand for the report's sites are highlighted and numbered, with their source
// lines under the picture; the synchronisations that happened are drawn as bars across the lanes
// they joined, and the one that was missing (a race: __syncwarp, __syncthreads, or a fence and an
// atomic between blocks) as a dashed edge between the two accesses. A deadlock's waits that are
// never released, and for a schedule-dependent failure the collectives that took only part of a
// warp, are highlighted the same way.
#pragma once

#include <string>

#include "cli/check_json.h"
#include "cli/check_report.h"

namespace warpsafe::cli {

// `trace` is the engine's trace file, parsed. Source lines are read from the sites' files.
std::string TracePage(const Finding& finding, const Json& trace);

}  // namespace warpsafe::cli
