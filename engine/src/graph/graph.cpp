// Building graphs: creation, nodes and dependencies, queries, cloning and destruction (CUDA
// Runtime API, "Graph Management"). Each entry point checks its arguments as CUDA does: a null
// output or params pointer, a graph or node that does not exist, or a dependency from another
// graph is cudaErrorInvalidValue, and nothing is changed.
#include <algorithm>
#include <cstring>
#include <unordered_map>
#include <unordered_set>

#include "cuda_runtime_api.h"
#include "graph/graph.h"
#include "graph/kernel_registry.h"
#include "runtime/runtime_call.h"

namespace warpsafe::engine::graph {
namespace {

std::unordered_set<const CUgraph_st*>& LiveGraphs() {
  static auto* live = new std::unordered_set<const CUgraph_st*>();  // outlives static destructors
  return *live;
}

std::unordered_set<const CUgraphNode_st*>& LiveNodes() {
  static auto* live = new std::unordered_set<const CUgraphNode_st*>();
  return *live;
}


// Runs `body` under the graph lock, through the runtime's error recording.
template <class Body>
cudaError_t Locked(Body&& body) {
  return runtime::Call([&] {
    std::lock_guard<std::mutex> lock(Lock());
    return body();
  });
}

// Copies out a list the way CUDA's node queries do: with `out` null only the count is written;
// otherwise up to *count entries, the rest of the caller's array nulled, and *count set to the
// true count.
cudaError_t ListOut(const std::vector<CUgraphNode_st*>& list, cudaGraphNode_t* out, std::size_t* count) {
  if (count == nullptr) return cudaErrorInvalidValue;
  if (out != nullptr) {
    for (std::size_t i = 0; i < *count; ++i) out[i] = i < list.size() ? list[i] : nullptr;
  }
  *count = list.size();
  return cudaSuccess;
}

}  // namespace

bool IsNodeOf(const CUgraph_st* g, const CUgraphNode_st* n) {
  return LiveNodes().count(n) != 0 && (g == nullptr || n->owner == g);
}

bool IsLiveNode(const CUgraphNode_st* n) { return IsNodeOf(nullptr, n); }

std::mutex& Lock() {
  static auto* mutex = new std::mutex();
  return *mutex;
}

bool IsLiveGraph(const CUgraph_st* g) { return g != nullptr && LiveGraphs().count(g) != 0; }

CUgraph_st* NewGraph() {
  auto* g = new CUgraph_st();
  LiveGraphs().insert(g);
  return g;
}

void DeleteGraph(CUgraph_st* g) {
  for (auto& n : g->nodes) {
    if (n->child != nullptr) DeleteGraph(n->child);
    for (CUgraph_st* body : n->bodies) DeleteGraph(body);
    LiveNodes().erase(n.get());
  }
  LiveGraphs().erase(g);
  delete g;
}

CUgraph_st* CloneGraph(const CUgraph_st& g) {
  CUgraph_st* c = NewGraph();
  std::unordered_map<const CUgraphNode_st*, CUgraphNode_st*> map;
  for (const auto& n : g.nodes) {
    auto copy = std::make_unique<CUgraphNode_st>(*n);  // KernelLaunch copies its closure
    copy->owner = c;
    if (n->child != nullptr) copy->child = CloneGraph(*n->child);
    for (CUgraph_st*& body : copy->bodies) body = CloneGraph(*body);  // a conditional node's own copies
    map[n.get()] = copy.get();
    LiveNodes().insert(copy.get());
    c->nodes.push_back(std::move(copy));
  }
  // Dependencies may point forward in creation order (cudaGraphAddDependencies): mapped after.
  for (auto& n : c->nodes) {
    for (auto& d : n->deps) d = map.at(d);
  }
  return c;
}

cudaError_t AddNode(CUgraph_st* g, cudaGraphNodeType type, const cudaGraphNode_t* deps, std::size_t num_deps,
                    CUgraphNode_st** out) {
  if (out == nullptr || !IsLiveGraph(g)) return cudaErrorInvalidValue;
  if (num_deps != 0 && deps == nullptr) return cudaErrorInvalidValue;
  for (std::size_t i = 0; i < num_deps; ++i) {
    if (!IsNodeOf(g, deps[i])) return cudaErrorInvalidValue;
    // The same dependency twice is an invalid value in CUDA.
    for (std::size_t j = 0; j < i; ++j) {
      if (deps[j] == deps[i]) return cudaErrorInvalidValue;
    }
  }
  auto node = std::make_unique<CUgraphNode_st>();
  node->type = type;
  node->owner = g;
  node->deps.assign(deps, deps + num_deps);
  *out = node.get();
  LiveNodes().insert(node.get());
  g->nodes.push_back(std::move(node));
  return cudaSuccess;
}

}  // namespace warpsafe::engine::graph

namespace gr = warpsafe::engine::graph;

