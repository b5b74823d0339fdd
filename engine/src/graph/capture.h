// Stream capture (cudaStreamBeginCapture ... cudaStreamEndCapture): while a stream captures, the
// work issued to it becomes nodes of a graph instead of running. The runtime's functions that
// issue work to a stream ask IsCapturing first and hand the work here. Internal to the engine.
//
// The rules (CUDA Programming Guide, "Creating a Graph Using Stream Capture"; Runtime API,
// cudaStreamBeginCapture and friends):
//  - a node issued to a capturing stream depends on the stream's last nodes (its tail);
//  - an event recorded in a capturing stream stands for that tail; another stream that waits on it
//    joins the capture (fork), and the origin stream waiting on an event of a joined stream joins
//    their tails (join). Capture ends on the origin stream, and only once every joined stream has
//    been joined back (else cudaErrorStreamCaptureUnjoined);
//  - the legacy null stream cannot capture (cudaErrorStreamCaptureUnsupported); a stream that
//    already captures cannot begin again (cudaErrorIllegalState);
//  - synchronizing or querying a capturing stream is not allowed: the call fails with
//    cudaErrorStreamCaptureUnsupported and the capture is invalidated, so that ending it fails
//    with cudaErrorStreamCaptureInvalidated. Work that cannot be captured here (a stream callback,
//    stream-ordered allocation, symbol copies) does the same.
#pragma once

#include <atomic>
#include <functional>

#include "driver_types.h"
#include "graph/graph.h"

namespace warpsafe::engine::graph {

// The number of captures in progress; a relaxed load keeps IsCapturing free when there are none.
extern std::atomic<int> g_active_captures;

bool IsCapturingSlow(cudaStream_t stream);
inline bool IsCapturing(cudaStream_t stream) {
  return g_active_captures.load(std::memory_order_relaxed) != 0 && IsCapturingSlow(stream);
}

// Each adds one node after the stream's tail and makes it the tail.
cudaError_t CaptureKernel(cudaStream_t stream, const LaunchSpec& spec, KernelEntry entry, const void* closure,
                          const ClosureOps* ops);
cudaError_t CaptureCopy(cudaStream_t stream, const Copy& copy);
cudaError_t CaptureSet(cudaStream_t stream, const cudaMemsetParams& set);
cudaError_t CaptureHost(cudaStream_t stream, cudaHostFn_t fn, void* user_data);
cudaError_t CaptureChildGraph(cudaStream_t stream, const CUgraph_st& graph);
// A math library's work (library_capture.h): a kernel node that runs `work` when the graph runs.
cudaError_t CaptureLibraryNode(cudaStream_t stream, const char* call, std::function<cudaError_t()> work);
// cudaMallocAsync into a capturing stream: a memory alloc node whose allocation's address is
// written to *ptr at once (mem_nodes.cpp); cudaFreeAsync: a memory free node, for an address a
// memory alloc node gave (any other invalidates the capture: cudaErrorStreamCaptureUnsupported).
cudaError_t CaptureMemAlloc(cudaStream_t stream, std::size_t size, const CallChain& callers, void** ptr);
cudaError_t CaptureMemFree(cudaStream_t stream, void* ptr);
// Work that cannot be captured: invalidates the capture, returns cudaErrorStreamCaptureUnsupported.
cudaError_t CaptureUnsupported(cudaStream_t stream);

// cudaEventRecord into a capturing stream: the event now stands for the stream's tail.
cudaError_t CaptureEventRecord(cudaEvent_t event, cudaStream_t stream);
// cudaStreamWaitEvent: true when the wait was part of a capture (and handled here), with *result.
bool CaptureStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, cudaError_t* result);
// An event recorded during a capture (it stands for nodes, not for completed work).
bool IsCapturedEvent(cudaEvent_t event);
// Drops every capture (cudaDeviceReset, tests).
void ResetCaptures();

}  // namespace warpsafe::engine::graph
