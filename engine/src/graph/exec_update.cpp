// Changing an executable graph after instantiation (docs/semantics/graphs.md, GRAPH-UPD-1 ..
// GRAPH-UPD-4): cudaGraphExecUpdate, the cudaGraphExec*SetParams calls and
// cudaGraphNodeSetEnabled.
//
// The calls name a node by the handle of the graph the executable graph was made from (or last
// updated from); the change goes to the executable graph's own copy of that node and reaches its
// next launch, never the graph the handle belongs to. A whole-graph update pairs the two graphs'
// nodes in order of creation; it needs the same number of nodes, each of the same type as its
// pair, with the same dependencies, and refuses (cudaErrorGraphExecUpdateFailure, the reason in
// the result and the node it concerns as error node) a change CUDA refuses: a 2D memset whose
// parameters change, a copy whose direction changes, a memory alloc or free node that names
// another allocation. A refused update leaves the executable graph as it was.
#include <cstring>
#include <mutex>
#include <unordered_map>

#include "cuda_runtime_api.h"
#include "graph/exec.h"
#include "graph/graph.h"
#include "graph/kernel_registry.h"
#include "runtime/runtime_call.h"

namespace warpsafe::engine::graph {
namespace {

template <class Body>
cudaError_t LockedCall(Body&& body) {
  return runtime::Call([&] {
    std::lock_guard<std::mutex> lock(Lock());
    return body();
  });
}

// The executable graph's copy of the program's `node`, if it is of `type` (any type for a
// cudaGraphNodeTypeCount); null for an unknown executable graph or node.
CUgraphNode_st* ExecNode(cudaGraphExec_t exec, cudaGraphNode_t node, cudaGraphNodeType type) {
  if (LiveExecs().count(exec) == 0 || !IsLiveNode(node)) return nullptr;
  auto it = exec->from_source.find(node);
  if (it == exec->from_source.end()) return nullptr;
  if (type != cudaGraphNodeTypeCount && it->second->type != type) return nullptr;
  return it->second;
}

bool MemsetEqual(const cudaMemsetParams& a, const cudaMemsetParams& b) {
  return a.dst == b.dst && a.pitch == b.pitch && a.value == b.value && a.elementSize == b.elementSize &&
         a.width == b.width && a.height == b.height;
}

// A memset node's parameters may change only between 1D fills (GRAPH-UPD-3).
bool MemsetChangeAllowed(const cudaMemsetParams& from, const cudaMemsetParams& to) {
  return MemsetEqual(from, to) || (from.height == 1 && to.height == 1);
}

struct Mismatch {
  cudaGraphExecUpdateResult result = cudaGraphExecUpdateSuccess;
  cudaGraphNode_t node = nullptr;
  cudaGraphNode_t from = nullptr;
};

// Whether `to` (the program's graph) can replace the parameters of `from` (the executable graph's
// copy) node for node; the first reason it cannot, else success.
Mismatch Compare(const CUgraph_st& from, const CUgraph_st& to) {
  Mismatch m;
  if (from.nodes.size() != to.nodes.size()) {
    m.result = cudaGraphExecUpdateErrorTopologyChanged;
    return m;
  }
  std::unordered_map<const CUgraphNode_st*, std::size_t> from_index, to_index;
  for (std::size_t i = 0; i < from.nodes.size(); ++i) {
    from_index[from.nodes[i].get()] = i;
    to_index[to.nodes[i].get()] = i;
  }
  for (std::size_t i = 0; i < to.nodes.size(); ++i) {
    const CUgraphNode_st& a = *from.nodes[i];
    CUgraphNode_st& b = *to.nodes[i];
    if (a.type != b.type) {
      m.result = cudaGraphExecUpdateErrorNodeTypeChanged;
      m.node = &b;
      return m;
    }
    // The same edges: each dependency of b pairs with one of a's, and as many of them.
    bool same_edges = a.deps.size() == b.deps.size();
    for (std::size_t d = 0; same_edges && d < b.deps.size(); ++d) {
      bool found = false;
      for (const CUgraphNode_st* ad : a.deps) found = found || from_index.at(ad) == to_index.at(b.deps[d]);
      if (!found) {
        m.result = cudaGraphExecUpdateErrorTopologyChanged;
        m.node = &b;
        m.from = b.deps[d];
        return m;
      }
    }
    if (!same_edges) {
      m.result = cudaGraphExecUpdateErrorTopologyChanged;
      m.node = &b;
      return m;
    }
    bool allowed = true;
    switch (b.type) {
      case cudaGraphNodeTypeMemset: allowed = MemsetChangeAllowed(a.set, b.set); break;
      case cudaGraphNodeTypeMemcpy: allowed = a.copy.kind == b.copy.kind; break;
      case cudaGraphNodeTypeMemAlloc:
      case cudaGraphNodeTypeMemFree: allowed = a.alloc.dptr == b.alloc.dptr; break;
      case cudaGraphNodeTypeGraph: {
        Mismatch inner = Compare(*a.child, *b.child);
        if (inner.result != cudaGraphExecUpdateSuccess) {
          inner.node = &b;  // the program holds no handle of the child's copy inside `to`
          inner.from = nullptr;
          return inner;
        }
        break;
      }
      case cudaGraphNodeTypeConditional: {
        // The same kind and number of bodies, each body of the same topology.
        allowed = a.cond_type == b.cond_type && a.bodies.size() == b.bodies.size();
        for (std::size_t k = 0; allowed && k < b.bodies.size(); ++k) {
          Mismatch inner = Compare(*a.bodies[k], *b.bodies[k]);
          if (inner.result != cudaGraphExecUpdateSuccess) {
            inner.node = &b;
            inner.from = nullptr;
            return inner;
          }
        }
        break;
      }
      default: break;  // kernels, host functions, events and empty nodes may change freely
    }
    if (!allowed) {
      m.result = cudaGraphExecUpdateErrorParametersChanged;
      m.node = &b;
      return m;
    }
  }
  return m;
}

// Copies `to`'s parameters into `from`, paired as Compare paired them (Compare succeeded).
void TakeParameters(CUgraph_st* from, const CUgraph_st& to) {
  for (std::size_t i = 0; i < to.nodes.size(); ++i) {
    CUgraphNode_st& a = *from->nodes[i];
    const CUgraphNode_st& b = *to.nodes[i];
    switch (b.type) {
      case cudaGraphNodeTypeKernel: {
        KernelLaunch copy(b.kernel);
        a.kernel.spec = copy.spec;
        a.kernel.entry = copy.entry;
        std::swap(a.kernel.closure, copy.closure);
        std::swap(a.kernel.ops, copy.ops);
        a.kernel_params = b.kernel_params;
        a.library = b.library;
        break;
      }
      case cudaGraphNodeTypeMemcpy: a.copy = b.copy; break;
      case cudaGraphNodeTypeMemset: a.set = b.set; break;
      case cudaGraphNodeTypeHost: a.host = b.host; break;
      case cudaGraphNodeTypeGraph: TakeParameters(a.child, *b.child); break;
      case cudaGraphNodeTypeConditional:
        a.cond_handle = b.cond_handle;
        for (std::size_t k = 0; k < b.bodies.size(); ++k) TakeParameters(a.bodies[k], *b.bodies[k]);
        break;
      case cudaGraphNodeTypeEventRecord:
      case cudaGraphNodeTypeWaitEvent: a.event = b.event; break;
      default: break;  // nothing to take
    }
  }
}

}  // namespace
}  // namespace warpsafe::engine::graph

