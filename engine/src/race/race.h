// The race detector's interface to the rest of the engine (docs/architecture.md, "warpsafe
// check"). Only programs built by `warpsafe check` are instrumented: their loads and stores reach
// the detector through the compiler's sanitizer-coverage callbacks (defined in this folder), and
// Enabled() is true. In every other program these hooks do nothing.
//
// Happens-before edges come only from what orders memory in CUDA (docs/semantics.md):
// __syncwarp among its lanes, __syncthreads among the block, atomics combined with fences
// (release/acquire) among the threads their scopes cover, and a kernel launch boundary. Shuffles and votes order nothing.
//
// All hooks run on the worker thread of the block concerned; check builds run one worker.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "driver_types.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::engine {
class Block;
struct Lane;
struct Warp;
struct GridSpec;
}  // namespace warpsafe::engine

namespace warpsafe::engine::race {

// True once an instrumented program's first access has called in (or WARPSAFE_CHECK=1).
bool Enabled();
// Turns the detector on for the rest of the process (the callbacks do it on their first call;
// tests that simulate instrumentation call it first).
void Enable();

// Shadow cells the checker has recorded an access in so far (a count that only grows): what the
// fast path could not decide. For tests and measurements of the shadow's churn.
std::uint64_t CellChanges();

// The runtime wrote [p, p + size) (a copy or fill): device memory there is initialised.
void DeviceWritten(const void* p, std::size_t size);

// The host has waited for all device work (cudaDeviceSynchronize, cudaStreamSynchronize,
// cudaEventSynchronize, a synchronous copy, cudaFree, a successful query): host accesses no longer
// race with the last launch (MEM-4).
void HostSynchronized();
// Whether host code's accesses go to the detector (the callbacks test it): true between the end of
// a launch and the next HostSynchronized, and while a launch is held (runtime/held_launch.h).
extern std::atomic<bool> g_host_unsynchronized;
// True between the end of a launch and the next HostSynchronized: the last launch's accesses may
// still race with the host's (MEM-4) and with later work (MEM-5).
bool LastLaunchUnsynchronized();

// The stream order of kernels and host waits (stream_order.h, docs/semantics/streams.md).
void EventRecorded(const void* event, const void* stream);
void StreamWaitsForEvent(const void* stream, const void* event);
enum class HostWait : std::uint8_t { kDevice, kStream, kEvent, kBlockingCall };
// The host waited: for the whole device, for `handle`'s stream or event, or in a blocking call on
// the legacy default stream (cudaMemcpy and friends).
void HostWaited(HostWait what, const void* handle = nullptr);

// A launch starts. It is ordered after the launches its stream order puts before it; when that is
// all of them, the shadow state of the earlier launches is gone. Only library work issued to
// another stream since the host last waited stays unordered otherwise (MEM-5).
void LaunchStarted(const GridSpec& spec);
// A launch on `stream` is issued now but may run later (runtime/held_launch.h): its id in the
// stream order, which GridSpec::order_id carries to LaunchStarted.
std::uint32_t LaunchIssued(const void* stream);
// True when issued launch `earlier` happens before issued launch `later` (STREAM-1 to STREAM-4).
bool LaunchesOrdered(std::uint32_t earlier, std::uint32_t later);
void LaunchFinished();
// The running launch's grid parked to let the host run ahead (sched/grid.h, kGridParked) and is
// resumed: while it is parked host accesses are checked against its accesses so far, as after a
// launch (MEM-4), except that a host write to bytes it only read is not a race: the grid read them
// before the write and reads them again only after it resumes, which orders the write before
// those reads (docs/semantics/host_wait.md, HOSTWAIT-3).
void LaunchParked();
void LaunchResumed();
bool LaunchParkedNow();
// Graph launches (engine/src/graph/exec.cpp; docs/semantics/graph_capture.md, GRAPH-ORDER-1): each node of a
// launched graph is ordered only by the graph's edges, after the work of the stream the graph was
// launched into, and that stream's later work after every node. GraphStarts: `start` (the launched
// graph) stands for the stream's work so far. GraphNodeAfter: `node`'s work is ordered after
// `before` (a node it depends on, the start, or, for a node of a child graph or conditional body,
// the node that owns it; and the owner after each node of what it ran). GraphEnds: for each node.
void GraphStarts(const void* start, cudaStream_t stream);
void GraphNodeAfter(const void* node, const void* before);
void GraphEnds(cudaStream_t stream, const void* node);
// The graph node whose work this thread issues now (null: none). Launches issued meanwhile are its
// work in the stream order.
void SetGraphNode(const void* node);
const void* CurrentGraphNode();
// The launch whose grid runs now: its order id (0 when none), kernel and launch site.
struct RunningLaunch {
  std::uint32_t id = 0;
  const char* kernel = nullptr;
  Site site{nullptr, 0};
};
RunningLaunch CurrentLaunch();
// True when issued launch `earlier` is ordered before the next work of graph node `node`.
bool OrderedBeforeGraphNode(std::uint32_t earlier, const void* node);
// A math-library call (cuBLAS, cuFFT, cuSPARSE, cuSOLVER, cuRAND's host API) uses device memory
// [p, p + size) as work issued to `stream` (runtime/library_operand.h, MEM-5): it races with the last
// launch's conflicting accesses when nothing ordered the two (another stream, no wait in between),
// and with the next launch's likewise; a read of a cudaMalloc range nothing wrote is an
// uninitialized read (MEM-3). `call` and `operand` name it in reports.
void LibraryAccess(const char* call, const char* operand, const void* p, std::size_t size, bool read, bool write,
                   cudaStream_t stream);
// A copy or fill issued to `stream` (STREAM-6, docs/semantics/streams.md): `call` ("cudaMemcpyAsync")
// writes [dst, dst + dst_bytes) and reads [src, src + src_bytes) (a fill passes src null). The sides
// in device memory (runtime allocations, static storage) are work on that stream, checked as a
// library call's operands are: against the last launch when nothing ordered the two, and recorded
// for the next launch likewise. Called before the copy touches memory.
void CopyIssued(const char* call, const void* dst, std::size_t dst_bytes, const void* src, std::size_t src_bytes,
                cudaStream_t stream);
// cudaStreamWaitEvent: work issued to `stream` from now on waits for an event, which the checker
// takes as ordering it after the last launch and the library work before it (it may hide a race,
// never invent one).
void StreamWaited(cudaStream_t stream);
// A block starts: its shared memory is poisoned (reads before any write are reported).
void BlockStarted(Block& block);
void BlockFinished(Block& block);
// A static __shared__ declaration got storage [p, p + size) in the block's arena. `key` is the
// declaration's object (a global of the program for a namespace-scope declaration).
void SharedDeclared(Block& block, void* p, std::size_t size, Site site, const void* key);
// A lane reached an `extern __shared__` declaration (DynamicShared) at `site`: reports name it.
void DynamicSharedDeclared(Block& block, Site site);
// __syncwarp completed for `lanes` of `warp`: each lane's clock joins the others'.
void WarpSynchronized(Block& block, const Warp& warp, std::uint32_t lanes);
// The threads `tids` of the block (a multi-warp tile's non-exited threads) passed a barrier together.
void LanesSynchronized(Block& block, const std::vector<unsigned>& tids);
// __syncthreads completed for every live thread of the block.
void BlockSynchronized(Block& block);
// An atomic read-modify-write (or atomic load/store) by `lane` on [addr, addr + size), atomic for
// the threads of `scope` (docs/semantics/scopes.md).
void Atomic(Lane& lane, const void* addr, std::size_t size, Site site, FenceScope scope);
// A fence by `lane` at `scope`.
void Fence(Lane& lane, FenceScope scope);

}  // namespace warpsafe::engine::race
