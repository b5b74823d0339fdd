#include "runtime/held_launch.h"

#include <cstdint>
#include <cstdlib>
#include <mutex>

#include "options.h"
#include "race/race.h"
#include "runtime/child_launches.h"
#include "runtime/host_wait.h"
#include "runtime/runtime_call.h"

namespace warpsafe::engine::runtime {

std::atomic<bool> g_launch_held{false};

namespace {

struct HeldLaunch {
  // Host threads may launch and call at once: one of them takes the held launch out and runs it.
  std::recursive_mutex mutex;
  GridSpec spec{};
  const ClosureOps* ops = nullptr;  // spec.closure is ops->copy's, destroyed after the run
  std::uint64_t decisions = 0;      // coins drawn so far in this process
  bool exit_hook = false;
};

HeldLaunch& Held() {
  static auto* held = new HeldLaunch();  // never destroyed: the exit hook runs the last launch
  return *held;
}

bool Holding() { return race::Enabled() && GetOptions().schedule != Schedule::kLockstep; }

// The seed's choice for the n-th pair of unordered launches (splitmix64's finaliser).
bool Coin(std::uint64_t seed, std::uint64_t n) {
  std::uint64_t z = seed * 0x9e3779b97f4a7c15ull + (n + 1) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return ((z ^ (z >> 31)) & 1) != 0;
}

// The process ends: the held launch runs, and the host waits for it (it must not park then).
void RunAtExit() {
  const HostWaits waits;
  RunHeldLaunch();
}

thread_local bool t_validating = false;

}  // namespace

LaunchValidation::LaunchValidation() { t_validating = true; }
LaunchValidation::~LaunchValidation() { t_validating = false; }

void RunHeldLaunchIfAny() {
  tls_runtime_called = true;
  if (__builtin_expect(g_launch_held.load(std::memory_order_relaxed), 0) && !t_validating) RunHeldLaunch();
}

void RunHeldLaunch() {
  if (tls_lane != nullptr || !g_launch_held.load(std::memory_order_relaxed)) return;
  HeldLaunch& h = Held();
  std::lock_guard<std::recursive_mutex> lock(h.mutex);
  if (!g_launch_held.load(std::memory_order_relaxed)) return;  // another thread ran it
  g_launch_held.store(false, std::memory_order_relaxed);
  const GridSpec spec = h.spec;
  const ClosureOps* ops = h.ops;
  h.ops = nullptr;
  // A sticky error left by a grid that ran ahead of it: on a GPU this one would fail too.
  if (StickyError() != cudaSuccess) {
    ops->destroy(spec.closure);
    return;
  }
  // Its grid may park to wait for the host, or be deferred behind one that did (host_wait.h).
  const int result = DeferOrRun(spec, ops, /*owned=*/true);
  if (result != 0) SetStickyError(static_cast<cudaError_t>(result));
}

int IssueLaunch(const GridSpec& spec, const ClosureOps* ops) {
  if (!Holding() || ops == nullptr || tls_lane != nullptr || g_device_busy.load(std::memory_order_relaxed)) {
    RunHeldLaunch();
    return DeferOrRun(spec, ops, /*owned=*/false);
  }
  HeldLaunch& h = Held();
  std::lock_guard<std::recursive_mutex> lock(h.mutex);
  GridSpec issued = spec;
  issued.order_id = race::LaunchIssued(spec.stream);
  if (g_launch_held.load(std::memory_order_relaxed)) {
    if (!race::LaunchesOrdered(h.spec.order_id, issued.order_id) && Coin(GetOptions().seed, h.decisions++)) {
      return DeferOrRun(issued, ops, /*owned=*/false);  // runs ahead of the held launch, which stays held
    }
    RunHeldLaunch();
    if (cudaError_t sticky = StickyError(); sticky != cudaSuccess) return sticky;  // this one fails with it
  }
  issued.closure = ops->copy(spec.closure);
  h.spec = issued;
  h.ops = ops;
  g_launch_held.store(true, std::memory_order_relaxed);
  // Host code's accesses now go to the checker, which runs the launch before the host touches
  // memory a kernel can reach (race/detector.cpp, HostAccess).
  race::g_host_unsynchronized.store(true, std::memory_order_relaxed);
  if (!h.exit_hook) {
    h.exit_hook = true;
    std::atexit(RunAtExit);
  }
  return 0;
}

}  // namespace warpsafe::engine::runtime
