// The order in which `warpsafe check` executes kernels that nothing orders (docs/semantics/streams.md,
// STREAM-7). The engine runs a grid to completion inside the call that launches it, so kernels
// execute in issue order unless something holds one back. Under the checker's exploring schedules
// (random, pct, runahead; not the lockstep baseline and never `warpsafe run`) the runtime keeps the
// last launch held instead of running it: when the next launch is on a stream that nothing orders
// after the held one's (no stream order, event or host wait between them, stream_order.h), a coin
// drawn from the seed decides whether it runs first. Every other operation of the program runs the
// held launch first: any runtime call, a copy, an event, a host wait, a library call, the host
// touching memory a kernel can reach, and the end of the process. So only legal orders run, and the
// same seed replays the same order.
//
// Internal to the engine; called from the launch path, the runtime's calls and the checker's hooks.
#pragma once

#include <atomic>

#include "sched/grid.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::engine::runtime {

// True while a launch is held (read without a lock on every runtime call and host access).
extern std::atomic<bool> g_launch_held;

// Runs a validated launch, holds it, or runs it ahead of the held one. Returns RunGrid's result for
// a grid that ran now (cudaSuccess when it is held; a held grid that fails later leaves its error
// sticky, as an asynchronous kernel's does).
int IssueLaunch(const GridSpec& spec, const ClosureOps* ops);

// Runs the held launch now (from host code; nothing from device code).
void RunHeldLaunch();

// While one lives, the runtime calls a launch makes to validate itself (attributes, limits) leave
// the held launch alone: the launch decides itself what runs first (IssueLaunch).
class LaunchValidation {
 public:
  LaunchValidation();
  ~LaunchValidation();
  LaunchValidation(const LaunchValidation&) = delete;
  LaunchValidation& operator=(const LaunchValidation&) = delete;
};
// The same when one is held: one relaxed load otherwise (every runtime call makes it, runtime_call.h).
void RunHeldLaunchIfAny();

}  // namespace warpsafe::engine::runtime
