// An if node whose handle was created without a default and that no kernel of the launch set
// before the node ran: its value is undefined (GRAPH-COND-5), reported at the node's line.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 3 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      first launch: handle set, body ran 1 time
// CHECK-NEXT: warpsafe: conditional node read an undefined handle
// CHECK-NEXT:   in graph launch, if node
// CHECK-NEXT:   at [[FILE]]:[[@LINE+34]]: the if node made here read its handle's value
// CHECK-NEXT:   the handle was created without cudaGraphCondAssignDefault and no kernel of this launch had set it {{.*}} GRAPH-COND-5)
// CHECK-NEXT:   give the handle a default {{.*}}
// CHECK-NEXT:   replay: {{.*}}
// CHECK-NOT:  {{.}}

#include <cstdio>

__global__ void SetIf(const int* flag, cudaGraphConditionalHandle h) {
  if (*flag != 0) cudaGraphSetConditional(h, 1);  // sets nothing when *flag is zero
}
__global__ void Count(int* runs) { ++*runs; }

int main() {
  int *flag, *runs;
  cudaMallocManaged(&flag, sizeof(int));
  cudaMallocManaged(&runs, sizeof(int));
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  cudaGraphConditionalHandle h;
  cudaGraphConditionalHandleCreate(&h, g);  // no default
  cudaGraphNodeParams k = {cudaGraphNodeTypeKernel};
  void* set_args[] = {&flag, &h};
  k.kernel.func = (void*)SetIf;
  k.kernel.gridDim = dim3(1);
  k.kernel.blockDim = dim3(1);
  k.kernel.kernelParams = set_args;
  cudaGraphNode_t set;
  cudaGraphAddNode(&set, g, nullptr, nullptr, 0, &k);
  cudaGraphNodeParams c = {cudaGraphNodeTypeConditional};
  c.conditional.handle = h;
  c.conditional.type = cudaGraphCondTypeIf;
  c.conditional.size = 1;
  cudaGraphNode_t cond;
  cudaGraphAddNode(&cond, g, &set, nullptr, 1, &c);
  void* count_args[] = {&runs};
  k.kernel.func = (void*)Count;
  k.kernel.kernelParams = count_args;
  cudaGraphNode_t body;
  cudaGraphAddNode(&body, c.conditional.phGraph_out[0], nullptr, nullptr, 0, &k);
  cudaGraphExec_t e;
  cudaGraphInstantiate(&e, g, 0);
  *runs = 0;
  *flag = 1;
  cudaGraphLaunch(e, 0);
  cudaDeviceSynchronize();
  std::printf("first launch: handle set, body ran %d time\n", *runs);
  std::fflush(stdout);
  *flag = 0;  // the second launch sets nothing: the value of the first launch does not carry over
  cudaGraphLaunch(e, 0);
  cudaDeviceSynchronize();
  std::printf("second launch: body ran %d times in all\n", *runs);
  return 0;
}
