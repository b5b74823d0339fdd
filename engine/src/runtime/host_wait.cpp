#include "runtime/host_wait.h"

#include <cstdlib>
#include <deque>
#include <mutex>

#include "race/race.h"
#include "runtime/child_launches.h"
#include "runtime/runtime_call.h"
#include "sched/lane.h"

namespace warpsafe::engine::runtime {

std::atomic<bool> g_device_busy{false};

namespace {

struct Deferred {
  GridSpec spec;  // spec.closure: ops->copy's
  const ClosureOps* ops;
};

struct DeviceWork {
  // Host threads may launch and wait at once; the one that drains holds it.
  std::recursive_mutex mutex;
  bool parked = false;  // a grid is parked; its closure copy is released when it finishes
  const ClosureOps* parked_ops = nullptr;
  void* parked_closure = nullptr;
  std::deque<Deferred> deferred;  // launches issued while a grid was parked, in issue order
  bool exit_hook = false;
};

DeviceWork& Work() {
  static auto* work = new DeviceWork();  // never destroyed: the exit hook drains it
  return *work;
}

thread_local int t_host_waits = 0;
thread_local bool t_draining = false;

// The process ends: it waits for the device, so a grid that waits for a host that never comes is
// reported, as it was before grids could park.
void DrainAtExit() { WaitForDeviceSlow(); }

// Runs a launch whose closure is a copy made by `ops`. Returns RunGrid's result, or kGridParked
// (the copy then lives until the grid finishes).
int RunOwned(DeviceWork& w, GridSpec spec, const ClosureOps* ops, bool may_park) {
  spec.may_park = may_park;
  const int result = RunGridAndChildren(spec);
  if (result == kGridParked) {
    w.parked = true;
    w.parked_ops = ops;
    w.parked_closure = spec.closure;
    g_device_busy.store(true, std::memory_order_relaxed);
    if (!w.exit_hook) {
      w.exit_hook = true;
      std::atexit(DrainAtExit);
    }
    return kGridParked;
  }
  ops->destroy(spec.closure);
  return result;
}

// Runs the parked grid and then the deferred launches, in issue order. Returns 0 when all have
// finished, kGridParked when one parked (only when `may_park`).
int Drain(bool may_park) {
  if (tls_lane != nullptr || t_draining) return 0;
  DeviceWork& w = Work();
  std::lock_guard<std::recursive_mutex> lock(w.mutex);
  t_draining = true;
  struct Done {
    ~Done() { t_draining = false; }
  } done;
  if (w.parked) {
    const int result = ResumeGridAndChildren(may_park);
    if (result == kGridParked) return kGridParked;
    w.parked = false;
    w.parked_ops->destroy(w.parked_closure);
    if (result != 0) SetStickyError(static_cast<cudaError_t>(result));
  }
  while (!w.deferred.empty()) {
    const Deferred next = w.deferred.front();
    w.deferred.pop_front();
    // A sticky error left by an earlier grid: on a GPU this one would fail too.
    if (StickyError() != cudaSuccess) {
      next.ops->destroy(next.spec.closure);
      continue;
    }
    const int result = RunOwned(w, next.spec, next.ops, may_park);
    if (result == kGridParked) return kGridParked;
    if (result != 0) SetStickyError(static_cast<cudaError_t>(result));
  }
  g_device_busy.store(false, std::memory_order_relaxed);
  return 0;
}

}  // namespace

HostWaits::HostWaits() { ++t_host_waits; }
HostWaits::~HostWaits() { --t_host_waits; }

void WaitForDeviceSlow() {
  HostWaits waits;
  Drain(/*may_park=*/false);
}

bool TryFinishDeviceWork() {
  RunHeldLaunchIfAny();  // a launch the checker held back runs first; it may park
  if (!g_device_busy.load(std::memory_order_relaxed)) return true;
  return Drain(/*may_park=*/t_host_waits == 0) == 0;
}

int DeferOrRun(const GridSpec& spec, const ClosureOps* ops, bool owned) {
  DeviceWork& w = Work();
  if (g_device_busy.load(std::memory_order_relaxed)) {
    if (ops != nullptr && !t_draining) {
      GridSpec later = spec;
      if (!owned) later.closure = ops->copy(spec.closure);
      // Its place in the checker's stream order is where the host issued it (STREAM-1).
      if (race::Enabled() && later.order_id == 0) later.order_id = race::LaunchIssued(spec.stream);
      std::lock_guard<std::recursive_mutex> lock(w.mutex);
      w.deferred.push_back(Deferred{later, ops});
      return 0;
    }
    WaitForDeviceSlow();  // a launch the engine cannot keep runs after the device's work
  }
  if (ops == nullptr) return RunGridAndChildren(spec);  // without a copy of its closure it cannot park
  GridSpec now = spec;
  if (!owned) now.closure = ops->copy(spec.closure);
  std::lock_guard<std::recursive_mutex> lock(w.mutex);
  const int result = RunOwned(w, now, ops, /*may_park=*/t_host_waits == 0);
  return result == kGridParked ? 0 : result;
}

}  // namespace warpsafe::engine::runtime
