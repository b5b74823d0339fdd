// Conditional nodes and cudaGraphAddNode (docs/semantics/graphs.md, GRAPH-COND-1 .. GRAPH-COND-4).
//
// A conditional handle is a value that belongs to one graph: created with
// cudaGraphConditionalHandleCreate, set by kernels of that graph (cudaGraphSetConditional, from
// device code), and read by the conditional node that names it when the node runs: an if node runs
// its first body when the value is non-zero (its second, if it has one, when zero); a while node
// runs its body for as long as the value, read again after each run of the body, is non-zero; a
// switch node runs the body the value indexes, and none when the value is past its last body. A
// handle created with cudaGraphCondAssignDefault takes its default value at the start of every
// launch; any other handle has no value at the start of a launch until a kernel sets one, and a
// conditional node that reads it then is a defect (GRAPH-COND-5). The engine runs a launch's nodes
// one at a time, so the value a node reads is the last one set before it in the launch's order,
// which the graph's edges decide. A while node whose handle stays non-zero for longer than the hang
// bound (--hang-seconds) is reported as a hang at the node's line (GRAPH-COND-6). Under `warpsafe
// check`, a value set by a kernel that the graph's edges do not order before the node reading it
// is a data race (GRAPH-COND-7).
#include <chrono>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "cuda_device_runtime_api.h"
#include "cuda_runtime_api.h"
#include "graph/graph.h"
#include "options.h"
#include "race/race.h"
#include "race/symbolizer.h"
#include "report/report.h"
#include "runtime/runtime_call.h"

