// race.h's hooks: whether the detector is on, and forwarding to it. The engine calls these only
// when Enabled() is true, so an uninstrumented program pays one predictable branch per hook.
#include "race/race.h"

#include <atomic>
#include <cstdlib>
#include <cstring>

#include "race/api_checks.h"
#include "race/detector.h"
#include "race/stream_order.h"
#include "report/report.h"
#include "runtime/held_launch.h"
#include "runtime/host_wait.h"
#include "runtime/streams.h"
#include "sched/block.h"
#include "sched/grid.h"
#include "trace/timeline.h"

namespace warpsafe::engine::race {
namespace {

bool FromEnvironment() {
  const char* v = std::getenv("WARPSAFE_CHECK");
  return v != nullptr && std::strcmp(v, "1") == 0;
}

}  // namespace

std::atomic<bool> g_enabled{false};

bool Enabled() { return g_enabled.load(std::memory_order_relaxed); }
std::uint64_t CellChanges() { return GetDetector().cell_changes(); }
void Enable() {
  if (g_enabled.exchange(true, std::memory_order_relaxed)) return;
  // From now on the detector mirrors the runtime's allocations; an instrumented program enables it
  // from its module constructor (callbacks.cpp), before main can call cudaMalloc.
  GetMemoryMap().Install();
  ListLeaksAtExit();
}

namespace {
// WARPSAFE_CHECK=1 turns the detector on at start-up, before any allocation.
[[maybe_unused]] const bool g_from_environment = [] {
  if (FromEnvironment()) Enable();
  return true;
}();
}  // namespace

void DeviceWritten(const void* p, std::size_t size) {
  GetMemoryMap().Written(reinterpret_cast<std::uintptr_t>(p), size);
}
std::atomic<bool> g_host_unsynchronized{false};
namespace {
bool g_last_launch_unsynchronized = false;  // host thread only
}  // namespace
bool LastLaunchUnsynchronized() { return g_last_launch_unsynchronized; }
void HostSynchronized() {
  runtime::RunHeldLaunchIfAny();  // the host waits for it too (STREAM-7)
  runtime::WaitForDevice();       // and for a grid parked to wait for the host (HOSTWAIT-1)
  g_last_launch_unsynchronized = false;
  g_host_unsynchronized.store(false, std::memory_order_relaxed);
  GetDetector().HostSynchronized();
}
namespace {
bool NonBlocking(const void* stream) {
  return runtime::IsNonBlockingStream(static_cast<cudaStream_t>(const_cast<void*>(stream)));
}
}  // namespace
namespace {
thread_local const void* t_graph_node = nullptr;  // the graph node whose work this thread issues
}  // namespace
// An event record or wait node of a launched graph records or waits as the node (GRAPH-ORDER-1).
void EventRecorded(const void* event, const void* stream) {
  runtime::RunHeldLaunchIfAny();
  if (t_graph_node != nullptr) return GetStreamOrder().EventRecorded(event, t_graph_node, true);
  GetStreamOrder().EventRecorded(event, stream, NonBlocking(stream));
}
void StreamWaitsForEvent(const void* stream, const void* event) {
  runtime::RunHeldLaunchIfAny();
  if (t_graph_node != nullptr) return GetStreamOrder().StreamWaitsForEvent(t_graph_node, event, true);
  GetStreamOrder().StreamWaitsForEvent(stream, event, NonBlocking(stream));
}
void HostWaited(HostWait what, const void* handle) {
  runtime::RunHeldLaunchIfAny();
  runtime::WaitForDevice();
  StreamOrder& order = GetStreamOrder();
  switch (what) {
    case HostWait::kDevice: order.HostWaitedForDevice(); break;
    case HostWait::kStream: order.HostWaitedForStream(handle, NonBlocking(handle)); break;
    case HostWait::kEvent: order.HostWaitedForEvent(handle); break;
    case HostWait::kBlockingCall: order.BlockingCall(); break;
  }
}

namespace {
RunningLaunch g_running;                          // the launch whose grid runs (check builds: one at a time)

// A launch issued now on `stream`: the work of the graph node running, if any (GRAPH-ORDER-1).
std::uint32_t IssueOn(const void* stream) {
  if (t_graph_node != nullptr) return GetStreamOrder().Launch(t_graph_node, true);
  return GetStreamOrder().Launch(stream, NonBlocking(stream));
}
}  // namespace

void LaunchStarted(const GridSpec& spec) {
  g_last_launch_unsynchronized = false;
  g_host_unsynchronized.store(false, std::memory_order_relaxed);
  const std::uint32_t id = spec.order_id != 0 ? spec.order_id : IssueOn(spec.stream);
  g_running = RunningLaunch{id, spec.kernel_name, spec.site};
  const auto stream = static_cast<cudaStream_t>(const_cast<void*>(spec.stream));
  GetDetector().LaunchStarted(spec.kernel_name, spec.site, stream, id, spec.grid, spec.block);
}
std::uint32_t LaunchIssued(const void* stream) { return IssueOn(stream); }
void GraphStarts(const void* start, cudaStream_t stream) {
  runtime::RunHeldLaunchIfAny();
  GetStreamOrder().GraphStarts(start, stream, NonBlocking(stream));
}
void GraphNodeAfter(const void* node, const void* before) { GetStreamOrder().NodeAfter(node, before); }
void GraphEnds(cudaStream_t stream, const void* node) {
  runtime::RunHeldLaunchIfAny();
  GetStreamOrder().GraphEnds(stream, NonBlocking(stream), node);
}
void SetGraphNode(const void* node) { t_graph_node = node; }
const void* CurrentGraphNode() { return t_graph_node; }
RunningLaunch CurrentLaunch() { return g_running; }
bool OrderedBeforeGraphNode(std::uint32_t earlier, const void* node) {
  return GetStreamOrder().OrderedBeforeNext(earlier, node, true);
}
bool LaunchesOrdered(std::uint32_t earlier, std::uint32_t later) {
  return GetStreamOrder().Ordered(earlier, later);
}
void LibraryAccess(const char* call, const char* operand, const void* p, std::size_t size, bool read, bool write,
                   cudaStream_t stream) {
  runtime::RunHeldLaunchIfAny();
  LibraryUse use{call, operand, read, write, stream};
  // Library work run by a node of a launched graph is work of that node, ordered by the graph's
  // edges like a kernel node's (GRAPH-ORDER-1), not work of the stream the graph was launched into.
  if (t_graph_node != nullptr) {
    use.order_key = t_graph_node;
    use.order_id = GetStreamOrder().Launch(t_graph_node, true);
  }
  GetDetector().LibraryAccess(use, reinterpret_cast<std::uintptr_t>(p), size);
}
void CopyIssued(const char* call, const void* dst, std::size_t dst_bytes, const void* src, std::size_t src_bytes,
                cudaStream_t stream) {
  runtime::RunHeldLaunchIfAny();  // work issued before the copy has run (STREAM-7)
  // Numbered now, in issue order, so that reports name streams the same whatever comes later.
  GetStreamOrder().Name(stream, NonBlocking(stream));
  const auto device = [](const void* p) {
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    return p != nullptr && (MemoryMap::IsStatic(a) || GetMemoryMap().FindAllocation(a) != nullptr);
  };
  if (src_bytes != 0 && device(src)) {
    GetDetector().LibraryAccess(LibraryUse{call, "source", true, false, stream, true, t_graph_node},
                                reinterpret_cast<std::uintptr_t>(src), src_bytes);
  }
  if (dst_bytes != 0 && device(dst)) {
    GetDetector().LibraryAccess(LibraryUse{call, "destination", false, true, stream, true, t_graph_node},
                                reinterpret_cast<std::uintptr_t>(dst), dst_bytes);
  }
}
void StreamWaited(cudaStream_t stream) { GetDetector().StreamWaited(stream); }
// On a GPU the launch returns at once and the grid runs on: until the host synchronises, its
// accesses to what the grid touched race with it. The engine has run the grid already; the
// detector keeps the grid's shadow until the next launch.
void LaunchFinished() {
  g_running = RunningLaunch{};
  g_last_launch_unsynchronized = true;
  g_host_unsynchronized.store(true, std::memory_order_relaxed);
}
namespace {
bool g_parked = false;  // host thread only
}  // namespace
void LaunchParked() {
  g_parked = true;
  g_last_launch_unsynchronized = true;
  g_host_unsynchronized.store(true, std::memory_order_relaxed);
}
void LaunchResumed() {
  g_parked = false;
  g_last_launch_unsynchronized = false;
  g_host_unsynchronized.store(false, std::memory_order_relaxed);
}
bool LaunchParkedNow() { return g_parked; }
namespace {
// The detector keeps unsynchronised shadow memory: it needs the blocks of a launch to run on one
// worker thread (several may be resident there and take turns: sched/interleaved_grid.cpp). A
// block starting on a second thread while another thread runs blocks means the launch uses several
// workers; that is reported rather than checked wrongly.
std::atomic<int> g_running_threads{0};
thread_local int t_running = 0;
}  // namespace

void BlockStarted(Block& block) {
  if (t_running++ == 0 && g_running_threads.fetch_add(1) != 0) {
    Report(DefectKind::kUnsupported)
        .Where(block.DescribeBlock())
        .Line("`warpsafe check` runs the blocks of a launch one at a time, but this launch runs them on several "
              "worker threads: run it with --workers 1 (WARPSAFE_WORKERS=1)")
        .Emit();
  }
  GetDetector().BlockStarted(block);
}
void BlockFinished(Block& block) {
  GetDetector().BlockFinished(block);
  if (t_running > 0 && --t_running == 0) g_running_threads.fetch_sub(1);
}
void DynamicSharedDeclared(Block& block, Site site) { GetDetector().DynamicSharedDeclared(block, site); }

void SharedDeclared(Block& block, void* p, std::size_t size, Site site, const void* key) {
  GetDetector().SharedDeclared(block, p, size, site, key);
}
void WarpSynchronized(Block& block, const Warp& warp, std::uint32_t lanes) {
  GetDetector().WarpSynchronized(block, warp, lanes);
}
void LanesSynchronized(Block& block, const std::vector<unsigned>& tids) {
  GetDetector().LanesSynchronized(block, tids);
}
void BlockSynchronized(Block& block) {
  if (trace::On()) trace::BlockSynchronized(block.lane(0));
  GetDetector().BlockSynchronized(block);
}
void Atomic(Lane& lane, const void* addr, std::size_t size, Site site, FenceScope scope) {
  GetDetector().Atomic(lane, addr, size, site, scope);
}
void Fence(Lane& lane, FenceScope scope) { GetDetector().Fence(lane, scope); }

}  // namespace warpsafe::engine::race
