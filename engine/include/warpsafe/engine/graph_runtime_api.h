// The graph calls of CUDA 11.4 to 12 beyond building and launching graphs: updating an
// executable graph, conditional nodes, cudaGraphAddNode, capture into an existing graph, and the
// graph memory figures (engine/src/graph/exec_update.cpp, conditional.cpp,
// graph_mem_attributes.cpp; docs/semantics/graphs.md). Part of the CUDA runtime's API as
// cuda_runtime.h gathers it.
#pragma once

#include "cuda_runtime_api.h"

// Why cudaGraphExecUpdate refused an update (engine/src/graph/exec_update.cpp).
enum cudaGraphExecUpdateResult {
  cudaGraphExecUpdateSuccess = 0x0,
  cudaGraphExecUpdateError = 0x1,
  cudaGraphExecUpdateErrorTopologyChanged = 0x2,
  cudaGraphExecUpdateErrorNodeTypeChanged = 0x3,
  cudaGraphExecUpdateErrorFunctionChanged = 0x4,
  cudaGraphExecUpdateErrorParametersChanged = 0x5,
  cudaGraphExecUpdateErrorNotSupported = 0x6,
  cudaGraphExecUpdateErrorUnsupportedFunctionChange = 0x7,
  cudaGraphExecUpdateErrorAttributesChanged = 0x8
};

// errorNode: the node the refusal concerns (for a changed edge, the edge's destination, and
// errorFromNode its source); null when it concerns the whole graph.
typedef struct cudaGraphExecUpdateResultInfo_st {
  enum cudaGraphExecUpdateResult result;
  cudaGraphNode_t errorNode;
  cudaGraphNode_t errorFromNode;
} cudaGraphExecUpdateResultInfo;

// The device's memory for graph allocations (engine/src/graph/graph_mem_attributes.cpp).
enum cudaGraphMemAttributeType {
  cudaGraphMemAttrUsedMemCurrent = 0x0,
  cudaGraphMemAttrUsedMemHigh = 0x1,
  cudaGraphMemAttrReservedMemCurrent = 0x2,
  cudaGraphMemAttrReservedMemHigh = 0x3
};

// Conditional nodes (engine/src/graph/conditional.cpp): a handle names the value that decides
// whether, how often or which body graph of a conditional node runs.
typedef unsigned long long cudaGraphConditionalHandle;

enum cudaGraphConditionalHandleFlags {
  cudaGraphCondAssignDefault = 1  // the handle takes its default value at the start of each launch
};

enum cudaGraphConditionalNodeType {
  cudaGraphCondTypeIf = 0,
  cudaGraphCondTypeWhile = 1,
  cudaGraphCondTypeSwitch = 2
};

// phGraph_out: written when the node is added, the node's `size` body graphs (owned by the node).
struct cudaConditionalNodeParams {
  cudaGraphConditionalHandle handle;
  enum cudaGraphConditionalNodeType type;
  unsigned int size;
  cudaGraph_t* phGraph_out;
};

enum cudaGraphChildGraphNodeOwnership {
  cudaGraphChildGraphOwnershipClone = 0,
  cudaGraphChildGraphOwnershipMove = 1
};

// The per-type parameters of cudaGraphAddNode.
struct cudaKernelNodeParamsV2 {
  void* func;
  dim3 gridDim;
  dim3 blockDim;
  unsigned int sharedMemBytes;
  void** kernelParams;
  void** extra;
};
struct cudaMemcpyNodeParams {
  int flags;
  int reserved[3];
  struct cudaMemcpy3DParms copyParams;
};
struct cudaMemsetParamsV2 {
  void* dst;
  size_t pitch;
  unsigned int value;
  unsigned int elementSize;
  size_t width;
  size_t height;
};
struct cudaHostNodeParamsV2 {
  cudaHostFn_t fn;
  void* userData;
};
struct cudaChildGraphNodeParams {
  cudaGraph_t graph;
  enum cudaGraphChildGraphNodeOwnership ownership;
};
struct cudaEventWaitNodeParams {
  cudaEvent_t event;
};
struct cudaEventRecordNodeParams {
  cudaEvent_t event;
};
struct cudaMemAllocNodeParamsV2 {
  struct cudaMemPoolProps poolProps;
  const struct cudaMemAccessDesc* accessDescs;
  size_t accessDescCount;
  size_t bytesize;
  void* dptr;
};
struct cudaMemFreeNodeParams {
  void* dptr;
};