namespace warpsafe::engine::graph {
namespace {

struct Handle {
  const CUgraph_st* graph;  // the graph it was created for
  unsigned default_value;
  bool assign_default;
  unsigned value;
  bool defined;  // false from the start of a launch (without a default) until a kernel sets it
  // Under `warpsafe check`: the launch whose kernel set the value in this graph launch (0: none),
  // its kernel and its launch site (GRAPH-COND-7).
  std::uint32_t set_by = 0;
  const char* setter = nullptr;
  Site setter_site{nullptr, 0};
};

// Handles are read and set from GPU threads, which never take the graph lock: they have their own.
struct Handles {
  std::mutex mutex;
  std::unordered_map<cudaGraphConditionalHandle, Handle> by_id;
  cudaGraphConditionalHandle next = 1;
  // Each body graph's conditional node, to find the graphs a body lies in (graph lock held).
  std::unordered_map<const CUgraph_st*, const CUgraphNode_st*> body_owner;
};

Handles& H() {
  static auto* handles = new Handles();  // outlives static destructors
  return *handles;
}

bool ReadHandle(cudaGraphConditionalHandle id, unsigned* value, Handle* all = nullptr) {
  // A kernel node before this one that the checker held back (STREAM-7) runs first: its
  // cudaGraphSetConditional is ordered before the read.
  runtime::RunHeldLaunchIfAny();
  Handles& h = H();
  std::lock_guard<std::mutex> lock(h.mutex);
  auto it = h.by_id.find(id);
  if (it == h.by_id.end()) return false;
  *value = it->second.value;
  if (all != nullptr) *all = it->second;
  return true;
}

const char* KindName(cudaGraphConditionalNodeType type) {
  switch (type) {
    case cudaGraphCondTypeIf: return "if";
    case cudaGraphCondTypeWhile: return "while";
    case cudaGraphCondTypeSwitch: return "switch";
  }
  return "conditional";
}

// Reports `kind` at the line where the program made `node` (the innermost caller outside the
// engine), then the detail lines. Ends the process.
[[noreturn]] void ReportAtNode(DefectKind kind, const CUgraphNode_st& node, const std::string& what,
                               const std::vector<std::string>& lines) {
  std::vector<std::uintptr_t> callers;
  for (const void* pc : node.made_at.pc) {
    if (pc != nullptr) callers.push_back(reinterpret_cast<std::uintptr_t>(pc));
  }
  Report report(kind);
  report.Where(std::string("graph launch, ") + KindName(node.cond_type) + " node");
  std::string file;
  unsigned line = 0;
  for (const race::CodeLocation& loc : race::SymbolizeReturnAddresses(callers)) {
    if (loc.file.empty() || loc.file == "??" || loc.file.find("engine/src/") != std::string::npos ||
        loc.file.find("engine/include/") != std::string::npos) {
      continue;
    }
    file = loc.file;
    line = loc.line;
    break;
  }
  if (!file.empty()) {
    report.At(Site{file.c_str(), line}, what);
  } else {
    report.Line(what);
  }
  for (const std::string& l : lines) report.Line(l);
  report.Emit();
}

// Whether a node of `g` may use a handle created for `owner`: `g` is `owner` or a body graph
// (at any depth) of one of its conditional nodes.
bool WithinGraph(const CUgraph_st* g, const CUgraph_st* owner) {
  Handles& h = H();
  while (g != nullptr) {
    if (g == owner) return true;
    auto it = h.body_owner.find(g);
    g = it == h.body_owner.end() ? nullptr : it->second->owner;
  }
  return false;
}

void Start(const CUgraph_st& g, Handles& h) {
  for (const auto& n : g.nodes) {
    if (n->type == cudaGraphNodeTypeConditional) {
      auto it = h.by_id.find(n->cond_handle);
      if (it != h.by_id.end()) {
        if (it->second.assign_default) it->second.value = it->second.default_value;
        it->second.defined = it->second.assign_default;
        it->second.set_by = 0;
      }
    }
    if (n->child != nullptr) Start(*n->child, h);
    for (const CUgraph_st* body : n->bodies) Start(*body, h);
  }
}

cudaError_t AddConditional(CUgraphNode_st** out, CUgraph_st* graph, const cudaGraphNode_t* deps, std::size_t num_deps,
                           cudaConditionalNodeParams* p, const CallChain& callers) {
  std::lock_guard<std::mutex> graph_lock(Lock());
  if (out == nullptr || !IsLiveGraph(graph)) return cudaErrorInvalidValue;
  Handle handle{};
  {
    Handles& h = H();
    std::lock_guard<std::mutex> lock(h.mutex);
    auto it = h.by_id.find(p->handle);
    if (it == h.by_id.end()) return cudaErrorInvalidValue;
    handle = it->second;
  }
  // The handle must be one of this graph's (or, for a node in a body, of a graph around it).
  if (!WithinGraph(graph, handle.graph)) return cudaErrorInvalidValue;
  const bool size_ok = (p->type == cudaGraphCondTypeIf && (p->size == 1 || p->size == 2)) ||
                       (p->type == cudaGraphCondTypeWhile && p->size == 1) ||
                       (p->type == cudaGraphCondTypeSwitch && p->size >= 1);
  if (!size_ok) return cudaErrorInvalidValue;
  CUgraphNode_st* node = nullptr;
  if (cudaError_t e = AddNode(graph, cudaGraphNodeTypeConditional, deps, num_deps, &node); e != cudaSuccess) return e;
  node->cond_handle = p->handle;
  node->cond_type = p->type;
  node->made_at = callers;
  for (unsigned i = 0; i < p->size; ++i) {
    CUgraph_st* body = NewGraph();
    node->bodies.push_back(body);
    H().body_owner[body] = node;
  }
  p->phGraph_out = node->bodies.data();  // lives as long as the node
  *out = node;
  return cudaSuccess;
}

}  // namespace

void StartConditionals(const CUgraph_st& g) {
  Handles& h = H();
  std::lock_guard<std::mutex> lock(h.mutex);
  Start(g, h);
}

cudaError_t RunConditional(const CUgraphNode_st& node, cudaStream_t stream) {
  unsigned value = 0;
  Handle handle{};
  if (!ReadHandle(node.cond_handle, &value, &handle)) return cudaErrorInvalidValue;
  // GRAPH-COND-7: the kernel that set the value must be ordered before the node by the graph's
  // edges; the engine ran it first, but a GPU need not.
  if (race::Enabled() && handle.set_by != 0 && !race::OrderedBeforeGraphNode(handle.set_by, &node)) {
    const std::string kernel = handle.setter != nullptr ? handle.setter : "a kernel";
    std::string launched;
    if (handle.setter_site.file != nullptr && handle.setter_site.line != 0) {
      launched = " (launched at " + std::string(handle.setter_site.file) + ":" +
                 std::to_string(handle.setter_site.line) + ")";
    }
    ReportAtNode(DefectKind::kDataRace, node,
                 std::string("the ") + KindName(node.cond_type) + " node made here read its handle's value",
                 {"kernel " + kernel + launched + " set the handle (cudaGraphSetConditional) in this launch, but no "
                  "edge of the graph orders its node before this one: on a GPU the node may read the value before "
                  "or after the kernel sets it (docs/semantics/graphs.md, GRAPH-COND-7)",
                  "add the kernel's node to the conditional node's dependencies"});
  }
  if (!handle.defined) {
    ReportAtNode(DefectKind::kUndefinedCondition, node,
                 std::string("the ") + KindName(node.cond_type) + " node made here read its handle's value",
                 {"the handle was created without cudaGraphCondAssignDefault and no kernel of this launch had set it "
                  "(cudaGraphSetConditional) before the node ran: its value is undefined at the start of every launch "
                  "(docs/semantics/graphs.md, GRAPH-COND-5)",
                  "give the handle a default (cudaGraphConditionalHandleCreate(&h, graph, value, "
                  "cudaGraphCondAssignDefault)) or set it in a kernel ordered before the node"});
  }
  switch (node.cond_type) {
    case cudaGraphCondTypeIf:
      if (value != 0) return RunNestedGraph(*node.bodies[0], stream);
      return node.bodies.size() == 2 ? RunNestedGraph(*node.bodies[1], stream) : cudaSuccess;
    case cudaGraphCondTypeWhile: {
      // GRAPH-COND-6: a loop whose handle stays non-zero past the hang bound is reported, not run forever.
      const auto start = std::chrono::steady_clock::now();
      const auto limit = std::chrono::seconds(GetOptions().hang_seconds);
      std::uint64_t iterations = 0;
      while (value != 0) {
        if (cudaError_t e = RunNestedGraph(*node.bodies[0], stream); e != cudaSuccess) return e;
        ++iterations;
        ReadHandle(node.cond_handle, &value);
        if (value != 0 && std::chrono::steady_clock::now() - start > limit) {
          ReportAtNode(DefectKind::kHang, node, "the while node made here has not ended",
                       {"its body has run " + std::to_string(iterations) + " times in " +
                            std::to_string(GetOptions().hang_seconds) +
                            " s (--hang-seconds) and its handle is still non-zero (" + std::to_string(value) +
                            "): a kernel of the body must set it to zero (cudaGraphSetConditional(handle, 0)) "
                            "for the loop to end (docs/semantics/graphs.md, GRAPH-COND-6)"});
        }
      }
      return cudaSuccess;
    }
    case cudaGraphCondTypeSwitch:
      return value < node.bodies.size() ? RunNestedGraph(*node.bodies[value], stream) : cudaSuccess;
  }
  return cudaErrorInvalidValue;  // no other kind can be added
}

}  // namespace warpsafe::engine::graph

