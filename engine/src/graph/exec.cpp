// Instantiated graphs: cudaGraphInstantiate, cudaGraphLaunch, cudaGraphExecDestroy.
//
// An executable graph is a snapshot: instantiation copies the graph, so later changes to the
// graph do not reach it (CUDA Runtime API, cudaGraphInstantiate). A cycle, possible only through
// cudaGraphAddDependencies, fails the instantiation with cudaErrorInvalidValue.
//
// A launch runs every node to completion, one at a time, in an order that respects every
// dependency, before cudaGraphLaunch returns (which is a legal schedule of a graph launched into
// an in-order stream: all its work may run before anything after it). Under `lockstep` the order
// is fixed: among the nodes whose dependencies are done, the earliest created runs first. Under
// the other schedules each launch picks among the ready nodes from the seed, so a graph that is
// missing a dependency between two nodes produces different results from run to run, as it may
// on a GPU, and the same seed replays the same order.
#include <algorithm>
#include <atomic>
#include <cstring>
#include <unordered_map>
#include <unordered_set>

#include "cuda_runtime_api.h"
#include "graph/capture.h"
#include "graph/exec.h"
#include "graph/graph.h"
#include "graph/library_capture.h"
#include "options.h"
#include "race/race.h"
#include "runtime/copy_checks.h"
#include "runtime/host_wait.h"
#include "runtime/runtime_call.h"
#include "runtime/streams.h"
#include "warpsafe/engine/runtime_templates.h"