extern "C" cudaError_t cudaGraphCreate(cudaGraph_t* pGraph, unsigned int flags) {
  return gr::Locked([&] {
    if (pGraph == nullptr || flags != 0) return cudaErrorInvalidValue;
    *pGraph = gr::NewGraph();
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
  return gr::Locked([&] {
    if (!gr::IsLiveGraph(graph)) return cudaErrorInvalidValue;
    gr::ForgetSource(graph);
    gr::DeleteGraph(graph);
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphClone(cudaGraph_t* pGraphClone, cudaGraph_t originalGraph) {
  return gr::Locked([&] {
    if (pGraphClone == nullptr || !gr::IsLiveGraph(originalGraph)) return cudaErrorInvalidValue;
    if (gr::HasMemoryNodes(*originalGraph)) return cudaErrorNotSupported;  // GRAPH-MEM-5
    *pGraphClone = gr::CloneGraph(*originalGraph);
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph,
                                              const cudaGraphNode_t* pDependencies, size_t numDependencies,
                                              const struct cudaKernelNodeParams* pNodeParams) {
  return gr::Locked([&] {
    if (pNodeParams == nullptr || pNodeParams->func == nullptr) return cudaErrorInvalidValue;
    if (pNodeParams->extra != nullptr) return cudaErrorNotSupported;  // the packed-buffer form
    gr::KernelLaunch launch;
    if (cudaError_t e = gr::BindKernelNode(*pNodeParams, &launch); e != cudaSuccess) return e;
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = gr::AddNode(graph, cudaGraphNodeTypeKernel, pDependencies, numDependencies, &node);
        e != cudaSuccess) {
      return e;
    }
    // The arguments were copied when bound, as CUDA copies them when the node is added.
    node->kernel.spec = launch.spec;
    node->kernel.entry = launch.entry;
    std::swap(node->kernel.closure, launch.closure);
    std::swap(node->kernel.ops, launch.ops);
    node->kernel_params = *pNodeParams;
    *pGraphNode = node;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, struct cudaKernelNodeParams* pNodeParams) {
  return gr::Locked([&] {
    if (pNodeParams == nullptr || !gr::IsLiveNode(node) || node->type != cudaGraphNodeTypeKernel) {
      return cudaErrorInvalidValue;
    }
    *pNodeParams = node->kernel_params;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph,
                                              const cudaGraphNode_t* pDependencies, size_t numDependencies,
                                              const struct cudaMemcpy3DParms* pCopyParams) {
  return gr::Locked([&] {
    if (pCopyParams == nullptr) return cudaErrorInvalidValue;
    gr::Copy copy{};
    if (cudaError_t e = gr::CopyFrom3D(*pCopyParams, &copy); e != cudaSuccess) return e;
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = gr::AddNode(graph, cudaGraphNodeTypeMemcpy, pDependencies, numDependencies, &node);
        e != cudaSuccess) {
      return e;
    }
    node->copy = copy;
    *pGraphNode = node;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t* pGraphNode, cudaGraph_t graph,
                                                const cudaGraphNode_t* pDependencies, size_t numDependencies,
                                                void* dst, const void* src, size_t count, enum cudaMemcpyKind kind) {
  return gr::Locked([&] {
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = gr::AddNode(graph, cudaGraphNodeTypeMemcpy, pDependencies, numDependencies, &node);
        e != cudaSuccess) {
      return e;
    }
    node->copy = gr::Copy{dst, count, count, src, count, count, count, 1, 1, kind};
    *pGraphNode = node;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph,
                                              const cudaGraphNode_t* pDependencies, size_t numDependencies,
                                              const struct cudaMemsetParams* pMemsetParams) {
  return gr::Locked([&] {
    if (pMemsetParams == nullptr || pMemsetParams->dst == nullptr) return cudaErrorInvalidValue;
    const unsigned es = pMemsetParams->elementSize;
    if (es != 1 && es != 2 && es != 4) return cudaErrorInvalidValue;
    if (pMemsetParams->width == 0 || pMemsetParams->height == 0) return cudaErrorInvalidValue;
    if (pMemsetParams->height > 1 && pMemsetParams->pitch < pMemsetParams->width * es) return cudaErrorInvalidValue;
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = gr::AddNode(graph, cudaGraphNodeTypeMemset, pDependencies, numDependencies, &node);
        e != cudaSuccess) {
      return e;
    }
    node->set = *pMemsetParams;
    *pGraphNode = node;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphAddHostNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph,
                                            const cudaGraphNode_t* pDependencies, size_t numDependencies,
                                            const struct cudaHostNodeParams* pNodeParams) {
  return gr::Locked([&] {
    if (pNodeParams == nullptr || pNodeParams->fn == nullptr) return cudaErrorInvalidValue;
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = gr::AddNode(graph, cudaGraphNodeTypeHost, pDependencies, numDependencies, &node);
        e != cudaSuccess) {
      return e;
    }
    node->host = *pNodeParams;
    *pGraphNode = node;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph,
                                                  const cudaGraphNode_t* pDependencies, size_t numDependencies,
                                                  cudaGraph_t childGraph) {
  return gr::Locked([&] {
    if (!gr::IsLiveGraph(childGraph) || childGraph == graph) return cudaErrorInvalidValue;
    // The node would hold a copy of the graph, which a graph with memory nodes may not have (GRAPH-MEM-5).
    if (gr::HasMemoryNodes(*childGraph)) return cudaErrorNotSupported;
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = gr::AddNode(graph, cudaGraphNodeTypeGraph, pDependencies, numDependencies, &node);
        e != cudaSuccess) {
      return e;
    }
    node->child = gr::CloneGraph(*childGraph);  // the node owns a copy; later edits of childGraph do not show
    *pGraphNode = node;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t* pGraph) {
  return gr::Locked([&] {
    if (pGraph == nullptr || !gr::IsLiveNode(node) || node->type != cudaGraphNodeTypeGraph) {
      return cudaErrorInvalidValue;
    }
    *pGraph = node->child;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph,
                                             const cudaGraphNode_t* pDependencies, size_t numDependencies) {
  return gr::Locked([&] {
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = gr::AddNode(graph, cudaGraphNodeTypeEmpty, pDependencies, numDependencies, &node);
        e != cudaSuccess) {
      return e;
    }
    *pGraphNode = node;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, size_t* numNodes) {
  return gr::Locked([&] {
    if (!gr::IsLiveGraph(graph)) return cudaErrorInvalidValue;
    std::vector<CUgraphNode_st*> list;
    for (auto& n : graph->nodes) list.push_back(n.get());
    return gr::ListOut(list, nodes, numNodes);
  });
}

extern "C" cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t* pRootNodes, size_t* pNumRootNodes) {
  return gr::Locked([&] {
    if (!gr::IsLiveGraph(graph)) return cudaErrorInvalidValue;
    std::vector<CUgraphNode_st*> list;
    for (auto& n : graph->nodes) {
      if (n->deps.empty()) list.push_back(n.get());
    }
    return gr::ListOut(list, pRootNodes, pNumRootNodes);
  });
}

extern "C" cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType* pType) {
  return gr::Locked([&] {
    if (pType == nullptr || !gr::IsLiveNode(node)) return cudaErrorInvalidValue;
    *pType = node->type;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t* pDependencies,
                                                    cudaGraphEdgeData* edgeData, size_t* pNumDependencies) {
  return gr::Locked([&] {
    if (!gr::IsLiveNode(node)) return cudaErrorInvalidValue;
    if (edgeData != nullptr && pDependencies != nullptr && pNumDependencies != nullptr) {
      for (std::size_t i = 0; i < *pNumDependencies; ++i) edgeData[i] = cudaGraphEdgeData{};  // default edges only
    }
    return gr::ListOut(node->deps, pDependencies, pNumDependencies);
  });
}

extern "C" cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t* from,
                                                const cudaGraphNode_t* to, const cudaGraphEdgeData* edgeData,
                                                size_t numDependencies) {
  return gr::Locked([&] {
    if (!gr::IsLiveGraph(graph)) return cudaErrorInvalidValue;
    if (numDependencies != 0 && (from == nullptr || to == nullptr)) return cudaErrorInvalidValue;
    for (std::size_t i = 0; i < numDependencies; ++i) {
      if (!gr::IsNodeOf(graph, from[i]) || !gr::IsNodeOf(graph, to[i]) || from[i] == to[i]) return cudaErrorInvalidValue;
      if (std::find(to[i]->deps.begin(), to[i]->deps.end(), from[i]) != to[i]->deps.end()) return cudaErrorInvalidValue;
      if (edgeData != nullptr) {
        const cudaGraphEdgeData& e = edgeData[i];
        if (e.from_port != 0 || e.to_port != 0 || e.type != 0) return cudaErrorNotSupported;
      }
    }
    // A cycle is found when the graph is instantiated (exec.cpp), as in CUDA.
    for (std::size_t i = 0; i < numDependencies; ++i) to[i]->deps.push_back(from[i]);
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node) {
  return gr::Locked([&] {
    if (!gr::IsLiveNode(node)) return cudaErrorInvalidValue;
    CUgraph_st* g = node->owner;
    if (gr::HasMemoryNodes(*g)) return cudaErrorNotSupported;  // GRAPH-MEM-5
    for (auto& n : g->nodes) n->deps.erase(std::remove(n->deps.begin(), n->deps.end(), node), n->deps.end());
    if (node->child != nullptr) gr::DeleteGraph(node->child);
    gr::LiveNodes().erase(node);
    g->nodes.erase(std::find_if(g->nodes.begin(), g->nodes.end(), [node](auto& n) { return n.get() == node; }));
    return cudaSuccess;
  });
}
