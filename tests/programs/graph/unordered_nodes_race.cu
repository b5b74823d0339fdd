// Under `warpsafe check` the nodes of a launched graph are ordered by its edges alone (GRAPH-ORDER-1):
// a kernel that sets a conditional node's handle with no edge to the node (GRAPH-COND-7), or two
// kernel nodes writing the same memory with no path between them, are reported; the same graphs
// with the edges are not.
// REQUIRES: race-detector
// RUN: %expect-exit 66 %warpsafe check %s --policy random --schedules 2 2>&1 | FileCheck %s -DFILE=%s --check-prefix=HANDLE
// RUN: %expect-exit 66 %warpsafe check %s -D KERNELS --policy random --schedules 2 2>&1 | FileCheck %s -DFILE=%s --check-prefix=KERNELS
// RUN: %warpsafe check %s -D ORDERED --policy random --schedules 2 2>&1 | FileCheck %s --check-prefix=ORDERED
// RUN: %warpsafe check %s -D ORDERED -D KERNELS --policy random --schedules 2 2>&1 | FileCheck %s --check-prefix=ORDERED
// HANDLE:      warpsafe: data race
// HANDLE-NEXT:   in graph launch, if node
// HANDLE-NEXT:   at [[FILE]]:[[@LINE+45]]: the if node made here read its handle's value
// HANDLE-NEXT:   kernel SetFlag{{.*}} set the handle (cudaGraphSetConditional) in this launch, but no edge of the graph orders its node before this one{{.*}}GRAPH-COND-7)
// HANDLE-NEXT:   add the kernel's node to the conditional node's dependencies
// HANDLE-NEXT:   replay: {{.*}}
// HANDLE-NOT:    {{.}}
// KERNELS:     warpsafe: data race
// KERNELS-NEXT:  in kernel Write {{.*}}
// KERNELS:       the threads are in two kernel nodes of a graph that may run at the same time{{.*}}GRAPH-ORDER-1)
// ORDERED-NOT: {{.}}
// ORDERED:     warpsafe check: no defect in 2 schedules {{.*}}
// ORDERED-NOT: {{.}}

#include <cstdio>

__global__ void SetFlag(cudaGraphConditionalHandle h) { cudaGraphSetConditional(h, 1); }
__global__ void Write(int* p, int v) { p[threadIdx.x] = v; }

static cudaGraphNode_t Kernel(cudaGraph_t g, const cudaGraphNode_t* dep, void* func, void** args, int threads) {
  cudaGraphNodeParams p = {cudaGraphNodeTypeKernel};
  p.kernel.func = func;
  p.kernel.gridDim = dim3(1);
  p.kernel.blockDim = dim3(threads);
  p.kernel.kernelParams = args;
  cudaGraphNode_t n;
  cudaGraphAddNode(&n, g, dep, nullptr, dep != nullptr ? 1 : 0, &p);
  return n;
}

int main() {
  int* data;
  cudaMalloc(&data, 32 * sizeof(int));
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  cudaGraphConditionalHandle h;
  cudaGraphConditionalHandleCreate(&h, g, 0, cudaGraphCondAssignDefault);
  void* set_args[] = {&h};
  cudaGraphNode_t set = Kernel(g, nullptr, (void*)SetFlag, set_args, 1);
  cudaGraphNodeParams c = {cudaGraphNodeTypeConditional};
  c.conditional.handle = h;
  c.conditional.type = cudaGraphCondTypeIf;
  c.conditional.size = 1;
  cudaGraphNode_t cond;
#if defined(ORDERED) || defined(KERNELS)
  cudaGraphAddNode(&cond, g, &set, nullptr, 1, &c);
#else
  cudaGraphAddNode(&cond, g, nullptr, nullptr, 0, &c);  // no edge from the setter
#endif
  int first = 3, second = 7;
  void* first_args[] = {&data, &first};
  void* second_args[] = {&data, &second};
  cudaGraphNode_t body = Kernel(c.conditional.phGraph_out[0], nullptr, (void*)Write, first_args, 32);
  (void)body;
#if defined(KERNELS) && defined(ORDERED)
  Kernel(g, &cond, (void*)Write, second_args, 32);  // after the conditional node, so after its body
#elif defined(KERNELS)
  Kernel(g, &set, (void*)Write, second_args, 32);  // beside the conditional node: unordered with its body
#else
  Kernel(g, &cond, (void*)Write, second_args, 32);
#endif
  cudaGraphExec_t e;
  cudaGraphInstantiate(&e, g, 0);
  cudaGraphLaunch(e, 0);
  int out = 0;
  cudaMemcpy(&out, data, sizeof out, cudaMemcpyDeviceToHost);
  std::printf("graph ran: %d\n", out);
  return 0;
}