namespace warpsafe::engine::graph {

std::unordered_set<const CUgraphExec_st*>& LiveExecs() {
  static auto* live = new std::unordered_set<const CUgraphExec_st*>();  // outlives static destructors
  return *live;
}

void MapSnapshot(const CUgraph_st& source, CUgraphExec_st* exec) {
  for (std::size_t i = 0; i < source.nodes.size(); ++i) {
    exec->from_source[source.nodes[i].get()] = exec->graph->nodes[i].get();
  }
}

namespace {

std::atomic<std::uint64_t> g_graph_launches{0};

// splitmix64: a seed-derived stream of choices, independent of the kernels' own schedules.
std::uint64_t Mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// A topological order of `g`'s nodes (Kahn's algorithm); false when the graph has a cycle. With
// `random` null, the earliest created ready node goes first; else one drawn from *random.
bool Order(const CUgraph_st& g, std::uint64_t* random, std::vector<const CUgraphNode_st*>* out) {
  std::unordered_map<const CUgraphNode_st*, std::size_t> index;
  for (std::size_t i = 0; i < g.nodes.size(); ++i) index[g.nodes[i].get()] = i;
  std::vector<std::size_t> waiting(g.nodes.size());
  std::vector<std::vector<std::size_t>> dependents(g.nodes.size());
  for (std::size_t i = 0; i < g.nodes.size(); ++i) {
    waiting[i] = g.nodes[i]->deps.size();
    for (const CUgraphNode_st* d : g.nodes[i]->deps) dependents[index.at(d)].push_back(i);
  }
  std::vector<std::size_t> ready;
  for (std::size_t i = 0; i < g.nodes.size(); ++i) {
    if (waiting[i] == 0) ready.push_back(i);
  }
  out->clear();
  while (!ready.empty()) {
    std::size_t pick = 0;  // ready is kept sorted by creation
    if (random != nullptr) {
      *random = Mix(*random);
      pick = static_cast<std::size_t>(*random % ready.size());
    }
    const std::size_t n = ready[pick];
    ready.erase(ready.begin() + static_cast<std::ptrdiff_t>(pick));
    out->push_back(g.nodes[n].get());
    for (std::size_t d : dependents[n]) {
      if (--waiting[d] == 0) ready.insert(std::upper_bound(ready.begin(), ready.end(), d), d);
    }
  }
  return out->size() == g.nodes.size();
}

bool Acyclic(const CUgraph_st& g) {
  std::vector<const CUgraphNode_st*> order;
  if (!Order(g, nullptr, &order)) return false;
  for (const auto& n : g.nodes) {
    if (n->child != nullptr && !Acyclic(*n->child)) return false;
    for (const CUgraph_st* body : n->bodies) {
      if (!Acyclic(*body)) return false;
    }
  }
  return true;
}

// Runs `g`'s nodes in an order its edges allow. Under `warpsafe check` each node is an order point
// of its own (race.h, GRAPH-ORDER-1): after `start` (the launched graph, or the node that owns `g`)
// and after the nodes it depends on; its launches and copies are ordered by that alone.
cudaError_t RunGraph(const CUgraph_st& g, cudaStream_t stream, std::uint64_t* random, const void* start) {
  std::vector<const CUgraphNode_st*> order;
  if (!Order(g, random, &order)) return cudaErrorInvalidValue;  // checked at instantiation
  const bool checked = race::Enabled();
  const void* outer = checked ? race::CurrentGraphNode() : nullptr;
  for (const CUgraphNode_st* n : order) {
    if (checked) {
      race::GraphNodeAfter(n, start);
      for (const CUgraphNode_st* d : n->deps) race::GraphNodeAfter(n, d);
      race::SetGraphNode(n);
    }
    const cudaError_t e = RunNode(*n, stream);
    if (checked) race::SetGraphNode(outer);
    if (e != cudaSuccess) return e;
  }
  return cudaSuccess;
}

// A nested graph (a child graph, a conditional node's body) run by the node `owner`: its nodes
// follow the owner, and whatever follows the owner follows all of them.
cudaError_t RunOwnedGraph(const CUgraph_st& g, cudaStream_t stream, std::uint64_t* random, const void* owner) {
  const cudaError_t e = RunGraph(g, stream, random, owner);
  if (race::Enabled() && owner != nullptr) {
    for (const auto& n : g.nodes) race::GraphNodeAfter(owner, n.get());
  }
  return e;
}

cudaError_t RunSet(const cudaMemsetParams& p, cudaStream_t stream) {
  const std::size_t row_bytes = p.width * p.elementSize;
  const std::size_t pitch = p.height > 1 ? p.pitch : row_bytes;
  if (p.elementSize == 1) {
    return cudaMemset2DAsync(p.dst, pitch, static_cast<int>(p.value), row_bytes, p.height, stream);
  }
  // Wider elements: the range is checked as a fill of bytes would check it, then written element
  // by element, the value's low elementSize bytes each time.
  if (cudaError_t e = runtime::CheckDeviceRange(p.dst, pitch * (p.height - 1) + row_bytes); e != cudaSuccess) {
    return e;
  }
  for (std::size_t row = 0; row < p.height; ++row) {
    char* line = static_cast<char*>(p.dst) + row * pitch;
    for (std::size_t i = 0; i < p.width; ++i) {
      if (p.elementSize == 2) {
        const auto v = static_cast<unsigned short>(p.value);
        std::memcpy(line + i * 2, &v, 2);
      } else {
        std::memcpy(line + i * 4, &p.value, 4);
      }
    }
  }
  return cudaSuccess;
}

thread_local std::uint64_t* tls_random = nullptr;  // the running launch's order stream, for child graphs

}  // namespace

cudaError_t RunNode(const CUgraphNode_st& node, cudaStream_t stream) {
  switch (node.type) {
    case cudaGraphNodeTypeKernel: {
      if (!node.enabled) return cudaSuccess;
      if (node.library != nullptr) return RunAsLibraryNode(stream, node.library->run);
      LaunchSpec spec = node.kernel.spec;
      spec.stream = stream;
      Launch(spec, node.kernel.entry, node.kernel.closure, node.kernel.ops);
      return runtime::LastLaunchResult();
    }
    case cudaGraphNodeTypeMemcpy: return node.enabled ? RunCopy(node.copy, stream) : cudaSuccess;
    case cudaGraphNodeTypeMemset: return node.enabled ? RunSet(node.set, stream) : cudaSuccess;
    case cudaGraphNodeTypeHost: node.host.fn(node.host.userData); return cudaSuccess;
    case cudaGraphNodeTypeGraph: return RunOwnedGraph(*node.child, stream, tls_random, &node);
    case cudaGraphNodeTypeConditional: return RunConditional(node, stream);
    case cudaGraphNodeTypeEmpty: return cudaSuccess;
    case cudaGraphNodeTypeEventRecord: return cudaEventRecord(node.event, stream);
    case cudaGraphNodeTypeWaitEvent: return cudaStreamWaitEvent(stream, node.event, 0);
    case cudaGraphNodeTypeMemAlloc: return RunMemAlloc(node.alloc.dptr);
    case cudaGraphNodeTypeMemFree: return RunMemFree(node.alloc.dptr);
    default: return cudaErrorNotSupported;  // no other kind of node can be added
  }
}

cudaError_t RunNestedGraph(const CUgraph_st& g, cudaStream_t stream) {
  return RunOwnedGraph(g, stream, tls_random, race::Enabled() ? race::CurrentGraphNode() : nullptr);
}

bool HasLiveExec(const CUgraph_st* g) {
  for (const CUgraphExec_st* e : LiveExecs()) {
    if (e->source == g) return true;
  }
  return false;
}

void ForgetSource(const CUgraph_st* g) {
  for (const CUgraphExec_st* e : LiveExecs()) {
    if (e->source == g) const_cast<CUgraphExec_st*>(e)->source = nullptr;
  }
}

}  // namespace warpsafe::engine::graph