namespace gr = warpsafe::engine::graph;

extern "C" cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                           cudaGraphExecUpdateResultInfo* resultInfo) {
  return gr::LockedCall([&] {
    if (resultInfo == nullptr || gr::LiveExecs().count(hGraphExec) == 0 || !gr::IsLiveGraph(hGraph)) {
      return cudaErrorInvalidValue;
    }
    const gr::Mismatch m = gr::Compare(*hGraphExec->graph, *hGraph);
    *resultInfo = cudaGraphExecUpdateResultInfo{m.result, m.node, m.from};
    if (m.result != cudaGraphExecUpdateSuccess) return cudaErrorGraphExecUpdateFailure;
    gr::TakeParameters(hGraphExec->graph, *hGraph);
    gr::MapSnapshot(*hGraph, hGraphExec);
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                        const struct cudaKernelNodeParams* pNodeParams) {
  return gr::LockedCall([&] {
    CUgraphNode_st* n = gr::ExecNode(hGraphExec, node, cudaGraphNodeTypeKernel);
    if (n == nullptr || pNodeParams == nullptr || pNodeParams->func == nullptr) return cudaErrorInvalidValue;
    if (pNodeParams->extra != nullptr) return cudaErrorNotSupported;  // the packed-buffer form
    gr::KernelLaunch launch;
    if (cudaError_t e = gr::BindKernelNode(*pNodeParams, &launch); e != cudaSuccess) return e;
    n->kernel.spec = launch.spec;
    n->kernel.entry = launch.entry;
    std::swap(n->kernel.closure, launch.closure);
    std::swap(n->kernel.ops, launch.ops);
    n->kernel_params = *pNodeParams;
    n->library = nullptr;  // a library's node now launches the kernel given
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                        const struct cudaMemcpy3DParms* pNodeParams) {
  return gr::LockedCall([&] {
    CUgraphNode_st* n = gr::ExecNode(hGraphExec, node, cudaGraphNodeTypeMemcpy);
    if (n == nullptr || pNodeParams == nullptr) return cudaErrorInvalidValue;
    gr::Copy c{};
    if (cudaError_t e = gr::CopyFrom3D(*pNodeParams, &c); e != cudaSuccess) return e;
    if (c.kind != n->copy.kind) return cudaErrorInvalidValue;  // GRAPH-UPD-3
    n->copy = c;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                          void* dst, const void* src, size_t count,
                                                          enum cudaMemcpyKind kind) {
  return gr::LockedCall([&] {
    CUgraphNode_st* n = gr::ExecNode(hGraphExec, node, cudaGraphNodeTypeMemcpy);
    if (n == nullptr || count == 0 || kind != n->copy.kind) return cudaErrorInvalidValue;
    n->copy = gr::Copy{dst, count, count, src, count, count, count, 1, 1, kind};
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                        const struct cudaMemsetParams* pNodeParams) {
  return gr::LockedCall([&] {
    CUgraphNode_st* n = gr::ExecNode(hGraphExec, node, cudaGraphNodeTypeMemset);
    if (n == nullptr || pNodeParams == nullptr || pNodeParams->dst == nullptr) return cudaErrorInvalidValue;
    const unsigned es = pNodeParams->elementSize;
    if (es != 1 && es != 2 && es != 4) return cudaErrorInvalidValue;
    if (pNodeParams->width == 0 || pNodeParams->height == 0) return cudaErrorInvalidValue;
    if (!gr::MemsetChangeAllowed(n->set, *pNodeParams)) return cudaErrorInvalidValue;
    n->set = *pNodeParams;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                      const struct cudaHostNodeParams* pNodeParams) {
  return gr::LockedCall([&] {
    CUgraphNode_st* n = gr::ExecNode(hGraphExec, node, cudaGraphNodeTypeHost);
    if (n == nullptr || pNodeParams == nullptr || pNodeParams->fn == nullptr) return cudaErrorInvalidValue;
    n->host = *pNodeParams;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                            cudaGraph_t childGraph) {
  return gr::LockedCall([&] {
    CUgraphNode_st* n = gr::ExecNode(hGraphExec, node, cudaGraphNodeTypeGraph);
    if (n == nullptr || !gr::IsLiveGraph(childGraph)) return cudaErrorInvalidValue;
    // The new child must have the topology of the one instantiated (GRAPH-UPD-2).
    if (gr::Compare(*n->child, *childGraph).result != cudaGraphExecUpdateSuccess) return cudaErrorInvalidValue;
    gr::TakeParameters(n->child, *childGraph);
    return cudaSuccess;
  });
}

static cudaError_t SetEvent(cudaGraphExec_t exec, cudaGraphNode_t node, cudaGraphNodeType type, cudaEvent_t event) {
  return gr::LockedCall([&] {
    CUgraphNode_st* n = gr::ExecNode(exec, node, type);
    if (n == nullptr || event == nullptr) return cudaErrorInvalidValue;
    n->event = event;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                                            cudaEvent_t event) {
  return SetEvent(hGraphExec, hNode, cudaGraphNodeTypeEventRecord, event);
}

extern "C" cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                                          cudaEvent_t event) {
  return SetEvent(hGraphExec, hNode, cudaGraphNodeTypeWaitEvent, event);
}

// Only kernel, memcpy and memset nodes can be disabled (GRAPH-UPD-4); a disabled node does
// nothing when the graph runs, and its dependents still wait for it.
static CUgraphNode_st* SwitchableNode(cudaGraphExec_t exec, cudaGraphNode_t node) {
  CUgraphNode_st* n = gr::ExecNode(exec, node, cudaGraphNodeTypeCount);
  if (n == nullptr) return nullptr;
  const bool switchable =
      n->type == cudaGraphNodeTypeKernel || n->type == cudaGraphNodeTypeMemcpy || n->type == cudaGraphNodeTypeMemset;
  return switchable ? n : nullptr;
}

extern "C" cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                               unsigned int isEnabled) {
  return gr::LockedCall([&] {
    CUgraphNode_st* n = SwitchableNode(hGraphExec, hNode);
    if (n == nullptr) return cudaErrorInvalidValue;
    n->enabled = isEnabled != 0;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                               unsigned int* isEnabled) {
  return gr::LockedCall([&] {
    CUgraphNode_st* n = SwitchableNode(hGraphExec, hNode);
    if (n == nullptr || isEnabled == nullptr) return cudaErrorInvalidValue;
    *isEnabled = n->enabled ? 1u : 0u;
    return cudaSuccess;
  });
}
