// Library work as graph nodes: the rules are in library_capture.h.
#include "graph/library_capture.h"

#include <mutex>

#include "graph/capture.h"
#include "graph/graph.h"
#include "runtime/allocations.h"

namespace warpsafe::engine::graph {
namespace {

// The launch stream of the library node this thread runs, if any.
thread_local bool t_in_node = false;
thread_local cudaStream_t t_node_stream = nullptr;

}  // namespace

cudaStream_t LibraryStream(cudaStream_t own) { return t_in_node ? t_node_stream : own; }

bool InLibraryNode() { return t_in_node; }

bool LibraryStreamCaptures(cudaStream_t stream) { return IsCapturing(stream); }

cudaError_t CaptureLibraryWork(cudaStream_t stream, const char* call, std::function<cudaError_t()> work) {
  return CaptureLibraryNode(stream, call, std::move(work));
}

void InvalidateLibraryCapture(cudaStream_t stream) { CaptureUnsupported(stream); }

bool IsDeviceScalar(const void* p) {
  AllocationInfo info{};
  if (FindAllocation(p, &info)) {
    return info.kind == AllocationKind::kDevice || info.kind == AllocationKind::kManaged ||
           info.kind == AllocationKind::kSymbol;
  }
  return InGraphAllocation(p);
}

cudaError_t RunAsLibraryNode(cudaStream_t stream, const std::function<cudaError_t()>& work) {
  const bool saved_in = t_in_node;
  const cudaStream_t saved_stream = t_node_stream;
  t_in_node = true;
  t_node_stream = stream;
  const cudaError_t e = work();
  t_in_node = saved_in;
  t_node_stream = saved_stream;
  return e;
}

}  // namespace warpsafe::engine::graph