namespace gr = warpsafe::engine::graph;
namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle* pHandle_out, cudaGraph_t graph,
                                                        unsigned int defaultLaunchValue, unsigned int flags) {
  return rt::Call([&] {
    std::lock_guard<std::mutex> graph_lock(gr::Lock());
    if (pHandle_out == nullptr || !gr::IsLiveGraph(graph)) return cudaErrorInvalidValue;
    if ((flags & ~static_cast<unsigned>(cudaGraphCondAssignDefault)) != 0) return cudaErrorInvalidValue;
    gr::Handles& h = gr::H();
    std::lock_guard<std::mutex> lock(h.mutex);
    const cudaGraphConditionalHandle id = h.next++;
    const bool assign = (flags & cudaGraphCondAssignDefault) != 0;
    h.by_id[id] = gr::Handle{graph, defaultLaunchValue, assign, assign ? defaultLaunchValue : 0u, assign};
    *pHandle_out = id;
    return cudaSuccess;
  });
}

// Called by GPU threads: no lock but the handles' own, and no runtime error recording.
extern "C" void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned int value) {
  gr::Handles& h = gr::H();
  std::lock_guard<std::mutex> lock(h.mutex);
  auto it = h.by_id.find(handle);
  if (it != h.by_id.end()) {
    it->second.value = value;
    it->second.defined = true;
    if (warpsafe::engine::race::Enabled()) {
      const warpsafe::engine::race::RunningLaunch running = warpsafe::engine::race::CurrentLaunch();
      it->second.set_by = running.id;
      it->second.setter = running.kernel;
      it->second.setter_site = running.site;
    }
  }
}

