// cudaDeviceGetGraphMemAttribute and cudaDeviceSetGraphMemAttribute: how much device memory graph
// allocations use and hold (GRAPH-FOOT-1, docs/semantics/graphs.md). The figures come from
// the graph allocation registry (mem_nodes.cpp); the only setting CUDA allows is a reset of a
// high mark to the current figure, by writing zero to it.
#include <cstdint>

#include "cuda_runtime_api.h"
#include "graph/graph.h"
#include "runtime/runtime_call.h"

namespace gr = warpsafe::engine::graph;
namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void* value) {
  return rt::Call([&] {
    if (device != 0) return cudaErrorInvalidDevice;
    if (value == nullptr) return cudaErrorInvalidValue;
    const gr::GraphMemoryFigures f = gr::GraphMemory();
    std::uint64_t v = 0;  // CUDA writes a 64-bit count
    switch (attr) {
      case cudaGraphMemAttrUsedMemCurrent: v = f.used; break;
      case cudaGraphMemAttrUsedMemHigh: v = f.used_high; break;
      case cudaGraphMemAttrReservedMemCurrent: v = f.reserved; break;
      case cudaGraphMemAttrReservedMemHigh: v = f.reserved_high; break;
      default: return cudaErrorInvalidValue;  // not an attribute: a value outside the enum
    }
    *static_cast<std::uint64_t*>(value) = v;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void* value) {
  return rt::Call([&] {
    if (device != 0) return cudaErrorInvalidDevice;
    if (value == nullptr) return cudaErrorInvalidValue;
    // Only the high marks can be set, and only to zero, which resets them to the current figure.
    const bool high = attr == cudaGraphMemAttrUsedMemHigh || attr == cudaGraphMemAttrReservedMemHigh;
    if (!high || *static_cast<const std::uint64_t*>(value) != 0) return cudaErrorInvalidValue;
    gr::ResetGraphMemoryHigh(attr == cudaGraphMemAttrUsedMemHigh);
    return cudaSuccess;
  });
}
