// CUDA graphs on the engine: nodes, their dependencies, and what each node does when its graph
// runs. A graph is built explicitly (cudaGraphAdd*Node) or by capturing a stream (capture.h); an
// instantiated graph (exec.cpp) runs its nodes one after another in an order that respects every
// dependency, on the engine's ordinary runtime calls (a kernel node is a launch, a memcpy node a
// copy, ...). Internal to the engine; every function here but RunNode is called with Lock() held.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "driver_types.h"
#include "runtime/allocations.h"
#include "warpsafe/engine/graph_runtime_api.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::engine::graph {

// A kernel launch kept for later: the launch's spec and a copy of its closure, owned.
struct KernelLaunch {
  LaunchSpec spec{};
  KernelEntry entry = nullptr;
  void* closure = nullptr;
  const ClosureOps* ops = nullptr;

  KernelLaunch() = default;
  KernelLaunch(const LaunchSpec& s, KernelEntry e, const void* c, const ClosureOps* o)
      : spec(s), entry(e), closure(o->copy(c)), ops(o) {}
  KernelLaunch(const KernelLaunch& other)
      : spec(other.spec), entry(other.entry), closure(other.ops ? other.ops->copy(other.closure) : nullptr),
        ops(other.ops) {}
  KernelLaunch& operator=(const KernelLaunch&) = delete;
  ~KernelLaunch() {
    if (ops != nullptr) ops->destroy(closure);
  }
};

// A math library's captured work (library_capture.h): what the call does, run when its node runs.
struct LibraryWork {
  const char* call;  // the library routine, for dumps (a string literal)
  std::function<cudaError_t()> run;
};

// A copy of `depth` slices of `height` rows of `width` bytes (a 1D copy has height and depth 1).
struct Copy {
  void* dst;
  std::size_t dst_pitch, dst_slice;
  const void* src;
  std::size_t src_pitch, src_slice;
  std::size_t width, height, depth;
  cudaMemcpyKind kind;
};

}  // namespace warpsafe::engine::graph

// The handles programs hold are pointers to these.
struct CUgraph_st {
  std::vector<std::unique_ptr<struct CUgraphNode_st>> nodes;  // in creation order
};

struct CUgraphNode_st {
  cudaGraphNodeType type;
  CUgraph_st* owner;
  std::vector<CUgraphNode_st*> deps;  // the nodes that must run before this one
  // What the node does, by type (only the one of its type is meaningful).
  warpsafe::engine::graph::KernelLaunch kernel;
  // A kernel node that stands for a math library's work (captured from a library call): this runs
  // instead of `kernel`. Shared by the graph's copies (the work is immutable).
  std::shared_ptr<const warpsafe::engine::graph::LibraryWork> library;
  cudaKernelNodeParams kernel_params{};  // as given or captured, for cudaGraphKernelNodeGetParams
  warpsafe::engine::graph::Copy copy{};
  cudaMemsetParams set{};
  cudaHostNodeParams host{};
  CUgraph_st* child = nullptr;  // a child graph node's own copy of the graph, owned
  cudaEvent_t event = nullptr;  // an event record or wait node's event (the program's handle)
  // A memory alloc node's parameters (dptr: the allocation's fixed address), or the address a
  // memory free node frees (alloc.dptr). Copies of the graph share the allocation (mem_nodes.cpp).
  cudaMemAllocNodeParams alloc{};
  // False for a node of an executable graph that cudaGraphNodeSetEnabled disabled (exec_update.cpp):
  // it then does nothing when the graph runs. Kernel, memcpy and memset nodes only.
  bool enabled = true;
  // A conditional node's handle and kind, and its body graphs, owned (conditional.cpp).
  cudaGraphConditionalHandle cond_handle = 0;
  cudaGraphConditionalNodeType cond_type = cudaGraphCondTypeIf;
  std::vector<CUgraph_st*> bodies;
  // Where the program made the node (a conditional node's cudaGraphAddNode), for reports.
  warpsafe::engine::CallChain made_at;
};