namespace gr = warpsafe::engine::graph;
namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaGraphInstantiate(cudaGraphExec_t* pGraphExec, cudaGraph_t graph, unsigned long long flags) {
  return rt::Call([&] {
    std::lock_guard<std::mutex> lock(gr::Lock());
    if (pGraphExec == nullptr || !gr::IsLiveGraph(graph)) return cudaErrorInvalidValue;
    constexpr unsigned long long kKnown = cudaGraphInstantiateFlagAutoFreeOnLaunch | cudaGraphInstantiateFlagUpload |
                                          cudaGraphInstantiateFlagDeviceLaunch | cudaGraphInstantiateFlagUseNodePriority;
    if ((flags & ~kKnown) != 0) return cudaErrorInvalidValue;
    if ((flags & cudaGraphInstantiateFlagDeviceLaunch) != 0) return cudaErrorNotSupported;  // no device launches
    if (!gr::Acyclic(*graph)) return cudaErrorInvalidValue;
    // One executable graph at a time from a graph with memory nodes (GRAPH-MEM-5).
    if (gr::HasMemoryNodes(*graph) && gr::HasLiveExec(graph)) return cudaErrorInvalidValue;
    auto* exec = new CUgraphExec_st{gr::CloneGraph(*graph), flags, graph, {}};
    gr::MapSnapshot(*graph, exec);
    gr::LiveExecs().insert(exec);
    *pGraphExec = exec;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t* pGraphExec, cudaGraph_t graph,
                                                     unsigned long long flags) {
  return cudaGraphInstantiate(pGraphExec, graph, flags);
}

// The flags come in the parameter block, and the outcome goes out in it as well as in the result:
// a cycle is cudaGraphInstantiateInvalidStructure, any other refusal cudaGraphInstantiateError. The
// engine never names an error node. An upload stream is checked only when the upload flag asks
// for an upload (which the engine has no use for).
extern "C" cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t* pGraphExec, cudaGraph_t graph,
                                                      cudaGraphInstantiateParams* instantiateParams) {
  if (instantiateParams == nullptr) return rt::Call([] { return cudaErrorInvalidValue; });
  cudaGraphInstantiateParams& p = *instantiateParams;
  p.errNode_out = nullptr;
  if ((p.flags & cudaGraphInstantiateFlagUpload) != 0 && !rt::IsValidStream(p.uploadStream)) {
    p.result_out = cudaGraphInstantiateError;
    return rt::Call([] { return cudaErrorInvalidResourceHandle; });
  }
  bool cycle = false;
  {
    std::lock_guard<std::mutex> lock(gr::Lock());
    cycle = gr::IsLiveGraph(graph) && !gr::Acyclic(*graph);
  }
  const cudaError_t e = cudaGraphInstantiate(pGraphExec, graph, p.flags);
  p.result_out = e == cudaSuccess ? cudaGraphInstantiateSuccess
                 : cycle          ? cudaGraphInstantiateInvalidStructure
                                  : cudaGraphInstantiateError;
  return e;
}

extern "C" cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream) {
  return rt::Call([&] {
    std::lock_guard<std::mutex> lock(gr::Lock());
    if (gr::LiveExecs().count(graphExec) == 0) return cudaErrorInvalidValue;
    return rt::IsValidStream(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;  // nothing to upload
  });
}

extern "C" cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream) {
  return rt::Call([&] {
    CUgraph_st* snapshot = nullptr;
    bool auto_free = false;
    {
      std::lock_guard<std::mutex> lock(gr::Lock());
      if (gr::LiveExecs().count(graphExec) == 0) return cudaErrorInvalidValue;
      snapshot = graphExec->graph;
      auto_free = (graphExec->flags & cudaGraphInstantiateFlagAutoFreeOnLaunch) != 0;
    }
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    // Launching into a stream being captured adds the graph as a child graph node, which a graph with
    // memory nodes cannot become (GRAPH-MEM-5): the capture is invalidated.
    if (gr::IsCapturing(stream)) {
      if (gr::HasMemoryNodes(*snapshot)) {
        gr::CaptureUnsupported(stream);
        return cudaErrorNotSupported;
      }
      return gr::CaptureChildGraph(stream, *snapshot);
    }
    // Allocations of the graph's alloc nodes still live from its last launch (GRAPH-MEM-2).
    if (!gr::PrepareAllocations(*snapshot, auto_free)) return cudaErrorInvalidValue;
    const warpsafe::engine::Options& o = warpsafe::engine::GetOptions();
    std::uint64_t random = gr::Mix(o.seed ^ (0x6A09E667F3BCC909ull * (gr::g_graph_launches.fetch_add(1) + 1)));
    std::uint64_t* stream_of_choices = o.schedule == warpsafe::engine::Schedule::kLockstep ? nullptr : &random;
    gr::StartConditionals(*snapshot);
    std::uint64_t* saved = gr::tls_random;
    gr::tls_random = stream_of_choices;
    // The nodes run without the graph lock: a host node may build or launch graphs itself. Under
    // `warpsafe check` the graph's nodes are ordered by its edges after the stream's earlier work,
    // and the stream's later work after all of them (GRAPH-ORDER-1).
    namespace race = warpsafe::engine::race;
    if (race::Enabled()) race::GraphStarts(snapshot, stream);
    // A graph's kernel nodes do not park to wait for the host: the engine runs its later nodes, and
    // conditional handles its kernels set, before cudaGraphLaunch returns (runtime/host_wait.h).
    const rt::HostWaits no_parking;
    const cudaError_t e = gr::RunGraph(*snapshot, stream, stream_of_choices, snapshot);
    if (race::Enabled()) {
      for (const auto& n : snapshot->nodes) race::GraphEnds(stream, n.get());
    }
    gr::tls_random = saved;
    return e;
  });
}

extern "C" cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec) {
  return rt::Call([&] {
    std::lock_guard<std::mutex> lock(gr::Lock());
    if (gr::LiveExecs().erase(graphExec) == 0) return cudaErrorInvalidValue;
    gr::DeleteGraph(graphExec->graph);
    delete graphExec;
    return cudaSuccess;
  });
}