// cudaGraphAddNode: the node-type-generic form of the cudaGraphAdd*Node calls, each type checked
// as its own call checks it. Edge data other than the default (all zero) is not supported.
extern "C" cudaError_t cudaGraphAddNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph,
                                        const cudaGraphNode_t* pDependencies, const cudaGraphEdgeData* dependencyData,
                                        size_t numDependencies, struct cudaGraphNodeParams* nodeParams) {
  const warpsafe::engine::CallChain callers = warpsafe::engine::CallersOfApi();
  if (nodeParams == nullptr) return rt::Call([] { return cudaErrorInvalidValue; });
  for (std::size_t i = 0; dependencyData != nullptr && i < numDependencies; ++i) {
    const cudaGraphEdgeData& d = dependencyData[i];
    if (d.from_port != 0 || d.to_port != 0 || d.type != 0) return rt::Call([] { return cudaErrorNotSupported; });
  }
  cudaGraphNodeParams& p = *nodeParams;
  switch (p.type) {
    case cudaGraphNodeTypeKernel: {
      const cudaKernelNodeParams k{p.kernel.func,           p.kernel.gridDim,      p.kernel.blockDim,
                                   p.kernel.sharedMemBytes, p.kernel.kernelParams, p.kernel.extra};
      return cudaGraphAddKernelNode(pGraphNode, graph, pDependencies, numDependencies, &k);
    }
    case cudaGraphNodeTypeMemcpy:
      return cudaGraphAddMemcpyNode(pGraphNode, graph, pDependencies, numDependencies, &p.memcpy.copyParams);
    case cudaGraphNodeTypeMemset: {
      const cudaMemsetParams m{p.memset.dst,   p.memset.pitch, p.memset.value,
                               p.memset.elementSize, p.memset.width, p.memset.height};
      return cudaGraphAddMemsetNode(pGraphNode, graph, pDependencies, numDependencies, &m);
    }
    case cudaGraphNodeTypeHost: {
      const cudaHostNodeParams h{p.host.fn, p.host.userData};
      return cudaGraphAddHostNode(pGraphNode, graph, pDependencies, numDependencies, &h);
    }
    case cudaGraphNodeTypeGraph:
      // Moving the child graph into the node is not provided: the node takes a copy, as with Clone.
      if (p.graph.ownership != cudaGraphChildGraphOwnershipClone) return rt::Call([] { return cudaErrorNotSupported; });
      return cudaGraphAddChildGraphNode(pGraphNode, graph, pDependencies, numDependencies, p.graph.graph);
    case cudaGraphNodeTypeEmpty: return cudaGraphAddEmptyNode(pGraphNode, graph, pDependencies, numDependencies);
    case cudaGraphNodeTypeWaitEvent:
      return cudaGraphAddEventWaitNode(pGraphNode, graph, pDependencies, numDependencies, p.eventWait.event);
    case cudaGraphNodeTypeEventRecord:
      return cudaGraphAddEventRecordNode(pGraphNode, graph, pDependencies, numDependencies, p.eventRecord.event);
    case cudaGraphNodeTypeMemAlloc: {
      cudaMemAllocNodeParams a{p.alloc.poolProps, p.alloc.accessDescs, p.alloc.accessDescCount, p.alloc.bytesize,
                               nullptr};
      const cudaError_t e = cudaGraphAddMemAllocNode(pGraphNode, graph, pDependencies, numDependencies, &a);
      if (e == cudaSuccess) p.alloc.dptr = a.dptr;
      return e;
    }
    case cudaGraphNodeTypeMemFree:
      return cudaGraphAddMemFreeNode(pGraphNode, graph, pDependencies, numDependencies, p.free.dptr);
    case cudaGraphNodeTypeConditional:
      return rt::Call([&] {
        return gr::AddConditional(pGraphNode, graph, pDependencies, numDependencies, &p.conditional, callers);
      });
    default: return rt::Call([] { return cudaErrorInvalidValue; });  // external semaphores, or no type
  }
}
