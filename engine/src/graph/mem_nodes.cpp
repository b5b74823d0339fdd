// Graph memory nodes (docs/semantics/graph_memory.md, GRAPH-MEM-1 .. GRAPH-MEM-5):
//
//  - a memory alloc node gets its address when it is added (cudaMemAllocNodeParams::dptr) and
//    keeps it for the life of the graph and of every graph instantiated from it; each launch's run
//    of the node makes the allocation usable, until a memory free node, cudaFreeAsync or cudaFree
//    frees it;
//  - a launch of an executable graph whose allocations are still live from its previous launch
//    fails with cudaErrorInvalidValue, unless it was instantiated with
//    cudaGraphInstantiateFlagAutoFreeOnLaunch, which frees them first;
//  - a memory free node frees an address a memory alloc node gave, at most once per graph (any
//    other address, or a second free node, is cudaErrorInvalidValue when it is added); freeing
//    one that is not live fails the launch with cudaErrorInvalidValue;
//  - a graph with memory nodes is not cloned (cudaGraphClone, cudaGraphAddChildGraphNode, a launch
//    into a capturing stream: cudaErrorNotSupported, the capture invalidated), loses no node
//    (cudaGraphDestroyNode: cudaErrorNotSupported), and has at most one executable graph at a time
//    (a second cudaGraphInstantiate: cudaErrorInvalidValue) (GRAPH-MEM-5);
//  - between a free and the next run of its alloc node the block is out of the allocation table
//    (runtime/graph_allocations.h): an access to it is a use of freed memory, which `warpsafe
//    check` reports as it reports one after cudaFree or cudaFreeAsync. The memory is kept for the
//    graph's next launch.
#include <algorithm>
#include <mutex>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "cuda_runtime_api.h"
#include "graph/capture.h"
#include "graph/graph.h"
#include "runtime/graph_allocations.h"
#include "runtime/memory.h"
#include "runtime/runtime_call.h"

namespace warpsafe::engine::graph {
namespace {

struct Registry {
  std::mutex mutex;
  std::map<const char*, AllocationInfo> blocks;  // every graph allocation, by address
  // Memory figures (graph_mem_attributes.cpp): the allocations whose memory counts as reserved for
  // graphs (made live by an alloc node's run, not trimmed since), and the high marks.
  std::set<const char*> reserved;
  std::size_t used_high = 0, reserved_high = 0;
};

Registry& Allocations() {
  static auto* registry = new Registry();  // outlives static destructors
  return *registry;
}

bool IsLive(const void* p) {
  AllocationInfo info;
  return FindAllocation(p, &info) && info.base == p;
}

}  // namespace

// CUDA's checks of an alloc node's parameters: pinned device memory of this (the only) device, a
// size, and access descriptors that exist when counted.
static cudaError_t CheckAllocParams(const cudaMemAllocNodeParams* p) {
  if (p == nullptr || p->bytesize == 0) return cudaErrorInvalidValue;
  if (p->poolProps.allocType != cudaMemAllocationTypePinned) return cudaErrorInvalidValue;
  if (p->poolProps.location.type != cudaMemLocationTypeDevice) return cudaErrorInvalidValue;
  if (p->poolProps.location.id != 0) return cudaErrorInvalidDevice;
  if (p->accessDescCount != 0 && p->accessDescs == nullptr) return cudaErrorInvalidValue;
  return cudaSuccess;
}

cudaError_t NewGraphAllocation(std::size_t size, const CallChain& callers, void** out) {
  void* p = nullptr;
  if (cudaError_t e = runtime::AllocateInto(&p, size, AllocationKind::kDevice, runtime::kGraphOwnedFlag, callers);
      e != cudaSuccess) {
    return e;
  }
  AllocationInfo info;
  FindAllocation(p, &info);
  runtime::Retire(p);  // usable only once an alloc node has run
  {
    Registry& r = Allocations();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.blocks[static_cast<const char*>(p)] = info;
  }
  *out = p;
  return cudaSuccess;
}

bool IsGraphAllocation(const void* p) {
  Registry& r = Allocations();
  std::lock_guard<std::mutex> lock(r.mutex);
  return r.blocks.count(static_cast<const char*>(p)) != 0;
}

bool InGraphAllocation(const void* p) {
  Registry& r = Allocations();
  std::lock_guard<std::mutex> lock(r.mutex);
  const auto* a = static_cast<const char*>(p);
  auto it = r.blocks.upper_bound(a);
  if (it == r.blocks.begin()) return false;
  --it;
  return a < it->first + it->second.size;
}

cudaError_t RunMemAlloc(void* p) {
  // A kernel the checker held back (STREAM-7) was issued before this node: it runs first, while
  // the memory it may use is still as it was when it was issued.
  runtime::RunHeldLaunchIfAny();
  AllocationInfo info;
  {
    Registry& r = Allocations();
    std::lock_guard<std::mutex> lock(r.mutex);
    auto it = r.blocks.find(static_cast<const char*>(p));
    if (it == r.blocks.end()) return cudaErrorInvalidValue;
    info = it->second;
  }
  // PrepareAllocations made sure it is not live: a second live copy cannot exist.
  if (!runtime::Reinstate(info)) return cudaErrorInvalidValue;
  {
    Registry& r = Allocations();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.reserved.insert(static_cast<const char*>(p));
  }
  GraphMemory();  // raises the high marks: the used figure grows only here
  return cudaSuccess;
}

GraphMemoryFigures GraphMemory() {
  Registry& r = Allocations();
  // Which blocks are live is asked of the allocation table without holding the registry's lock,
  // which code holding the table's lock may take (InGraphAllocation).
  std::vector<std::pair<const char*, std::size_t>> blocks, reserved;
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    for (const auto& [base, block] : r.blocks) {
      blocks.emplace_back(base, block.size);
      if (r.reserved.count(base) != 0) reserved.emplace_back(base, block.size);
    }
  }
  GraphMemoryFigures f;
  for (const auto& [base, size] : blocks) {
    if (IsLive(base)) f.used += size;
  }
  for (const auto& [base, size] : reserved) f.reserved += size;
  // A free through cudaFree or cudaFreeAsync lowers the figures without passing here: the high
  // marks are at least the current figures.
  std::lock_guard<std::mutex> lock(r.mutex);
  r.used_high = f.used_high = std::max(r.used_high, f.used);
  r.reserved_high = f.reserved_high = std::max(r.reserved_high, f.reserved);
  return f;
}

