#include "runtime/child_launches.h"

#include <deque>
#include <memory>
#include <mutex>
#include <string>

#include "report/report.h"
#include "runtime/runtime_call.h"
#include "sched/block.h"
#include "sched/lane.h"

namespace warpsafe::engine::runtime {
namespace {

// CUDA's nesting limit: a grid at depth 24 (the host's grid is depth 0) cannot launch.
constexpr int kMaxDepth = 24;

const void* const kTailLaunch = reinterpret_cast<const void*>(0x3);
const void* const kFireAndForget = reinterpret_cast<const void*>(0x4);

struct Child {
  GridSpec spec;
  const ClosureOps* ops;
  int depth;
};

// The grids a host launch's threads launched, directly or through their children. The family's grids
// run one at a time, but a grid's blocks run on several workers, which queue at once.
struct Family {
  std::mutex mutex;
  std::deque<Child> ordinary;
  std::deque<Child> tail;
  int running_depth = 0;  // the depth of the grid running now (written between grids only)
};

}  // namespace

bool IsDeviceNamedStream(const void* stream) { return stream == kTailLaunch || stream == kFireAndForget; }

cudaError_t QueueChildLaunch(const LaunchSpec& spec, KernelEntry entry, void* closure, const ClosureOps* ops) {
  Lane* lane = CurrentLaneOrNull();
  auto* family = static_cast<Family*>(lane->block->spec().children);
  if (ops == nullptr || family == nullptr) {
    Report(DefectKind::kUnsupported)
        .At(spec.site, std::string("launch of ") + (spec.kernel_name ? spec.kernel_name : "a kernel") +
                           " from device code in a form the engine cannot keep for later")
        .Line("a kernel launched from device code runs after its parent's grid, from a copy of its arguments; this "
              "launch (a cooperative launch, or one from a grid the runtime started itself) has none "
              "(docs/semantics/dynamic_parallelism.md, DP-1)")
        .Emit();
  }
  const int depth = family->running_depth + 1;
  if (depth > kMaxDepth) return cudaErrorLaunchMaxDepthExceeded;
  GridSpec child{spec.grid,        spec.block,  spec.dynamic_smem, entry,
                 ops->copy(closure), spec.kernel_name, spec.site,   false,
                 lane->block->spec().stream, spec.closure_size};
  child.children = family;
  std::lock_guard<std::mutex> lock(family->mutex);
  (spec.stream == kTailLaunch ? family->tail : family->ordinary).push_back(Child{child, ops, depth});
  return cudaSuccess;
}

namespace {

// The family of the grid that is parked (sched/grid.h, kGridParked): its children run after it.
std::unique_ptr<Family> g_parked_family;

int RunFamily(std::unique_ptr<Family> family, int result) {
  if (result == kGridParked) {
    g_parked_family = std::move(family);
    return kGridParked;
  }
  for (;;) {
    Child next{};
    {
      std::lock_guard<std::mutex> lock(family->mutex);
      std::deque<Child>& from = !family->ordinary.empty() ? family->ordinary : family->tail;
      if (from.empty()) break;
      next = from.front();
      from.pop_front();
    }
    if (result == 0 && StickyError() == cudaSuccess) {
      family->running_depth = next.depth;
      result = RunGrid(next.spec);
    }
    next.ops->destroy(next.spec.closure);
  }
  return result;
}

}  // namespace

int RunGridAndChildren(const GridSpec& spec) {
  auto family = std::make_unique<Family>();
  GridSpec top = spec;
  top.children = family.get();
  const int result = RunGrid(top);
  return RunFamily(std::move(family), result);
}

int ResumeGridAndChildren(bool may_park) {
  const int result = ResumeParkedGrid(may_park);
  return RunFamily(std::move(g_parked_family), result);
}

}  // namespace warpsafe::engine::runtime
