// The device's graph memory figures (engine/src/graph/graph_mem_attributes.cpp, GRAPH-FOOT-1 in
// docs/semantics/graphs.md): used and reserved bytes, their high marks and their reset, and
// cudaDeviceGraphMemTrim releasing what no live allocation holds.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      graph memory attributes: ok
// CHECK-NOT:  {{.}}

#include <cstdint>
#include <cstdio>

#include "Inputs/expect.h"

static std::uint64_t Get(cudaGraphMemAttributeType attr) {
  std::uint64_t v = ~0ull;
  EXPECT(cudaDeviceGetGraphMemAttribute(0, attr, &v) == cudaSuccess);
  return v;
}

int main() {
  EXPECT(Get(cudaGraphMemAttrUsedMemCurrent) == 0 && Get(cudaGraphMemAttrReservedMemCurrent) == 0);
  const size_t kBytes = 1 << 20;
  cudaGraph_t g;
  EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess);
  cudaMemAllocNodeParams p = {};
  p.poolProps.allocType = cudaMemAllocationTypePinned;
  p.poolProps.location.type = cudaMemLocationTypeDevice;
  p.poolProps.location.id = 0;
  p.bytesize = kBytes;
  cudaGraphNode_t alloc;
  EXPECT(cudaGraphAddMemAllocNode(&alloc, g, nullptr, 0, &p) == cudaSuccess);
  cudaGraphExec_t e;
  EXPECT(cudaGraphInstantiate(&e, g, 0) == cudaSuccess);
  EXPECT(Get(cudaGraphMemAttrUsedMemCurrent) == 0);  // instantiating uses nothing yet

  EXPECT(cudaGraphLaunch(e, 0) == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess);
  EXPECT(Get(cudaGraphMemAttrUsedMemCurrent) == kBytes && Get(cudaGraphMemAttrReservedMemCurrent) == kBytes);
  EXPECT(cudaDeviceGraphMemTrim(0) == cudaSuccess);  // the allocation is live: nothing to release
  EXPECT(Get(cudaGraphMemAttrReservedMemCurrent) == kBytes);

  EXPECT(cudaFree(p.dptr) == cudaSuccess);
  EXPECT(Get(cudaGraphMemAttrUsedMemCurrent) == 0 && Get(cudaGraphMemAttrReservedMemCurrent) == kBytes);
  EXPECT(Get(cudaGraphMemAttrUsedMemHigh) == kBytes);
  EXPECT(cudaDeviceGraphMemTrim(0) == cudaSuccess);
  EXPECT(Get(cudaGraphMemAttrReservedMemCurrent) == 0 && Get(cudaGraphMemAttrReservedMemHigh) == kBytes);

  // A high mark is reset by writing zero to it; nothing else can be written.
  std::uint64_t zero = 0, one = 1;
  EXPECT(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, &zero) == cudaSuccess);
  EXPECT(Get(cudaGraphMemAttrUsedMemHigh) == 0 && Get(cudaGraphMemAttrReservedMemHigh) == kBytes);
  EXPECT(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrReservedMemHigh, &zero) == cudaSuccess);
  EXPECT(Get(cudaGraphMemAttrReservedMemHigh) == 0);
  EXPECT(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, &one) == cudaErrorInvalidValue);
  EXPECT(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &zero) == cudaErrorInvalidValue);
  std::uint64_t v;
  EXPECT(cudaDeviceGetGraphMemAttribute(1, cudaGraphMemAttrUsedMemCurrent, &v) == cudaErrorInvalidDevice);
  EXPECT(cudaDeviceGraphMemTrim(1) == cudaErrorInvalidDevice);
  EXPECT(cudaGetLastError() == cudaErrorInvalidDevice);

  EXPECT(cudaGraphExecDestroy(e) == cudaSuccess && cudaGraphDestroy(g) == cudaSuccess);
  std::printf("graph memory attributes: %s\n", g_failures == 0 ? "ok" : "FAILED");
  return g_failures == 0 ? 0 : 1;
}