void ResetGraphMemoryHigh(bool used) {
  const GraphMemoryFigures f = GraphMemory();
  Registry& r = Allocations();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (used) {
    r.used_high = f.used;
  } else {
    r.reserved_high = f.reserved;
  }
}

void TrimGraphMemory() {
  Registry& r = Allocations();
  std::vector<const char*> reserved;
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    reserved.assign(r.reserved.begin(), r.reserved.end());
  }
  for (const char* base : reserved) {
    if (IsLive(base)) continue;  // in use: not released
    std::lock_guard<std::mutex> lock(r.mutex);
    r.reserved.erase(base);
  }
}

cudaError_t RunMemFree(void* p) {
  runtime::RunHeldLaunchIfAny();  // as in RunMemAlloc: a kernel issued before the free runs before it
  return runtime::Retire(p) ? cudaSuccess : cudaErrorInvalidValue;
}

bool HasMemoryNodes(const CUgraph_st& g) {
  for (const auto& n : g.nodes) {
    if (n->type == cudaGraphNodeTypeMemAlloc || n->type == cudaGraphNodeTypeMemFree) return true;
  }
  return false;
}

bool PrepareAllocations(const CUgraph_st& g, bool free_them) {
  for (const auto& n : g.nodes) {
    if (n->type != cudaGraphNodeTypeMemAlloc || !IsLive(n->alloc.dptr)) continue;
    if (!free_them) return false;
    runtime::Retire(n->alloc.dptr);
  }
  return true;
}

}  // namespace warpsafe::engine::graph

namespace gr = warpsafe::engine::graph;
namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph,
                                                const cudaGraphNode_t* pDependencies, size_t numDependencies,
                                                cudaMemAllocNodeParams* nodeParams) {
  const warpsafe::engine::CallChain callers = warpsafe::engine::CallersOfApi();
  return rt::Call([&] {
    std::lock_guard<std::mutex> lock(gr::Lock());
    if (pGraphNode == nullptr || !gr::IsLiveGraph(graph)) return cudaErrorInvalidValue;
    if (cudaError_t e = gr::CheckAllocParams(nodeParams); e != cudaSuccess) return e;
    void* p = nullptr;
    if (cudaError_t e = gr::NewGraphAllocation(nodeParams->bytesize, callers, &p); e != cudaSuccess) return e;
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = gr::AddNode(graph, cudaGraphNodeTypeMemAlloc, pDependencies, numDependencies, &node);
        e != cudaSuccess) {
      return e;  // the block stays unused: graph allocations are kept for the process's life
    }
    nodeParams->dptr = p;
    node->alloc = *nodeParams;
    node->alloc.accessDescs = nullptr;  // the caller's array: not kept
    node->alloc.accessDescCount = 0;
    *pGraphNode = node;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node, cudaMemAllocNodeParams* params_out) {
  return rt::Call([&] {
    std::lock_guard<std::mutex> lock(gr::Lock());
    if (params_out == nullptr || !gr::IsLiveNode(node) || node->type != cudaGraphNodeTypeMemAlloc) {
      return cudaErrorInvalidValue;
    }
    *params_out = node->alloc;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph,
                                               const cudaGraphNode_t* pDependencies, size_t numDependencies,
                                               void* dptr) {
  return rt::Call([&] {
    std::lock_guard<std::mutex> lock(gr::Lock());
    if (pGraphNode == nullptr || !gr::IsGraphAllocation(dptr) || !gr::IsLiveGraph(graph)) return cudaErrorInvalidValue;
    for (const auto& n : graph->nodes) {  // one free of an allocation per graph
      if (n->type == cudaGraphNodeTypeMemFree && n->alloc.dptr == dptr) return cudaErrorInvalidValue;
    }
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = gr::AddNode(graph, cudaGraphNodeTypeMemFree, pDependencies, numDependencies, &node);
        e != cudaSuccess) {
      return e;
    }
    node->alloc.dptr = dptr;
    *pGraphNode = node;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void* dptr_out) {
  return rt::Call([&] {
    std::lock_guard<std::mutex> lock(gr::Lock());
    if (dptr_out == nullptr || !gr::IsLiveNode(node) || node->type != cudaGraphNodeTypeMemFree) {
      return cudaErrorInvalidValue;
    }
    *static_cast<void**>(dptr_out) = node->alloc.dptr;
    return cudaSuccess;
  });
}

// The engine keeps each graph allocation's memory for the graph's next launch: nothing to trim.
extern "C" cudaError_t cudaDeviceGraphMemTrim(int device) {
  return rt::Call([&] {
    if (device != 0) return cudaErrorInvalidDevice;
    gr::TrimGraphMemory();
    return cudaSuccess;
  });
}
