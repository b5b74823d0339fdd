// The recent interleaving, for the picture of a finding (`warpsafe check --trace`).
//
// Off unless the environment names a file in WARPSAFE_TRACE (the checker sets it for the run it
// replays): then each scheduling event the engine sees is appended to a bounded ring (the last
// kCapacity events): an instrumented load or store, an atomic, a fence, a lane blocking at a
// collective, __activemask or a barrier, and a completed __syncwarp/collective or __syncthreads
// (the happens-before edges that did happen). Off, each hook is one test of a global flag that is
// never written after start-up.
//
// When a report is emitted, Conclude() marks in the ring the events at the report's call sites
// (the latest one per site), writes the ring to the file as JSON with call sites resolved, and
// returns the compact text timeline the report prints. A program that ends without a report
// writes the file at exit (a schedule-dependent failure is judged by the checker, not the engine).
//
// Check builds run one worker thread, so the ring is only touched from one thread.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "warpsafe/engine/api.h"

namespace warpsafe::engine {
struct Lane;
}  // namespace warpsafe::engine

namespace warpsafe::engine::trace {

enum class EventKind : std::uint8_t { kLoad, kStore, kAtomic, kFence, kWait, kWarpSync, kCollective, kBlockSync };

// Set once before main from WARPSAFE_TRACE.
extern bool g_on;
inline bool On() { return __builtin_expect(g_on, false); }

// The current event kinds, from the lane that takes part (its block, warp and lane).
void Access(const Lane& lane, bool write, std::uintptr_t pc);
void AtSite(const Lane& lane, EventKind kind, Site site);
// A lane about to block: its wait site and kind (the lane's own fields).
void Blocking(const Lane& lane);
// A completed warp collective among `lanes` of the warp of `any_lane` (its name; kWarpSync when it
// orders memory, as __syncwarp does), or the whole block's barrier.
void WarpCollective(const Lane& any_lane, std::uint32_t lanes, const char* name, bool orders_memory);
void BlockSynchronized(const Lane& any_lane);

// See above. `sites` are the report's call sites, in its order, each with what the report says
// happened there ("write of 4 bytes by block (0,0,0), thread (1,0,0) ..."): a step at the site by
// that thread, of that kind, is preferred.
struct ReportedSite {
  Site site;
  std::string what;
};
// Without sites, a report of blocked threads (`stuck`: deadlock, livelock) marks the latest wait
// at each place lanes wait.
std::vector<std::string> Conclude(const std::vector<ReportedSite>& sites, bool stuck = false);

}  // namespace warpsafe::engine::trace
