// Event record and event wait nodes: a node that records `event` on the stream the graph runs on,
// and one that makes that stream wait for the event's latest record, as cudaEventRecord and
// cudaStreamWaitEvent would at that point of the graph. The event is the program's handle, read
// when the node runs (CUDA's nodes also refer to the event, not to a copy of it).
#include "cuda_runtime_api.h"
#include "graph/graph.h"
#include "runtime/runtime_call.h"

namespace {

namespace gr = warpsafe::engine::graph;

cudaError_t AddEventNode(cudaGraphNodeType type, cudaGraphNode_t* pGraphNode, cudaGraph_t graph,
                         const cudaGraphNode_t* pDependencies, size_t numDependencies, cudaEvent_t event) {
  return warpsafe::engine::runtime::Call([&] {
    std::lock_guard<std::mutex> lock(gr::Lock());
    if (event == nullptr) return cudaErrorInvalidValue;
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = gr::AddNode(graph, type, pDependencies, numDependencies, &node); e != cudaSuccess) return e;
    node->event = event;
    *pGraphNode = node;
    return cudaSuccess;
  });
}

}  // namespace

extern "C" cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph,
                                                   const cudaGraphNode_t* pDependencies, size_t numDependencies,
                                                   cudaEvent_t event) {
  return AddEventNode(cudaGraphNodeTypeEventRecord, pGraphNode, graph, pDependencies, numDependencies, event);
}

extern "C" cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph,
                                                 const cudaGraphNode_t* pDependencies, size_t numDependencies,
                                                 cudaEvent_t event) {
  return AddEventNode(cudaGraphNodeTypeWaitEvent, pGraphNode, graph, pDependencies, numDependencies, event);
}
