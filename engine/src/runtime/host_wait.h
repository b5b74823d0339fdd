// Kernels that wait for the host (docs/semantics/host_wait.md, HOSTWAIT-1 to HOSTWAIT-5). On a GPU
// a launch returns at once and the host runs on until it waits for the device, so a kernel may
// spin on a flag in mapped or managed memory that the host sets after the launch. The engine runs
// a grid inside its launch; when every block still running makes no progress and the host has not
// yet reached a point that waits for the grid (or the watchdog finds a lane spinning without a
// scheduling point, sched/watchdog.cpp), the grid parks (sched/grid.h, kGridParked) and the
// launch returns. The grid runs on at the host's next call that waits for or observes device
// work:
//   - every runtime call goes through WaitForDevice (runtime_call.h), except those that only
//     queue or describe work (CallWithoutWaiting: event records, stream waits, memory hints) and
//     the last-error queries;
//   - cudaStreamQuery and cudaEventQuery give it a turn (TryFinishDeviceWork): it may park again,
//     and the query answers cudaErrorNotReady;
//   - a launch made while a grid is parked is deferred, with a copy of its arguments, and runs in
//     issue order once the parked grid has finished (DeferOrRun).
// A grid that still cannot go on while the host waits for it is reported as before (livelock or
// hang). At most one grid is parked at a time, so the order of everything the device runs is the
// order the host issued it, and a run depends only on its seed.
//
// Internal to the engine; called from the launch path and the runtime's calls.
#pragma once

#include <atomic>

#include "sched/grid.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::engine::runtime {

// True while a grid is parked or launches are deferred (one relaxed load on every runtime call).
extern std::atomic<bool> g_device_busy;

// Runs a launch the host issued: deferred while the device is busy (when `ops` can copy its
// closure; a launch without a copy first waits for the device), else run now from a copy of its
// closure, free to park. `owned`: spec.closure is already a copy made by ops->copy, which this
// takes over. Returns cudaSuccess for a parked or deferred launch, else RunGrid's result.
int DeferOrRun(const GridSpec& spec, const ClosureOps* ops, bool owned);

// The host waits for the device: the parked grid and every deferred launch run to their end;
// one that cannot go on is reported. Nothing to do (one load) when the device is idle.
void WaitForDeviceSlow();
inline void WaitForDevice() {
  if (__builtin_expect(g_device_busy.load(std::memory_order_relaxed), 0)) WaitForDeviceSlow();
}

// A query: the parked grid and deferred launches run, each free to park again. True when all of
// them finished (the query answers cudaSuccess), false when one parked (cudaErrorNotReady).
bool TryFinishDeviceWork();

// While one lives on a thread, grids it runs do not park: a graph launch, whose later nodes the
// engine runs inside cudaGraphLaunch, and the drains above.
class HostWaits {
 public:
  HostWaits();
  ~HostWaits();
  HostWaits(const HostWaits&) = delete;
  HostWaits& operator=(const HostWaits&) = delete;
};

}  // namespace warpsafe::engine::runtime