namespace warpsafe::engine::graph {

// The lock of every graph structure and of the capture state.
std::mutex& Lock();

// `n` is a node not destroyed, of `g` (of any graph for a null `g`). Looked up before `n` is read:
// a destroyed node's handle is dangling. IsLiveNode: a node of any live graph.
bool IsNodeOf(const CUgraph_st* g, const CUgraphNode_st* n);
bool IsLiveNode(const CUgraphNode_st* n);
// Graph handles the program holds: true for a graph created and not destroyed.
bool IsLiveGraph(const CUgraph_st* g);
CUgraph_st* NewGraph();
void DeleteGraph(CUgraph_st* g);
// A deep copy: child graphs and kernel closures copied, dependencies mapped to the copies.
CUgraph_st* CloneGraph(const CUgraph_st& g);
// Adds a node of `type` after `deps` (all of `g`, else cudaErrorInvalidValue, nothing added).
cudaError_t AddNode(CUgraph_st* g, cudaGraphNodeType type, const cudaGraphNode_t* deps, std::size_t num_deps,
                    CUgraphNode_st** out);
// The copy a cudaMemcpy3DParms describes, checked (copy.cpp): cudaErrorInvalidValue for a CUDA
// array (the engine has none) or an empty extent.
cudaError_t CopyFrom3D(const cudaMemcpy3DParms& p, Copy* out);
// Runs a copy on `stream`, one 2D copy per slice, each checked as cudaMemcpy2DAsync checks it.
cudaError_t RunCopy(const Copy& c, cudaStream_t stream);
// Runs one node's work on `stream` (exec.cpp).
cudaError_t RunNode(const CUgraphNode_st& node, cudaStream_t stream);
// Runs a graph inside the running launch (a child graph, a conditional node's body), its nodes in
// an order the launch's schedule picks (exec.cpp).
cudaError_t RunNestedGraph(const CUgraph_st& g, cudaStream_t stream);

// Conditional nodes (conditional.cpp). Runs one: its body graph(s) as its handle's value says.
cudaError_t RunConditional(const CUgraphNode_st& node, cudaStream_t stream);
// At the start of a launch of `g`: each handle its conditional nodes use takes its default value if
// it was created with cudaGraphCondAssignDefault (GRAPH-COND-2).
void StartConditionals(const CUgraph_st& g);

// Memory nodes (mem_nodes.cpp). A graph allocation of `size` bytes: its fixed address, made
// unusable (freed) until an alloc node's run makes it live; cudaErrorMemoryAllocation when the host
// cannot provide it. `callers`: the program's call, for reports.
cudaError_t NewGraphAllocation(std::size_t size, const CallChain& callers, void** out);
// Whether `p` is the start of a graph allocation (live or not); whether it is inside one.
bool IsGraphAllocation(const void* p);
bool InGraphAllocation(const void* p);
// Runs an alloc node (the allocation becomes live) or a free node (it is freed); a free of an
// allocation that is not live is cudaErrorInvalidValue.
cudaError_t RunMemAlloc(void* p);
cudaError_t RunMemFree(void* p);
// Whether `g` holds a memory alloc or free node. Such a graph may not be cloned, become a child
// graph, lose a node, or have two executable graphs at once (GRAPH-MEM-5): each call that would is
// refused with the error CUDA gives.
bool HasMemoryNodes(const CUgraph_st& g);
// Whether an executable graph instantiated from `g` exists (exec.cpp); ForgetSource: `g` is being
// destroyed, and its executable graphs no longer name it.
bool HasLiveExec(const CUgraph_st* g);
void ForgetSource(const CUgraph_st* g);
// Before a launch: the allocations of `g`'s alloc nodes that are still live from an earlier launch.
// With `free_them`, they are freed (cudaGraphInstantiateFlagAutoFreeOnLaunch) and the result is
// true; else the result is false when there is any (the launch fails with cudaErrorInvalidValue).
bool PrepareAllocations(const CUgraph_st& g, bool free_them);
// The device's graph memory, in bytes (graph_mem_attributes.cpp, GRAPH-FOOT-1): used, the live graph
// allocations; reserved, those that an alloc node made live since the last TrimGraphMemory (the
// memory of a freed one stays reserved for the graph's next launch); and the highest each has been
// since the program began or its mark was reset (ResetGraphMemoryHigh).
struct GraphMemoryFigures {
  std::size_t used = 0, reserved = 0, used_high = 0, reserved_high = 0;
};
GraphMemoryFigures GraphMemory();
void ResetGraphMemoryHigh(bool used);
void TrimGraphMemory();

}  // namespace warpsafe::engine::graph