// A node of any type for cudaGraphAddNode: `type` says which member of the union is meant; the
// reserved fields keep the size CUDA gives the structure and must be zero.
struct cudaGraphNodeParams {
  enum cudaGraphNodeType type;
  int reserved0[3];
  union {
    long long reserved1[29];
    struct cudaKernelNodeParamsV2 kernel;
    struct cudaMemcpyNodeParams memcpy;
    struct cudaMemsetParamsV2 memset;
    struct cudaHostNodeParamsV2 host;
    struct cudaChildGraphNodeParams graph;
    struct cudaEventWaitNodeParams eventWait;
    struct cudaEventRecordNodeParams eventRecord;
    struct cudaMemAllocNodeParamsV2 alloc;
    struct cudaMemFreeNodeParams free;
    struct cudaConditionalNodeParams conditional;
  };
  long long reserved2;
};

// cudaStreamUpdateCaptureDependencies: add to the capturing stream's dependencies, or replace them.
enum cudaStreamUpdateCaptureDependenciesFlags {
  cudaStreamAddCaptureDependencies = 0x0,
  cudaStreamSetCaptureDependencies = 0x1
};

// cudaGraphInstantiateWithParams (engine/src/graph/exec.cpp): the flags in, the outcome out.
typedef enum cudaGraphInstantiateResult {
  cudaGraphInstantiateSuccess = 0,
  cudaGraphInstantiateError = 1,
  cudaGraphInstantiateInvalidStructure = 2,  // a cycle
  cudaGraphInstantiateNodeOperationNotSupported = 3,
  cudaGraphInstantiateMultipleDevicesNotSupported = 4,
  cudaGraphInstantiateConditionalHandleUnused = 5
} cudaGraphInstantiateResult;

typedef struct cudaGraphInstantiateParams_st {
  unsigned long long flags;
  cudaStream_t uploadStream;
  cudaGraphNode_t errNode_out;
  cudaGraphInstantiateResult result_out;
} cudaGraphInstantiateParams;

// What cudaGraphDebugDotPrint adds to each node's label (engine/src/graph/dot_print.cpp).
enum cudaGraphDebugDotFlags {
  cudaGraphDebugDotFlagsVerbose = 1 << 0,
  cudaGraphDebugDotFlagsKernelNodeParams = 1 << 2,
  cudaGraphDebugDotFlagsMemcpyNodeParams = 1 << 3,
  cudaGraphDebugDotFlagsMemsetNodeParams = 1 << 4,
  cudaGraphDebugDotFlagsHostNodeParams = 1 << 5,
  cudaGraphDebugDotFlagsEventNodeParams = 1 << 6,
  cudaGraphDebugDotFlagsExtSemasSignalNodeParams = 1 << 7,
  cudaGraphDebugDotFlagsExtSemasWaitNodeParams = 1 << 8,
  cudaGraphDebugDotFlagsKernelNodeAttributes = 1 << 9,
  cudaGraphDebugDotFlagsHandles = 1 << 10,
  cudaGraphDebugDotFlagsConditionalNodeParams = 1 << 15
};

extern "C" {

cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t* pGraphExec, cudaGraph_t graph,
                                           cudaGraphInstantiateParams* instantiateParams);
cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph, const char* path, unsigned int flags);
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                cudaGraphExecUpdateResultInfo* resultInfo);
cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaKernelNodeParams* pNodeParams);
cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemcpy3DParms* pNodeParams);
cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void* dst,
                                               const void* src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemsetParams* pNodeParams);
cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                           const struct cudaHostNodeParams* pNodeParams);
cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                 cudaGraph_t childGraph);
cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                                 cudaEvent_t event);
cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                               cudaEvent_t event);
cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, unsigned int isEnabled);
cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, unsigned int* isEnabled);
cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle* pHandle_out, cudaGraph_t graph,
                                             unsigned int defaultLaunchValue = 0, unsigned int flags = 0);
cudaError_t cudaGraphAddNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                             const cudaGraphEdgeData* dependencyData, size_t numDependencies,
                             struct cudaGraphNodeParams* nodeParams);
cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                          const cudaGraphEdgeData* dependencyData, size_t numDependencies,
                                          enum cudaStreamCaptureMode mode);
cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t* dependencies,
                                                const cudaGraphEdgeData* dependencyData, size_t numDependencies,
                                                unsigned int flags = 0);
cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void* value);
cudaError_t cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void* value);

// Sets the value of a conditional node's handle; called by a kernel of the graph that owns the
// handle. A conditional node ordered after that kernel reads it.
void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned int value);

}  // extern "C"

// cudaGraphExecUpdate of CUDA 11: the error node and the result as two outputs.
inline cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph, cudaGraphNode_t* hErrorNode_out,
                                       enum cudaGraphExecUpdateResult* updateResult_out) {
  cudaGraphExecUpdateResultInfo info{};
  const cudaError_t e = cudaGraphExecUpdate(hGraphExec, hGraph, &info);
  if (hErrorNode_out != nullptr) *hErrorNode_out = info.errorNode;
  if (updateResult_out != nullptr) *updateResult_out = info.result;
  return e;
}
